"""Every message the server sends, each defined once: a frozen dataclass that writes itself.

Each class is named after its wire `type` (`round_intro` is `RoundIntroFrame`). The field
types (with the constraints in `Annotated`) are the protocol: web/protocol_schemas.py derives
the marshmallow schemas from these classes, and the tests check every frame a game sends, and
every example in protocol/PROTOCOL.md, against them. What a client sends is protocol/client.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, cast

from models.duel import Duel, Row
from models.rules import MAX_TURNS, SEATS, START_LIVES, WORD_LENGTHS
from models.tournament import (
    LifeLost,
    PlacementFixed,
    PlayerEliminated,
    RoundEnded,
    RoundIntro,
    TournamentEnded,
)
from protocol.codes import PROTOCOL_VERSION
from protocol.constraints import OneOf, Range
from protocol.texts import text
from protocol.views import (
    DuelView,
    LobbyView,
    NextTurn,
    PartyView,
    PlaceView,
    PlayerView,
    RecapView,
    TournamentView,
    lives_map,
)
from protocol.wire import (
    Code,
    Frame,
    Id,
    Lives,
    Marks,
    Ms,
    Outcome,
    Pair,
    frame,
    maybe_pid,
    ms,
    pid,
    pids,
    remaining_ms,
    running,
    value,
)

# --- connection -------------------------------------------------------------------------------


@frame("welcome")
@value
class WelcomeFrame(Frame):
    v: Annotated[int, OneOf((PROTOCOL_VERSION,))]
    you: PlayerView
    server_time: Ms


@frame("home")
@value
class HomeFrame(Frame):
    party: PartyView | None


@frame("party")
@value
class PartyFrame(Frame):
    party: PartyView | None


@frame("error")
@value
class ErrorFrame(Frame):
    code: Code
    message: str

    @classmethod
    def of(cls, code: str, **values: Any) -> ErrorFrame:
        return cls(code, text(code, **values))


@frame("pong")
@value
class PongFrame(Frame):
    t: float | None
    server_time: Ms


@frame("replaced")
@value
class ReplacedFrame(Frame):
    code: str
    message: str


@frame("renamed")
@value
class RenamedFrame(Frame):
    """A moderator replaced the player's nickname (scripts/admin.py rename)."""

    nickname: str
    tag: str
    message: str

    @classmethod
    def of(cls, nickname: str, tag: str) -> RenamedFrame:
        return cls(nickname, tag, text("renamed", nickname=nickname))


# --- lobby ------------------------------------------------------------------------------------


@frame("lobby")
@value
class LobbyFrame(Frame):
    lobby: LobbyView


LeftReason = Literal["left", "left_lobby", "grace_expired"]
AbortCode = Literal[
    "tournament_aborted", "tournament_stopped", "tournament_abandoned", "tournament_not_started"
]


@frame("left")
@value
class LeftFrame(Frame):
    reason: LeftReason
    message: str

    @classmethod
    def of(cls, reason: str) -> LeftFrame:
        return cls(cast(LeftReason, reason), text(reason))


@frame("player_status")
@value
class PlayerStatusFrame(Frame):
    player: Id
    connected: bool
    gone_at: Ms | None


@frame("snapshot")
@value
class SnapshotFrame(Frame):
    you: Id
    lobby: LobbyView
    tournament: TournamentView | None
    duel: DuelView | None
    watching: DuelView | None


# --- tournament -------------------------------------------------------------------------------


@frame("tournament_started")
@value
class TournamentStartedFrame(Frame):
    tournament: Id | None
    lobby: LobbyView
    lives: Lives


@frame("round_intro")
@value
class RoundIntroFrame(Frame):
    round: int
    pairs: list[Pair]
    bye: Id | None
    lives: Lives
    ends_at: Ms
    remaining_ms: int
    recap: list[RecapView]  # the round just played (empty before the first)

    @classmethod
    def of(
        cls, e: RoundIntro, ends_at: float, now: float, recap: list[RecapView]
    ) -> RoundIntroFrame:
        return cls(
            e.round,
            [pids(p) for p in e.pairs],
            maybe_pid(e.bye),
            lives_map(e.lives),
            ms(ends_at),
            remaining_ms(ends_at, now),
            recap,
        )


@frame("lives")
@value
class LivesFrame(Frame):
    player: Id
    lives: Annotated[int, Range(0, START_LIVES)]


@frame("eliminated")
@value
class EliminatedFrame(Frame):
    player: Id
    round: int
    left: bool
    place: None  # pending until the round ends


@frame("round_ended")
@value
class RoundEndedFrame(Frame):
    round: int


