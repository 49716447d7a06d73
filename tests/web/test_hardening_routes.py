"""Route-level defences found by trying the server as an abuser would: limits on pages, one
URL per id, nothing personal cached, refused codings honoured, refusals logged in summary."""

from __future__ import annotations

import logging
import re

import pytest

from tests.web.test_hardening import make_app, person
from web.assets import accepted_encodings
from web.limits import Refusals, address_key


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def test_pages_outside_the_api_are_limited_per_address(tmp_path):
    app = make_app(tmp_path, page_rate="5/minute")
    flood, other = app.test_client(), app.test_client()
    codes = [flood.get("/rules", environ_overrides={"REMOTE_ADDR": "10.0.0.1"}).status_code
             for _ in range(7)]  # fmt: skip
    assert codes == [200] * 5 + [429, 429]
    refused = flood.get("/healthz", environ_overrides={"REMOTE_ADDR": "10.0.0.1"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert other.get("/rules", environ_overrides={"REMOTE_ADDR": "10.0.0.2"}).status_code == 200
    # the REST routes and the websocket keep their own counts: a page flood does not lock a
    # player out of the game
    assert flood.get("/ws", environ_overrides={"REMOTE_ADDR": "10.0.0.1"}).status_code != 429
    signed_in = flood.post("/api/session", environ_overrides={"REMOTE_ADDR": "10.0.0.1"})
    assert signed_in.status_code == 201


@pytest.mark.parametrize("written", ["١", "1_0", "+1", "01", "%201", "1.0", "0x1"])
def test_an_id_has_one_url(app, written):
    me = person(app)
    pid = me.player["id"]
    assert me.get(f"/players/{pid}").status_code == 200
    path = f"/players/{written.replace('1', str(pid), 1) if written != '١' else '١'}"
    assert me.get(path).status_code == 404
    assert me.get(f"/api/players/{written}").status_code == 404


def test_the_token_and_the_invite_are_never_cached(app):
    client = app.test_client()
    signed_in = client.post("/api/session")
    assert signed_in.status_code == 201 and "no-store" in signed_in.headers["Cache-Control"]
    party = client.post("/api/parties", json={"language": "en"})
    assert party.status_code in (200, 201), party.get_json()
    assert "no-store" in party.headers["Cache-Control"]
    invite = party.get_json()["invite"]
    assert "no-store" in client.get(f"/api/invites/{invite}").headers["Cache-Control"]
    assert "no-store" in client.get("/api/me").headers["Cache-Control"]


@pytest.mark.parametrize(
    "header,expected",
    [("br;q=0", None), ("br;q=0, gzip", "gzip"), ("gzip;q=0, br", "br"), ("br", "br"),
     ("br;q=0.0, gzip;q=0", None), ("br;q=x", None)],
)  # fmt: skip
def test_a_refused_coding_is_never_used(app, header, expected):
    page = app.test_client().get("/rules").get_data(as_text=True)
    asset = re.search(r'"(/static/[^"]+\.css)"', page).group(1)
    res = app.test_client().get(asset, headers={"Accept-Encoding": header})
    assert res.headers.get("Content-Encoding") == expected


def test_refused_codings_are_dropped_from_the_header():
    assert accepted_encodings("br;q=0, gzip;q=0.5, deflate") == "gzip;q=0.5, deflate"
    assert accepted_encodings("identity;q=0") == ""


def test_ipv6_connections_count_per_64_block():
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert address_key("2001:db8:0:1::1") != address_key("2001:db8::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"


def test_refusals_are_logged_as_one_summary_a_minute(caplog):
    now = [0.0]
    refusals = Refusals(every=60, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="wordle.limits"):
        for _ in range(500):
            refusals.note("pages")
            now[0] += 0.01
        refusals.note("sign-ins")
        now[0] = 61
        refusals.note("pages")
    lines = [r.getMessage() for r in caplog.records if r.name == "wordle.limits"]
    assert lines == [
        "refused since the last summary: 1 pages",
        "refused since the last summary: 500 pages, 1 sign-ins",
    ]
