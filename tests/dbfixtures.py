"""Database fixtures: the same tests run on SQLite (a temporary file) and on MySQL/MariaDB.

MySQL runs when WT_TEST_MYSQL_URL names a server (e.g. mysql://root@127.0.0.1:3306/wordle_test):
a scratch database `<name>_<pid>` is created for the session and dropped afterwards. Without
it, or when the server cannot be reached, the MySQL runs are skipped saying why — unless
WT_REQUIRE_MYSQL=1 (CI), which turns that into a failure.

The fixtures carry their names (`db_url`, `fresh_db_url`, `backend`, ...) in `name=`, so
tests/conftest.py imports the `fixture_*` functions without shadowing warnings and registers
them for the whole suite: a test only names `db_url` (or another) as an argument.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from urllib.parse import unquote, urlsplit, urlunsplit

import pytest

from models.store import migrations, tables
from models.store.sql import SqlStore, connect

store = SqlStore()

MYSQL_ENV = "WT_TEST_MYSQL_URL"
REQUIRE_ENV = "WT_REQUIRE_MYSQL"
BACKENDS = ["sqlite", pytest.param("mysql", marks=pytest.mark.mysql)]


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason} (and {REQUIRE_ENV}=1)", pytrace=False)
    pytest.skip(f"{reason}: MySQL runs skipped, SQLite only")


class MySQLServer:
    """Admin access to the server named by WT_TEST_MYSQL_URL, for scratch databases."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.parts = parts
        self.base = parts.path.lstrip("/") or "wordle_test"
        self.kwargs = {
            "host": parts.hostname or "127.0.0.1",
            "port": parts.port or 3306,
            "user": unquote(parts.username or "root"),
            "password": unquote(parts.password or ""),
            "connect_timeout": 3,
        }

    def execute(self, sql: str) -> None:
        import pymysql

        conn = pymysql.connect(**self.kwargs)
        try:
            with conn.cursor() as cur:
                cur.execute(sql)
        finally:
            conn.close()

    def create(self, suffix: str) -> str:
        name = f"{self.base}_{os.getpid()}_{suffix}"
        self.execute(f"DROP DATABASE IF EXISTS `{name}`")
        self.execute(f"CREATE DATABASE `{name}` CHARACTER SET utf8mb4")
        return urlunsplit(self.parts._replace(path="/" + name))

    def drop(self, url: str) -> None:
        self.execute(f"DROP DATABASE IF EXISTS `{urlsplit(url).path.lstrip('/')}`")


@pytest.fixture(scope="session", name="mysql_server")
def fixture_mysql_server() -> MySQLServer:
    url = os.environ.get(MYSQL_ENV)
    if not url:
        _unavailable(f"{MYSQL_ENV} is not set")
    server = MySQLServer(url)
    try:
        server.execute("SELECT 1")
    except Exception as exc:  # any driver or socket error means: not reachable
        _unavailable(f"MySQL at {server.kwargs['host']}:{server.kwargs['port']} unreachable: {exc}")
    return server


@pytest.fixture(scope="session", name="mysql_scratch")
def fixture_mysql_scratch(mysql_server: MySQLServer) -> Iterator[str]:
    """One scratch database with the tables, shared by the session (emptied per test)."""
    url = mysql_server.create("s")
    try:
        connect(url)
        migrations.create_tables()
        yield url
    finally:
        _disconnect()
        mysql_server.drop(url)


def _disconnect() -> None:
    target = tables.database.obj
    if target is not None:
        target.close_all()


def _empty_mysql() -> None:
    names = [m._meta.table_name for m in tables.TABLES if m is not tables.SchemaMigrationRow]
    with tables.database.connection_context():
        tables.database.execute_sql("SET FOREIGN_KEY_CHECKS = 0")
        try:
            for name in names:
                tables.database.execute_sql(f"DELETE FROM `{name}`")  # faster than TRUNCATE
        finally:
            tables.database.execute_sql("SET FOREIGN_KEY_CHECKS = 1")


@pytest.fixture(params=BACKENDS, name="backend")
def fixture_backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(name="db_url")
def fixture_db_url(backend: str, request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A connected, empty database with the tables; yields its URL."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path}/data/wordle.db"
        connect(url)
        migrations.create_tables()
    else:
        url = request.getfixturevalue("mysql_scratch")  # tables made once per session
        connect(url)
        _empty_mysql()
    yield url
    _disconnect()


@pytest.fixture(name="fresh_db_url")
def fixture_fresh_db_url(
    backend: str, request: pytest.FixtureRequest, tmp_path
) -> Iterator[Callable[[], str]]:
    """Factory of new, empty databases with no tables (for schema and migration tests)."""
    made: list[str] = []
    server = request.getfixturevalue("mysql_server") if backend == "mysql" else None

    def make() -> str:
        n = len(made)
        if server is None:
            url = f"sqlite:///{tmp_path}/fresh{n}.db"
        else:
            url = server.create(f"f{n}")
        made.append(url)
        return url

    try:
        yield make
    finally:
        _disconnect()
        for url in made if server is not None else []:
            server.drop(url)


def played_duel(tid, round, players, secret, length, starter, result, winner, rows, start, end):
    """A PlayedDuel from plain values; `rows` are (player, word or None, marks or None, at)."""
    from models.results import PlayedDuel, PlayedTurn

    return PlayedDuel(
        tid,
        round,
        tuple(players),
        secret,
        length,
        starter,
        result,
        winner,
        tuple(PlayedTurn(*r) for r in rows),
        start,
        end,
    )