@frame("placement")
@value
class PlacementFrame(Frame):
    player: Id
    place: Annotated[int, Range(1, SEATS)]
    round: int
    left: bool
    rating_before: int
    rating_change: int
    rating_after: int


def tournament_event(e: LifeLost | PlayerEliminated | RoundEnded | PlacementFixed) -> Frame:
    """The frame everyone in the tournament gets for one of its events."""
    if isinstance(e, LifeLost):
        return LivesFrame(pid(e.player), e.lives)
    if isinstance(e, PlayerEliminated):
        return EliminatedFrame(pid(e.player), e.round, e.left, None)
    if isinstance(e, RoundEnded):
        return RoundEndedFrame(e.round)
    return PlacementFrame(
        pid(e.player),
        e.place,
        e.round,
        e.left,
        e.rating_before,
        e.rating_change,
        e.rating_before + e.rating_change,
    )


@frame("tournament_ended")
@value
class TournamentEndedFrame(Frame):
    tournament: Id | None
    winner: Id | None
    places: list[PlaceView]

    @classmethod
    def of(
        cls,
        tournament_id: int | None,
        e: TournamentEnded,
        changes: Mapping[int, int],
        seats: Sequence[int],
    ) -> TournamentEndedFrame:
        got = {pid(p): place for p, place in e.places.items()}
        order = sorted(got, key=lambda p: (got[p], seats.index(p)))
        places = [PlaceView(p, got[p], changes[p]) for p in order]
        return cls(tournament_id, maybe_pid(e.winner), places)


@frame("tournament_aborted")
@value
class TournamentAbortedFrame(Frame):
    tournament: Id | None
    code: AbortCode
    message: str


# --- duels ------------------------------------------------------------------------------------


@frame("duel_started")
@value
class DuelStartedFrame(Frame):
    duel: Id
    round: int
    players: Pair
    length: Annotated[int, OneOf(WORD_LENGTHS)]
    starter: Id
    max_turns: int
    turn_ms: int
    deadline: Ms
    remaining_ms: int

    @classmethod
    def of(cls, duel_id: int, round_: int, duel: Duel, now: float) -> DuelStartedFrame:
        return cls(
            duel_id,
            round_,
            pids(duel.players),
            duel.length,
            pid(duel.starter),
            duel.max_turns,
            ms(duel.turn_seconds),
            ms(running(duel.deadline)),
            remaining_ms(running(duel.deadline), now),
        )


@frame("turn")
@value
class TurnFrame(Frame):
    duel: Id
    player: Id
    turn: Annotated[int, Range(1, MAX_TURNS)]
    turn_ms: int
    deadline: Ms
    remaining_ms: int


@frame("guess_scored")
@value
class GuessScoredFrame(Frame):
    duel: Id
    index: int
    player: Id
    letters: list[str]
    marks: Marks
    skipped: Literal[False]
    next: NextTurn | None  # None: the duel is over (`duel_ended` follows)


@frame("turn_skipped")
@value
class TurnSkippedFrame(Frame):
    duel: Id
    index: int
    player: Id
    next: NextTurn | None


def row_played(
    duel_id: int, row: Row, index: int, next_turn: NextTurn | None = None
) -> GuessScoredFrame | TurnSkippedFrame:
    if row.skipped or row.letters is None or row.marks is None:
        return TurnSkippedFrame(duel_id, index, pid(row.player), next_turn)
    return GuessScoredFrame(
        duel_id, index, pid(row.player), list(row.letters), row.marks, False, next_turn
    )


@frame("duel_progress")
@value
class DuelProgressFrame(Frame):  # for those who wait (models/lobby/run.py); no letters
    duel: Id
    rows: Annotated[int, Range(0, 2 * MAX_TURNS)]
    greens: int
    to_move: Id | None


@frame("guess_rejected")
@value
class GuessRejectedFrame(Frame):
    duel: Id
    word: str
    reason: Code
    message: str


@frame("duel_ended")
@value
class DuelEndedFrame(Frame):
    duel: Id
    outcome: Outcome
    winner: Id | None
    loser: Id | None
    secret: str
    secret_letters: list[str]

    @classmethod
    def of(cls, duel_id: int, duel: Duel, outcome: str | None = None) -> DuelEndedFrame:
        """The end of `duel`, with the secret; `outcome` overrides the duel's own (void)."""
        if outcome is None:
            assert duel.outcome is not None, "the duel is over"
            outcome = duel.outcome.value
        winner = maybe_pid(duel.winner) if outcome != "void" else None
        loser = maybe_pid(duel.loser) if outcome != "void" else None
        return cls(
            duel_id, cast(Outcome, outcome), winner, loser, duel.shown_word, duel.shown_letters
        )


@frame("duel_view")
@value
class DuelViewFrame(Frame):
    duel: DuelView | None
