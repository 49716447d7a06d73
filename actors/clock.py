"""Time for actors: the real clock, and a manual one that tests advance instantly.

Actors never call time.time() or gevent.sleep() for game timing; they ask their clock for the
time and for "call me after t". Timer callbacks only post a message to a mailbox.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVarTuple

import gevent

Ts = TypeVarTuple("Ts")  # what a timer passes to its callback


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def time(self) -> float:
        """Wall-clock seconds (deadlines are sent to clients as server times)."""

    def call_later(self, delay: float, fn: Callable[[*Ts], object], *args: *Ts) -> Timer:
        """Run fn(*args) after `delay` seconds; fn must not block (it posts a message)."""


class _LoopTimer:
    """One pending call: the loop's timer watcher and what to call when it fires.

    Why a class rather than a closure: a closure costs a function, its cells and their tuple
    on top of the watcher, and a turn clock lives for seconds, so all of them survive the
    young collections; here the watcher keeps one bound method."""

    __slots__ = ("_watcher", "_fn", "_args")

    def __init__(self, watcher: Any, fn: Callable[..., object], args: tuple[object, ...]) -> None:
        self._watcher = watcher
        self._fn = fn
        self._args = args

    def fire(self) -> None:
        self.cancel()
        self._fn(*self._args)

    def cancel(self) -> None:
        self._watcher.stop()
        self._watcher.close()


class RealClock:
    """gevent loop timers: no greenlet per timer, so thousands of turn clocks stay cheap."""

    def time(self) -> float:
        return time.time()

    def call_later(self, delay: float, fn: Callable[[*Ts], object], *args: *Ts) -> Timer:
        watcher = gevent.get_hub().loop.timer(max(0.0, delay))
        timer = _LoopTimer(watcher, fn, args)
        watcher.start(timer.fire)
        return timer


class _ManualTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock for tests: time stands still until `advance` moves it, firing due timers in
    order. Use actors.runtime.settle() afterwards to let actors process what the timers sent."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start
        self._queue: list[
            tuple[float, int, _ManualTimer, Callable[..., object], tuple[object, ...]]
        ] = []
        self._seq = itertools.count()

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, fn: Callable[[*Ts], object], *args: *Ts) -> Timer:
        timer = _ManualTimer()
        due = self.now + max(0.0, delay)
        heapq.heappush(self._queue, (due, next(self._seq), timer, fn, args))
        return timer

    def next_due(self) -> float | None:
        while self._queue and self._queue[0][2].cancelled:
            heapq.heappop(self._queue)
        return self._queue[0][0] if self._queue else None

    def advance(self, seconds: float, settle: Callable[[], None] | None = None) -> None:
        """Move time forward, firing each due timer at its own time (and settling after each,
        so a timer's consequences happen before the next timer's time)."""
        end = self.now + seconds
        while (due := self.next_due()) is not None and due <= end:
            _, _, timer, fn, args = heapq.heappop(self._queue)
            self.now = max(self.now, due)
            fn(*args)
            if settle:
                settle()
        self.now = end
        if settle:
            settle()
