"""How a server message is written: values that write themselves as JSON, frames registered by
their `type`, and the field types the frames share (with their constraints in `Annotated`).

A frame is built from domain values where it is sent, written to JSON once, and the same text
goes to every recipient. Times are server wall-clock milliseconds, each sent with the
milliseconds left when the frame was built.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import (
    Annotated,
    Any,
    ClassVar,
    Literal,
    TypeVar,
    cast,
    dataclass_transform,
    overload,
)

from models.rules import MARKS_PATTERN
from protocol.codes import CODES
from protocol.constraints import Length, OneOf, Pattern

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once, not per frame


def encode(message: Mapping[str, Any]) -> str:
    return _ENCODER.encode(message)


@overload
def ms(seconds: float) -> int: ...
@overload
def ms(seconds: float | None) -> int | None: ...
def ms(seconds: float | None) -> int | None:
    return None if seconds is None else int(round(seconds * 1000))


@overload
def remaining_ms(deadline: float, now: float) -> int: ...
@overload
def remaining_ms(deadline: float | None, now: float) -> int | None: ...
def remaining_ms(deadline: float | None, now: float) -> int | None:
    return None if deadline is None else max(0, int(round((deadline - now) * 1000)))


def pid(player: Hashable) -> int:
    """A player of the rules (models/ take any hashable) as the id the wire carries: the game
    plays with player ids only."""
    return cast(int, player)


def maybe_pid(player: Hashable | None) -> int | None:
    return cast("int | None", player)


def pids(players: Iterable[Hashable]) -> list[int]:
    return cast("list[int]", list(players))


def running(deadline: float | None) -> float:
    """The deadline of a running duel (it has one while it runs)."""
    assert deadline is not None, "a running duel has a deadline"
    return deadline


Id = int
Ms = int  # server wall-clock milliseconds
Marks = Annotated[str, Pattern(MARKS_PATTERN)]
Pair = Annotated[list[int], Length(equal=2)]
Outcome = Literal["win", "draw", "forfeit", "void"]
Code = Annotated[str, OneOf(tuple(sorted(CODES)))]
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


_PLANS: dict[type, list[tuple[str, Callable[[Any], Any]]]] = {}


def _plan(cls: type) -> list[tuple[str, Callable[[Any], Any]]]:
    """Which fields need converting (nested values, sequences, maps) and which go as they are
    (worked out once per class)."""
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _make_plan(cls)
    return plan


def _make_plan(cls: type) -> list[tuple[str, Callable[[Any], Any]]]:
    hints = typing.get_type_hints(cls)
    scalar = {int, str, bool, float, type(None)}
    plan: list[tuple[str, Callable[[Any], Any]]] = []
    for f in fields(cls):
        args = set(typing.get_args(hints[f.name])) or {hints[f.name]}
        plan.append((f.name, _same if args <= scalar else _plain))
    return plan


F = TypeVar("F", bound="type[Frame]")


def frame(type_: str) -> Callable[[F], F]:
    """Register a frame class under its wire `type`."""

    def register(cls: F) -> F:
        cls.TYPE = type_
        FRAMES[type_] = cls
        return cls

    return register


FRAMES: dict[str, type[Frame]] = {}
T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """A wire value: a frozen dataclass with slots (mypy reads it as one)."""
    return dataclass(frozen=True, slots=True)(cls)
