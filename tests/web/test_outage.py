"""The database down or broken: REST answers 503 with Retry-After (never hangs, never 500), and
so does the websocket handshake, before any upgrade."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from models.settings import Settings
from models.store import connection, tables
from models.store.sql import SqlStore, connect
from tests.actors.harness import SmallWords
from web.application import create_app

store = SqlStore()


@pytest.fixture
def app(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path}/wordle.db", bot_fill=False)
    return create_app({"TESTING": True, "SETTINGS": settings, "WORDS": {"en": SmallWords()}})


@pytest.fixture
def silent_database(monkeypatch):
    """A 'MySQL server' that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []

    def accept():
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    monkeypatch.setattr(connection, "MYSQL_IO_TIMEOUT_SECONDS", 1)
    yield f"mysql://root@127.0.0.1:{listener.getsockname()[1]}/wordle"
    listener.close()
    for s in held:
        s.close()


UPGRADE = {
    "Upgrade": "websocket",
    "Connection": "Upgrade",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version": "13",
}


@pytest.mark.slow
def test_a_database_that_does_not_answer_gets_503_not_a_hang(app, silent_database):
    token = app.test_client().post("/api/session").get_json()["token"]
    connect(silent_database)
    client = app.test_client()
    started = time.monotonic()
    res = client.get("/api/leaderboard")
    assert res.status_code == 503 and res.headers["Retry-After"] == "5"
    assert "database" in res.get_json()["error"]
    assert time.monotonic() - started < 5
    auth = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/me", headers=auth).status_code == 503
    handshake = client.get("/ws?v=1", headers={**UPGRADE, **auth})
    assert handshake.status_code == 503 and handshake.headers["Retry-After"] == "5"


def test_a_database_file_gone_bad_answers_503(app, tmp_path):
    res = app.test_client().post("/api/session")
    token = res.get_json()["token"]
    tables.database.close_all()
    (tmp_path / "wordle.db").write_bytes(b"overwritten by something else " * 300)
    client = app.test_client()
    assert client.get("/api/leaderboard").status_code == 503
    assert client.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code == 503
    assert client.get("/healthz").status_code == 200  # the process is still there
