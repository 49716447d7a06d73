"""Soak: many players at a steady pace for an hour, one line a minute, to find what grows or
stops the process only in a long run (old-generation garbage, full collections, leaks).

    python -m scripts.bench.soak --priority 1                        # 10,000 players, 60 minutes
    python -m scripts.bench.soak --players 2000 --minutes 10 --json soak.json

It starts the server as the load benchmark does (scripts/bench/load.py: the README's serve
command, a fresh SQLite database, pinned to --server-core, the generator's processes on
--generator-core) with a metrics token, connects --players players at the --pace (realistic:
people's think times, 30 s turns), and then prints a line per minute:

    minute, players connected, tournaments, guesses/s, guess -> opponent p50/p99/p99.9/max,
    turn-timer lateness p99, the longest garbage-collection pause in that minute (exact from the
    server's log when it was 100 ms or more, else the upper bound of its /metrics bucket) with
    the collections per generation, server CPU, RSS (MiB), errors and dropped connections.

At the end: the whole run's p99.9 and max, the longest pause, the full collections, the RSS at
minute 10 and at the end and their change, the errors, against the targets (no pause over
100 ms, p99.9 under 50 ms, max under 200 ms, RSS within 5 % from minute 10 to the end, no
error). The script prints figures; it asserts nothing about them (exit 0 unless it broke).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from scripts.bench import load, procs
from scripts.bench.collector import Collector, Window

TOKEN = "soak"
SLOW_LINE = re.compile(r"generation (\d) collection stopped the process for (\d+) ms")
TARGETS = dict(pause=0.100, p999=0.050, pmax=0.200, rss_change=0.05)


@dataclass
class Minute:
    minute: int
    connected: int
    tournaments: int
    guesses: float
    p50: float | None
    p99: float | None
    p999: float | None
    pmax: float | None
    timer_p99: float | None
    pause: float  # seconds, the longest collection of the minute (0: none)
    collections: tuple[int, int, int]  # per generation, in the minute
    server_cpu: float
    rss_mib: float
    errors: int
    dropped: int
    error_kinds: dict[str, int]


class GcFigures:
    """The server's collection histogram (/metrics), read once a minute: what each minute
    added per generation, and the longest pause in it."""

    def __init__(self, base: str, log: Path) -> None:
        self.url = base + "/metrics"
        self.log = log
        self.log_offset = 0
        self.last: dict[str, list[float]] = self._read()

    def _read(self) -> dict[str, list[float]]:
        request = urllib.request.Request(self.url, headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read().decode()
        buckets: dict[str, list[float]] = {}
        for family in text_string_to_metric_families(text):
            if family.name != "wordle_gc_pause_seconds":
                continue
            for s in family.samples:
                if s.name.endswith("_bucket"):
                    g = s.labels["generation"]
                    buckets.setdefault(g, []).append(s.value)
        self.bounds = [float(b) for b in bucket_bounds(text)]
        return buckets

    def minute(self) -> tuple[float, tuple[int, int, int]]:
        now = self._read()
        longest, counts = 0.0, [0, 0, 0]
        for g, cumulative in now.items():
            before = self.last.get(g, [0.0] * len(cumulative))
            added = [a - b for a, b in zip(cumulative, before, strict=True)]
            counts[int(g)] = int(added[-1])  # the +Inf bucket: every collection
            per_bucket = [added[0]] + [added[i] - added[i - 1] for i in range(1, len(added))]
            for bound, n in zip(self.bounds, per_bucket, strict=True):
                if n > 0:
                    longest = max(longest, bound)
        self.last = now
        exact = self._slow_from_log()
        if exact:
            longest = max(exact)
        elif longest == float("inf"):
            longest = self.bounds[-2]
        return longest, (counts[0], counts[1], counts[2])

    def _slow_from_log(self) -> list[float]:
        with open(self.log, errors="replace") as f:
            f.seek(self.log_offset)
            text = f.read()
            self.log_offset = f.tell()
        return [int(ms) / 1000 for _g, ms in SLOW_LINE.findall(text)]


def bucket_bounds(text: str) -> list[str]:
    """The histogram's bucket bounds in order (from generation 0's lines)."""
    return re.findall(r'wordle_gc_pause_seconds_bucket\{generation="0",le="([^"]+)"\}', text)


def soak(
    args: argparse.Namespace, base: str, server: procs.ProcStat, log: Path
) -> tuple[list[Minute], list[float]]:
    """The minutes, and every guess -> opponent latency measured in them."""
    pipes, workers = load.start_workers(args, base)
    collector = Collector(pipes)
    minutes: list[Minute] = []
    latencies: list[float] = []
    try:
        load.set_target(pipes, args.players)
        started = time.monotonic()
        while (connected := collector.gauge("connected")) < args.players:
            collector.pump(1.0)
            if time.monotonic() - started > args.players / 50 + 120:
                print(f"  only {connected:,} connected, going on", flush=True)
                break
        print(f"{connected:,} connected in {time.monotonic() - started:.0f} s", flush=True)
        gc_figures = GcFigures(base, log)
        print(HEADER, flush=True)
        for m in range(1, args.minutes + 1):
            collector.window = Window()
            cpu0 = server.cpu()
            collector.pump(args.minute_seconds)
            minutes.append(one_minute(m, collector, server, gc_figures, cpu0))
            latencies.extend(collector.window.latencies)
            print(fmt(minutes[-1]), flush=True)
            if minutes[-1].errors:
                print(f"  errors: {minutes[-1].error_kinds}", flush=True)
    finally:
        load.stop_workers(pipes, workers)
    return minutes, latencies


def one_minute(
    m: int,
    collector: Collector,
    server: procs.ProcStat,
    gc_figures: GcFigures,
    cpu0: float,
) -> Minute:
    w = collector.window
    span = time.monotonic() - w.started
    pause, collections = gc_figures.minute()
    return Minute(
        minute=m,
        connected=collector.gauge("connected"),
        tournaments=collector.tournaments(),
        guesses=w.counts["scored"] / span,
        p50=procs.percentile(w.latencies, 0.50),
        p99=procs.percentile(w.latencies, 0.99),
        p999=procs.percentile(w.latencies, 0.999),
        pmax=max(w.latencies) if w.latencies else None,
        timer_p99=procs.percentile(w.timer_late, 0.99),
        pause=pause,
        collections=collections,
        server_cpu=(server.cpu() - cpu0) / span,
        rss_mib=server.rss_kib() / 1024,
        errors=sum(w.errors.values()),
        dropped=w.counts["dropped"],
        error_kinds=dict(w.errors),
    )


HEADER = (
    "| minute | connected | tournaments | guesses/s | p50 | p99 | p99.9 | max | timer p99 "
    "| longest pause | collections (gen 0/1/2) | server CPU | RSS | errors | dropped |"
)


def ms(v: float | None) -> str:
    return "-" if v is None else f"{v * 1000:.0f} ms"


def fmt(r: Minute) -> str:
    c0, c1, c2 = r.collections
    return (
        f"| {r.minute} | {r.connected:,} | {r.tournaments:,} | {r.guesses:,.0f} | {ms(r.p50)} "
        f"| {ms(r.p99)} | {ms(r.p999)} | {ms(r.pmax)} | {ms(r.timer_p99)} | {ms(r.pause)} "
        f"| {c0}/{c1}/{c2} | {r.server_cpu:.0%} | {r.rss_mib:,.0f} MiB | {r.errors} "
        f"| {r.dropped} |"
    )


def verdict(minutes: list[Minute], latencies: list[float], from_minute: int) -> list[str]:
    """The run against the targets, one line each."""
    if not minutes:
        return ["no minute measured"]
    longest = max(r.pause for r in minutes)
    p999 = procs.percentile(latencies, 0.999)
    pmax = max(latencies) if latencies else None
    base = next((r for r in minutes if r.minute == from_minute), minutes[0])
    change = (minutes[-1].rss_mib - base.rss_mib) / base.rss_mib
    errors = sum(r.errors for r in minutes)
    kinds = Counter[str]()
    for r in minutes:
        kinds.update(r.error_kinds)
    dropped = sum(r.dropped for r in minutes)
    full = sum(r.collections[2] for r in minutes)

    def mark(ok: bool) -> str:
        return "met" if ok else "NOT met"

    return [
        f"longest pause {ms(longest)} (target <= 100 ms: {mark(longest <= TARGETS['pause'])}), "
        f"{full} full collection(s)",
        f"guess -> opponent p99.9 {ms(p999)} (target < 50 ms: "
        f"{mark(p999 is not None and p999 < TARGETS['p999'])}), max {ms(pmax)} (target < 200 "
        f"ms: {mark(pmax is not None and pmax < TARGETS['pmax'])})",
        f"RSS {base.rss_mib:,.0f} MiB at minute {base.minute}, {minutes[-1].rss_mib:,.0f} MiB at "
        f"minute {minutes[-1].minute}: {change:+.1%} (target within 5 %: "
        f"{mark(abs(change) <= TARGETS['rss_change'])})",
        f"errors {errors} {dict(kinds) if kinds else ''}, dropped {dropped} (target none: "
        f"{mark(errors == 0 and dropped == 0)})",
    ]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument(
        "--minute-seconds", type=float, default=60.0, help="length of a 'minute' (short runs)"
    )
    parser.add_argument("--rss-from", type=int, default=10, help="the minute RSS is compared from")
    parser.add_argument("--pace", choices=sorted(load.PACES), default="realistic")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--generator-core", type=int, default=1)
    parser.add_argument("--priority", type=int, default=0, help="as in scripts/bench/load.py")
    parser.add_argument("--connect-rate", type=float, default=400.0)
    parser.add_argument("--turn-seconds", type=float)
    parser.add_argument("--intro-seconds", type=float)
    parser.add_argument("--think", type=lambda s: tuple(float(x) for x in s.split(",")))
    parser.add_argument("--server-env", action="append", default=[], metavar="WT_X=V")
    parser.add_argument("--database", help="WT_DATABASE_URL for the started server")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-deflate", dest="deflate", action="store_false")
    parser.add_argument("--keep", action="store_true", help="keep the server's folder and log")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    defaults = load.PACES[args.pace]
    args.turn_seconds = args.turn_seconds or defaults["turn"]
    args.intro_seconds = args.intro_seconds if args.intro_seconds is not None else defaults["intro"]
    args.think = args.think or defaults["pace"]["think"]
    args.ramp = defaults["pace"]["queue_ramp"]
    args.server_env = [f"WT_METRICS_TOKEN={TOKEN}", *args.server_env]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    procs.settle_process(None, args.priority)
    limit = procs.raise_open_files()
    print(
        f"soak: {args.players:,} players, {args.minutes} x {args.minute_seconds:g} s, "
        f"{args.pace} pace (think {args.think[0]:g}-{args.think[1]:g} s, turns "
        f"{args.turn_seconds:g} s), open files {limit}, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    tmp = Path(tempfile.mkdtemp(prefix="bench-soak-"))
    process = None
    minutes: list[Minute] = []
    latencies: list[float] = []
    try:
        process, base = load.start_game_server(args, tmp)
        print(f"server pid {process.pid}, log {tmp / 'server.log'}", flush=True)
        server = procs.ProcStat(process.pid)
        minutes, latencies = soak(args, base, server, tmp / "server.log")
    finally:
        procs.stop(process)
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print()
    for line in verdict(minutes, latencies, args.rss_from):
        print(line)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in minutes], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
