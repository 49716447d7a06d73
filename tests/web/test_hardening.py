"""Hostile requests against the REST routes: oversized bodies, floods, other sites' pages, and
the headers every response carries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from models.settings import Settings
from tests.actors.harness import SmallWords
from web.application import create_app

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"


def make_app(tmp_path, **settings):
    settings = Settings(database_url=f"sqlite:///{tmp_path}/wordle.db", bot_fill=False, **settings)
    words = {"en": SmallWords(), "de": SmallWords(2)}
    return create_app({"TESTING": True, "SETTINGS": settings, "WORDS": words})


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def person(app, address="127.0.0.1"):
    client = app.test_client()
    res = client.post("/api/session", environ_overrides={"REMOTE_ADDR": address})
    assert res.status_code == 201, res.get_json()
    client.player, client.token = res.get_json()["player"], res.get_json()["token"]
    return client


# --- bodies -------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read(app):
    """A declared 200 MB body: 413 at once, the route never runs (nothing is made)."""
    client = app.test_client()
    res = client.post(
        "/api/session",
        data=b"{}",
        content_type="application/json",
        environ_overrides={"CONTENT_LENGTH": str(200 * 1024 * 1024)},
    )
    assert res.status_code == 413
    assert res.get_json()["error"] == "The request body is too large (limit 16384 bytes)."
    assert "Set-Cookie" not in res.headers


def test_even_routes_that_read_no_body_refuse_a_large_one(app):
    leader = person(app)
    leader.post("/api/parties", json={"language": "en"})
    res = leader.post("/api/party/leave", data=b"x" * 20000, content_type="application/json")
    assert res.status_code == 413
    assert leader.get("/api/party").status_code == 200  # still in the party


def test_the_body_limit_is_a_setting(tmp_path):
    app = make_app(tmp_path, max_body_bytes=2048)
    res = app.test_client().post("/api/session", json={"nickname": "Lea" + " " * 3000})
    assert res.status_code == 413


@pytest.mark.parametrize(
    "body, field",
    [
        (b'{"nickname": NaN}', None),
        (b'{"nickname": "Lea", "x": 1e999}', None),
        (b'{"nickname": "\\ud800ab"}', "nickname"),
        (b"[" * 8000 + b"]" * 8000, None),
    ],
)
def test_bodies_are_parsed_as_strictly_as_frames(app, body, field):
    res = app.test_client().post("/api/session", data=body, content_type="application/json")
    assert res.status_code == 400
    error = res.get_json()
    if field:
        assert field in error["fields"]
    else:
        assert error["error"] == "request body is not valid JSON"


def test_a_huge_nickname_is_refused_by_its_length(app):
    res = app.test_client().post("/api/session", json={"nickname": "\u200b" + "a" * 5000})
    assert res.status_code == 400
    assert "characters long" in res.get_json()["fields"]["nickname"][0]


# --- sessions -----------------------------------------------------------------------------


def test_an_existing_session_is_not_echoed_to_page_scripts(app):
    client = person(app)
    res = client.post("/api/session")
    body = res.get_json()
    assert res.status_code == 200 and body["created"] is False
    assert body["player"]["id"] == client.player["id"]
    assert "token" not in body and client.token not in res.get_data(as_text=True)
    bearer = {"Authorization": f"Bearer {client.token}"}
    res = app.test_client().post("/api/session", headers=bearer)
    assert res.status_code == 200 and "token" not in res.get_json()


# --- rates --------------------------------------------------------------------------------


def test_sign_ins_per_address_are_limited(tmp_path):
    app = make_app(tmp_path, signin_rate="3/minute")
    made = [person(app, "203.0.113.5") for _ in range(3)]
    res = app.test_client().post("/api/session", environ_overrides={"REMOTE_ADDR": "203.0.113.5"})
    assert res.status_code == 429
    assert "Too many new accounts" in res.get_json()["error"]
    assert 1 <= int(res.headers["Retry-After"]) <= 60
    # a returning player is not a new account; another address is not limited
    assert made[0].post("/api/session").status_code == 200
    assert person(app, "198.51.100.7").player["id"] > made[-1].player["id"]


def test_ipv6_addresses_count_per_64_block(tmp_path):
    app = make_app(tmp_path, signin_rate="2/minute")
    person(app, "2001:db8:1:2::1")
    person(app, "2001:db8:1:2::ffff")
    res = app.test_client().post(
        "/api/session", environ_overrides={"REMOTE_ADDR": "2001:db8:1:2:abcd::9"}
    )
    assert res.status_code == 429
    person(app, "2001:db8:1:3::1")  # the next /64 is another subscriber


def test_rest_requests_per_address_are_limited(tmp_path):
    app = make_app(tmp_path, rest_rate="5/minute", signin_rate="100/minute")
    client = app.test_client()
    statuses = [client.get("/api/leaderboard").status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    res = client.get("/api/me")  # any route under /api, before anything else
    assert res.status_code == 429 and int(res.headers["Retry-After"]) >= 1
    assert "Too many requests" in res.get_json()["error"]
    assert client.get("/static/app.css").status_code == 200  # the page itself still loads
    assert client.get("/").status_code == 200
    other = client.get("/api/leaderboard", environ_overrides={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 200


def test_forwarded_addresses_count_only_behind_trusted_proxies(tmp_path):
    def statuses(app, addresses):
        client = app.test_client()
        return [
            client.get("/api/leaderboard", headers={"X-Forwarded-For": a}).status_code
            for a in addresses
        ]

    spoofed = ["192.0.2.1", "192.0.2.2", "192.0.2.3"]
    assert statuses(make_app(tmp_path / "a", rest_rate="2/minute"), spoofed)[-1] == 429
    behind = make_app(tmp_path / "b", rest_rate="2/minute", trusted_proxies=1)
    assert statuses(behind, spoofed) == [200, 200, 200]


# --- other sites' pages -------------------------------------------------------------------


def started_party(app):
    leader = person(app)
    assert leader.post("/api/parties", json={"language": "en"}).status_code == 201
    return leader


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:8001"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
        {"Origin": "http://game.localhost"},  # an older browser: no Sec-Fetch-Site
        {"Origin": "null"},  # a sandboxed frame
    ],
)
def test_state_changing_routes_refuse_other_sites_pages(app, headers):
    leader = started_party(app)
    before = leader.get("/api/party").get_json()
    for method, path, body in [
        ("post", "/api/party/start", None),
        ("post", "/api/party/invite", None),
        ("patch", "/api/me", {"nickname": "Pwned"}),
        ("post", "/api/party/leave", None),
        ("post", "/api/session", None),
    ]:
        res = getattr(leader, method)(path, json=body, headers=headers)
        assert res.status_code == 403, (path, res.get_json())
        assert "another site" in res.get_json()["error"]
    assert leader.get("/api/party").get_json() == before
    assert leader.get("/api/me").get_json()["nickname"] == leader.player["nickname"]


def test_own_pages_and_bearer_clients_are_not_affected(app):
    leader = started_party(app)
    own = {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
    res = leader.post("/api/party/invite", headers=own)
    assert res.status_code == 200
    res = leader.post("/api/party/invite", headers={"Origin": "http://localhost"})
    assert res.status_code == 200  # Origin only, matching this host
    typed = leader.patch("/api/me", json={"nickname": "Lea"}, headers={"Sec-Fetch-Site": "none"})
    assert typed.status_code == 200
    bot = app.test_client()  # a Bearer client is immune, wherever it claims to come from
    res = bot.patch(
        "/api/me",
        json={"nickname": "Ada Lovelace"},
        headers={"Authorization": f"Bearer {leader.token}", "Sec-Fetch-Site": "cross-site"},
    )
    assert res.status_code == 200
    assert leader.get("/api/me", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


# --- headers ------------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(app):
    client = person(app)
    for path in ["/", "/rules", "/static/app.css", "/static/js/main.js", "/api/me",
                 "/api/leaderboard", "/api/nothing", "/nothing", "/join/no-such-invite",
                 "/healthz"]:  # fmt: skip
        res = client.get(path)
        csp = res.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert res.headers["X-Content-Type-Options"] == "nosniff", path
        assert res.headers["X-Frame-Options"] == "DENY", path
        assert res.headers["Referrer-Policy"] == "same-origin", path
    anonymous = app.test_client().get("/api/me")
    assert anonymous.status_code == 401 and "Content-Security-Policy" in anonymous.headers


def test_the_client_needs_nothing_the_policy_forbids():
    """No inline script, inline style, event-handler attribute or eval anywhere in the client
    (its static files and the page templates)."""
    for page in [*STATIC.glob("*.html"), *(STATIC.parent / "templates").glob("*.html")]:
        html = page.read_text(encoding="utf-8")
        # a JSON data block is not script: the policy does not apply to it
        script = r"<script(?![^>]*\b(src=|type=\"application/json\"))[^>]*>"
        assert not re.search(script, html), page.name
        assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html, re.IGNORECASE), page.name
    for script in STATIC.rglob("*.js"):
        code = script.read_text(encoding="utf-8")
        assert not re.search(r"\beval\(|new Function\(|setAttribute\(\s*['\"]style", code), script
        assert not re.search(r"(innerHTML|insertAdjacentHTML)[^;]*(style=|<script)", code), script


@pytest.mark.parametrize(
    "frame, field",
    [
        ('{"type":"spectate","duel":0}', "duel"),
        ('{"type":"spectate","duel":99999999999999999999}', "duel"),
        ('{"type":"queue","language":"en","lobby":-1}', "lobby"),
        ('{"type":"ping","t":"soon"}', "t"),
        ('{"type":"ping","t":true}', "t"),
        ('{"type":"guess","word":"\\ud800aaa"}', "word"),
    ],
)
def test_every_frame_field_is_validated(frame, field):
    from web.protocol_schemas import FrameError, parse_client_frame

    with pytest.raises(FrameError) as refused:
        parse_client_frame(frame, 4096)
    assert refused.value.frame.code == "bad_message" and f"{field}:" in refused.value.frame.message
