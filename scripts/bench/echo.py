"""The stack's bare ceiling: a flask-sock echo on gevent, and an open-loop load against it.

    python -m scripts.bench.echo serve --port 8100     # the echo app (bench/load.py starts it)

The echo app is the game's transport with no game behind it: gevent's WSGIServer, Flask,
flask-sock and simple-websocket with the same server options as web/ws.py (20 s pings, the
same size cap), echoing every text frame. scripts/bench/load.py measures it on the server's
core before the game, so the game's figures read as a share of what the stack can do.

The load side uses the generator's own minimal client (scripts/bench/ws_client.py), cheap
enough that the generator is not what limits the echo.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

from scripts.bench import procs, ws_client

ROOT = Path(__file__).resolve().parents[2]
P99_TARGET = 0.050  # the ceiling is the highest rate echoed with p99 under this

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
        c.ws = await ws_client.connect(host, port, "/echo", {}, False, c.on_text, lambda: None)
        clients.append(c)
    for c in clients:  # one round trip each first: every server-side reader is running
        c.send()
    await asyncio.sleep(1.0)
    rtts.clear()
    for c in clients:
        c.received = 0
    cpu, waited = time.process_time(), procs.cpu_wait()
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
        "waited": procs.cpu_wait() - waited,
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
    procs.settle_process(core, priority)
    pipe.send(asyncio.run(_load(host, port, connections, rate, seconds)))


def ceiling(args: argparse.Namespace) -> float | None:
    """Start the echo app on the server's core and raise the rate until p99 passes 50 ms."""
    port = procs.free_port()
    log = Path(tempfile.mkstemp(prefix="bench-echo-", suffix=".log")[1])
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "scripts.bench.echo", "serve", "--port", str(port)],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=procs.pinned(args.server_core, args.priority),
        )
    ceiling = None
    try:
        procs.wait_healthy(f"http://127.0.0.1:{port}/healthz", process, log)
        stat = procs.ProcStat(process.pid)
        print(
            f"echo ceiling (flask-sock echo, {args.echo_connections} connections, core "
            f"{args.server_core}):",
            flush=True,
        )
        ctx = multiprocessing.get_context("spawn")
        for rate in args.echo_rates:
            workers, pipes = [], []
            share = args.echo_connections // args.echo_workers
            for _ in range(args.echo_workers):
                mine, theirs = ctx.Pipe()
                w = ctx.Process(
                    target=load_worker,
                    args=(
                        theirs,
                        "127.0.0.1",
                        port,
                        share,
                        rate / args.echo_workers,
                        args.echo_seconds,
                        args.generator_core,
                    ),
                )
                w.start()
                workers.append(w)
                pipes.append(mine)
            cpu0, wait0, t0 = stat.cpu(), stat.waited(), time.monotonic()
            results = [p.recv() for p in pipes]
            for w in workers:
                w.join()
            span = time.monotonic() - t0
            busy, waited = (stat.cpu() - cpu0) / span, (stat.waited() - wait0) / span
            rtts = [r for res in results for r in res["rtts"]]
            got = sum(res["received"] for res in results) / args.echo_seconds
            p99 = procs.percentile(rtts, 0.99)
            gen = sum(res["cpu"] for res in results) / args.echo_seconds
            gen_wait = sum(res["waited"] for res in results) / args.echo_seconds
            ok = p99 is not None and p99 < P99_TARGET and got >= 0.95 * rate
            print(
                f"  {rate:>7,.0f}/s offered  {got:>7,.0f}/s echoed  p99 {ms(p99)}  "
                f"server CPU {busy:4.0%} (waited {waited:3.0%})  generator CPU {gen:4.0%} "
                f"(waited {gen_wait:3.0%})  {'ok' if ok else 'over'}",
                flush=True,
            )
            if not ok:
                break
            ceiling = got
    finally:
        procs.stop(process)
        log.unlink(missing_ok=True)
    print(f"echo ceiling: {ceiling or 0:,.0f} frames/s at p99 < 50 ms\n", flush=True)
    return ceiling


def ms(seconds: float | None) -> str:
    return "   -  " if seconds is None else f"{seconds * 1000:5.0f}ms"


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
