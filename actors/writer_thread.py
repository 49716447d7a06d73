"""The game's database writes on one native thread, so SQLite's commits do not stop the hub.

SQLite is C code: it releases the GIL while it works, but the gevent hub's own thread waits
for it, so every commit (WAL with synchronous=FULL: an fsync each) and every checkpoint used to
stop all the players' greenlets. `ThreadedWrites` is a `GameStore` whose writes (the
recorder's five, the bot launcher's two) run on a single worker thread of a
`gevent.threadpool.ThreadPool`: one thread, so writes stay serial and in the order they were
asked, and the fsync happens while the hub keeps serving everyone else. The calling greenlet
(the recorder actor) waits cooperatively; the result comes back, or the store's exception is
raised in the caller exactly as if the call had run there (`Unavailable` keeps driving the
recorder's retries and journal). Reads stay on the hub: WAL reads never wait for a writer, and
they do not sync.

Connections: peewee keeps connection state per thread-local, which gevent's patching makes
per-greenlet; the worker thread's greenlet is its own key, so it takes its own pooled
connection (opened with the same pragmas as any other, models/store/connection.py) for each
call and hands it back when the call ends: at a quiet moment the writer holds none.

Only for SQLite: PyMySQL is pure Python made cooperative by the patched socket module, which
belongs to the hub's thread; MySQL writes already leave the hub while they wait.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import gevent
from gevent.threadpool import ThreadPool

from models.records import PlayedDuel
from models.store import GameStore, PlayerInfo
from models.store.connection import is_sqlite

R = TypeVar("R")


def _outcome(fn: Callable[..., R], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """Run in the writer thread: (True, result) or (False, the exception). Returned, never
    raised, so that gevent's hub does not print a traceback for an expected `Unavailable`."""
    try:
        return True, fn(*args)
    except Exception as exc:  # re-raised in the calling greenlet
        return False, exc


class ThreadedWrites:
    """A `GameStore` forwarding its writes to one writer thread and its reads to `store`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.pool = ThreadPool(1)  # workers never time out: the same thread for every write
        self.closed = False

    def _write(self, fn: Callable[..., R], *args: Any) -> R:
        if self.closed:  # a straggler after the stop: on the hub, as before this module
            return fn(*args)
        ok, value = self.pool.apply(_outcome, (fn, args))
        if not ok:
            raise value
        return value

    # --- writes: on the writer thread, one at a time, in order -----------------------------

    def start_tournament(self, language: str, seats: Sequence[int]) -> tuple[int, dict[int, int]]:
        return self._write(self.store.start_tournament, language, seats)

    def record_duel(self, played: PlayedDuel) -> int:
        return self._write(self.store.record_duel, played)

    def apply_placement(
        self,
        tournament_id: int,
        player_id: int,
        place: int,
        elimination_round: int,
        left: bool,
        rating_change: int,
    ) -> bool:
        return self._write(
            self.store.apply_placement,
            tournament_id,
            player_id,
            place,
            elimination_round,
            left,
            rating_change,
        )

    def finish_tournament(self, tournament_id: int, status: str = "finished") -> None:
        return self._write(self.store.finish_tournament, tournament_id, status)

    def purge_unplayed(self, seen_before: dt.datetime) -> int:
        return self._write(self.store.purge_unplayed, seen_before)

    def create_bot(
        self, level: str, rating: int, rng: random.Random | None = None
    ) -> tuple[PlayerInfo, str]:
        return self._write(self.store.create_bot, level, rating, rng)

    def issue_bot_token(self, player_id: int) -> str:
        return self._write(self.store.issue_bot_token, player_id)

    # --- reads: on the calling greenlet ----------------------------------------------------

    def get_players(self, ids: Iterable[int]) -> dict[int, PlayerInfo]:
        return self.store.get_players(ids)

    def bots_near(
        self, rating: float, window: float, exclude: Iterable[int], limit: int
    ) -> list[PlayerInfo]:
        return self.store.bots_near(rating, window, exclude, limit)

    def close(self, timeout: float = 10.0) -> bool:
        """Shutdown: give a write under way `timeout` seconds to end, then stop the thread
        (its connection went back to the pool when its last call ended). False: a write was
        still running (it ends on its own; the process may exit under it)."""
        self.closed = True
        with gevent.Timeout(timeout, False):
            self.pool.join()
        done = self.pool.task_queue.unfinished_tasks == 0
        self.pool.kill()
        return done


def writes_off_hub(store: GameStore) -> GameStore:
    """The store the game should use: its writes on a writer thread when the database is
    SQLite; for MySQL, `store` itself."""
    return ThreadedWrites(store) if is_sqlite() else store
