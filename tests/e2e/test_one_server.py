"""One server per database: a second serve command on the same database refuses to start,
names the running one and changes nothing, on SQLite and MariaDB; a crash leaves no lock."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import pytest

from tests.e2e.server import ROOT, free_port, sign_in, start_server
from tests.e2e.test_server import run_bots


def second_server(url: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env.update(WT_DATABASE_URL=url, WT_PORT=str(free_port()), WT_BOT_FILL="off")
    return subprocess.run(
        [sys.executable, str(ROOT / "app.py")], env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip


def statuses(url: str) -> list[str]:
    """Tournament statuses read without the store (whose start would abort running ones)."""
    if url.startswith("sqlite"):
        with sqlite3.connect(f"file:{urlsplit(url).path[1:]}?mode=ro", uri=True) as db:
            return [row[0] for row in db.execute("SELECT status FROM tournament ORDER BY id")]
    import pymysql

    parts = urlsplit(url)
    db = pymysql.connect(host=parts.hostname, port=parts.port or 3306,
                         user=parts.username or "root", password=parts.password or "",
                         database=parts.path.lstrip("/"))  # fmt: skip
    try:
        with db.cursor() as cur:
            cur.execute("SELECT status FROM tournament ORDER BY id")
            return [row[0] for row in cur.fetchall()]
    finally:
        db.close()


def check_one_server_per_database(tmp_path, url: str) -> None:
    first = start_server(tmp_path, database_url=url, turn_seconds=1.0)
    try:
        tokens = [sign_in(first.base)[1] for _ in range(8)]
        played: list = []
        bots = threading.Thread(
            target=lambda: played.append(run_bots(first.ws_url, tokens, timeout=90)), daemon=True
        )
        bots.start()
        deadline = time.monotonic() + 30
        while "running" not in statuses(url) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert statuses(url) == ["running"]

        second = second_server(url)
        assert second.returncode == 2, second.stderr
        assert "another server is using" in second.stderr, second.stderr
        if url.startswith("sqlite"):
            assert f"pid {first.process.pid}" in second.stderr
        # the second one aborted nothing (the quick bots may have finished meanwhile)
        assert statuses(url) in (["running"], ["finished"])

        bots.join(120)
        brains, _ = played[0]
        assert all(b.result is not None for b in brains), first.log()
        assert statuses(url) == ["finished"]
    finally:
        first.process.send_signal(signal.SIGKILL)  # a crash: no clean release of the lock
        first.process.wait()
    again = start_server(tmp_path, database_url=url)
    assert again.stop() == 0, again.log()


def test_a_second_server_on_the_same_sqlite_database_refuses(tmp_path):
    check_one_server_per_database(tmp_path, f"sqlite:///{tmp_path}/wordle.db")


@pytest.mark.mysql
def test_a_second_server_on_the_same_mysql_database_refuses(tmp_path, mysql_server):
    url = mysql_server.create("lock")
    try:
        check_one_server_per_database(tmp_path, url)
    finally:
        mysql_server.drop(url)
