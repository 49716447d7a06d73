"""Every test here runs on SQLite and, when configured, on MySQL (see tests/dbfixtures.py)."""

from tests.dbfixtures import (  # noqa: F401
    fixture_backend,
    fixture_db_url,
    fixture_fresh_db_url,
    fixture_mysql_scratch,
    fixture_mysql_server,
)
