"""What is kept of a tournament as it is played: one shape from the game to the database row.

Three results: a finished duel (`PlayedDuel`), a fixed placement (`FixedPlacement`) and a
tournament's end (`TournamentClosed`). The tournament makes them from its own state, checked
once here; the recorder hands them on as they are; the journal alone turns them into JSON and
back (models/store/journal.py); the store writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from models.duel import Duel
from models.rules import Mark
from models.tournament import PlacementFixed

RESULTS = frozenset({"win", "draw", "forfeit", "void"})
CLOSED_STATUSES = frozenset({"finished", "aborted", "abandoned"})
_MARKS = frozenset(m.value for m in Mark)


@dataclass(frozen=True)
class PlayedTurn:
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
    rows: tuple[PlayedTurn, ...]
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
        cls, tournament_id: int, round: int, duel: Duel, result: str | None = None
    ) -> PlayedDuel:
        """The record of `duel` as it stands; `result` overrides its outcome (void)."""
        a, b = duel.players
        return cls(
            tournament_id=tournament_id,
            round=round,
            players=(_player_id(a), _player_id(b)),
            secret=duel.secret_word,
            length=duel.length,
            starter=_player_id(duel.starter),
            result=result or (duel.outcome.value if duel.outcome else "void"),
            winner=None if result == "void" or duel.winner is None else _player_id(duel.winner),
            rows=tuple(PlayedTurn(_player_id(r.player), r.word, r.marks, r.at) for r in duel.rows),
            started_at=duel.started_at,
            ended_at=duel.ended_at if duel.ended_at is not None else duel.started_at,
        )


@dataclass(frozen=True)
class FixedPlacement:
    """A player's final place in a tournament and the rating change it brings."""

    tournament_id: int
    player: int
    place: int
    elimination_round: int  # the round the player went out (the last round, for the winner)
    left: bool
    rating_change: int

    @classmethod
    def of(cls, tournament_id: int, fixed: PlacementFixed) -> FixedPlacement:
        """The record of a tournament's `PlacementFixed` event."""
        return cls(
            tournament_id=tournament_id,
            player=_player_id(fixed.player),
            place=fixed.place,
            elimination_round=fixed.round,
            left=fixed.left,
            rating_change=fixed.rating_change,
        )


@dataclass(frozen=True)
class TournamentClosed:
    """A tournament's end: finished (played out), aborted or abandoned (only bots were left)."""

    tournament_id: int
    status: str = "finished"

    def __post_init__(self) -> None:
        if self.status not in CLOSED_STATUSES:
            raise ValueError(f"status must be one of {sorted(CLOSED_STATUSES)}")


GameResult = PlayedDuel | FixedPlacement | TournamentClosed
"""Everything the recorder writes: each is idempotent in the store."""


def describe(result: GameResult) -> str:
    """One line naming a result (for logs; a duel's secret is not repeated)."""
    match result:
        case PlayedDuel():
            return f"duel of {result.players} in tournament {result.tournament_id}"
        case FixedPlacement():
            return (
                f"place {result.place} of player {result.player} in tournament "
                f"{result.tournament_id} (rating change {result.rating_change:+d})"
            )
        case TournamentClosed():
            return f"end of tournament {result.tournament_id} ({result.status})"
        case _:
            assert_never(result)


def _player_id(player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"a recorded player is a player id, not {player!r}")
    return player
