"""What a lobby is told: the inputs of its step function (models/lobby/step.py).

They are the lobby actor's mailbox messages too (actors/messages.py names the union), so a
message reaches the step as it was sent, with no copy. `C` is a connection as the step sees it:
an opaque value it only compares (`is`) and addresses effects to (the actor's `ActorRef`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from models.duel import Duel
from models.duel import Event as DuelEvent
from models.player import Player, PlayerChanged
from protocol.client import LobbyCommand

C = TypeVar("C")


@dataclass(frozen=True)
class SeatsView:
    """A lobby's seats and state for the matchmaker, versioned so that a late report cannot
    undo a newer one (the matchmaker keeps the highest version it has seen)."""

    seated: tuple[int, ...]
    average: float
    open: bool  # still waiting for players
    version: int


@dataclass(frozen=True)
class Seat(Generic[C]):
    """Ask: seat these players (a lone player or a whole party). Answered with the lobby's
    new SeatsView, or None when the lobby refuses (full, started, or out of the window)."""

    players: tuple[Player, ...]
    conns: Mapping[int, C | None] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerConnected(Generic[C]):
    player_id: int
    conn: C


@dataclass(frozen=True)
class PlayerDisconnected(Generic[C]):
    player_id: int
    conn: C


@dataclass(frozen=True)
class PlayerCommand(Generic[C]):
    """A client command for the lobby, from the player's own connection."""

    player_id: int
    conn: C
    command: LobbyCommand


@dataclass(frozen=True)
class Abort:
    """Stop now: waiting lobbies dissolve, a tournament is recorded as aborted. `code` is a
    frames.TEXTS code saying why."""

    code: str


@dataclass(frozen=True)
class DuelChanged:
    """A duel's new state and the rules' events that led to it; `typed` is the word as the
    player typed it, echoed when a guess is refused."""

    duel_id: int
    duel: Duel
    events: tuple[DuelEvent, ...]
    typed: str = ""


@dataclass(frozen=True)
class DuelCrashed:
    """A duel's actor crashed (the lobby actor found which duel from its ref)."""

    duel_id: int


# --- what the lobby tells itself (timers, and the next step of a start) -------------------


@dataclass(frozen=True)
class GraceOver:
    """A player's reconnect grace ran out (`since` says which disconnection it was for)."""

    player_id: int
    since: float


@dataclass(frozen=True)
class ShowNames:
    """Renames held back (at most one lobby frame for them per WT_RENAME_SHOW_SECONDS) are
    shown now: the latest names win."""


@dataclass(frozen=True)
class FillWithBots:
    """The lobby waited long enough: call bots to its empty seats."""


@dataclass(frozen=True)
class BeginTournament:
    """The eighth seat is taken (told after the seat's ask has been answered)."""


@dataclass(frozen=True)
class TournamentOpened:
    """The recorder wrote the start: the tournament's id and each seat's rating at its start
    (None, None: a tournament without a database)."""

    tournament_id: int | None
    ratings: Mapping[int, int] | None


@dataclass(frozen=True)
class TournamentNotOpened:
    """The recorder did not start the tournament (busy, down, or gone): `why` for the log."""

    why: str


@dataclass(frozen=True)
class IntroOver:
    round: int


@dataclass(frozen=True)
class NextRound:
    """The pause after round `after` is over: the next round begins."""

    after: int


Input = (
    Seat[C]
    | PlayerConnected[C]
    | PlayerDisconnected[C]
    | PlayerCommand[C]
    | PlayerChanged
    | Abort
    | DuelChanged
    | DuelCrashed
    | GraceOver
    | FillWithBots
    | ShowNames
    | BeginTournament
    | TournamentOpened
    | TournamentNotOpened
    | IntroOver
    | NextRound
)
