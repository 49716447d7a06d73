"""The values inside server frames: a player, a lobby, a duel, a tournament, a party."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Annotated, Any, Literal, TypeVar

from models.duel import Duel, Row
from models.rules import MAX_TURNS
from protocol.constraints import Range
from protocol.wire import (
    Id,
    Marks,
    Ms,
    Outcome,
    Pair,
    Wire,
    maybe_pid,
    ms,
    pid,
    pids,
    remaining_ms,
    value,
)

LobbyStatus = Literal["waiting", "playing", "finished"]


@value
class PlayerView(Wire):
    id: Id
    nickname: str
    tag: str
    rating: int
    bot: bool

    @classmethod
    def of(cls, player: Any) -> PlayerView:
        """From anything with id, nickname, tag, rating and is_bot (an actors' Player, a
        store's PlayerInfo)."""
        return cls(player.id, player.nickname, player.tag, player.rating, player.is_bot)


@value
class SeatView(PlayerView):
    connected: bool


@value
class LobbyView(Wire):
    id: Id
    language: str
    status: LobbyStatus
    capacity: int
    average: float
    bot_fill_at: Ms | None
    party: Id | None
    seats: list[SeatView]


@value
class RowView(Wire):
    index: int
    player: Id
    letters: list[str] | None
    marks: Marks | None
    skipped: bool

    @classmethod
    def of(cls, row: Row, index: int) -> RowView:
        letters = list(row.letters) if row.letters else None
        return cls(index, pid(row.player), letters, row.marks, row.skipped)


@value
class DuelView(Wire):
    """Everything needed to draw a duel. The secret is None until the duel is over."""

    id: Id
    round: int
    players: Pair
    length: int
    starter: Id
    rows: list[RowView]
    to_move: Id | None
    deadline: Ms | None
    remaining_ms: int | None
    max_turns: int
    turn_ms: int
    outcome: Outcome | None
    winner: Id | None
    secret: str | None
    secret_letters: list[str] | None

    @classmethod
    def of(cls, duel_id: int, round_: int, duel: Duel, now: float) -> DuelView:
        over = duel.over
        return cls(
            id=duel_id,
            round=round_,
            players=pids(duel.players),
            length=duel.length,
            starter=pid(duel.starter),
            rows=[RowView.of(r, i) for i, r in enumerate(duel.rows)],
            to_move=maybe_pid(duel.to_move),
            deadline=ms(duel.deadline),
            remaining_ms=remaining_ms(duel.deadline, now),
            max_turns=duel.max_turns,
            turn_ms=ms(duel.turn_seconds),
            outcome=duel.outcome.value if duel.outcome else None,
            winner=maybe_pid(duel.winner),
            secret=duel.shown_word if over else None,
            secret_letters=duel.shown_letters if over else None,
        )


def best_greens(duel: Duel) -> int:
    """The most green letters in one row of the duel so far (0 before any scored row)."""
    return max((r.marks.count("g") for r in duel.rows if r.marks), default=0)


@value
class StandingView(Wire):
    player: Id
    lives: int
    out: bool
    left: bool
    place: int | None
    rating_change: int | None
    connected: bool
    gone_at: Ms | None


@value
class DuelSummaryView(Wire):
    """A duel of the round in the standings, with its progress as `duel_progress` gives it
    (rows played, the most greens in one row, whose turn it is): no letters, no secret."""

    id: Id
    players: list[int]
    length: int
    over: bool
    outcome: Outcome | None
    winner: Id | None
    rows: int
    greens: int
    to_move: Id | None
    max_turns: int


@value
class RecapView(Wire):
    """How one pair of the round just played was settled. `duel` and `secret` are None when
    the pair never played (someone left before the duel began)."""

    players: Pair
    duel: Id | None
    outcome: Outcome
    winner: Id | None
    secret: str | None
    rows: int


@value
class TournamentView(Wire):
    id: Id | None
    round: int
    phase: Literal["intro", "playing", "between", "finished"]
    intro_ends_at: Ms | None
    intro_remaining_ms: int | None
    pairs: list[list[int]]
    bye: Id | None
    standings: list[StandingView]
    duels: list[DuelSummaryView]
    recap: list[RecapView]  # the last finished round


@value
class PartyMemberView(PlayerView):
    leader: bool
    online: bool
    in_tournament: bool


@value
class PartyView(Wire):
    id: Id
    language: str
    leader: Id
    you: Id
    members: list[PartyMemberView]
    max: int
    invite: str
    invite_path: str
    can_start: bool


@value
class PlaceView(Wire):
    player: Id
    place: int
    rating_change: int


@value
class NextTurn(Wire):
    """The turn a played row hands over, sent inside the row's frame (a `turn` frame's fields
    but the duel's): one frame per guess instead of two."""

    player: Id
    turn: Annotated[int, Range(1, MAX_TURNS)]
    turn_ms: int
    deadline: Ms
    remaining_ms: int


K = TypeVar("K", bound=Hashable)


def lives_map(lives: Mapping[K, int]) -> dict[str, int]:
    """Lives by player id as a JSON object (its keys are strings)."""
    return {str(p): n for p, n in lives.items()}
