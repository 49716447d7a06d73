"""The moderation routes and records: reports (dedupe, limits, refusals), the rename limit per
player, banned tokens refused, and address records that are hashed, never raw."""

from __future__ import annotations

import pytest

from models.settings import Settings
from models.store import tables
from models.store.sql import SqlStore
from tests.dbfixtures import (  # noqa: F401
    fixture_backend,
    fixture_db_url,
    fixture_mysql_scratch,
    fixture_mysql_server,
)
from web.addresses import address_hash, browser_family, load_secret
from web.application import create_app

store = SqlStore()
ADDRESS = "203.0.113.77"
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


@pytest.fixture
def app(db_url, tmp_path):
    settings = Settings(
        database_url=db_url, rename_rate="2/hour", report_rate="2/hour",
        address_secret="test-secret", journal_path=str(tmp_path / "journal.jsonl"),
    )  # fmt: skip
    return create_app({"TESTING": True, "SETTINGS": settings})


def sign_in(app, nickname=None):
    client = app.test_client()
    res = client.post(
        "/api/session", json={"nickname": nickname}, environ_base={"REMOTE_ADDR": ADDRESS},
        headers={"User-Agent": FIREFOX},
    )  # fmt: skip
    assert res.status_code == 201, res.get_json()
    body = res.get_json()
    return body["player"]["id"], {"Authorization": f"Bearer {body['token']}"}


def report(app, auth, **body):
    return app.test_client().post("/api/reports", json=body, headers=auth)


def test_reports_are_deduplicated_limited_and_refused_clearly(app):
    me, auth = sign_in(app)
    targets = [sign_in(app)[0] for _ in range(3)]
    first = report(app, auth, player=targets[0], reason="offensive_name", where="standings")
    assert first.status_code == 201 and first.get_json()["created"] is True
    again = report(app, auth, player=targets[0], reason="other", where="profile")
    assert again.status_code == 200 and again.get_json()["report"] == first.get_json()["report"]
    assert report(app, auth, player=targets[1], reason="other", where="end").status_code == 201
    limited = report(app, auth, player=targets[2], reason="other", where="replay", tournament=3)
    assert limited.status_code == 429
    assert limited.get_json()["fields"]["code"] == ["report_limited"]
    assert "2/hour" in limited.get_json()["error"]
    cases = {
        (me, "other", "end"): (400, "report_self"),
        (999_999, "other", "end"): (404, "unknown_player"),
        (store.create_bot("weak", 1000)[0].id, "other", "end"): (400, "report_bot"),
    }
    for (player, reason, where), (status, code) in cases.items():
        res = report(app, auth, player=player, reason=reason, where=where)
        assert res.status_code == status and res.get_json()["fields"]["code"] == [code]
    bad = report(app, auth, player=targets[2], reason="ugly", where="end")
    assert bad.status_code == 400 and "reason" in bad.get_json()["fields"]
    assert len(store.open_reports()) == 2


def test_renames_are_limited_per_player_and_nothing_changes(app):
    pid, auth = sign_in(app, "Start")
    client = app.test_client()
    for name in ("One", "Two"):
        assert client.patch("/api/me", json={"nickname": name}, headers=auth).status_code == 200
    res = client.patch("/api/me", json={"nickname": "Three"}, headers=auth)
    assert res.status_code == 429 and int(res.headers["Retry-After"]) > 0
    body = res.get_json()
    assert body["fields"]["code"] == ["rename_limited"] and "2/hour" in body["error"]
    assert int(body["fields"]["retry_after"][0]) > 0
    assert store.get_player(pid).nickname == "Two"
    assert [n.nickname for n in store.name_history(pid)] == ["Start", "One", "Two"]
    other, other_auth = sign_in(app)  # another player from the same address is not limited
    assert client.patch("/api/me", json={"nickname": "Mine"}, headers=other_auth).status_code == 200


def test_address_records_are_hashed_never_raw(app):
    pid, auth = sign_in(app)
    app.test_client().patch(
        "/api/me", json={"nickname": "Renamed"}, headers={**auth, "User-Agent": FIREFOX},
        environ_base={"REMOTE_ADDR": ADDRESS},
    )  # fmt: skip
    with tables.database.connection_context():
        seen = list(tables.AddressSeenRow.select().where(tables.AddressSeenRow.player == pid))
        dump = []
        for model in tables.TABLES:
            for row in model.select().dicts():
                dump.extend(str(v) for v in row.values())
    assert [(r.what, r.browser) for r in seen] == [("signin", "Firefox"), ("rename", "Firefox")]
    assert {r.address_hash for r in seen} == {address_hash(ADDRESS, b"test-secret")}
    assert not any(ADDRESS in value for value in dump)


def test_a_banned_token_gets_403_and_its_address_no_new_account(app):
    pid, auth = sign_in(app)
    store.ban(pid, "mod", "hateful", address_days=1)
    res = app.test_client().get("/api/me", headers=auth)
    assert res.status_code == 403 and res.get_json()["fields"]["code"] == ["banned"]
    upgrade = {
        "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }  # fmt: skip
    handshake = app.test_client().get("/ws?v=1", headers={**upgrade, **auth})
    assert handshake.status_code == 403 and handshake.get_json()["fields"]["code"] == ["banned"]
    refused = app.test_client().post("/api/session", environ_base={"REMOTE_ADDR": ADDRESS})
    assert refused.status_code == 403
    other = app.test_client().post("/api/session", environ_base={"REMOTE_ADDR": "198.51.100.1"})
    assert other.status_code == 201


def test_browser_families_and_the_secret_file(tmp_path):
    agents = {
        FIREFOX: "Firefox",
        "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36": "Chrome",
        "Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 Safari/537.36 Edg/126.0": "Edge",
        "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15": "Safari",
        "curl/8.0": "other",
        None: "other",
    }
    assert {ua: browser_family(ua) for ua in agents} == agents
    settings = Settings(database_url=f"sqlite:///{tmp_path}/db/w.db")
    secret = load_secret(settings)
    path = tmp_path / "db" / "address-secret"
    assert path.stat().st_mode & 0o777 == 0o600 and len(secret) == 64
    assert load_secret(settings) == secret  # made once


def test_a_finished_tournament_shows_names_at_its_start_and_says_void(app):
    from models.results import FixedPlacement, TournamentClosed

    a, _ = sign_in(app, "Original")
    b, _ = sign_in(app, "Other")
    tid, _ = store.start_tournament("en", [a, b])
    store.record_results([
        FixedPlacement(tid, b, 2, 1, False, -25), FixedPlacement(tid, a, 1, 1, False, 25),
        TournamentClosed(tid),
    ])  # fmt: skip
    store.set_nickname(a, "Changed")
    client = app.test_client()
    body = client.get(f"/api/tournaments/{tid}").get_json()
    assert {e["player"]["id"]: e["player"]["nickname"] for e in body["entries"]} == {
        a: "Original", b: "Other",
    }  # fmt: skip
    assert body["void"] is False and "replay-void" not in client.get(f"/tournaments/{tid}").text
    store.void_tournament(tid, "mod", "test")
    store.remove_player(b, "mod", "asked")
    body = client.get(f"/api/tournaments/{tid}").get_json()
    assert body["void"] is True and all(e["rating_change"] == 0 for e in body["entries"])
    assert {e["player"]["nickname"] for e in body["entries"]} == {"Original", "removed player"}
    page = client.get(f"/tournaments/{tid}").text
    assert "replay-void" in page and "removed player" in page
