"""Fair play over the real server: eight accounts from one address (an alt farm, or a
household) in one party.

The farm: the leader starts, the seven others leave at once before anyone plays, again and
again. The leaver rule (models/rating.py) must hold end to end: the leader's rating never
moves and every alt loses. The issue's bound is 10 points in total over 60 repetitions; with
the rule, anything above 0 is a leak, so the test asserts 0 over as many repetitions as fit in
its time (at least 10). The household plays to the end: ratings exactly as the rules give."""

from __future__ import annotations

import json
import random
import threading
import time

import wordlists
from actors.bot_client import BotBrain, known_answers, run_bot, skill_named
from actors.bot_client import websocket_client as connect
from models.rating import rating_changes
from models.store.sql import SqlStore, open_database
from tests.e2e.server import call, sign_in, start_server
from web.protocol_schemas import check_server_frame

FARM_SECONDS = 45.0  # repetitions as fit in this (the scenario ran 60 s)
MIN_REPETITIONS = 10


def _party_of_eight(base: str) -> tuple[list[tuple[dict, str]], dict]:
    people = [sign_in(base) for _ in range(8)]
    status, party = call(base, "POST", "/api/parties", people[0][1], {"language": "en"})
    assert status == 201, party
    for _, token in people[1:]:
        status, body = call(base, "POST", "/api/parties/join", token, {"invite": party["invite"]})
        assert status == 200, body
    return people, party


def _wait_online(base: str, token: str) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        _, view = call(base, "GET", "/api/party", token)
        if all(m["online"] for m in view["members"]):
            return
        time.sleep(0.05)
    raise AssertionError(f"party members not online: {view}")


def _rating(base: str, token: str) -> int:
    status, me = call(base, "GET", "/api/me", token)
    assert status == 200, me
    return me["rating"]


def _next(ws, kinds: set[str], timeout: float = 10.0) -> dict:
    """The next frame of one of `kinds` on `ws` (frames before it are checked, then skipped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = ws.receive(timeout=max(0.01, deadline - time.monotonic()))
        if text is None:
            continue
        frame = check_server_frame(text)
        if frame["type"] in kinds:
            return frame
    raise AssertionError(f"no {kinds} frame within {timeout}s")


def _start(base: str, token: str) -> dict:
    """Start the party once nobody in it is still in the last tournament."""
    deadline = time.monotonic() + 10
    while True:
        status, body = call(base, "POST", "/api/party/start", token)
        if status == 200:
            return body
        assert status == 409 and time.monotonic() < deadline, body
        time.sleep(0.05)


def test_a_party_of_alts_leaving_at_once_never_moves_the_leaders_rating(tmp_path):
    # an intro long enough for the seven leaves to land in it even on a loaded machine (with
    # 0.1 s, a late leave was paired and played, and that alt rightly gained from the others)
    srv = start_server(tmp_path, intro_seconds=2)
    sockets = []
    try:
        people, _ = _party_of_eight(srv.base)
        sockets = [connect(srv.ws_url, headers={"Authorization": f"Bearer {t}"}) for _, t in people]
        _wait_online(srv.base, people[0][1])
        leader_ws, alt_ws = sockets[0], sockets[1:]
        before = [_rating(srv.base, t) for _, t in people]
        repetitions, won = 0, 0
        started_at = time.monotonic()
        while time.monotonic() - started_at < FARM_SECONDS and repetitions < 60:
            _start(srv.base, people[0][1])
            tournament = _next(leader_ws, {"tournament_started"})["tournament"]
            for ws in alt_ws:
                assert _next(ws, {"tournament_started"})["tournament"] == tournament
            for ws in alt_ws:  # all seven at once, before anyone has played
                ws.send(json.dumps({"type": "leave"}))
            ended = _next(leader_ws, {"tournament_ended"})
            assert ended["tournament"] == tournament
            won += ended["winner"] == people[0][0]["id"]
            repetitions += 1
        assert repetitions >= MIN_REPETITIONS, f"only {repetitions} repetitions fitted"
        assert won == repetitions  # the farm "works": the leader is first every time
    finally:
        for ws in sockets:
            try:
                ws.close()
            except Exception:
                pass
        assert srv.stop() == 0, srv.log()  # a clean stop writes every result first
    assert "Traceback" not in srv.log()
    open_database(f"sqlite:///{srv.db_path}")
    players = SqlStore().get_players([p["id"] for p, _ in people])
    after = [players[p["id"]].rating for p, _ in people]
    gain = after[0] - before[0]
    assert gain == 0, f"the leader gained {gain} in {repetitions} repetitions"
    for alt_before, alt_after in zip(before[1:], after[1:], strict=True):
        assert alt_after < alt_before  # each alt pays for leaving
    lost = [a - b for a, b in zip(after[1:], before[1:], strict=True)]
    print(f"{repetitions} repetitions: leader {gain:+d}, alts {lost}")


def test_a_household_party_that_plays_to_the_end_is_rated_by_its_places(tmp_path):
    srv = start_server(tmp_path)
    try:
        answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
        people, _ = _party_of_eight(srv.base)
        brains, threads = [], []
        for i, (_player, token) in enumerate(people):
            brain = BotBrain(
                skill_named("good"),
                answers,
                random.Random(i),
                "en",
                leave_when_out=False,  # everyone stays to the end
                think_scale=0.02,
                queue=False,
            )
            brains.append(brain)
            t = threading.Thread(
                target=run_bot, args=(srv.ws_url, token, brain), kwargs={"max_seconds": 120}
            )
            t.daemon = True
            t.start()
            threads.append(t)
        _wait_online(srv.base, people[0][1])
        _start(srv.base, people[0][1])
        for t in threads:
            t.join(130)
        results = [b.result for b in brains]
        assert all(results), srv.log()
        assert len({r["tournament"] for r in results}) == 1
        places = {p["player"]: p["place"] for p in results[0]["places"]}
        assert len(places) == 8
        expected = rating_changes(dict.fromkeys(places, 1000), places)  # nobody left
        assert {p["player"]: p["rating_change"] for p in results[0]["places"]} == expected
        open_database(f"sqlite:///{srv.db_path}")
        players = SqlStore().get_players(list(places))
        assert {p: players[p].rating - 1000 for p in places} == expected
    finally:
        assert srv.stop() == 0, srv.log()
