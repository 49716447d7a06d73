"""The one writer to the database.

SQLite blocks the whole gevent hub while it writes, and concurrent writers only fight over its
lock, so every game write goes through this actor, one short transaction at a time. Reads
(REST routes) go straight to the store.

A result must never be lost to a database outage: when the store reports the database
`Unavailable`, the write waits in order with every later write, and they are all retried every
few seconds until the database is back. Each waiting write is also appended to the journal
(models/store/journal.py), so a stop (or a crash) during the outage loses nothing: the next
start writes them. Every write is idempotent (a duel, a placement or a tournament's end already
written is left as it is), so a retry after an unclear failure cannot count twice. A write the
store refuses as wrong (a bug, not an outage) is logged with everything needed to replay it and
dropped, so it cannot block the rest.

A new tournament starts only after every result before it is written: a player's rating at its
start is then the rating after their last placement, and their history rows chain.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from actors.clock import Clock
from actors.runtime import Actor, ActorRef
from models.records import PlayedDuel
from models.store import GameStore, Unavailable
from models.store import journal as j
from models.tournament import PlacementFixed

log = logging.getLogger("wordle.recorder")

RETRY_SECONDS = 3.0
PURGE_FIRST_SECONDS = 60.0  # after start, once things have settled
PURGE_EVERY_SECONDS = 24 * 3600.0


@dataclass(frozen=True)
class StartTournament:
    """Ask: returns (tournament_id, {player_id: rating at the start})."""

    language: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RecordDuel:
    played: PlayedDuel


@dataclass(frozen=True)
class RecordPlacement:
    tournament_id: int
    placement: PlacementFixed


@dataclass(frozen=True)
class FinishTournament:
    tournament_id: int
    status: str = "finished"


@dataclass(frozen=True)
class RetryPending:
    pass


@dataclass(frozen=True)
class PurgeUnplayed:
    """Delete accounts that never played and were not seen for a while (then again daily)."""


@dataclass(frozen=True)
class PendingWrites:
    """Ask: the writes still waiting for the database (`Unwritten`)."""


@dataclass(frozen=True)
class Unwritten:
    entries: tuple[j.Entry, ...]
    journaled: bool  # all of them are in the journal (else: kept in memory only)


class Recorder(Actor):
    resilient = True

    def __init__(
        self,
        store: GameStore,
        clock: Clock | None = None,
        supervisor: ActorRef | None = None,
        journal: j.Journal | None = None,
        purge_days: float = 0.0,
    ) -> None:
        """`purge_days`: accounts unseen this long that never played are deleted (0: never)."""
        super().__init__(clock, supervisor)
        self.store = store
        self.journal = journal
        self.purge_days = purge_days
        self.pending: list[j.Entry] = []  # writes waiting for the database, in order
        self.journaled = True  # every pending write is in the journal too
        self.outage = False
        self.retrying = False

    def on_start(self) -> None:
        if self.purge_days:
            self.after(PURGE_FIRST_SECONDS, PurgeUnplayed())

    def on_PurgeUnplayed(self, _msg: PurgeUnplayed) -> None:
        self.after(PURGE_EVERY_SECONDS, PurgeUnplayed())
        now = dt.datetime.fromtimestamp(self.clock.time(), dt.UTC).replace(tzinfo=None)
        try:
            gone = self.store.purge_unplayed(now - dt.timedelta(days=self.purge_days))
        except Unavailable:
            return  # tomorrow, then
        if gone:
            log.info("deleted %d account(s) that never played", gone)

    def on_StartTournament(self, msg: StartTournament) -> tuple[int, dict[int, int]]:
        """Asked by a lobby; if the database is down (or earlier results still wait for it)
        the lobby hears it and aborts cleanly."""
        if not self._flush():
            raise Unavailable("earlier results are still waiting for the database")
        return self.store.start_tournament(msg.language, list(msg.seats))

    def on_RecordDuel(self, msg: RecordDuel) -> None:
        self._write(j.duel_entry(msg.played))

    def on_RecordPlacement(self, msg: RecordPlacement) -> None:
        p = msg.placement
        tid = msg.tournament_id
        self._write(j.placement_entry(tid, p.player, p.place, p.round, p.left, p.rating_change))

    def on_FinishTournament(self, msg: FinishTournament) -> None:
        self._write(j.finish_entry(msg.tournament_id, msg.status))

    def on_PendingWrites(self, _msg: PendingWrites) -> Unwritten:
        return Unwritten(tuple(self.pending), self.journal is not None and self.journaled)

    def on_RetryPending(self, _msg: RetryPending) -> None:
        self.retrying = False
        self._flush()

    def _flush(self) -> bool:
        """Try the waiting writes in order; True when none is left."""
        if not self.pending:
            return True
        waiting, self.pending = self.pending, []
        for i, entry in enumerate(waiting):
            if not self._try(entry):
                self.pending = waiting[i:] + self.pending
                self._retry_later()
                return False
        self.outage = False
        if self.journal is not None:
            self.journal.clear()
        self.journaled = True
        log.info("database back: %d delayed write(s) done", len(waiting))
        return True

    def _write(self, entry: j.Entry) -> None:
        if self.pending:  # keep the order: after the writes already waiting
            self._wait(entry)
            return
        if not self._try(entry):
            self._wait(entry)
            self._retry_later()

    def _wait(self, entry: j.Entry) -> None:
        """Keep a write for later, in memory and in the journal."""
        self.pending.append(entry)
        if self.journal is None:
            return
        try:
            self.journal.add([entry])
        except OSError:
            self.journaled = False
            log.error("cannot keep %s in the journal %s", j.describe(entry), self.journal.path)

    def _retry_later(self) -> None:
        if not self.retrying:
            self.retrying = True
            self.after(RETRY_SECONDS, RetryPending())

    def _try(self, entry: j.Entry) -> bool:
        """True when done (or refused for good); False when the database is unavailable."""
        try:
            j.perform(self.store, entry)
        except Unavailable:
            log.warning(
                "%s waits for the database (retry every %gs)",
                j.describe(entry),
                RETRY_SECONDS,
                exc_info=not self.outage,  # one traceback per outage, not one per retry
            )
            self.outage = True
            return False
        except Exception:
            log.exception("database refused %r; not retried", entry)
        return True
