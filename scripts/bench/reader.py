"""CPU per received client frame: simple-websocket's reader vs web/transport.py's.

    python -m scripts.bench.reader [--connections 200] [--rounds 100]

One process, gevent monkey-patched like app.py, socketpairs for connections. Each round sends
one small masked frame to every connection and waits until every route greenlet has it, so
each frame arrives alone (as a player's do, seconds apart) rather than batched in one recv.
Paths, each timed in process CPU:
  old   simple-websocket's Server as flask-sock makes it (reader greenlet, wsproto, Event) and
        the route's QuietTimer.receive(ws)
  new   the same Server with its reader never started, QuietTimer.receive(FrameReader)
  raw   a bare sock.recv per frame: the sending side's and the loop's share of both figures
Seconds of CPU, not a load test: cheap enough to run beside other work.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import base64  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
from gevent.event import Event  # noqa: E402
from simple_websocket import Server  # noqa: E402

from web.transport import FrameReader, NoReaderThread, QuietTimer, unmask  # noqa: E402

FRAME_TEXT = b'{"type":"guess","duel":123456,"word":"crane"}'
CAP = 65536


def masked(payload: bytes) -> bytes:
    key = os.urandom(4)
    return bytes((0x81, 0x80 | len(payload))) + key + unmask(payload, key)


def accept(server_sock: socket.socket, client_sock: socket.socket, **options: Any) -> Server:
    key = base64.b64encode(os.urandom(16)).decode()
    environ = {
        "werkzeug.socket": server_sock,
        "HTTP_HOST": "bench",
        "HTTP_UPGRADE": "websocket",
        "HTTP_CONNECTION": "Upgrade",
        "HTTP_SEC_WEBSOCKET_KEY": key,
        "HTTP_SEC_WEBSOCKET_VERSION": "13",
    }
    ws = Server(environ, ping_interval=None, max_message_size=CAP, **options)
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += client_sock.recv(1)
    return ws


def run(path: str, connections: int, rounds: int) -> float:
    """CPU seconds per frame for `path`."""
    pairs = [socket.socketpair() for _ in range(connections)]
    got = [0, connections]  # frames received, the count that ends the round
    round_done = Event()

    def received() -> None:
        got[0] += 1
        if got[0] == got[1]:
            round_done.set()

    def route(server_sock: socket.socket, client_sock: socket.socket) -> None:
        if path == "raw":
            while server_sock.recv(4096):
                received()
            return
        reader: Any
        if path == "old":
            reader = accept(server_sock, client_sock)
        else:
            ws = accept(server_sock, client_sock, thread_class=NoReaderThread)
            reader = FrameReader(ws, CAP, lambda payload: None)
        quiet = QuietTimer(60.0)
        try:
            while True:
                quiet.receive(reader)
                received()
        except Exception:
            pass
        finally:
            quiet.close()

    greenlets = [gevent.spawn(route, s, c) for s, c in pairs]
    gevent.sleep(0.1)  # every handshake done
    frame = masked(FRAME_TEXT)
    start = time.process_time()
    for n in range(1, rounds + 1):
        round_done.clear()
        got[1] = n * connections
        for _, client in pairs:
            client.sendall(frame)
        round_done.wait()
    spent = time.process_time() - start
    for _, client in pairs:
        client.close()
    gevent.joinall(greenlets, timeout=5)
    for server_sock, _ in pairs:
        server_sock.close()
    return spent / (rounds * connections)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = {
        path: min(run(path, args.connections, args.rounds) for _ in range(args.repeat))
        for path in ("raw", "old", "new")
    }
    for path, seconds in best.items():
        print(f"{path:4} {seconds * 1e6:6.1f} µs CPU per frame")
    print(
        f"reading alone (minus raw): old {(best['old'] - best['raw']) * 1e6:.1f} µs, "
        f"new {(best['new'] - best['raw']) * 1e6:.1f} µs"
    )


if __name__ == "__main__":
    main()
