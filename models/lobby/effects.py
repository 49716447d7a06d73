"""What a lobby's step asks the world to do: a small closed set of values.

The lobby actor (actors/lobby.py) applies them in order and does nothing else: frames go to
connections (one socket write per connection per message, actors/outbox.py), the matchmaker,
the recorder, duel actors and the bot launcher are told, timers are armed. `C` is a
connection (see models/lobby/inputs.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from models.duel import Duel
from models.lobby.inputs import (
    BeginTournament,
    FillWithBots,
    GraceOver,
    IntroOver,
    NextRound,
    SeatsView,
    ShowNames,
)
from models.results import GameResult
from protocol.wire import Frame

C = TypeVar("C")

Timed = GraceOver | FillWithBots | ShowNames | IntroOver | NextRound  # what a timer brings back


# --- connections --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Send(Generic[C]):
    """Write `frame` once and send the same text to each of `to`, in order with the rest."""

    frame: Frame
    to: tuple[C, ...]


@dataclass(frozen=True, slots=True)
class Attach(Generic[C]):
    """The connection's player is in this lobby now: its commands come here."""

    conn: C


@dataclass(frozen=True, slots=True)
class Detach(Generic[C]):
    """The connection's player is in no lobby any more; `home`: it shows the home screen."""

    conn: C
    home: bool


# --- the matchmaker -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to the `Seat` being asked: the new seats, or None (refused)."""

    seats: SeatsView | None


@dataclass(frozen=True, slots=True)
class SeatsChanged:
    seats: SeatsView


@dataclass(frozen=True, slots=True)
class Released:
    """These players left the lobby; `reason` is told to one who was away when it happened;
    `unplaced` left before their place was fixed (they wait for `Settled`)."""

    player_ids: tuple[int, ...]
    reason: str | None
    unplaced: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settled:
    """A player who had left has their place now: they may play again."""

    player_id: int


# --- duels --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartDuel:
    """Start a duel actor for `duel` (just begun: its first turn's clock starts with it)."""

    duel_id: int
    duel: Duel


@dataclass(frozen=True, slots=True)
class PassGuess:
    duel_id: int
    player_id: int
    word: str


@dataclass(frozen=True, slots=True)
class StopDuel:
    """The duel is over or no longer counts: stop its actor (if it still runs)."""

    duel_id: int


# --- the recorder -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenTournament:
    """Ask the recorder to start the tournament (the actor waits a while for it); its answer
    comes back as `TournamentOpened` or `TournamentNotOpened`. Always the last effect."""

    language: str
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Save:
    """A result for the recorder, as the store keeps it: a played duel, a fixed placement or
    the tournament's end (models/results.py, the one result type from here to the database)."""

    result: GameResult


# --- the lobby itself ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class After:
    """Bring `message` back after `delay` seconds; a new timer of the same `key` replaces
    the old one (None: never replaced)."""

    delay: float
    message: Timed
    key: str | None = None


@dataclass(frozen=True, slots=True)
class Cancel:
    key: str


@dataclass(frozen=True, slots=True)
class Then:
    """Bring `message` back after what is already in the mailbox."""

    message: BeginTournament


@dataclass(frozen=True, slots=True)
class WantBots:
    count: int
    average: float
    addresses: tuple[str, ...] = ()  # of the lobby's people: their bots count against these


@dataclass(frozen=True, slots=True)
class Log:
    level: int  # a logging level
    text: str


@dataclass(frozen=True, slots=True)
class Stop:
    """The lobby is done: it stops after these effects."""


Effect = (
    Send[C]
    | Attach[C]
    | Detach[C]
    | Answer
    | SeatsChanged
    | Released
    | Settled
    | StartDuel
    | PassGuess
    | StopDuel
    | OpenTournament
    | Save
    | After
    | Cancel
    | Then
    | WantBots
    | Log
    | Stop
)
