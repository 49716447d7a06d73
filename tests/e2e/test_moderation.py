"""A ban during a tournament, over real websockets: `python -m scripts.admin ban` against the
live server's database closes the banned player's socket within seconds, the tournament goes
on and records them as leaving, and their token is then refused with 403."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time

import wordlists
from actors.bot_client import BotBrain, known_answers, run_bot, skill_named
from models.store.sql import SqlStore, open_database
from models.store.tables import EntryRow, database
from tests.e2e.server import ROOT, call, sign_in, start_server

store = SqlStore()


def test_a_ban_during_a_tournament_closes_the_socket_and_counts_as_leaving(tmp_path):
    server = start_server(tmp_path, admin_poll_seconds=0.3, turn_seconds=1.0)
    try:
        answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
        accounts = [sign_in(server.base) for _ in range(8)]
        frames: list[list[dict]] = [[] for _ in accounts]
        ended_at: list[float | None] = [None] * len(accounts)
        brains, threads = [], []
        rng = random.Random(7)
        for i, (_, token) in enumerate(accounts):
            brain = BotBrain(
                skill_named("weak"), answers, random.Random(rng.random()), "en",
                leave_when_out=False, think_scale=0.3,
            )  # fmt: skip
            brains.append(brain)

            def play(i=i, token=token, brain=brain):
                run_bot(server.ws_url, token, brain, max_seconds=120,
                        on_frame=lambda text: frames[i].append(json.loads(text)))  # fmt: skip
                ended_at[i] = time.monotonic()

            threads.append(threading.Thread(target=play, daemon=True))
            threads[-1].start()
        deadline = time.monotonic() + 30
        while not any(f["type"] == "duel_started" for f in frames[0]):
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.05)
        victim = next(f["you"]["id"] for f in frames[0] if f["type"] == "welcome")
        env = {k: v for k, v in os.environ.items() if not k.startswith("WT_")}
        banned_at = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "scripts.admin", "--url", f"sqlite:///{server.db_path}",
             "--by", "e2e", "ban", str(victim), "--reason", "hateful name"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        threads[0].join(10)
        assert ended_at[0] is not None, "the banned player's socket stayed open"
        assert ended_at[0] - banned_at < 5.0
        codes = [f.get("code") for f in frames[0] if f["type"] == "error"]
        assert "banned" in codes
        for t in threads[1:]:
            t.join(120)
        results = [b.result for b in brains[1:]]
        assert all(r is not None for r in results), server.log()
        tournament = results[0]["tournament"]
        status, body = call(server.base, "GET", "/api/me", accounts[0][1])
        assert status == 403 and body["fields"]["code"] == ["banned"]
    finally:
        assert server.stop() == 0, server.log()
    open_database(f"sqlite:///{server.db_path}")
    with database.connection_context():
        entry = EntryRow.get((EntryRow.tournament == tournament) & (EntryRow.player == victim))
    assert entry.left and entry.place is not None
    assert store.tournament_summary(tournament).status == "finished"
    assert [line.action for line in store.admin_log()] == ["ban"]
