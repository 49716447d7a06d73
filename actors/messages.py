"""Messages between actors: commands in the imperative, events in the past tense.

Every actor's mailbox is a union declared at the end of this module (`ConnectionMsg`,
`LobbyMsg`, ...), and each actor's `receive` is an exhaustive `match` over its union; an
`XRef` is a reference to an actor taking `XMsg`, so telling an actor a message it does not
take is a type error. Messages are small frozen values carrying domain values (a `Player`, an
immutable `Duel`, the rules' events); actor references travel inside them, actor state never
does. Wire frames are made only where they are sent. What clients ask for is in
actors/commands.py. A lobby's messages are the inputs of its pure step and live with it, in
models/lobby/inputs.py; the recorder's are in actors/recorder.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from actors.metrics import Census
from actors.recorder import RecorderMsg
from actors.runtime import ActorRef, ChildFailed, Reply
from models.lobby.inputs import (
    Abort,
    BeginTournament,
    DuelChanged,
    FillWithBots,
    GraceOver,
    IntroOver,
    NextRound,
    PlayerCommand,
    PlayerConnected,
    PlayerDisconnected,
    Seat,
    SeatsView,
    ShowNames,
)
from models.player import Player as Player
from models.player import PlayerChanged as PlayerChanged
from protocol import server as frames
from protocol import views
from protocol.client import Command

# --- connection ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Send:
    """Write an already encoded frame to the socket."""

    text: str


@dataclass(frozen=True, slots=True)
class SendFrames:
    """Write several encoded frames, in order, in one socket write (actors/outbox.py)."""

    texts: tuple[str, ...]


@dataclass(frozen=True)
class SocketClosed:
    pass


@dataclass(frozen=True)
class KeepAlive:
    """The client was quiet for a while: ping it (a websocket ping, answered by the browser)."""


@dataclass(frozen=True)
class AnswerPing:
    """The client pinged (a websocket ping): answer with a pong carrying its payload."""

    payload: bytes


@dataclass(frozen=True)
class EndConnection(Reply[None]):
    """Ask: close the websocket with this close code (the reader gives up on the client)."""

    code: int
    reason: str


@dataclass(frozen=True)
class Superseded:
    """A newer connection of the same player took over."""


@dataclass(frozen=True, slots=True)
class Attach:
    """The connection's player is now in `lobby` (None: nowhere, back home)."""

    lobby: LobbyRef | None


@dataclass(frozen=True)
class ShowHome:
    """Send the 'home' frame (the player is in no lobby)."""


# --- matchmaker (also the directory of who is where) --------------------------------------


@dataclass(frozen=True)
class Connected:
    player: Player
    conn: ConnRef


@dataclass(frozen=True)
class Disconnected:
    player_id: int
    conn: ConnRef


@dataclass(frozen=True)
class Enqueue:
    player: Player
    language: str
    conn: ConnRef
    lobby_hint: int | None = None  # bots filling a given lobby


@dataclass(frozen=True)
class EnqueueParty(Reply[int]):
    """A party's leader started: all members go into one new lobby (ask: returns lobby id,
    or raises ValueError with the refusal's code)."""

    party_id: int
    members: tuple[Player, ...]
    language: str


@dataclass(frozen=True)
class LobbyChanged:
    """A lobby's seats or state changed (told by the lobby; its answer to `Seat` is the same
    `SeatsView`)."""

    lobby_id: int
    seats: SeatsView


@dataclass(frozen=True)
class PlayersReleased:
    """These players are no longer in `lobby_id` (left, or the tournament ended). `reason`
    is told to a player who was away when it happened, when they come back."""

    lobby_id: int
    player_ids: tuple[int, ...]
    reason: str | None = None
    unplaced: tuple[int, ...] = ()  # left before their place was fixed: see PlacementSettled


@dataclass(frozen=True)
class PlacementSettled:
    """A player who had left `lobby_id` before their place was fixed now has it: they may
    play again (their rating at the next start includes this placement's change)."""

    lobby_id: int
    player_id: int


@dataclass(frozen=True)
class Shutdown:
    """No new lobbies from now on; waiting lobbies dissolve, tournaments play on."""


@dataclass(frozen=True)
class StopTournaments:
    """Shutdown's deadline passed: stop the tournaments still running."""


@dataclass(frozen=True)
class CountLobbies(Reply[int]):
    """Ask: how many lobbies are still open or playing."""


@dataclass(frozen=True)
class TakeCensus(Reply[Census]):
    """Ask: players connected and lobbies by language and state (an actors.metrics.Census)."""


