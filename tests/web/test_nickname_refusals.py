"""A refused nickname over REST: a 400 with a code and a reason to translate; nothing changes."""

from __future__ import annotations

import pytest

from models.settings import Settings
from models.store.sql import SqlStore
from web.application import create_app


@pytest.fixture
def app(tmp_path):
    url = f"sqlite:///{tmp_path / 'wt.db'}"
    settings = Settings(database_url=url, journal_path=str(tmp_path / "journal.jsonl"))
    return create_app({"TESTING": True, "SETTINGS": settings})


@pytest.mark.parametrize(
    "nickname,reason",
    [("Heil Hitler 88", "hate"), ("f.u.c.k", "offensive"), ("Bоt Fox 96", "reserved_bot"),
     ("ADMIN", "reserved_staff"), ("Calm Otter 42 k3f9", "fake_tag")],
)  # fmt: skip
def test_a_refused_nickname_changes_nothing_and_says_why(app, nickname, reason):
    client = app.test_client()
    created = client.post("/api/session", json={})
    me = created.get_json()["player"]
    res = client.patch("/api/me", json={"nickname": nickname})
    body = res.get_json()
    assert res.status_code == 400
    assert body["fields"]["code"] == ["nickname_refused"] and body["fields"]["reason"] == [reason]
    assert body["error"] and body["fields"]["nickname"] == [body["error"]]
    assert SqlStore().get_player(me["id"]).nickname == me["nickname"]


def test_a_refused_nickname_at_sign_in_creates_no_account(app):
    client = app.test_client()
    res = client.post("/api/session", json={"nickname": "Moderator"})
    assert res.status_code == 400 and res.get_json()["fields"]["reason"] == ["reserved_staff"]
    assert "wt_token" not in res.headers.get("Set-Cookie", "")
    assert client.get("/api/me").status_code == 401


def test_an_innocent_name_with_a_term_inside_is_accepted(app):
    client = app.test_client()
    client.post("/api/session", json={})
    res = client.patch("/api/me", json={"nickname": "Scunthorpe Fan"})
    assert res.status_code == 200 and res.get_json()["nickname"] == "Scunthorpe Fan"


def test_the_admins_own_terms_apply(tmp_path):
    extra = tmp_path / "ours.txt"
    extra.write_text("=grumpkin\n", "utf-8")
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'wt.db'}",
        journal_path=str(tmp_path / "journal.jsonl"),
        nickname_terms=str(extra),
    )
    client = create_app({"TESTING": True, "SETTINGS": settings}).test_client()
    res = client.post("/api/session", json={"nickname": "Grumpkin"})
    assert res.status_code == 400 and res.get_json()["fields"]["reason"] == ["offensive"]
