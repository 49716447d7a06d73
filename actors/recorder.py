"""The one writer to the database.

SQLite blocks the whole gevent hub while it writes, and concurrent writers only fight over its
lock, so every game write goes through this actor, one short transaction at a time. Reads
(REST routes) go straight to the store.

A result must never be lost to a database outage: when the store reports the database
`Unavailable`, the write waits in order with every later write, and they are all retried every
few seconds until the database is back (applying a placement is idempotent, so a retry after
an unclear failure cannot count twice). A write the store refuses as wrong (a bug, not an
outage) is logged with everything needed to replay it and dropped, so it cannot block the rest.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from actors.clock import Clock
from actors.runtime import Actor, ActorRef
from models.records import PlayedDuel
from models.store import GameStore, Unavailable
from models.tournament import PlacementFixed

log = logging.getLogger("wordle.recorder")

RETRY_SECONDS = 3.0


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


Write = RecordDuel | RecordPlacement | FinishTournament


@dataclass(frozen=True)
class RetryPending:
    pass


class Recorder(Actor):
    resilient = True

    def __init__(
        self, store: GameStore, clock: Clock | None = None, supervisor: ActorRef | None = None
    ) -> None:
        super().__init__(clock, supervisor)
        self.store = store
        self.pending: list[Write] = []  # writes waiting for the database, in order
        self.outage = False

    def on_StartTournament(self, msg: StartTournament) -> tuple[int, dict[int, int]]:
        """Asked by a lobby; if the database is down the lobby hears it and aborts cleanly."""
        return self.store.start_tournament(msg.language, list(msg.seats))

    def on_RecordDuel(self, msg: RecordDuel) -> None:
        self._write(msg)

    def on_RecordPlacement(self, msg: RecordPlacement) -> None:
        self._write(msg)

    def on_FinishTournament(self, msg: FinishTournament) -> None:
        self._write(msg)

    def on_RetryPending(self, _msg: RetryPending) -> None:
        waiting, self.pending = self.pending, []
        for i, write in enumerate(waiting):
            if not self._try(write):
                self.pending = waiting[i:] + self.pending
                self.after(RETRY_SECONDS, RetryPending())
                return
        self.outage = False
        log.info("database back: %d delayed write(s) done", len(waiting))

    def _write(self, write: Write) -> None:
        if self.pending:  # keep the order: after the writes already waiting
            self.pending.append(write)
            return
        if not self._try(write):
            self.pending.append(write)
            self.after(RETRY_SECONDS, RetryPending())

    def _try(self, write: Write) -> bool:
        """True when done (or refused for good); False when the database is unavailable."""
        try:
            self._perform(write)
        except Unavailable:
            log.warning(
                "%s waits for the database (retry every %gs)",
                type(write).__name__,
                RETRY_SECONDS,
                exc_info=not self.outage,  # one traceback per outage, not one per retry
            )
            self.outage = True
            return False
        except Exception:
            log.exception("database refused %r; not retried", write)
        return True

    def _perform(self, write: Write) -> None:
        match write:
            case RecordDuel(played):
                self.store.record_duel(played)
            case RecordPlacement(tournament_id, p):
                self.store.apply_placement(
                    tournament_id, p.player, p.place, p.round, p.left, p.rating_change
                )
            case FinishTournament(tournament_id, status):
                self.store.finish_tournament(tournament_id, status)
