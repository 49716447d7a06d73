"""What the whole suite shares: the database fixtures, the shipped word lists, and the quick
subset (`python3 scripts/manage.py test -m quick`).

- `backend`, `db_url`, `fresh_db_url`, `mysql_server`, `mysql_scratch` (tests/dbfixtures.py):
  a test that asks for `db_url` runs on SQLite and, when WT_TEST_MYSQL_URL names a server, on
  MySQL too. Registered here once instead of imported by hand where they are used.
- `shipped_words`: the shipped word lists, loaded once per session and handed to apps as
  `WORDS` (loading all of them is a third of a second, which every app made per test paid).
- `quick`: the marker of the fast tests, given here by place: every test under tests/unit,
  tests/actors and tests/web and in the files directly in tests/, unless it is marked `slow`
  (a second or more on its own), `mysql` or `browser`. What is left out (tests/persistence,
  tests/e2e, tests/browser, the slow ones) runs in the full suite.

Fixtures of one folder stay in that folder (tests/browser/conftest.py, tests/actors/harness.py,
tests/e2e/server.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wordlists
from tests.dbfixtures import (  # noqa: F401
    fixture_backend,
    fixture_db_url,
    fixture_fresh_db_url,
    fixture_mysql_scratch,
    fixture_mysql_server,
)

TESTS = Path(__file__).resolve().parent
QUICK_FOLDERS = {"unit", "actors", "web"}
NOT_QUICK = ("slow", "mysql", "browser")


@pytest.fixture(scope="session")
def shipped_words() -> dict[str, wordlists.WordList]:
    """Every shipped language, as the server loads them at start (read-only, so shared)."""
    return wordlists.load_all()


def is_quick(item: pytest.Item) -> bool:
    if not item.path.is_relative_to(TESTS):
        return False
    parts = item.path.relative_to(TESTS).parts
    in_place = parts[0] in QUICK_FOLDERS or len(parts) == 1
    return in_place and not any(item.get_closest_marker(name) for name in NOT_QUICK)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_quick(item):
            item.add_marker(pytest.mark.quick)
