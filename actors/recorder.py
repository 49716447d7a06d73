"""The one writer to the database.

SQLite blocks the whole gevent hub while it writes, and concurrent writers only fight over its
lock, so every game write goes through this actor, one short transaction at a time. Reads
(REST routes) go straight to the store.

A result must never be lost to a database outage: when a write fails because the database is
unreachable or busy, it waits in order with every later write, and they are all retried every
few seconds until the database is back (applying a placement is idempotent, so a retry after
an unclear failure cannot count twice). A write the database refuses as wrong (a bug, not an
outage) is logged with everything needed to replay it and dropped, so it cannot block the rest.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from peewee import InterfaceError, OperationalError

from actors.clock import Clock
from actors.runtime import Actor, ActorRef
from models.duel import Duel

log = logging.getLogger("wordle.recorder")

RETRY_SECONDS = 3.0
TRANSIENT = (OperationalError, InterfaceError, ConnectionError, TimeoutError)


@dataclass(frozen=True)
class RetryPending:
    pass


@dataclass(frozen=True)
class StartTournament:
    """Ask: returns (tournament_id, {player_id: rating at the start})."""

    language: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RecordDuel:
    tournament_id: int
    round: int
    players: tuple[int, int]
    secret: str
    length: int
    starter: int
    result: str
    winner: int | None
    rows: tuple[tuple[int, str | None, str | None, float], ...]
    started_at: float
    ended_at: float

    @classmethod
    def of(
        cls, tournament_id: int, round_: int, duel: Duel, result: str | None = None
    ) -> RecordDuel:
        return cls(
            tournament_id=tournament_id,
            round=round_,
            players=tuple(duel.players),
            secret=duel.secret_word,
            length=duel.length,
            starter=duel.starter,
            result=result or (duel.outcome.value if duel.outcome else "void"),
            winner=duel.winner,
            rows=tuple((r.player, r.word, r.marks, r.at) for r in duel.rows),
            started_at=duel.started_at,
            ended_at=duel.ended_at if duel.ended_at is not None else duel.started_at,
        )


@dataclass(frozen=True)
class ApplyPlacement:
    tournament_id: int
    player_id: int
    place: int
    round: int
    left: bool
    rating_change: int


@dataclass(frozen=True)
class FinishTournament:
    tournament_id: int
    status: str = "finished"


class Recorder(Actor):
    resilient = True

    def __init__(self, store: Any, clock: Clock | None = None, supervisor: ActorRef | None = None):
        super().__init__(clock, supervisor)
        self.store = store
        self.pending: list[tuple[str, tuple]] = []  # writes waiting for the database, in order
        self.outage = False

    def on_StartTournament(self, msg: StartTournament) -> tuple[int, dict[int, int]]:
        """Asked by a lobby; if the database is down the lobby hears it and aborts cleanly."""
        return self.store.start_tournament(msg.language, list(msg.seats))

    def on_RecordDuel(self, msg: RecordDuel) -> None:
        self._write(
            "record_duel",
            msg.tournament_id,
            msg.round,
            msg.players,
            msg.secret,
            msg.length,
            msg.starter,
            msg.result,
            msg.winner,
            list(msg.rows),
            msg.started_at,
            msg.ended_at,
        )

    def on_ApplyPlacement(self, msg: ApplyPlacement) -> None:
        self._write(
            "apply_placement",
            msg.tournament_id,
            msg.player_id,
            msg.place,
            msg.round,
            msg.left,
            msg.rating_change,
        )

    def on_FinishTournament(self, msg: FinishTournament) -> None:
        self._write("finish_tournament", msg.tournament_id, msg.status)

    def on_RetryPending(self, _msg: RetryPending) -> None:
        waiting, self.pending = self.pending, []
        for i, (name, args) in enumerate(waiting):
            if not self._try(name, args):
                self.pending = waiting[i:] + self.pending
                self.after(RETRY_SECONDS, RetryPending())
                return
        self.outage = False
        log.info("database back: %d delayed write(s) done", len(waiting))

    def _write(self, name: str, *args: Any) -> None:
        if self.pending:  # keep the order: after the writes already waiting
            self.pending.append((name, args))
            return
        if not self._try(name, args):
            self.pending.append((name, args))
            self.after(RETRY_SECONDS, RetryPending())

    def _try(self, name: str, args: tuple) -> bool:
        """True when done (or refused for good); False when the database is unavailable."""
        try:
            getattr(self.store, name)(*args)
        except TRANSIENT:
            log.warning(
                "%s waits for the database (retry every %gs)",
                name,
                RETRY_SECONDS,
                exc_info=not self.outage,  # one traceback per outage, not one per retry
            )
            self.outage = True
            return False
        except Exception:
            log.exception("database refused %s%r; not retried", name, args)
        return True
