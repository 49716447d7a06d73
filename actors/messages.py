"""Messages between actors: commands in the imperative, events in the past tense.

Messages are small frozen values carrying domain values (a `Player`, an immutable `Duel`, the
rules' events); actor references travel inside them, actor state never does. Wire frames are
made only where they are sent. What clients ask for is in protocol/client.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from actors.runtime import ActorRef
from models.duel import Duel
from models.duel import Event as DuelEvent
from protocol.client import LobbyCommand


@dataclass(frozen=True)
class Player:
    """What actors need to know of a player (a copy; the database keeps the truth)."""

    id: int
    nickname: str
    tag: str
    rating: int
    is_bot: bool = False
    bot_level: str | None = None


# --- connection ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Send:
    """Write an already encoded frame to the socket."""

    text: str


@dataclass(frozen=True)
class SendFrames:
    """Write several encoded frames, in order, in one socket write (actors/room.py)."""

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
class EndConnection:
    """Ask: close the websocket with this close code (the reader gives up on the client)."""

    code: int
    reason: str


@dataclass(frozen=True)
class Superseded:
    """A newer connection of the same player took over."""


@dataclass(frozen=True)
class Attach:
    """The connection's player is now in `lobby` (None: nowhere, back home)."""

    lobby: ActorRef | None


@dataclass(frozen=True)
class ShowHome:
    """Send the 'home' frame (the player is in no lobby)."""


# --- matchmaker (also the directory of who is where) --------------------------------------


@dataclass(frozen=True)
class Connected:
    player: Player
    conn: ActorRef


@dataclass(frozen=True)
class Disconnected:
    player_id: int
    conn: ActorRef


@dataclass(frozen=True)
class Enqueue:
    player: Player
    language: str
    conn: ActorRef
    lobby_hint: int | None = None  # bots filling a given lobby


@dataclass(frozen=True)
class EnqueueParty:
    """A party's leader started: all members go into one new lobby (ask: returns lobby id)."""

    party_id: int
    members: tuple[Player, ...]
    language: str


@dataclass(frozen=True)
class LobbyChanged:
    """A lobby's seats or state changed (sent by the lobby, and returned by `Seat`); the
    matchmaker keeps the highest version it has seen."""

    lobby_id: int
    seated: tuple[int, ...]
    average: float
    open: bool  # still waiting for players
    version: int = 0


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
class PlayerChanged:
    """A player's public details changed (a new nickname): connections and lobbies update."""

    player: Player


@dataclass(frozen=True)
class PresenceChanged:
    """To the party registry: a player's connection or lobby changed."""

    player_id: int
    online: bool
    lobby_id: int | None
    conn: ActorRef | None


@dataclass(frozen=True)
class Shutdown:
    """No new lobbies from now on; waiting lobbies dissolve, tournaments play on."""


@dataclass(frozen=True)
class StopTournaments:
    """Shutdown's deadline passed: stop the tournaments still running."""


@dataclass(frozen=True)
class CountLobbies:
    """Ask: how many lobbies are still open or playing."""


@dataclass(frozen=True)
class TakeCensus:
    """Ask: players connected and lobbies by language and state (an actors.metrics.Census)."""


# --- lobby ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """Ask: seat these players (a lone player or a whole party). Returns the lobby's new
    LobbyChanged, or None when the lobby refuses (full, started, or out of the window)."""

    players: tuple[Player, ...]
    conns: dict[int, ActorRef | None] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerConnected:
    player_id: int
    conn: ActorRef


@dataclass(frozen=True)
class PlayerDisconnected:
    player_id: int
    conn: ActorRef


@dataclass(frozen=True)
class PlayerCommand:
    """A client command for the lobby, from the player's own connection."""

    player_id: int
    conn: ActorRef
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


# --- duel -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Guess:
    player_id: int
    word: str


@dataclass(frozen=True)
class Forfeit:
    player_id: int


# --- bots -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotsWanted:
    lobby_id: int
    language: str
    count: int
    average: float
