"""What the whole suite shares: the database fixtures and the shipped word lists.

- `backend`, `db_url`, `fresh_db_url`, `mysql_server`, `mysql_scratch` (tests/dbfixtures.py):
  a test that asks for `db_url` runs on SQLite and, when WT_TEST_MYSQL_URL names a server, on
  MySQL too. Registered here once instead of imported by hand where they are used.
- `shipped_words`: the shipped word lists, loaded once per session and handed to apps as
  `WORDS` (loading all of them is a third of a second, which every app made per test paid).

Fixtures of one folder stay in that folder (tests/browser/conftest.py, tests/actors/harness.py,
tests/e2e/server.py).
"""

from __future__ import annotations

import pytest

import wordlists
from tests.dbfixtures import (  # noqa: F401
    fixture_backend,
    fixture_db_url,
    fixture_fresh_db_url,
    fixture_mysql_scratch,
    fixture_mysql_server,
)


@pytest.fixture(scope="session")
def shipped_words() -> dict[str, wordlists.WordList]:
    """Every shipped language, as the server loads them at start (read-only, so shared)."""
    return wordlists.load_all()
