"""A party over the real REST routes and websockets: three friends, one lobby, back again."""

from __future__ import annotations

import random
import threading
import time

import wordlists
from actors.bot_client import BotBrain, known_answers, run_bot, skill_named
from tests.e2e.server import call, sign_in, start_server


def test_party_of_three_plays_and_comes_back(tmp_path):
    srv = start_server(tmp_path, bot_fill="on", bot_fill_seconds="0.5")
    try:
        answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
        people = [sign_in(srv.base) for _ in range(3)]
        (leader, leader_token), *friends = people
        status, party = call(srv.base, "POST", "/api/parties", leader_token, {"language": "en"})
        assert status == 201
        for _, token in friends:
            status, _ = call(
                srv.base, "POST", "/api/parties/join", token, {"invite": party["invite"]}
            )
            assert status == 200
        brains, threads = [], []
        for i, (_player, token) in enumerate(people):
            brain = BotBrain(
                skill_named("good"),
                answers,
                random.Random(i),
                "en",
                leave_when_out=False,
                think_scale=0.02,
                queue=False,
            )
            brains.append(brain)
            t = threading.Thread(
                target=run_bot,
                args=(srv.ws_url, token, brain),
                kwargs={"max_seconds": 120},
                daemon=True,
            )
            t.start()
            threads.append(t)
        deadline = time.monotonic() + 10  # everyone online before the leader starts
        while time.monotonic() < deadline:
            _, view = call(srv.base, "GET", "/api/party", leader_token)
            if all(m["online"] for m in view["members"]):
                break
            time.sleep(0.1)
        status, started = call(srv.base, "POST", "/api/party/start", leader_token)
        assert status == 200 and sorted(started["players"]) == sorted(p["id"] for p, _ in people)
        status, again = call(srv.base, "POST", "/api/party/start", leader_token)
        assert status == 409  # members are playing
        for t in threads:
            t.join(130)
        results = [b.result for b in brains]
        assert all(results), srv.log()
        assert len({r["tournament"] for r in results}) == 1  # one lobby, one tournament
        places = results[0]["places"]
        assert len(places) == 8
        # back in the party, nobody in a tournament: the leader can start again
        _, view = call(srv.base, "GET", "/api/party", leader_token)
        assert [m["id"] for m in view["members"]] == [p["id"] for p, _ in people]
        assert not any(m["in_tournament"] for m in view["members"])
        assert view["can_start"] is True
        status, _ = call(srv.base, "POST", "/api/party/start", leader_token)
        assert status == 200
    finally:
        assert srv.stop() == 0, srv.log()
