"""The load benchmark's figures (scripts/bench/load.py): the workers' reports gathered per
measured window, guess sends joined with their arrivals at the opponent, and one printed row
per step."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any


@dataclass
class Window:
    """What the workers reported since the window opened."""

    started: float = field(default_factory=time.monotonic)
    counts: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    timer_late: list[float] = field(default_factory=list)
    handshake_ms: list[float] = field(default_factory=list)


class Collector:
    """Reads the workers' reports, joins guess sends with their arrivals at the opponent."""

    def __init__(self, pipes: list[Any]) -> None:
        self.pipes = pipes
        self.latest: dict[int, dict[str, Any]] = {}
        self.sends: dict[tuple[int, int], float] = {}
        self.recvs: dict[tuple[int, int], float] = {}
        self.window = Window()
        self.last_prune = time.monotonic()

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            for pipe in wait(self.pipes, timeout=left):
                try:
                    _kind, report = pipe.recv()
                except EOFError:
                    self.pipes.remove(pipe)
                    continue
                self._take(self.pipes.index(pipe), report)

    def _take(self, worker: int, report: dict[str, Any]) -> None:
        self.latest[worker] = report
        w = self.window
        w.counts.update(report["counts"])
        w.errors.update(report["errors"])
        w.timer_late.extend(report["timer_late"])
        w.handshake_ms.extend(report["handshake_ms"])
        for duel, index, t in report["sends"]:
            arrived = self.recvs.pop((duel, index), None)
            if arrived is None:
                self.sends[(duel, index)] = t
            else:
                w.latencies.append(arrived - t)
        for duel, index, t in report["recvs"]:
            sent = self.sends.pop((duel, index), None)
            if sent is None:
                self.recvs[(duel, index)] = t
            else:
                w.latencies.append(t - sent)
        now = time.monotonic()
        if now - self.last_prune > 30:  # a guess refused or overtaken by a timer never arrives
            self.last_prune = now
            for table in (self.sends, self.recvs):
                for key in [k for k, t in table.items() if now - t > 120]:
                    del table[key]

    def gauge(self, name: str) -> int:
        return sum(r[name] for r in self.latest.values())

    def tournaments(self) -> int:
        return len({t for r in self.latest.values() for t in r["tournaments"]})

    def cpu(self) -> float:
        return sum(r["cpu"] for r in self.latest.values())

    def waited(self) -> float:
        return sum(r["waited"] for r in self.latest.values())


@dataclass
class Row:
    players: int
    connected: int
    tournaments: int
    guesses: float
    p50: float | None
    p95: float | None
    p99: float | None
    pmax: float | None
    timer_p99: float | None
    server_cpu: float | None
    server_wait: float | None
    rss_per_player: float | None
    frames: float
    echo_share: float | None
    generator_cpu: float
    generator_wait: float
    errors: int
    dropped: int
    error_kinds: dict[str, int]
    window: tuple[float, float]  # unix times, to find the step in a server's log


HEADER = (
    "| players | connected | tournaments | guesses/s | p50 | p95 | p99 | max | timer p99 "
    "| server CPU | its wait | RSS/player | frames/s | of echo | generator CPU | its wait "
    "| errors | dropped |"
)


def fmt_row(r: Row) -> str:
    def lat(v: float | None) -> str:
        return "-" if v is None else f"{v * 1000:.0f} ms"

    def pct(v: float | None) -> str:
        return "-" if v is None else f"{v:.0%}"

    rss = "-" if r.rss_per_player is None else f"{r.rss_per_player:.0f} KiB"
    return (
        f"| {r.players:,} | {r.connected:,} | {r.tournaments:,} | {r.guesses:,.0f} "
        f"| {lat(r.p50)} | {lat(r.p95)} | {lat(r.p99)} | {lat(r.pmax)} | {lat(r.timer_p99)} "
        f"| {pct(r.server_cpu)} | {pct(r.server_wait)} | {rss} | {r.frames:,.0f} "
        f"| {pct(r.echo_share)} | {pct(r.generator_cpu)} | {pct(r.generator_wait)} "
        f"| {r.errors} | {r.dropped} |"
    )
