"""The database file taken away under a running server: /healthz says so, nobody signs in,
results wait in the journal instead of vanishing into the lost file, and are written once the
file is back."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

from tests.e2e.server import sign_in, start_server
from tests.e2e.test_one_server import statuses
from tests.e2e.test_server import run_bots


def health(base: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_a_database_file_moved_away_during_play_is_never_silent(tmp_path):
    server = start_server(tmp_path, turn_seconds=1.0)
    url = f"sqlite:///{server.db_path}"
    away = server.db_path.with_name("away.db")
    try:
        tokens = [sign_in(server.base)[1] for _ in range(8)]
        played: list = []
        bots = threading.Thread(
            target=lambda: played.append(run_bots(server.ws_url, tokens, timeout=90)),
            daemon=True,
        )
        bots.start()
        deadline = time.monotonic() + 30
        while statuses(url) != ["running"] and time.monotonic() < deadline:
            time.sleep(0.05)
        server.db_path.rename(away)

        status, body = health(server.base)
        assert status == 503 and body["status"] == "unhealthy" and "gone" in body["database"]
        try:
            sign_in(server.base)
            raise AssertionError("a sign-in was taken while the database was gone")
        except urllib.error.HTTPError as err:
            assert err.code == 503
        bots.join(120)  # the tournament plays to its end meanwhile
        brains, _ = played[0]
        assert all(b.result is not None for b in brains), server.log()
        assert (tmp_path / "pending-writes.jsonl").stat().st_size > 0  # kept, not lost

        away.rename(server.db_path)
        deadline = time.monotonic() + 30  # the recorder retries every few seconds
        while statuses(url) != ["finished"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert statuses(url) == ["finished"]
        assert health(server.base) == (200, {"status": "ok"})
    finally:
        assert server.stop() == 0, server.log()
    log = server.log()
    assert log.count("DATABASE UNUSABLE") == 1 and "usable again" in log
