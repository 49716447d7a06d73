"""The database URL setting and connection handling (no server needed for these)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from models.store import connection, migrations, tables
from models.store.sql import SqlStore, connect

store = SqlStore()

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _close():
    yield
    if tables.database.obj is not None:
        tables.database.obj.close_all()


def test_sqlite_relative_url_creates_its_folder_with_wal_and_busy_timeout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    connect("sqlite:///data/nested/wordle.db")
    assert (tmp_path / "data" / "nested").is_dir()
    migrations.create_tables()
    assert (tmp_path / "data" / "nested" / "wordle.db").is_file()
    with tables.database.connection_context():
        pragma = {
            name: tables.database.execute_sql(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "busy_timeout", "foreign_keys", "synchronous")
        }
    assert pragma == {
        "journal_mode": "wal",
        "busy_timeout": 5000,
        "foreign_keys": 1,
        "synchronous": 2,  # FULL: every commit is on disk
    }
    assert connection.is_sqlite() and not connection.is_mysql()


def test_sqlite_absolute_url(tmp_path):
    target = tmp_path / "abs" / "w.db"
    connect(f"sqlite:///{target}")  # sqlite:// + /abs/path: four slashes in all
    migrations.create_tables()
    assert target.is_file()


def test_mysql_url_is_parsed_into_a_pooled_pymysql_database():
    conn = connect("mysql://us%40er:p%40ss%3Aw@db.example:3307/wordle?max_connections=5")
    params = conn.connect_params
    assert (params["user"], params["password"]) == ("us@er", "p@ss:w")
    assert (params["host"], params["port"], conn.database) == ("db.example", 3307, "wordle")
    assert params["charset"] == "utf8mb4" and conn._max_connections == 5
    assert connection.is_mysql() and type(conn).__name__ == "PooledMySQLDatabase"
    assert tables.database.obj is conn  # nothing connected yet: the pool connects on first use


@pytest.mark.parametrize("url", ["postgres://x/y", "wordle.db", "mysql://host-only"])
def test_unsupported_urls_are_refused(url):
    with pytest.raises(ValueError):
        connect(url)


def test_greenlets_never_share_a_connection_even_if_peewee_came_first(tmp_path):
    """peewee imported before gevent's patching still gets per-greenlet connection state."""
    code = textwrap.dedent(
        f"""
        import peewee  # before patching, on purpose
        from gevent import monkey
        monkey.patch_all()
        import gevent
        from models.store.sql import SqlStore, connect, open_database
        store = SqlStore()
        from models.store import migrations, tables
        connect("sqlite:///{tmp_path}/g.db")
        migrations.create_tables()
        seen = []
        def work():
            with tables.database.connection_context():
                seen.append(id(tables.database.connection()))
                gevent.sleep(0.01)  # the other greenlet runs while this one holds its own
        gevent.joinall([gevent.spawn(work) for _ in range(3)], raise_error=True)
        print(len(set(seen)))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3"


def test_sqlite_url_may_trade_power_cut_safety_for_speed(tmp_path):
    connect(f"sqlite:///{tmp_path}/fast.db?synchronous=normal")
    with tables.database.connection_context():
        assert tables.database.execute_sql("PRAGMA synchronous").fetchone()[0] == 1
    with pytest.raises(ValueError, match="synchronous"):
        connect(f"sqlite:///{tmp_path}/bad.db?synchronous=sometimes")
