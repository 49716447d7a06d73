"""How a server message is written: values that write themselves as JSON, frames registered by
their `type`, and the field types the frames share (with their constraints in `Annotated`).

A frame is built from domain values where it is sent, written to JSON once, and the same text
goes to every recipient. Times are server wall-clock milliseconds, each sent with the
milliseconds left when the frame was built.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Annotated, Any, ClassVar, Literal

from models.rules import MARKS_PATTERN
from protocol.codes import CODES
from protocol.constraints import Length, OneOf, Pattern

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


def frame(type_: str) -> Callable[[type], type]:
    """Register a frame class under its wire `type`."""

    def register(cls: type) -> type:
        cls.TYPE = type_  # type: ignore[attr-defined]
        FRAMES[type_] = cls
        return cls

    return register


FRAMES: dict[str, type[Frame]] = {}
value = dataclass(frozen=True, slots=True)
