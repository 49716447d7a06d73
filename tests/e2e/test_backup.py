"""The restore drill: back up a live server's database during play, restore the copy into a
fresh server, and find every rating and every finished tournament as they were."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from models.store.backup import BackupError, backup_sqlite, mysql_instructions
from tests.e2e.server import ROOT, sign_in, start_server
from tests.e2e.test_one_server import statuses
from tests.e2e.test_server import run_bots


def get(base: str, path: str) -> dict:
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return json.loads(response.read())


def backup(url: str, path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env["WT_DATABASE_URL"] = url
    return subprocess.run(
        [sys.executable, "-m", "scripts.backup", str(path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_backup_taken_during_play_restores_into_a_fresh_server(tmp_path):
    live_dir, restored_dir = tmp_path / "live", tmp_path / "restored"
    live_dir.mkdir()
    live = start_server(live_dir, turn_seconds=1.0)
    url = f"sqlite:///{live.db_path}"
    try:
        players = [sign_in(live.base) for _ in range(8)]
        tokens = [token for _, token in players]
        brains, _ = run_bots(live.ws_url, tokens, seed=3)
        first = brains[0].result["tournament"]
        ratings = {p["id"]: get(live.base, f"/api/players/{p['id']}")["player"]["rating"]
                   for p, _ in players}  # fmt: skip
        assert sorted(ratings.values()) != [1000] * 8
        history = get(live.base, f"/api/tournaments/{first}")

        second = threading.Thread(target=run_bots, args=(live.ws_url, tokens), daemon=True)
        second.start()
        deadline = time.monotonic() + 30
        while statuses(url) != ["finished", "running"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert statuses(url) == ["finished", "running"]
        made = backup(url, restored_dir / "wordle.db")
        assert made.returncode == 0, made.stderr
        assert "8 players and 2 tournaments" in made.stdout
        second.join(120)
    finally:
        assert live.stop() == 0, live.log()

    restored = start_server(restored_dir)
    try:
        for pid, rating in ratings.items():
            assert get(restored.base, f"/api/players/{pid}")["player"]["rating"] == rating
        assert get(restored.base, f"/api/tournaments/{first}") == history
    finally:
        assert restored.stop() == 0, restored.log()
    # the tournament that was running at the backup's moment is closed as after a crash
    assert statuses(f"sqlite:///{restored.db_path}") == ["finished", "aborted"]


def test_backup_refuses_what_it_cannot_do_cleanly(tmp_path):
    with pytest.raises(BackupError, match="no database"):
        backup_sqlite(f"sqlite:///{tmp_path}/none.db", tmp_path / "copy.db")
    (tmp_path / "copy.db").write_text("keep me")
    (tmp_path / "live.db").write_bytes(b"")
    with pytest.raises(BackupError, match="exists already"):
        backup_sqlite(f"sqlite:///{tmp_path}/live.db", tmp_path / "copy.db")
    assert (tmp_path / "copy.db").read_text() == "keep me"
    with pytest.raises(BackupError, match="not a SQLite"):
        backup_sqlite("mysql://root@localhost/wordle", tmp_path / "x.db")
    (tmp_path / "bad.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="cannot copy"):
        backup_sqlite(f"sqlite:///{tmp_path}/bad.db", tmp_path / "bad-copy.db")
    assert not (tmp_path / "bad-copy.db").exists()
    assert not (tmp_path / "bad-copy.db.partial").exists()


def test_mysql_gets_the_mysqldump_command(tmp_path):
    text = mysql_instructions("mysql://wt:secret@db.local:3307/wordle", tmp_path / "w.sql")
    assert "mysqldump --single-transaction" in text and "-h db.local -P 3307 -u wt" in text
    assert "secret" not in text  # the password is asked for, never printed
