"""Every message the server sends, each defined once: a frozen dataclass that writes itself.

A frame is built from domain values (a `Duel`, a tournament event) where it is sent, written
to JSON once and the same text goes to every recipient. The field types (with the constraints
in `Annotated`) are the protocol: web/protocol.py derives the marshmallow schemas from these
classes, and the tests check every frame a game sends, and every example in web/PROTOCOL.md,
against them. Times are server wall-clock milliseconds, each sent with the milliseconds left
when the frame was built.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Annotated, Any, ClassVar, Literal

from actors.constraints import Length, OneOf, Pattern, Range
from models.duel import Duel, Row
from models.rules import MARKS_PATTERN, MAX_TURNS, SEATS, START_LIVES, WORD_LENGTHS
from models.tournament import (
    LifeLost,
    PlacementFixed,
    PlayerEliminated,
    RoundEnded,
    RoundIntro,
    TournamentEnded,
)

PROTOCOL_VERSION = 1

# Every human-readable text the server sends, by code. Clients show their own translation of
# the code when they have one; these English texts are the fallback.
TEXTS: dict[str, str] = {
    # guesses
    "duel_over": "This duel is over.",
    "not_in_duel": "You are not playing in this duel.",
    "not_your_turn": "It is not your turn.",
    "wrong_length": "The word must have {length} letters.",
    "not_letters": "Use only the letters of this language.",
    "not_a_word": "Not in the word list.",
    "no_duel": "You have no duel running.",
    # frames
    "bad_json": "The frame is not valid JSON.",
    "bad_message": "The message is not valid: {details}",
    "unknown_type": "Unknown message type.",
    "too_large": "The frame is too large (limit {limit} bytes).",
    "rate_limited": "Too many messages; slow down.",
    "binary_frame": "Send JSON text frames, not binary ones.",
    "unsupported_version": "This server speaks protocol version {version}; reload the page.",
    "unauthorized": "Sign in first (POST /api/session).",
    # lobbies and tournaments
    "unknown_language": "Unknown language.",
    "already_playing": "You are already in a lobby or a tournament.",
    "placement_pending": "Your place in the tournament you left is fixed when its round ends; "
    "then you can play again.",
    "not_in_lobby": "You are not in a lobby.",
    "in_party": "Your party's leader starts the game for the whole party.",
    "shutting_down": "The server is restarting; no new games for now.",
    "no_such_duel": "There is no such live duel.",
    "cannot_spectate": "You can watch other duels when your own is not running.",
    "replaced": "You opened the game somewhere else; this window is disconnected.",
    "grace_expired": "You were away too long and have left the tournament.",
    "left": "You left the tournament.",
    "left_lobby": "You left the lobby.",
    "duel_void": "This duel was cancelled by a server error; nobody loses a life.",
    "tournament_aborted": "The tournament was stopped by a server error. "
    "Places already fixed keep their rating changes; nobody else's rating changes.",
    "tournament_stopped": "The server is restarting and stopped this tournament. "
    "Places already fixed keep their rating changes; nobody else's rating changes.",
    "tournament_abandoned": "Every person has left, so the tournament stopped. "
    "Places already fixed keep their rating changes; the bots get none.",
    "tournament_not_started": "The tournament could not start: the server is too busy or "
    "cannot reach its database. Nothing was recorded; play again in a moment.",
    "slow_consumer": "Your connection is too slow to keep up.",
}


def text(code: str, **values: Any) -> str:
    return TEXTS[code].format(**values)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once, not per frame


def encode(message: Mapping[str, Any]) -> str:
    return _ENCODER.encode(message)


def ms(seconds: float | None) -> int | None:
    return None if seconds is None else int(round(seconds * 1000))


def remaining_ms(deadline: float | None, now: float) -> int | None:
    return None if deadline is None else max(0, int(round((deadline - now) * 1000)))


Id = int
Ms = int  # server wall-clock milliseconds
Marks = Annotated[str, Pattern(MARKS_PATTERN)]
Pair = Annotated[list[int], Length(equal=2)]
Outcome = Literal["win", "draw", "forfeit", "void"]
Code = Annotated[str, OneOf(tuple(sorted(TEXTS)))]
Lives = dict[str, int]  # player id (as a JSON key) -> lives


# --- writing ----------------------------------------------------------------------------------


class Wire:
    """A value sent as JSON: its dataclass fields in order, nested values written too."""

    __slots__ = ()

    def wire(self) -> dict[str, Any]:
        return {name: conv(getattr(self, name)) for name, conv in _plan(type(self))}


class Frame(Wire):
    """A whole server message; `TYPE` is its `type` field."""

    __slots__ = ()
    TYPE: ClassVar[str]

    def wire(self) -> dict[str, Any]:
        out = {"type": self.TYPE}
        out.update(super().wire())
        return out

    def write(self) -> str:
        return encode(self.wire())


def _same(value: Any) -> Any:
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Wire):
        return value.wire()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@functools.cache
def _plan(cls: type) -> list[tuple[str, Callable[[Any], Any]]]:
    """Which fields need converting (nested values, sequences, maps) and which go as they are."""
    hints = typing.get_type_hints(cls)
    scalar = {int, str, bool, float, type(None)}
    plan = []
    for f in fields(cls):
        args = set(typing.get_args(hints[f.name])) or {hints[f.name]}
        plan.append((f.name, _same if args <= scalar else _plain))
    return plan


def _frame(type_: str) -> Callable[[type], type]:
    def register(cls: type) -> type:
        cls.TYPE = type_
        FRAMES[type_] = cls
        return cls

    return register


FRAMES: dict[str, type[Frame]] = {}
value = dataclass(frozen=True, slots=True)


# --- values inside frames ---------------------------------------------------------------------


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
    status: Literal["waiting", "playing", "finished"]
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
        return cls(index, row.player, letters, row.marks, row.skipped)


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
            players=list(duel.players),
            length=duel.length,
            starter=duel.starter,
            rows=[RowView.of(r, i) for i, r in enumerate(duel.rows)],
            to_move=duel.to_move,
            deadline=ms(duel.deadline),
            remaining_ms=remaining_ms(duel.deadline, now),
            max_turns=duel.max_turns,
            turn_ms=ms(duel.turn_seconds),
            outcome=duel.outcome.value if duel.outcome else None,
            winner=duel.winner,
            secret=duel.secret_word if over else None,
            secret_letters=list(duel.secret) if over else None,
        )


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
    id: Id
    players: list[int]
    length: int
    over: bool
    outcome: Outcome | None
    winner: Id | None


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


# --- connection -------------------------------------------------------------------------------


@_frame("welcome")
@value
class Welcome(Frame):
    v: Annotated[int, OneOf((PROTOCOL_VERSION,))]
    you: PlayerView
    server_time: Ms


@_frame("home")
@value
class Home(Frame):
    party: PartyView | None


@_frame("party")
@value
class PartyChanged(Frame):
    party: PartyView | None


@_frame("error")
@value
class Error(Frame):
    code: Code
    message: str

    @classmethod
    def of(cls, code: str, **values: Any) -> Error:
        return cls(code, text(code, **values))


@_frame("pong")
@value
class Pong(Frame):
    t: float | None
    server_time: Ms


@_frame("replaced")
@value
class Replaced(Frame):
    code: str
    message: str


# --- lobby ------------------------------------------------------------------------------------


@_frame("lobby")
@value
class Lobby(Frame):
    lobby: LobbyView


@_frame("left")
@value
class Left(Frame):
    reason: Literal["left", "left_lobby", "grace_expired"]
    message: str

    @classmethod
    def of(cls, reason: str) -> Left:
        return cls(reason, text(reason))


@_frame("player_status")
@value
class PlayerStatus(Frame):
    player: Id
    connected: bool
    gone_at: Ms | None


@_frame("snapshot")
@value
class Snapshot(Frame):
    you: Id
    lobby: LobbyView
    tournament: TournamentView | None
    duel: DuelView | None
    watching: DuelView | None


# --- tournament -------------------------------------------------------------------------------


def lives_map(lives: Mapping[int, int]) -> dict[str, int]:
    return {str(p): n for p, n in lives.items()}


@_frame("tournament_started")
@value
class TournamentStarted(Frame):
    tournament: Id | None
    lobby: LobbyView
    lives: Lives


@_frame("round_intro")
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
            [list(p) for p in e.pairs],
            e.bye,
            lives_map(e.lives),
            ms(ends_at),
            remaining_ms(ends_at, now),
            recap,
        )


@_frame("lives")
@value
class LivesFrame(Frame):
    player: Id
    lives: Annotated[int, Range(0, START_LIVES)]


@_frame("eliminated")
@value
class Eliminated(Frame):
    player: Id
    round: int
    left: bool
    place: None  # pending until the round ends


@_frame("round_ended")
@value
class RoundEndedFrame(Frame):
    round: int


@_frame("placement")
@value
class Placement(Frame):
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
        return LivesFrame(e.player, e.lives)
    if isinstance(e, PlayerEliminated):
        return Eliminated(e.player, e.round, e.left, None)
    if isinstance(e, RoundEnded):
        return RoundEndedFrame(e.round)
    return Placement(
        e.player,
        e.place,
        e.round,
        e.left,
        e.rating_before,
        e.rating_change,
        e.rating_before + e.rating_change,
    )


@_frame("tournament_ended")
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
        order = sorted(e.places, key=lambda p: (e.places[p], seats.index(p)))
        places = [PlaceView(p, e.places[p], changes[p]) for p in order]
        return cls(tournament_id, e.winner, places)


@_frame("tournament_aborted")
@value
class TournamentAborted(Frame):
    tournament: Id | None
    code: Literal[
        "tournament_aborted", "tournament_stopped", "tournament_abandoned", "tournament_not_started"
    ]
    message: str


# --- duels ------------------------------------------------------------------------------------


@_frame("duel_started")
@value
class DuelStarted(Frame):
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
    def of(cls, duel_id: int, round_: int, duel: Duel, now: float) -> DuelStarted:
        return cls(
            duel_id,
            round_,
            list(duel.players),
            duel.length,
            duel.starter,
            duel.max_turns,
            ms(duel.turn_seconds),
            ms(duel.deadline),
            remaining_ms(duel.deadline, now),
        )


@_frame("turn")
@value
class Turn(Frame):
    duel: Id
    player: Id
    turn: Annotated[int, Range(1, MAX_TURNS)]
    turn_ms: int
    deadline: Ms
    remaining_ms: int


@value
class NextTurn(Wire):
    """The turn a played row hands over, sent inside the row's frame (a `turn` frame's fields
    but the duel's): one frame per guess instead of two."""

    player: Id
    turn: Annotated[int, Range(1, MAX_TURNS)]
    turn_ms: int
    deadline: Ms
    remaining_ms: int


@_frame("guess_scored")
@value
class GuessScored(Frame):
    duel: Id
    index: int
    player: Id
    letters: list[str]
    marks: Marks
    skipped: Literal[False]
    next: NextTurn | None  # None: the duel is over (`duel_ended` follows)


@_frame("turn_skipped")
@value
class TurnSkipped(Frame):
    duel: Id
    index: int
    player: Id
    next: NextTurn | None


def row_played(
    duel_id: int, row: Row, index: int, next_turn: NextTurn | None = None
) -> GuessScored | TurnSkipped:
    if row.skipped:
        return TurnSkipped(duel_id, index, row.player, next_turn)
    return GuessScored(duel_id, index, row.player, list(row.letters), row.marks, False, next_turn)


@_frame("guess_rejected")
@value
class GuessRejectedFrame(Frame):
    duel: Id
    word: str
    reason: Code
    message: str


@_frame("duel_ended")
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
            outcome = duel.outcome.value
        winner = duel.winner if outcome != "void" else None
        loser = duel.loser if outcome != "void" else None
        return cls(duel_id, outcome, winner, loser, duel.secret_word, list(duel.secret))


@_frame("duel_view")
@value
class DuelViewFrame(Frame):
    duel: DuelView | None
