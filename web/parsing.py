"""Strict input parsing shared by the websocket frames and the REST bodies.

JSON is parsed with Python's `json`, which accepts NaN, Infinity and numbers like 1e999 that
no browser can read back; those are refused here as invalid JSON. Strings must be valid
Unicode: a lone surrogate ("\\ud800" is valid JSON) is refused, so nothing downstream ever has
to encode the unencodable.
"""

from __future__ import annotations

import json
import math
from typing import Any

from marshmallow import ValidationError, fields


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not valid JSON")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is out of range")
    return number


def loads(text: str | bytes) -> Any:
    """JSON as browsers write it; ValueError for anything else (NaN, Infinity, 1e999, bad
    UTF-8, nesting too deep)."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("nested too deeply") from None


class Text(fields.String):
    """A string that is valid Unicode (no lone surrogates)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        out = super()._deserialize(value, attr, data, **kwargs)
        try:
            out.encode("utf-8")
        except UnicodeEncodeError:
            raise ValidationError("Not valid Unicode text.") from None
        return out


class FiniteNumber(fields.Field):
    """An int or a finite float, kept as sent (no NaN, no infinity, no bool, no string)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValidationError("Not a number.")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValidationError("Not a finite number.")
        return value
