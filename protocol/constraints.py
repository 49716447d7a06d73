"""Constraints on the fields of wire messages, written into their types with `Annotated`.

The message classes (protocol/client.py, protocol/server.py) say what a field may hold;
web/protocol_schemas.py turns these marks into marshmallow validators when it derives the schemas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Range:
    low: int
    high: int


@dataclass(frozen=True)
class OneOf:
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Pattern:
    regex: str


@dataclass(frozen=True)
class Length:
    low: int | None = None
    high: int | None = None
    equal: int | None = None
