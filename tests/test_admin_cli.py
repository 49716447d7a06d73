"""scripts/admin.py as the admin runs it: a subprocess on a stopped server's database; each
command does what it says and writes its admin-log row; errors are one line and exit 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from models.results import FixedPlacement, TournamentClosed
from models.store.sql import SqlStore, open_database

ROOT = Path(__file__).resolve().parents[1]
store = SqlStore()


def admin(url: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
    env["WT_DATABASE_URL"] = url
    return subprocess.run(
        [sys.executable, "-m", "scripts.admin", "--by", "alice", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_every_command_and_its_log_row(tmp_path):
    url = f"sqlite:///{tmp_path}/wordle.db"
    open_database(url)
    a, token = store.create_player(nickname="Rude")
    b = store.create_player(nickname="Fine")[0]
    store.record_address(a.id, "ab" * 32, "Firefox", "signin")
    store.record_address(b.id, "ab" * 32, "Chrome", "signin")
    report, _ = store.file_report(b.id, a.id, "offensive_name", "standings")
    tid, _ = store.start_tournament("en", [a.id, b.id])
    store.record_results([
        FixedPlacement(tid, a.id, 2, 1, False, -25), FixedPlacement(tid, b.id, 1, 1, False, 25),
        TournamentClosed(tid),
    ])  # fmt: skip

    out = admin(url, "reports")
    assert (
        out.returncode == 0
        and f"player {a.id} Rude" in out.stdout
        and "1 offensive_name" in out.stdout
    )
    out = admin(url, "player", str(a.id))
    assert (
        "Rude  (by player)" in out.stdout
        and f"{b.id} Fine" in out.stdout
        and "Chrome" in out.stdout
    )
    assert admin(url, "rename", str(a.id)).returncode == 0
    assert store.get_player(a.id).nickname != "Rude"
    assert admin(url, "close-report", str(report.id), "--note", "renamed").returncode == 0
    banned = admin(url, "ban", str(a.id), "--reason", "again", "--address-days", "2")
    assert banned.returncode == 0
    assert f"admin alice: ban player {a.id} (again)" in banned.stderr  # logged, as the server does
    assert store.player_by_token(token).status == "banned"
    again = admin(url, "ban", str(a.id), "--reason", "twice")
    assert (
        again.returncode == 1 and again.stderr.strip() == f"error: player {a.id} is already banned"
    )
    assert admin(url, "unban", str(a.id)).returncode == 0
    assert admin(url, "void", str(tid), "--reason", "test").returncode == 0
    assert store.get_player(a.id).rating == 1000 and store.tournament_summary(tid).void
    assert admin(url, "remove", str(a.id), "--reason", "asked").returncode == 0
    assert store.player_by_token(token) is None
    missing = admin(url, "player", "999999")
    assert missing.returncode == 1 and "no player 999999" in missing.stderr
    lines = store.admin_log()
    assert [(x.action, x.by) for x in lines] == [
        ("rename", "alice"), ("close-report", "alice"), ("ban", "alice"), ("unban", "alice"),
        ("void", "alice"), ("remove", "alice"),
    ]  # fmt: skip
    log = admin(url, "log").stdout
    assert log.count("alice") == 6 and "'test'" in log and f"tournament {tid}" in log
