"""The one writer to the database.

SQLite blocks the whole gevent hub while it writes, and concurrent writers only fight over its
lock, so every game write goes through this actor, one short transaction at a time. Reads
(REST routes) go straight to the store. A failed write is retried a few times and then logged
with everything needed to replay it; it never takes a game down.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import gevent

from actors.clock import Clock
from actors.runtime import Actor, ActorRef
from models.duel import Duel

log = logging.getLogger("wordle.recorder")

RETRY_DELAYS = (0.05, 0.5, 2.0)


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

    def on_StartTournament(self, msg: StartTournament) -> tuple[int, dict[int, int]]:
        return self._write("start_tournament", msg.language, list(msg.seats))

    def on_RecordDuel(self, msg: RecordDuel) -> int:
        return self._write(
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

    def on_ApplyPlacement(self, msg: ApplyPlacement) -> bool:
        return self._write(
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

    def _write(self, name: str, *args: Any) -> Any:
        fn = getattr(self.store, name)
        for attempt, delay in enumerate((*RETRY_DELAYS, None)):
            try:
                return fn(*args)
            except Exception:
                if delay is None:
                    log.exception("giving up on %s%r after %d attempts", name, args, attempt + 1)
                    raise
                log.warning("%s failed (attempt %d); retrying", name, attempt + 1, exc_info=True)
                gevent.sleep(delay)
