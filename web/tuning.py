"""Garbage collection tuned for thousands of connections in one process.

Every object alive after start-up (modules, word lists, the app) is moved out of the
collector's sight (`gc.freeze()`), and each collection is kept short: young and middle ones
every half second by the clock, full ones only while few are connected. A collection stops
every greenlet while it runs, so each is timed and a long one is logged. (Sockets are tuned in
web/server.py.)
"""

from __future__ import annotations

import gc
import logging
import time
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

import gevent

log = logging.getLogger("wordle.tuning")

# Measured at 10,000 players (docs/performance.md, "What the young collections walk"): a
# collection costs 0.3-0.6 us per object it walks, and the young generations hold many more
# objects than the threshold (the counter is allocations minus deallocations, and old objects
# dying lower it): ~4,000 per young collection (~1 ms every 0.5 s) and ~22,000 per middle one
# (~10 ms every 3 s). Larger young thresholds made each young collection long (50,000:
# 100-350 ms every 20 s). A full collection walks every player's objects (1.3-2.5 s at 10,000
# players): automatic ones are off (the largest threshold there is: `collect_young` adds a
# middle collection every half second, so a million would come in six days), since what a
# tournament or a connection leaves is freed by reference counting (no cycles:
# tests/actors/test_memory.py, tests/web/test_ws_route.py); `collect_when_quiet` runs one
# while few are connected, for whatever a library might still leave in a cycle
# (docs/performance.md, "An hour without a pause").
GC_THRESHOLDS = (1000, 5, 2**31 - 1)
# Young collections by the clock as well: the counter that triggers them is allocations minus
# deallocations, and since reference counting frees what a tournament leaves, it rises slowly
# (4-17 young collections a minute at 10,000 players), so each walked everything allocated and
# still alive since the one before: 100-190 ms. Every half second, the young and the middle
# generations together (each survivor is walked once, then moved to the old generation, where
# reference counting frees it): at most half a second of allocations; at 10,000 players each
# took at most 25 ms, one in an hour 25-50 ms (docs/performance.md, "An hour without a pause").
YOUNG_EVERY_SECONDS = 0.5
QUIET_CONNECTIONS = 200  # a full collection then walks little: tens of milliseconds at most
QUIET_CHECK_SECONDS = 600.0
SLOW_GC_SECONDS = 0.1  # log collections that stop the process longer than this
# Upper bounds (seconds) of the pause histogram /metrics shows (wordle_gc_pause_seconds).
PAUSE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


def tune_gc() -> None:
    """Call once, after start-up: what exists now lives as long as the process."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    log.info("gc: %d start-up objects frozen, thresholds %s", gc.get_freeze_count(), GC_THRESHOLDS)


def collect_young(every: float = YOUNG_EVERY_SECONDS) -> None:
    """Forever (a greenlet): the young and middle generations every `every` seconds, so that
    neither holds more than that much of survivors. The automatic thresholds stay, for
    bursts."""
    while True:
        gevent.sleep(every)
        gc.collect(1)


def collect_when_quiet(
    connections: Callable[[], int],
    quiet_below: int = QUIET_CONNECTIONS,
    every: float = QUIET_CHECK_SECONDS,
) -> None:
    """Forever (a greenlet): every `every` seconds, a full collection if fewer than
    `quiet_below` sockets are open. A busy server never stops for one; a community's server
    has quiet hours, and then it costs little."""
    while True:
        gevent.sleep(every)
        if connections() < quiet_below:
            freed = gc.collect()
            if freed:
                log.info("gc: a full collection while quiet freed %d objects", freed)


class GcWatch:
    """Times every collection (gc.callbacks) and logs the ones that stop the process long.

    It also counts the pauses into histogram buckets (`buckets[generation][i]`: collections
    that took at most PAUSE_BUCKETS[i] and more than the bound before), plain integers that
    web/metrics.py reads at a scrape: no lock is taken inside the collector's callback."""

    def __init__(self, slow: float = SLOW_GC_SECONDS) -> None:
        self.slow = slow
        self.started = 0.0
        self.count = [0, 0, 0]
        self.total = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]
        self.buckets = [[0] * len(PAUSE_BUCKETS) for _ in range(3)]

    def install(self) -> GcWatch:
        gc.callbacks.append(self)
        return self

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            return
        took = time.perf_counter() - self.started
        g = info["generation"]
        self.count[g] += 1
        self.total[g] += took
        self.longest[g] = max(self.longest[g], took)
        bucket = bisect_left(PAUSE_BUCKETS, took)
        if bucket < len(PAUSE_BUCKETS):  # beyond the last bound: only in the count (+Inf)
            self.buckets[g][bucket] += 1
        if took >= self.slow:
            log.warning(
                "gc: a generation %d collection stopped the process for %.0f ms "
                "(%d objects collected)",
                g,
                took * 1000,
                info["collected"],
            )

    def summary(self) -> str:
        return ", ".join(
            f"gen{g} {self.count[g]}x total {self.total[g] * 1000:.0f} ms "
            f"longest {self.longest[g] * 1000:.0f} ms"
            for g in range(3)
        )
