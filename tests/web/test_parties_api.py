"""Party REST routes over the real app (the party registry actor runs in this process)."""

from __future__ import annotations

import gevent
import pytest

from models.settings import Settings
from tests.actors.harness import SmallWords
from web.application import create_app


@pytest.fixture
def app(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path}/wordle.db", bot_fill=False)
    return create_app(
        {"TESTING": True, "SETTINGS": settings, "WORDS": {"en": SmallWords(), "de": SmallWords(2)}}
    )


def person(app):
    client = app.test_client()
    res = client.post("/api/session")
    assert res.status_code == 201
    client.player = res.get_json()["player"]
    return client


def create(client, language="en"):
    res = client.post("/api/parties", json={"language": language})
    assert res.status_code == 201, res.get_json()
    return res.get_json()


def join(client, invite):
    return client.post("/api/parties/join", json={"invite": invite})


def test_create_join_by_link_and_read(app):
    leader, friend = person(app), person(app)
    party = create(leader)
    assert party["leader"] == leader.player["id"] and party["invite_path"].startswith("/join/")
    assert len(party["invite"]) >= 32  # 192 random bits, url-safe
    page = friend.get(party["invite_path"])
    assert page.status_code == 200 and b"<html" in page.data.lower()
    res = join(friend, party["invite"])
    assert res.status_code == 200
    assert [m["id"] for m in res.get_json()["members"]] == [
        leader.player["id"],
        friend.player["id"],
    ]
    mine = friend.get("/api/party").get_json()
    assert mine["id"] == party["id"] and mine["can_start"] is False
    assert leader.get(f"/api/parties/{party['id']}").get_json()["can_start"] is True


def test_unknown_or_voided_invite_is_a_clear_404(app):
    leader, friend = person(app), person(app)
    party = create(leader)
    renewed = leader.post("/api/party/invite").get_json()
    assert renewed["invite"] != party["invite"]
    page = friend.get(party["invite_path"])
    assert page.status_code == 404 and b"does not work" in page.data
    assert b"Traceback" not in page.data
    res = join(friend, party["invite"])
    assert res.status_code == 404 and "not valid" in res.get_json()["error"]
    assert join(friend, renewed["invite"]).status_code == 200
    assert friend.get("/api/invites/nope").status_code == 404


def test_leave_and_leadership(app):
    a, b, c = person(app), person(app), person(app)
    party = create(a)
    for p in (b, c):
        join(p, party["invite"])
    res = a.post("/api/party/leader", json={"player": c.player["id"]})
    assert res.get_json()["leader"] == c.player["id"]
    assert a.post("/api/party/invite").status_code == 403  # no longer the leader
    assert c.post("/api/party/leave").status_code == 204  # the leader leaves
    view = a.get("/api/party").get_json()
    assert view["leader"] == a.player["id"]  # the longest-standing member leads now
    assert [m["id"] for m in view["members"]] == [a.player["id"], b.player["id"]]
    assert c.get("/api/party").status_code == 404


def test_remove_a_member(app):
    a, b = person(app), person(app)
    party = create(a)
    join(b, party["invite"])
    assert b.post("/api/party/remove", json={"player": a.player["id"]}).status_code == 403
    res = a.post("/api/party/remove", json={"player": b.player["id"]})
    assert [m["id"] for m in res.get_json()["members"]] == [a.player["id"]]
    assert b.get("/api/party").status_code == 404
    bad = a.post("/api/party/remove", json={"player": "x"})
    assert bad.status_code == 400 and "player" in bad.get_json()["fields"]


def test_eight_members_at_most(app):
    leader = person(app)
    party = create(leader)
    for _ in range(7):
        assert join(person(app), party["invite"]).status_code == 200
    ninth = join(person(app), party["invite"])
    assert ninth.status_code == 409 and "full" in ninth.get_json()["error"]


def test_concurrent_joins_race_for_the_last_seat(app):
    leader = person(app)
    party = create(leader)
    for _ in range(6):
        join(person(app), party["invite"])
    racers = [person(app) for _ in range(5)]
    jobs = [gevent.spawn(join, r, party["invite"]) for r in racers]
    gevent.joinall(jobs, timeout=10)
    codes = sorted(job.value.status_code for job in jobs)
    assert codes == [200, 409, 409, 409, 409]
    assert len(leader.get("/api/party").get_json()["members"]) == 8


def test_a_player_is_in_one_party_at_most(app):
    a, b = person(app), person(app)
    pa, pb = create(a), create(b)
    res = join(a, pb["invite"])
    assert res.status_code == 409 and "already in a party" in res.get_json()["error"]
    assert res.get_json()["fields"]["code"] == ["in_party"]
    assert pa["id"] != pb["id"]


def test_non_members_can_neither_read_the_link_nor_act(app):
    a, outsider = person(app), person(app)
    party = create(a)
    res = outsider.get(f"/api/parties/{party['id']}")
    assert res.status_code == 403 and "invite" not in res.get_json()
    for path in ("/api/party/start", "/api/party/invite", "/api/party/leave"):
        assert outsider.post(path).status_code == 404  # not in a party
    assert app.test_client().post("/api/parties", json={"language": "en"}).status_code == 401
    assert outsider.get("/api/parties/99999").status_code == 404


def test_start_rules(app):
    a, b = person(app), person(app)
    party = create(a)
    join(b, party["invite"])
    assert b.post("/api/party/start").status_code == 403  # not the leader
    res = a.post("/api/party/start")
    assert res.status_code == 200
    started = res.get_json()
    # b has no connection open: offline members stay behind, the leader always goes
    assert started["players"] == [a.player["id"]]
    again = a.post("/api/party/start")
    assert again.status_code == 409 and "playing" in again.get_json()["error"]


def test_bad_bodies_name_the_field(app):
    a = person(app)
    res = a.post("/api/parties", json={"language": "xx"})
    assert res.status_code == 400
    res = a.post("/api/parties", json={"lang": "en"})
    assert res.status_code == 400 and "language" in res.get_json()["fields"]
    party = create(a)
    assert a.patch("/api/party", json={"language": "de"}).get_json()["language"] == "de"
    assert party["language"] == "en"
