"""What a client may ask for over the websocket, each a typed value.

web/protocol_schemas.py parses a frame into exactly one of these (or refuses it); from there on, the
connection and the lobby dispatch on the class, never on a string. `Ping` and `Queue` are
handled by the connection; the others concern the lobby the player is in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, ClassVar, TypeVar, dataclass_transform

from protocol.constraints import Length, Range

COMMANDS: dict[str, type[ClientCommand]] = {}  # wire type -> command class
Id = Annotated[int, Range(1, 2**31 - 1)]  # a database or game id


C = TypeVar("C", bound="type[ClientCommand]")
T = TypeVar("T")


def _command(type_: str) -> Callable[[C], C]:
    def register(cls: C) -> C:
        cls.TYPE = type_
        COMMANDS[type_] = cls
        return cls

    return register


@dataclass_transform(frozen_default=True)
def command(cls: type[T]) -> type[T]:
    """A client command: a frozen dataclass with slots (mypy reads it as one)."""
    return dataclass(frozen=True, slots=True)(cls)


class ClientCommand:
    __slots__ = ()
    TYPE: ClassVar[str]


class LobbyCommand(ClientCommand):
    """A command for the lobby or tournament the player is in."""

    __slots__ = ()


@_command("ping")
@command
class Ping(ClientCommand):
    """Latency and clock offset; `t` is echoed in the `pong`."""

    t: float | None = None


@_command("queue")
@command
class Queue(ClientCommand):
    """Join matchmaking for a lobby of `language` (bots may name the lobby they fill)."""

    language: Annotated[str, Length(2, 16)]
    lobby: Id | None = None


@_command("leave")
@command
class Leave(LobbyCommand):
    pass


@_command("guess")
@command
class SubmitGuess(LobbyCommand):
    word: Annotated[str, Length(1, 64)]


@_command("spectate")
@command
class Spectate(LobbyCommand):
    duel: Id


@_command("stop_spectating")
@command
class StopSpectating(LobbyCommand):
    pass


@_command("resync")
@command
class Resync(LobbyCommand):
    pass


Command = Ping | Queue | Leave | SubmitGuess | Spectate | StopSpectating | Resync
