"""The websocket protocol's schemas, derived from the message classes, and the frame parser.

Each message is defined once, as a dataclass: client commands in protocol/client.py, server
frames in protocol/server.py. The marshmallow schemas here are made from those classes' field
types (constraints come from `Annotated`), so they cannot drift apart. A client frame is parsed
into its command value at the edge (`parse_client_frame`); tests check every server frame, and
every example in protocol/PROTOCOL.md, with `check_server_frame`.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import MISSING
from dataclasses import fields as dataclass_fields
from typing import Annotated, Any, Literal, Union

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from protocol import constraints as c
from protocol.client import COMMANDS, ClientCommand, SubmitGuess
from protocol.codes import PROTOCOL_VERSION
from protocol.server import ErrorFrame
from protocol.wire import FRAMES, Frame, Wire
from web import parsing
from web.parsing import FiniteNumber, Text

__all__ = [
    "CLIENT_SCHEMAS",
    "PROTOCOL_VERSION",
    "SERVER_SCHEMAS",
    "FrameError",
    "check_server_frame",
    "parse_client_frame",
    "schema_for",
]


# --- schemas from dataclasses -----------------------------------------------------------------


def _validator(mark: Any) -> Any:
    if isinstance(mark, c.Range):
        return validate.Range(mark.low, mark.high)
    if isinstance(mark, c.OneOf):
        return validate.OneOf(mark.values)
    if isinstance(mark, c.Pattern):
        return validate.Regexp(mark.regex)
    if isinstance(mark, c.Length):
        return validate.Length(min=mark.low, max=mark.high, equal=mark.equal)
    raise TypeError(f"unknown constraint {mark!r}")


def _field(hint: Any, **kw: Any) -> fields.Field:
    """The marshmallow field for one type hint."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        base, *marks = args
        return _field(base, **kw, validate=[*kw.pop("validate", []), *map(_validator, marks)])
    if origin in (Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"unsupported union {hint!r}")
        return _field(rest[0], **kw, allow_none=len(rest) < len(args))
    if hint is type(None):
        return fields.Constant(None)
    if origin is Literal:
        check = [*kw.pop("validate", []), validate.OneOf(args)]
        kind = fields.Boolean if all(isinstance(a, bool) for a in args) else Text
        return kind(validate=check, **kw)
    if origin is list:
        return fields.List(_field(args[0]), **kw)
    if origin is dict:
        return fields.Dict(keys=_field(args[0]), values=_field(args[1]), **kw)
    if isinstance(hint, type) and issubclass(hint, Wire):
        return fields.Nested(schema_for(hint), **kw)
    simple = {int: fields.Integer, bool: fields.Boolean, str: Text, float: FiniteNumber}
    if hint in simple:
        extra = {"strict": True} if hint is int else {}
        return simple[hint](**extra, **kw)
    raise TypeError(f"unsupported field type {hint!r}")


_SCHEMAS: dict[type, Schema] = {}


def schema_for(cls: type) -> Schema:
    """The schema of a message class: every field required unless it has a default; unknown
    fields refused; a frame's or command's `type` must be its own. Made once per class."""
    made = _SCHEMAS.get(cls)
    if made is None:
        made = _SCHEMAS[cls] = _make_schema(cls)
    return made


def _make_schema(cls: type) -> Schema:
    hints = typing.get_type_hints(cls, include_extras=True)
    spec: dict[str, fields.Field] = {}
    if issubclass(cls, Frame | ClientCommand):
        spec["type"] = fields.String(required=True, validate=validate.Equal(cls.TYPE))
    for f in dataclass_fields(cls):
        if f.default is MISSING:
            spec[f.name] = _field(hints[f.name], required=True)
        else:
            spec[f.name] = _field(hints[f.name], load_default=f.default)
    return Schema.from_dict(spec, name=f"{cls.__name__}Schema")(unknown=RAISE)


CLIENT_SCHEMAS: dict[str, Schema] = {t: schema_for(cls) for t, cls in COMMANDS.items()}
SERVER_SCHEMAS: dict[str, Schema] = {t: schema_for(cls) for t, cls in FRAMES.items()}


# --- client -> server -------------------------------------------------------------------------


class FrameError(Exception):
    """A client frame that is refused; `frame` is the error to send back."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(code)
        self.frame = ErrorFrame.of(code, **values)


def parse_client_frame(data: str | bytes, max_bytes: int) -> ClientCommand:
    """One client frame as its command value, or FrameError saying why not."""
    if isinstance(data, bytes):
        raise FrameError("binary_frame")
    if len(data.encode("utf-8", "surrogatepass")) > max_bytes:
        raise FrameError("too_large", limit=max_bytes)
    try:
        raw = parsing.loads(data)
    except ValueError:
        raise FrameError("bad_json") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise FrameError("bad_message", details="a JSON object with a string 'type' is expected")
    if raw["type"] == "guess" and len(raw) == 2 and _is_guess_word(raw.get("word")):
        return SubmitGuess(raw["word"])
    cls = COMMANDS.get(raw["type"])
    if cls is None:
        raise FrameError("unknown_type")
    try:
        values = CLIENT_SCHEMAS[raw["type"]].load(raw)
    except ValidationError as exc:
        details = "; ".join(
            f"{field}: {' '.join(map(str, msgs)) if isinstance(msgs, list) else msgs}"
            for field, msgs in sorted(exc.normalized_messages().items())
        )
        safe = details.encode("utf-8", "backslashreplace").decode("utf-8")  # keys are echoed
        raise FrameError("bad_message", details=safe) from None
    del values["type"]
    return cls(**values)


def _guess_word_bounds() -> tuple[int, int]:
    (length,) = typing.get_type_hints(SubmitGuess, include_extras=True)["word"].__metadata__
    return length.low, length.high


_GUESS_LOW, _GUESS_HIGH = _guess_word_bounds()


def _is_guess_word(word: Any) -> bool:
    """What the guess schema accepts for `word`, checked without marshmallow: the frame sent
    most (one per turn) skips its ~40 µs load; any other shape goes through the schema,
    which alone says what is wrong. The bounds are read from SubmitGuess's annotation, and a
    test checks both paths agree."""
    if type(word) is not str or not _GUESS_LOW <= len(word) <= _GUESS_HIGH:
        return False
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --- server -> client (tests) -----------------------------------------------------------------


def check_server_frame(text: str) -> dict[str, Any]:
    """Validate a frame the server sent; returns the message or raises ValueError."""
    message = json.loads(text)
    schema = SERVER_SCHEMAS.get(message.get("type"))
    if schema is None:
        raise ValueError(f"no schema for server message type {message.get('type')!r}")
    errors = schema.validate(message)
    if errors:
        raise ValueError(f"{message['type']} does not match its schema: {errors}")
    return message
