"""web/admin_session.py: session values are random and forgotten when unused or closed, their
number is capped, the token is compared whole, and the recorded name is tidied."""

from __future__ import annotations

from web import admin_session
from web.admin_session import IDLE_SECONDS, MAX_SESSIONS, Sessions, by_name, token_matches


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_sessions_are_random_kept_while_used_and_forgotten_when_idle_or_closed():
    clock = Clock()
    sessions = Sessions(clock)
    a, b = sessions.open("Ada"), sessions.open("admin page")
    assert a != b and len(a) >= 40
    assert sessions.get(a).by == "Ada" and sessions.get("") is None and sessions.get(None) is None
    clock.now += IDLE_SECONDS - 1
    assert sessions.get(a) is not None  # used: its idle time starts again
    clock.now += 2
    assert sessions.get(b) is None and sessions.get(a) is not None
    sessions.close(a)
    assert sessions.get(a) is None
    sessions.close("unknown")  # nothing to close: no error


def test_the_number_of_sessions_is_capped_dropping_the_least_recently_used():
    clock = Clock()
    sessions = Sessions(clock)
    values = []
    for i in range(MAX_SESSIONS):
        clock.now += 1
        values.append(sessions.open(f"admin {i}"))
    clock.now += 1
    sessions.get(values[0])  # the first is used again: the second is now the oldest
    newest = sessions.open("one more")
    assert len(sessions.by_value) == MAX_SESSIONS
    assert sessions.get(values[1]) is None and sessions.get(values[0]) is not None
    assert sessions.get(newest).by == "one more"


def test_the_token_must_match_whole_and_an_empty_setting_matches_nothing():
    assert token_matches("s3cret-token-0123", "s3cret-token-0123")
    for given in ("", "s3cret-token-012", "s3cret-token-01234", "S3CRET-TOKEN-0123", "ü"):
        assert not token_matches(given, "s3cret-token-0123")
    assert not token_matches("", "")


def test_the_name_recorded_on_actions_is_tidied():
    assert by_name("  Grace   Hopper ") == "Grace Hopper"
    assert by_name("   ") == admin_session.DEFAULT_BY == "admin page"
    assert len(by_name("x" * 500)) == admin_session.MAX_BY
