"""The database URL setting and connection handling (no server needed for these)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from models import db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _close():
    yield
    if db.database.obj is not None:
        db.database.obj.close_all()


def test_sqlite_relative_url_creates_its_folder_with_wal_and_busy_timeout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db.connect("sqlite:///data/nested/wordle.db")
    assert (tmp_path / "data" / "nested").is_dir()
    db.create_tables()
    assert (tmp_path / "data" / "nested" / "wordle.db").is_file()
    with db.database.connection_context():
        pragma = {
            name: db.database.execute_sql(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "busy_timeout", "foreign_keys", "synchronous")
        }
    assert pragma == {
        "journal_mode": "wal",
        "busy_timeout": 5000,
        "foreign_keys": 1,
        "synchronous": 1,  # NORMAL: in WAL mode, a sync at each checkpoint
    }
    assert db.is_sqlite() and not db.is_mysql()


def test_sqlite_absolute_url(tmp_path):
    target = tmp_path / "abs" / "w.db"
    db.connect(f"sqlite:///{target}")  # sqlite:// + /abs/path: four slashes in all
    db.create_tables()
    assert target.is_file()


def test_mysql_url_is_parsed_into_a_pooled_pymysql_database():
    conn = db.connect("mysql://us%40er:p%40ss%3Aw@db.example:3307/wordle?max_connections=5")
    params = conn.connect_params
    assert (params["user"], params["password"]) == ("us@er", "p@ss:w")
    assert (params["host"], params["port"], conn.database) == ("db.example", 3307, "wordle")
    assert params["charset"] == "utf8mb4" and conn._max_connections == 5
    assert db.is_mysql() and type(conn).__name__ == "PooledMySQLDatabase"
    assert db.database.obj is conn  # nothing connected yet: the pool connects on first use


@pytest.mark.parametrize("url", ["postgres://x/y", "wordle.db", "mysql://host-only"])
def test_unsupported_urls_are_refused(url):
    with pytest.raises(ValueError):
        db.connect(url)


def test_greenlets_never_share_a_connection_even_if_peewee_came_first(tmp_path):
    """peewee imported before gevent's patching still gets per-greenlet connection state."""
    code = textwrap.dedent(
        f"""
        import peewee  # before patching, on purpose
        from gevent import monkey
        monkey.patch_all()
        import gevent
        from models import db
        db.connect("sqlite:///{tmp_path}/g.db")
        db.create_tables()
        seen = []
        def work():
            with db.database.connection_context():
                seen.append(id(db.database.connection()))
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


def test_sqlite_url_may_ask_for_a_sync_at_every_commit(tmp_path):
    db.connect(f"sqlite:///{tmp_path}/full.db?synchronous=full")
    with db.database.connection_context():
        assert db.database.execute_sql("PRAGMA synchronous").fetchone()[0] == 2
    with pytest.raises(ValueError, match="synchronous"):
        db.connect(f"sqlite:///{tmp_path}/bad.db?synchronous=sometimes")
