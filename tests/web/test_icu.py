"""The server's message formatter (web/icu.py) on the cases the client's formatter passes too
(tests/fixtures/icu_cases.json), so a message reads the same on server pages and in the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from web import icu

FIXTURE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "icu_cases.json").read_text("utf-8")
)


@pytest.mark.parametrize(("locale", "message", "params", "expected"), FIXTURE["cases"])
def test_shared_case(locale, message, params, expected):
    assert icu.format_message(message, params, icu.Formatter(locale)) == expected


@pytest.mark.parametrize("message", FIXTURE["invalid"])
def test_invalid_message_is_refused(message):
    with pytest.raises(icu.MessageError):
        icu.parse(message)


def test_dates_and_times_use_the_locale():
    at = 1738324800000  # 2025-01-31 12:00 UTC
    assert icu.format_message("{t, date, long}", {"t": at}, icu.Formatter("en")) == (
        "January 31, 2025"
    )
    assert "31" in icu.format_message("{t, date, medium}", {"t": at}, icu.Formatter("de"))
    assert icu.format_message("{t, time, short}", {"t": at}, icu.Formatter("de")) == "12:00"


def test_arg_names_cover_every_branch():
    parts = icu.parse("{n, plural, one {{a} #} other {{b, select, x {{c}} other {}}}}")
    assert icu.arg_names(parts) == {"n", "a", "b", "c"}
