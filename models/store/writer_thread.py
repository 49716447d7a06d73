"""Every database write on one native thread, so SQLite's commits do not stop the gevent hub.

SQLite is C code: it releases the GIL while it works, but the hub's own thread waits for it,
so every commit (WAL with synchronous=FULL: an fsync each) and every checkpoint used to stop
all the players' greenlets. `ThreadedStore` is the store the server uses with SQLite (a
`GameStore` and a `WebStore`): each write (the recorder's, the bot launcher's, the REST
routes') runs on the single worker thread of a `gevent.threadpool.ThreadPool`, and the calling
greenlet waits cooperatively while the hub serves everyone else. The store's exceptions are
raised in the caller exactly as if the call had run there (`Unavailable` keeps driving the
recorder's retries and journal). Reads stay on the hub: WAL reads never wait for a writer.

One thread for all of them, not only the game's: writes stay serial and in the order they were
asked, and no two connections of this process ever compete for SQLite's write lock. (With a
second writer on the hub, the first load test starved: SQLite's busy handler polls, the hub's
back-to-back sign-ins kept taking the lock, and the writer thread's BEGIN timed out after 5 s;
the hub also slept in the busy handler whenever the thread held the lock.) A token lookup is a
read, except for its refresh of last_seen once a minute: that refresh goes to the thread too.

Connections: peewee keeps connection state per thread-local, which gevent's patching makes
per-greenlet; the worker thread's greenlet is its own key, so it takes its own pooled
connection (opened with the same pragmas as any other, connection.py) for each call and hands
it back when the call ends: at a quiet moment the writer holds none.

Only for SQLite: PyMySQL is pure Python made cooperative by the patched socket module, which
belongs to the hub's thread; MySQL writes already leave the hub while they wait.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, TypeVar

import gevent
from gevent.threadpool import ThreadPool

from models.records import PlayedDuel
from models.store.connection import is_sqlite
from models.store.values import PlayerInfo

R = TypeVar("R")


def _outcome(fn: Callable[..., R], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """Run in the writer thread: (True, result) or (False, the exception). Returned, never
    raised, so that gevent's hub does not print a traceback for an expected `Unavailable`."""
    try:
        return True, fn(*args)
    except Exception as exc:  # re-raised in the calling greenlet
        return False, exc


class ThreadedStore:
    """The store (`models.store`, or a stand-in with the same functions) with its writes on
    one writer thread. Anything not defined here (the REST routes' reads) is the store's own."""

    def __init__(self, store: ModuleType | Any) -> None:
        self.store = store
        self.pool = ThreadPool(1)  # workers never time out: the same thread for every write
        self.closed = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def _write(self, fn: Callable[..., R], *args: Any) -> R:
        if self.closed:  # a straggler after the stop: on the hub, as before this module
            return fn(*args)
        ok, value = self.pool.apply(_outcome, (fn, args))
        if not ok:
            raise value
        return value

    # --- the game's writes -----------------------------------------------------------------

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

    # --- the REST routes' writes -----------------------------------------------------------

    def create_player(self, nickname: str | None = None) -> tuple[PlayerInfo, str]:
        return self._write(self.store.create_player, nickname)

    def set_nickname(self, player_id: int, nickname: str) -> PlayerInfo:
        return self._write(self.store.set_nickname, player_id, nickname)

    def player_by_token(self, token: object) -> PlayerInfo | None:
        """Read on the hub; when last_seen is due for its refresh, again on the writer."""
        info = self.store.player_by_token(token, refresh=False)
        if info is not None and self.store.last_seen_due(info):
            info = self._write(self.store.player_by_token, token)
        return info

    # --- the reads the actors use (here so that the class has the whole GameStore) ----------

    def get_players(self, ids: Iterable[int]) -> dict[int, PlayerInfo]:
        return self.store.get_players(ids)

    def bots_near(
        self, rating: float, window: float, exclude: Iterable[int], limit: int
    ) -> list[PlayerInfo]:
        return self.store.bots_near(rating, window, exclude, limit)

    def close(self, timeout: float = 10.0) -> bool:
        """Shutdown: give a write under way `timeout` seconds to end, then stop the thread
        (its connection went back to the pool when its last call ended). Later writes run on
        their caller. False: a write was still running (the process may exit under it)."""
        self.closed = True
        with gevent.Timeout(timeout, False):
            self.pool.join()
        done = self.pool.task_queue.unfinished_tasks == 0
        self.pool.kill()
        return done


def writes_off_hub(store: ModuleType | Any) -> Any:
    """The store the server should use: `ThreadedStore(store)` when the database is SQLite;
    for MySQL, `store` itself."""
    return ThreadedStore(store) if is_sqlite() else store
