"""A SQLite file deleted, replaced or read-only under the server is detected, never written
into silently, and the recovery is seen."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess

import pytest

from models.store import connection, tables
from models.store.errors import Unavailable
from models.store.sql import SqlStore, open_database

store = SqlStore()


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "wordle.db"
    open_database(f"sqlite:///{path}")
    yield path
    connection.connect("sqlite:///:memory:")  # let go of the file


def test_a_file_moved_away_is_refused_and_back_is_used_again(db, caplog):
    store.create_player("Ada")
    with caplog.at_level(logging.WARNING, logger="wordle.store"):
        db.rename(db.with_name("away.db"))
        assert "is gone" in store.health()
        with pytest.raises(Unavailable, match="is gone"):
            store.create_player("Bob")
        with pytest.raises(Unavailable):
            store.create_player("Cy")
        db.with_name("away.db").rename(db)
        assert store.health() is None
        store.create_player("Dee")
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "DATABASE UNUSABLE" in errors[0].getMessage()
    assert any("usable again" in r.getMessage() for r in caplog.records)
    with tables.database.connection_context():
        names = {row.nickname for row in tables.PlayerRow.select()}
    assert names == {"Ada", "Dee"}  # nothing was written into the lost file


def test_a_replaced_file_is_refused(db):
    shutil.copy(db, db.with_name("copy.db"))
    os.replace(db.with_name("copy.db"), db)
    assert "replaced" in store.health()
    with pytest.raises(Unavailable, match="replaced"):
        store.create_player("Eve")


@pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr")
def test_an_unwritable_file_stops_the_start(tmp_path):
    path = tmp_path / "wordle.db"
    open_database(f"sqlite:///{path}")
    connection.connect("sqlite:///:memory:")
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("this filesystem has no immutable flag")
    try:
        with pytest.raises(Unavailable, match="cannot be written|not writable"):
            open_database(f"sqlite:///{path}")
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
        connection.connect("sqlite:///:memory:")


def test_a_reachable_database_is_healthy(db_url):
    assert store.health() is None


def test_a_mysql_server_that_does_not_answer_is_unhealthy():
    connection.connect("mysql://root@127.0.0.1:1/nowhere")  # nothing listens on port 1
    try:
        assert "MySQL does not answer" in store.health()
    finally:
        connection.connect("sqlite:///:memory:")