# --- duel -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Guess:
    player_id: int
    word: str


@dataclass(frozen=True)
class Forfeit:
    player_id: int


@dataclass(frozen=True)
class Tick:
    """A turn's deadline has come."""


# --- party registry -------------------------------------------------------------------------


@dataclass(frozen=True)
class PresenceChanged:
    """A player's connection or lobby changed (from the matchmaker)."""

    player_id: int
    online: bool
    lobby_id: int | None
    conn: ConnRef | None


@dataclass(frozen=True)
class CreateParty(Reply[views.PartyView]):
    player: Player
    language: str


@dataclass(frozen=True)
class GetParty(Reply[views.PartyView]):
    player_id: int
    party_id: int | None = None  # None: the player's own party


@dataclass(frozen=True)
class JoinParty(Reply[views.PartyView]):
    player: Player
    invite: str


@dataclass(frozen=True)
class InviteInfo(Reply[dict[str, Any] | None]):
    """Ask: the party an invite token opens, as {id, language, size, leader}, or None."""

    invite: str


@dataclass(frozen=True)
class LeaveParty(Reply[None]):
    player_id: int


@dataclass(frozen=True)
class RemoveMember(Reply[views.PartyView]):
    by: int
    player_id: int


@dataclass(frozen=True)
class HandOver(Reply[views.PartyView]):
    by: int
    player_id: int


@dataclass(frozen=True)
class RenewInvite(Reply[views.PartyView]):
    by: int


@dataclass(frozen=True)
class SetLanguage(Reply[views.PartyView]):
    by: int
    language: str


@dataclass(frozen=True)
class StartParty(Reply[dict[str, Any]]):
    by: int


@dataclass(frozen=True)
class HomeOf(Reply[frames.HomeFrame]):
    """Ask: the `home` frame for a player (with their party's view)."""

    player_id: int


@dataclass(frozen=True)
class InParty(Reply[bool]):
    """Ask: is the player in a party?"""

    player_id: int


# --- bots and chaos -------------------------------------------------------------------------


@dataclass(frozen=True)
class BotsWanted:
    lobby_id: int
    language: str
    count: int
    average: float
    addresses: tuple[str, ...] = ()  # the lobby's people's (web/limits.py address_key)


@dataclass(frozen=True)
class BotDone:
    bot_id: int


@dataclass(frozen=True)
class CrashOne:
    """Time for the chaos injector to crash a random game actor."""


# --- mailboxes ------------------------------------------------------------------------------

ConnectionMsg: TypeAlias = (
    Send
    | SendFrames
    | Command
    | Attach
    | ShowHome
    | PlayerChanged
    | SocketClosed
    | KeepAlive
    | AnswerPing
    | EndConnection
    | Superseded
)
MatchmakerMsg: TypeAlias = (
    Connected
    | Disconnected
    | Enqueue
    | EnqueueParty
    | LobbyChanged
    | PlayersReleased
    | PlacementSettled
    | PlayerChanged
    | Shutdown
    | StopTournaments
    | CountLobbies
    | TakeCensus
    | ChildFailed
)
LobbyMsg: TypeAlias = (
    PlayerCommand["ConnRef"]
    | DuelChanged
    | Seat["ConnRef"]
    | PlayerConnected["ConnRef"]
    | PlayerDisconnected["ConnRef"]
    | PlayerChanged
    | GraceOver
    | FillWithBots
    | ShowNames
    | BeginTournament
    | IntroOver
    | NextRound
    | Abort
    | ChildFailed  # a duel crashed
)
DuelMsg: TypeAlias = Guess | Forfeit | Tick
PartyMsg: TypeAlias = (
    PresenceChanged
    | CreateParty
    | GetParty
    | JoinParty
    | InviteInfo
    | LeaveParty
    | RemoveMember
    | HandOver
    | RenewInvite
    | SetLanguage
    | StartParty
    | HomeOf
    | InParty
)
BotsMsg: TypeAlias = BotsWanted | BotDone
ChaosMsg: TypeAlias = CrashOne

ConnRef: TypeAlias = ActorRef[ConnectionMsg]
LobbyRef: TypeAlias = ActorRef[LobbyMsg]
MatchmakerRef: TypeAlias = ActorRef[MatchmakerMsg]
DuelRef: TypeAlias = ActorRef[DuelMsg]
PartyRef: TypeAlias = ActorRef[PartyMsg]
BotsRef: TypeAlias = ActorRef[BotsMsg]
SupervisorRef: TypeAlias = ActorRef[ChildFailed]
RecorderRef: TypeAlias = ActorRef[RecorderMsg]
