"""What is kept of a finished duel: one shape, from the duel's last state to the database row.

A `PlayedDuel` is made from the immutable `Duel` by the tournament that ran it, checked once
here, handed to the recorder, and written by the store as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.duel import Duel
from models.rules import Mark

RESULTS = frozenset({"win", "draw", "forfeit", "void"})
_MARKS = frozenset(m.value for m in Mark)


@dataclass(frozen=True)
class PlayedRow:
    """A played turn: a scored guess, or a skip (word and marks None); `at` in unix seconds."""

    player: int
    word: str | None
    marks: str | None
    at: float


@dataclass(frozen=True)
class PlayedDuel:
    tournament_id: int
    round: int
    players: tuple[int, int]
    secret: str
    length: int
    starter: int
    result: str  # win, draw, forfeit or void
    winner: int | None
    rows: tuple[PlayedRow, ...]
    started_at: float
    ended_at: float

    def __post_init__(self) -> None:
        a, b = self.players
        if a == b:
            raise ValueError("a duel has two different players")
        if self.starter not in self.players:
            raise ValueError("the starter must be a player of the duel")
        if self.winner is not None and self.winner not in self.players:
            raise ValueError("the winner must be a player of the duel")
        if self.result not in RESULTS:
            raise ValueError(f"result must be one of {sorted(RESULTS)}")
        if (self.result == "win") != (self.winner is not None) and self.result != "forfeit":
            raise ValueError("a win has a winner; a draw or a void duel has none")
        if self.round < 1 or not 1 <= len(self.secret) <= 64:
            raise ValueError("a duel has a round from 1 and a secret word")
        for i, row in enumerate(self.rows):
            if row.player not in self.players:
                raise ValueError(f"row {i}: player {row.player!r} is not in the duel")
            if (row.word is None) != (row.marks is None):
                raise ValueError(f"row {i}: a skip has neither word nor marks, a guess has both")
            if row.marks is not None and (
                len(row.marks) != self.length or not set(row.marks) <= _MARKS
            ):
                raise ValueError(f"row {i}: marks must be {self.length} mark letters")

    @classmethod
    def of(
        cls, tournament_id: int, round_: int, duel: Duel, result: str | None = None
    ) -> PlayedDuel:
        """The record of `duel` as it stands; `result` overrides its outcome (void)."""
        return cls(
            tournament_id=tournament_id,
            round=round_,
            players=tuple(duel.players),
            secret=duel.secret_word,
            length=duel.length,
            starter=duel.starter,
            result=result or (duel.outcome.value if duel.outcome else "void"),
            winner=None if result == "void" else duel.winner,
            rows=tuple(PlayedRow(r.player, r.word, r.marks, r.at) for r in duel.rows),
            started_at=duel.started_at,
            ended_at=duel.ended_at if duel.ended_at is not None else duel.started_at,
        )
