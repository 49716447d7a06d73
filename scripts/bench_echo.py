"""The stack's bare ceiling: a flask-sock echo on gevent, and an open-loop load against it.

    python -m scripts.bench_echo serve --port 8100     # the echo app (bench_load starts it)

The echo app is the game's transport with no game behind it: gevent's WSGIServer, Flask,
flask-sock and simple-websocket with the same server options as web/ws.py (20 s pings, the
same size cap), echoing every text frame. scripts/bench_load.py measures it on the server's
core before the game, so the game's figures read as a share of what the stack can do.

The load side uses the generator's own minimal client (scripts/bench_ws.py), cheap enough that
the generator is not what limits the echo.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import deque
from typing import Any

from scripts import bench_ws
from scripts.bench_players import cpu_wait, settle_process

PAYLOAD = (  # the size of a typical game frame
    '{"type":"guess_scored","duel":123456,"index":3,"player":4242,'
    '"letters":["c","r","a","n","e"],"marks":"xgyxx","skipped":false}'
)


def serve(port: int, ping_seconds: float, max_bytes: int) -> None:
    from gevent import monkey

    monkey.patch_all()
    from flask import Flask
    from flask_sock import Sock
    from gevent.pywsgi import WSGIServer

    app = Flask(__name__)
    app.config["SOCK_SERVER_OPTIONS"] = {
        "ping_interval": ping_seconds,
        "max_message_size": max_bytes,
    }
    sock = Sock(app)

    @sock.route("/echo")
    def echo(ws: Any) -> None:
        while True:
            data = ws.receive(timeout=ping_seconds)
            if data is not None:
                ws.send(data)

    @app.get("/healthz")
    def health() -> str:
        return "ok"

    WSGIServer(("127.0.0.1", port), app, log=None).serve_forever()


class Echoer:
    """One echo connection: stamps each frame sent and matches replies by order."""

    def __init__(self, rtts: list[float]) -> None:
        self.rtts = rtts
        self.sent: deque[float] = deque()
        self.received = 0
        self.ws: Any = None

    def send(self) -> None:
        self.sent.append(time.monotonic())
        self.ws.send_text(PAYLOAD)

    def on_text(self, _payload: bytes) -> None:
        if self.sent:
            self.rtts.append(time.monotonic() - self.sent.popleft())
            self.received += 1


async def _load(
    host: str, port: int, connections: int, rate: float, seconds: float
) -> dict[str, Any]:
    rtts: list[float] = []
    clients = []
    for _ in range(connections):
        c = Echoer(rtts)
        c.ws = await bench_ws.connect(host, port, "/echo", {}, False, c.on_text, lambda: None)
        clients.append(c)
    for c in clients:  # one round trip each first: every server-side reader is running
        c.send()
    await asyncio.sleep(1.0)
    rtts.clear()
    for c in clients:
        c.received = 0
    cpu, waited = time.process_time(), cpu_wait()
    interval = 1.0 / rate
    started = time.monotonic()
    next_at, i, sent = started, 0, 0
    while time.monotonic() - started < seconds:
        now = time.monotonic()
        while next_at <= now:  # open loop: the schedule does not wait for replies
            clients[i % connections].send()
            i += 1
            sent += 1
            next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    await asyncio.sleep(0.3)
    for c in clients:
        c.ws.close()
    return {
        "sent": sent,
        "received": sum(c.received for c in clients),
        "rtts": rtts,
        "cpu": time.process_time() - cpu,
        "waited": cpu_wait() - waited,
    }


def load_worker(
    pipe: Any,
    host: str,
    port: int,
    connections: int,
    rate: float,
    seconds: float,
    core: int | None,
    priority: int = 0,
) -> None:
    """One generator process of the echo load; sends its results back through `pipe`."""
    settle_process(core, priority)
    pipe.send(asyncio.run(_load(host, port, connections, rate, seconds)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve")
    s.add_argument("--port", type=int, default=8100)
    s.add_argument("--ping-seconds", type=float, default=20.0)
    s.add_argument("--max-bytes", type=int, default=16 * 4096)
    args = parser.parse_args()
    serve(args.port, args.ping_seconds, args.max_bytes)


if __name__ == "__main__":
    main()
