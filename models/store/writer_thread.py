"""The recorder's writes on one native thread, so that SQLite's synced commits do not stop the
gevent hub.

SQLite is C code: it lets go of the GIL while it works and syncs, but on the hub's thread
every player's greenlet waits for it. With `synchronous=FULL` each commit is an fsync: a
one-hour soak at 10,000 players measured ~2,600 commits a minute at 3 ms on average, some of
100-250 ms, and those set the guess latency's tail. Here the recorder's greenlet hands each
call to the one worker thread and waits cooperatively while the hub serves everyone else.
The store's exceptions are raised in the caller exactly as if the call had run there
(`Unavailable` keeps driving the recorder's retries and journal).

Only the recorder's calls come here (a tournament's start, its results, the daily purge):
they are nearly all of the game's writes, and the recorder makes them one at a time. The
other writes (sign-ins, nicknames, moderation, the bots' accounts) stay on the hub: they are
few, and they take turns with this thread through `write_turn` (connection.py), so neither
side ever sleeps in SQLite's busy handler waiting for the other's lock.

Tried before with every write on the thread, and reverted: past saturation the thread had to
win the GIL back from the busy hub after each of ~10 SQLite calls per result, fell behind,
and tournament starts timed out. The recorder's batches are now one transaction of a few
prepared statements, so a batch costs a few hand-overs, and while one batch is on the thread
the next one grows in the recorder's mailbox.

Only for SQLite: PyMySQL is pure Python made cooperative by the patched socket module, which
belongs to the hub's thread; MySQL writes already leave the hub while they wait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import gevent
from gevent.threadpool import ThreadPool

from models.store.connection import mark_writer_thread, write_turn

R = TypeVar("R")


def _outcome(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """Run on the writer thread: (True, result) or (False, the exception). Returned, never
    raised, so that gevent's hub does not print a traceback for an expected `Unavailable`."""
    mark_writer_thread()
    try:
        return True, fn(*args)
    except Exception as exc:  # re-raised in the calling greenlet
        return False, exc


class WriterThread:
    """`writer(fn, *args)`: `fn(*args)` on the writer thread, in the caller's turn to write."""

    def __init__(self) -> None:
        self.pool = ThreadPool(1)  # workers never time out: the same thread for every write
        self.closed = False

    def __call__(self, fn: Callable[..., R], /, *args: Any) -> R:
        if self.closed:  # a straggler after the stop: on the hub, as without this thread
            return fn(*args)
        with write_turn():
            ok, value = self.pool.apply(_outcome, (fn, args))
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]

    def close(self, timeout: float = 10.0) -> bool:
        """Shutdown: give a write under way `timeout` seconds to end, then stop the thread
        (its connection went back to the pool when its last call ended). Later writes run on
        their caller. False: a write was still running (the process may exit under it)."""
        self.closed = True
        with gevent.Timeout(timeout, False):
            self.pool.join()
        done = bool(self.pool.task_queue.unfinished_tasks == 0)
        self.pool.kill()
        return done
