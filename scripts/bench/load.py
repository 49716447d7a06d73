"""Load benchmark: how many players one server process holds, and how fast it answers them.

    python -m scripts.bench.load                                 # realistic pace, a few steps
    python -m scripts.bench.load --pace compressed --steps 500,1000,2000,3000
    python -m scripts.bench.load --no-deflate                    # clients that do not compress
    python -m scripts.bench.load --url http://127.0.0.1:8000 --pid 1234   # a running server

Without --url it starts the server the README's way (`scripts/manage.py serve`, a fresh
SQLite database in a temporary folder, bot fill off, the pace's turn and intro lengths) and
pins it to one core (--server-core) and the load generator's processes to the other
(--generator-core). Both sides lift their open-file limit to the hard limit; 10,000 players
need about 10,000 descriptors in the generator and twice that in the server (raise the hard
limit with `ulimit -Hn` / systemd's LimitNOFILE= if it is lower).

First it measures the bare ceiling of the stack on the server's core: a flask-sock echo app
(scripts/bench/echo.py) under an open-loop load of rising rate; the ceiling is the highest
rate echoed with p99 under 50 ms. Then, for each step of N players: players are signed in and
connected (sign-ins/s and handshakes/s are printed), each queues within --ramp seconds so
tournaments start spread out and run side by side, and after --warmup seconds one --window is
measured. Per step it prints players connected, tournaments running, guesses/s, guess ->
opponent latency p50/p95/p99/max, turn-timer lateness p99, server CPU (% of one core) and the
time it was ready to run but waited for its core (other processes on a shared machine: when
this is high, the latencies say more about the machine than about the server), RSS per player,
frames written per second and their share of the echo ceiling, the generator's own CPU (if
near 100 %, the generator limits the figures, not the server), errors and dropped
connections. The benchmark prints figures; it asserts nothing about them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from scripts.bench import echo, players, procs
from scripts.bench.collector import HEADER, Collector, Row, Window, fmt_row

ROOT = Path(__file__).resolve().parents[2]

PACES: dict[str, dict[str, Any]] = {
    # people: think 5-15 s in 30 s turns, some turns run out, 6 s intros
    "realistic": dict(
        turn=30.0,
        intro=6.0,
        pace=dict(
            think=(5.0, 15.0),
            skip=0.03,
            blunder=0.1,
            leave_out=0.3,
            queue_ramp=60.0,
            requeue=(3, 15),
        ),
        steps=[500, 1000, 2000],
        warmup=20.0,
        window=30.0,
    ),
    # far faster than people, to find the ceiling
    "compressed": dict(
        turn=10.0,
        intro=2.0,
        pace=dict(
            think=(0.0, 2.0),
            skip=0.02,
            blunder=0.1,
            leave_out=1.0,
            queue_ramp=10.0,
            requeue=(0.5, 2),
        ),
        steps=[500, 1000, 2000],
        warmup=10.0,
        window=20.0,
    ),
}


# --- the game load ------------------------------------------------------------------------


def start_workers(args: argparse.Namespace, base: str) -> tuple[list[Any], list[Any]]:
    """The generator's processes, each pinned to the generator's core, and a pipe to each."""
    ctx = multiprocessing.get_context("spawn")
    pace = dict(PACES[args.pace]["pace"])
    pace.update(think=args.think, queue_ramp=args.ramp)
    pipes, workers = [], []
    for i in range(args.workers):
        mine, theirs = ctx.Pipe()
        config = dict(
            base=base,
            deflate=args.deflate,
            pace=pace,
            seed=args.seed * 1000 + i,
            connect_rate=args.connect_rate / args.workers,
        )
        w = ctx.Process(
            target=players.worker,
            args=(theirs, config, args.generator_core, args.priority),
            daemon=True,
        )
        w.start()
        workers.append(w)
        pipes.append(mine)
    return pipes, workers


def set_target(pipes: list[Any], n: int) -> None:
    """Spread `n` players over the workers."""
    for i, pipe in enumerate(pipes):
        pipe.send(("target", n // len(pipes) + (1 if i < n % len(pipes) else 0)))


def stop_workers(pipes: list[Any], workers: list[Any]) -> None:
    for pipe in pipes:
        try:
            pipe.send(("stop", None))
        except OSError:
            pass
    for w in workers:
        w.join(10)
        if w.is_alive():
            w.terminate()


def run_steps(
    args: argparse.Namespace, base: str, server: procs.ProcStat | None, ceiling: float | None
) -> list[Row]:
    pipes, workers = start_workers(args, base)
    collector = Collector(pipes)
    baseline_rss = server.rss_kib() if server else None
    rows: list[Row] = []
    try:
        for n in args.steps:
            set_target(pipes, n)
            # connect
            collector.window = Window()
            started, last, last_change = time.monotonic(), -1, time.monotonic()
            while (connected := collector.gauge("connected")) < n:
                collector.pump(1.0)
                if connected != last:
                    last, last_change = connected, time.monotonic()
                elif time.monotonic() - last_change > 30:
                    print(f"  stuck at {connected:,} connected", flush=True)
                    break
            took = time.monotonic() - started
            w = collector.window
            added = w.counts["handshakes"]
            print(
                f"step {n:,}: {added:,} connected in {took:.1f} s "
                f"({w.counts['signins'] / took:,.0f} sign-ins/s, {added / took:,.0f} "
                f"handshakes/s, handshake p99 {procs.percentile(w.handshake_ms, 0.99) or 0:.0f} ms"
                f"{', server fds ' + str(server.fds()) if server else ''})",
                flush=True,
            )
            collector.pump(args.ramp + args.warmup)
            # measure
            collector.window = Window()
            opened = time.time()
            cpu0 = server.cpu() if server else None
            wait0 = server.waited() if server else None
            gen0, genwait0 = collector.cpu(), collector.waited()
            collector.pump(args.window)
            w = collector.window
            span = time.monotonic() - w.started
            connected = collector.gauge("connected")
            rss = server.rss_kib() if server else None
            errors = sum(w.errors.values())
            frames = w.counts["frames"] / span
            row = Row(
                players=n,
                connected=connected,
                tournaments=collector.tournaments(),
                guesses=w.counts["scored"] / span,
                p50=procs.percentile(w.latencies, 0.50),
                p95=procs.percentile(w.latencies, 0.95),
                p99=procs.percentile(w.latencies, 0.99),
                pmax=max(w.latencies) if w.latencies else None,
                timer_p99=procs.percentile(w.timer_late, 0.99),
                server_cpu=(server.cpu() - cpu0) / span if server else None,
                server_wait=(server.waited() - wait0) / span if server else None,
                rss_per_player=(rss - baseline_rss) / max(1, connected) if server else None,
                frames=frames,
                echo_share=frames / ceiling if ceiling else None,
                generator_cpu=(collector.cpu() - gen0) / span,
                generator_wait=(collector.waited() - genwait0) / span,
                errors=errors,
                dropped=w.counts["dropped"],
                error_kinds=dict(w.errors),
                window=(opened, time.time()),
            )
            rows.append(row)
            if len(rows) == 1:
                print(HEADER)
            print(fmt_row(row), flush=True)
            if errors:
                print(f"  errors: {dict(w.errors)}", flush=True)
    finally:
        stop_workers(pipes, workers)
    return rows


def start_game_server(args: argparse.Namespace, tmp: Path) -> tuple[subprocess.Popen, str]:
    port = procs.free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env.update(
        WT_PORT=str(port),
        WT_DATABASE_URL=args.database or f"sqlite:///{tmp / 'wordle.db'}",
        WT_TURN_SECONDS=str(args.turn_seconds),
        WT_INTRO_SECONDS=str(args.intro_seconds),
        WT_BOT_FILL="off",
        WT_SHUTDOWN_GRACE_SECONDS="1",
        WT_VENV=str(Path(sys.executable).resolve().parent.parent),
        # every generated player comes from this one address: lift the per-address limits
        WT_MAX_CONNECTIONS_PER_ADDRESS="1000000",
        WT_SIGNIN_RATE="1000000/minute",
        WT_REST_RATE="1000000/minute",
    )
    for pair in args.server_env:
        key, _, value = pair.partition("=")
        env[key] = value
    log = tmp / "server.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "manage.py"), "serve"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=procs.pinned(args.server_core, args.priority),
        )
    base = f"http://127.0.0.1:{port}"
    procs.wait_healthy(base + "/healthz", process, log)
    return process, base


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pace", choices=sorted(PACES), default="realistic")
    parser.add_argument(
        "--steps",
        type=lambda s: [int(x) for x in s.split(",")],
        help="players at each step, e.g. 500,1000,2000",
    )
    parser.add_argument("--url", help="a running server instead of starting one")
    parser.add_argument("--pid", type=int, help="with --url: the server's pid, for CPU and RSS")
    parser.add_argument(
        "--no-deflate",
        dest="deflate",
        action="store_false",
        help="do not offer permessage-deflate (browsers do)",
    )
    parser.add_argument(
        "--no-echo", dest="echo", action="store_false", help="skip the echo ceiling"
    )
    parser.add_argument("--workers", type=int, default=4, help="generator processes")
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--generator-core", type=int, default=1)
    parser.add_argument(
        "--priority",
        type=int,
        default=0,
        help="of the server and the generator: negative, a niceness (e.g. -10); positive, a "
        "real-time priority (e.g. 1) so other work on a shared machine cannot delay them",
    )
    parser.add_argument("--turn-seconds", type=float)
    parser.add_argument("--intro-seconds", type=float)
    parser.add_argument(
        "--think",
        type=lambda s: tuple(float(x) for x in s.split(",")),
        help="think time range in seconds, e.g. 5,15",
    )
    parser.add_argument("--ramp", type=float, help="new players queue within this many seconds")
    parser.add_argument("--warmup", type=float, help="seconds after the ramp before measuring")
    parser.add_argument("--window", type=float, help="seconds measured per step")
    parser.add_argument(
        "--connect-rate",
        type=float,
        default=400.0,
        help="sign-ins + connections per second, all workers together",
    )
    parser.add_argument(
        "--echo-rates",
        type=lambda s: [float(x) for x in s.split(",")],
        default=[2000, 3000, 4000, 5000, 6000, 7000, 8000, 10000, 12000, 14000, 16000, 20000],
    )
    parser.add_argument("--echo-seconds", type=float, default=3.0)
    parser.add_argument("--echo-connections", type=int, default=400)
    parser.add_argument(
        "--echo-workers",
        type=int,
        default=2,
        help="generator processes for the echo (more take turns on one core and lower it)",
    )
    parser.add_argument("--database", help="WT_DATABASE_URL for the started server")
    parser.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="WT_X=V",
        help="extra environment for the started server (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the server's folder and log")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    defaults = PACES[args.pace]
    args.steps = args.steps or defaults["steps"]
    args.turn_seconds = args.turn_seconds or defaults["turn"]
    args.intro_seconds = args.intro_seconds if args.intro_seconds is not None else defaults["intro"]
    args.think = args.think or defaults["pace"]["think"]
    args.ramp = args.ramp if args.ramp is not None else defaults["pace"]["queue_ramp"]
    args.warmup = args.warmup if args.warmup is not None else defaults["warmup"]
    args.window = args.window or defaults["window"]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the server and workers too
    procs.settle_process(None, args.priority)  # it reads the workers' reports
    limit = procs.raise_open_files()
    timings = f", turns {args.turn_seconds:g} s, intros {args.intro_seconds:g} s"
    timings = "" if args.url else timings
    print(
        f"load benchmark: {args.pace} pace (think {args.think[0]:g}-{args.think[1]:g} s"
        f"{timings}), permessage-deflate {'offered' if args.deflate else 'not offered'}, "
        f"{args.workers} generator processes, open files {limit}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    ceiling = echo.ceiling(args) if args.echo else None
    tmp = Path(tempfile.mkdtemp(prefix="bench-load-"))
    process = None
    try:
        if args.url:
            base = args.url.rstrip("/")
            server = procs.ProcStat(args.pid) if args.pid else None
        else:
            process, base = start_game_server(args, tmp)
            server = procs.ProcStat(process.pid)
            print(
                f"server pid {process.pid} on core {args.server_core}, log {tmp / 'server.log'}",
                flush=True,
            )
        rows = run_steps(args, base, server, ceiling)
    finally:
        procs.stop(process)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print()
    if ceiling:
        print(f"echo ceiling: {ceiling:,.0f} frames/s")
    print(HEADER)
    print("|" + "---|" * (HEADER.count("|") - 1))
    for row in rows:
        print(fmt_row(row))
    if args.json:
        args.json.write_text(
            json.dumps({"echo_ceiling": ceiling, "steps": [asdict(r) for r in rows]}, indent=1)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
