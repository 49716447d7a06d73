"""web/protocol_schemas.py reads a plain guess frame without marshmallow: whatever the frame, the
result (a command, or the refusal's code and message) is the schema's."""

from __future__ import annotations

import json

import pytest

from web import protocol_schemas as protocol
from web.protocol_schemas import FrameError, parse_client_frame

MAX = 4096

FRAMES = [
    {"type": "guess", "word": "crane"},
    {"type": "guess", "word": "ä"},
    {"type": "guess", "word": "x" * 64},
    {"type": "guess", "word": "x" * 65},
    {"type": "guess", "word": ""},
    {"type": "guess", "word": 5},
    {"type": "guess", "word": None},
    {"type": "guess", "word": ["c"]},
    {"type": "guess", "word": True},
    {"type": "guess"},
    {"type": "guess", "word": "crane", "extra": 1},
    {"type": "guess", "words": "crane"},
    {"type": "gues", "word": "crane"},
]
TEXTS = [json.dumps(f) for f in FRAMES] + ['{"type": "guess", "word": "\\ud800abc"}']


def outcome(text: str) -> object:
    try:
        return parse_client_frame(text, MAX)
    except FrameError as refused:
        return refused.frame.wire()


@pytest.mark.parametrize("text", TEXTS)
def test_the_fast_path_agrees_with_the_schema(text, monkeypatch):
    fast = outcome(text)
    monkeypatch.setattr(protocol, "_is_guess_word", lambda word: False)  # schema only
    assert outcome(text) == fast


def test_a_plain_guess_skips_the_schema(monkeypatch):
    def refuse(*_args, **_kwargs):
        raise AssertionError("the schema was used")

    monkeypatch.setattr(protocol.CLIENT_SCHEMAS["guess"], "load", refuse)
    assert parse_client_frame('{"type":"guess","word":"crane"}', MAX).word == "crane"
