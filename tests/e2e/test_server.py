"""The real server over real websockets: whole tournaments, hostile frames, shutdown."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest

import wordlists
from actors.bot_client import BotBrain, known_answers, run_bot, skill_named
from actors.bot_client import websocket_client as connect
from models.rating import rating_changes
from models.store.sql import SqlStore, open_database
from tests.actors.harness import assert_secrets_kept
from tests.e2e.server import sign_in, start_server
from web.protocol_schemas import check_server_frame

store = SqlStore()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("server"))
    yield srv
    code = srv.stop()
    assert code == 0, srv.log()


class Recorder:
    """Every frame each bot received, checked against the protocol schemas."""

    def __init__(self) -> None:
        self.frames: dict[int, list[dict]] = {}
        self.lock = threading.Lock()

    def for_bot(self, index: int):
        self.frames[index] = []

        def record(text: str) -> None:
            frame = check_server_frame(text)
            with self.lock:
                self.frames[index].append(frame)

        return record


def run_bots(base_ws: str, tokens: list[str], level="strong", seed=1, timeout=60.0):
    answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
    rng = random.Random(seed)
    recorder = Recorder()
    brains, threads = [], []
    for i, token in enumerate(tokens):
        brain = BotBrain(
            skill_named(level),
            answers,
            random.Random(rng.random()),
            "en",
            leave_when_out=False,
            think_scale=0.02,
        )
        brains.append(brain)
        t = threading.Thread(
            target=run_bot,
            args=(base_ws, token, brain),
            kwargs={"max_seconds": timeout, "on_frame": recorder.for_bot(i)},
            daemon=True,
        )
        threads.append(t)
        t.start()
    for t in threads:
        t.join(timeout + 5)
    return brains, recorder


def test_eight_bot_clients_finish_a_tournament_and_ratings_are_right(server):
    tokens = [sign_in(server.base)[1] for _ in range(8)]
    brains, recorder = run_bots(server.ws_url, tokens)
    results = [b.result for b in brains]
    assert all(r is not None for r in results), server.log()
    ended = results[0]
    places = {p["player"]: p["place"] for p in ended["places"]}
    assert len(places) == 8 and min(places.values()) == 1
    # every frame matched its schema (checked while recording), no secret leaked early
    for frames in recorder.frames.values():
        assert frames[0]["type"] == "welcome"
        assert assert_secrets_kept(frames) >= 4
    # the database agrees with the rules core, applied once
    open_database(f"sqlite:///{server.db_path}")
    expected = rating_changes(dict.fromkeys(places, 1000), places)
    players = store.get_players(places)
    assert {p: players[p].rating - 1000 for p in places} == expected
    summary = store.tournament_summary(ended["tournament"])
    assert summary.status == "finished"
    assert {e.player.id: e.place for e in summary.entries} == places
    assert summary.duels and all(d.rows for d in summary.duels)


def test_hostile_frames_get_errors_and_change_nothing(server):
    _, token = sign_in(server.base)
    ws = connect(server.ws_url, headers={"Authorization": f"Bearer {token}"})
    try:
        first = [check_server_frame(ws.receive(5)) for _ in range(2)]
        assert [f["type"] for f in first] == ["welcome", "home"]
        cases = {
            "not json": "bad_json",
            json.dumps([1, 2]): "bad_message",
            json.dumps({"type": "fly"}): "unknown_type",
            json.dumps({"type": "guess"}): "bad_message",
            json.dumps({"type": "guess", "word": "x", "evil": 1}): "bad_message",
            json.dumps({"type": "queue", "language": 5}): "bad_message",
            json.dumps({"type": "spectate", "duel": "7"}): "bad_message",
            json.dumps({"type": "queue", "language": "en" * 3000}): "too_large",
            json.dumps({"type": "guess", "word": "crane"}): "not_in_lobby",
            json.dumps({"type": "queue", "language": "xx"}): "unknown_language",
        }
        for frame, code in cases.items():
            ws.send(frame)
            reply = check_server_frame(ws.receive(5))
            assert reply["type"] == "error" and reply["code"] == code, (frame, reply)
            time.sleep(0.11)  # stay under the rate limit
        ws.send(b"\x00\x01")
        assert check_server_frame(ws.receive(5))["code"] == "binary_frame"
        time.sleep(2.1)
        for _ in range(40):  # a burst over the limit
            ws.send(json.dumps({"type": "ping", "t": 1}))
        replies = [check_server_frame(ws.receive(5)) for _ in range(40)]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["code"] == "rate_limited" for r in limited)
        assert sum(r["type"] == "pong" for r in replies) >= 20
        time.sleep(2.1)
        ws.send(json.dumps({"type": "ping", "t": 7}))  # still connected and working
        pong = check_server_frame(ws.receive(5))
        assert pong["type"] == "pong" and pong["t"] == 7
        assert abs(pong["server_time"] - time.time() * 1000) < 5000
    finally:
        ws.close()


def test_handshake_needs_a_token_and_the_right_version(server):
    ws = connect(server.ws_url)
    assert check_server_frame(ws.receive(5))["code"] == "unauthorized"
    _, token = sign_in(server.base)
    ws = connect(server.ws_url.replace("v=1", "v=99"), headers={"Authorization": f"Bearer {token}"})
    assert check_server_frame(ws.receive(5))["code"] == "unsupported_version"


def test_newer_connection_wins(server):
    _, token = sign_in(server.base)
    headers = {"Authorization": f"Bearer {token}"}
    old = connect(server.ws_url, headers=headers)
    assert check_server_frame(old.receive(5))["type"] == "welcome"
    new = connect(server.ws_url, headers=headers)
    assert check_server_frame(new.receive(5))["type"] == "welcome"
    frames = []
    try:
        while True:
            text = old.receive(5)
            if text is None:
                break
            frames.append(check_server_frame(text))
    except Exception:
        pass
    assert "replaced" in [f["type"] for f in frames]
    new.close()


def test_one_person_and_seven_bots_play_a_tournament(tmp_path):
    srv = start_server(tmp_path, bot_fill="on", bot_fill_seconds="0.3")
    try:
        _, token = sign_in(srv.base)
        (brain,), recorder = run_bots(srv.ws_url, [token], timeout=180)
        assert brain.result is not None, srv.log()
        seats = next(f for f in recorder.frames[0] if f["type"] == "tournament_started")
        bots = [s for s in seats["lobby"]["seats"] if s["bot"]]
        assert len(bots) == 7 and all(s["nickname"].startswith("Bot ") for s in bots)
        assert all(abs(s["rating"] - 1000) <= 200 for s in bots)
    finally:
        assert srv.stop() == 0, srv.log()
    assert "7 bot(s) sent" in srv.log() and "ended" in srv.log()


def test_sigterm_stops_running_tournaments_cleanly(tmp_path):
    srv = start_server(tmp_path, turn_seconds="30")
    tokens = [sign_in(srv.base)[1] for _ in range(8)]
    holder = {}
    thread = threading.Thread(
        target=lambda: holder.update(r=run_bots(srv.ws_url, tokens, level="weak", timeout=60)),
        daemon=True,
    )
    thread.start()
    deadline = time.monotonic() + 20
    while "started" not in srv.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert srv.stop() == 0
    thread.join(30)
    log = srv.log()
    assert "shutting down" in log and "stopped 1 running tournament" in log
    brains, recorder = holder["r"]
    assert all(
        any(f["type"] == "tournament_aborted" for f in frames)
        for frames in recorder.frames.values()
    )
    tournament = next(
        f["tournament"] for f in recorder.frames[0] if f["type"] == "tournament_started"
    )
    open_database(f"sqlite:///{srv.db_path}")
    summary = store.tournament_summary(tournament)
    assert summary.status == "aborted"
    unplaced = [e.player.id for e in summary.entries if e.place is None]
    assert unplaced and all(p.rating == 1000 for p in store.get_players(unplaced).values())


def test_another_sites_page_cannot_use_the_websocket(server):
    _, token = sign_in(server.base)
    ws = connect(
        server.ws_url,
        headers={"Authorization": f"Bearer {token}", "Origin": "https://evil.example"},
    )
    assert check_server_frame(ws.receive(5))["code"] == "unauthorized"
    own = "http://127.0.0.1"  # this client sends "Host: 127.0.0.1" (no port); same origin
    ws = connect(server.ws_url, headers={"Authorization": f"Bearer {token}", "Origin": own})
    assert check_server_frame(ws.receive(5))["type"] == "welcome"
    ws.close()
