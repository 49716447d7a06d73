"""REST routes on both databases: anonymous sessions, tokens, nicknames, reads, errors."""

from __future__ import annotations

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store import tables
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel
from web.application import create_app
from web.auth import COOKIE, player_from_request

store = SqlStore()

T0 = 1_700_000_000.0


@pytest.fixture
def app(db_url, shipped_words):
    settings = Settings(database_url=db_url)
    return create_app({"TESTING": True, "SETTINGS": settings, "WORDS": shipped_words})


@pytest.fixture
def client(app):
    return app.test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


_tokens: dict[int, str] = {}  # player id -> token, of the players sign_in made


def sign_in(app) -> tuple[dict, str]:
    """A new player through the API, from a fresh client; returns (player json, token)."""
    res = app.test_client().post("/api/session")
    assert res.status_code == 201
    player, token = res.get_json()["player"], res.get_json()["token"]
    _tokens[player["id"]] = token
    return player, token


# --- sessions and tokens ------------------------------------------------------------------


def test_session_creates_a_player_and_sets_an_httponly_cookie(client):
    res = client.post("/api/session")
    assert res.status_code == 201
    body = res.get_json()
    assert body["created"] is True and len(body["token"]) >= 22
    assert body["player"]["rating"] == 1000 and body["player"]["tag"]
    cookie = res.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}={body['token']};")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    # the browser now carries the cookie: it is that player, and no new one is made
    me = client.get("/api/me")
    assert me.status_code == 200 and me.get_json()["id"] == body["player"]["id"]
    again = client.post("/api/session")
    assert again.status_code == 200 and again.get_json()["created"] is False
    assert again.get_json()["player"]["id"] == body["player"]["id"]


def test_session_cookie_is_secure_when_configured(db_url):
    settings = Settings(database_url=db_url, cookie_secure=True)
    res = create_app(settings).test_client().post("/api/session")
    assert "Secure" in res.headers["Set-Cookie"]


def test_session_may_choose_a_valid_nickname(client):
    res = client.post("/api/session", json={"nickname": "  Lea  "})
    assert res.status_code == 201 and res.get_json()["player"]["nickname"] == "Lea"


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"json": {"nickname": "a\u200bb"}}, "nickname"),
        ({"json": {"nickname": 5}}, "nickname"),
        ({"json": {"name": "Lea"}}, "name"),
    ],
)
def test_bad_session_request_is_400_and_creates_nobody(client, kwargs, field):
    before = _count_players()
    res = client.post("/api/session", **kwargs)
    assert res.status_code == 400
    assert field in res.get_json()["fields"] and field in res.get_json()["error"]
    assert _count_players() == before
    assert "Set-Cookie" not in res.headers


def _count_players() -> int:
    with tables.database.connection_context():
        return tables.PlayerRow.select().count()


def test_bearer_token_works_without_cookies(app):
    player, token = sign_in(app)
    res = app.test_client().get("/api/me", headers=bearer(token))
    assert res.status_code == 200 and res.get_json()["id"] == player["id"]


@pytest.mark.parametrize(
    "headers, cookie",
    [
        ({}, None),
        ({"Authorization": "Bearer "}, None),
        ({"Authorization": "Bearer not-a-real-token-at-all-000000"}, None),
        ({"Authorization": "Basic dXNlcjpwYXNz"}, None),
        ({}, "forged-token-value-0000000000000000000"),
        ({}, ""),
    ],
)
def test_missing_or_wrong_token_is_401(app, headers, cookie):
    sign_in(app)  # a real player exists; the request is still not them
    c = app.test_client()
    if cookie is not None:
        c.set_cookie(COOKIE, cookie)
    for method in (c.get, c.patch):
        res = method("/api/me", headers=headers, json={"nickname": "Hijack"})
        assert res.status_code == 401
        assert "token" in res.get_json()["error"]
        assert res.headers["WWW-Authenticate"].startswith("Bearer")


def test_player_from_request_checks_the_handshake_as_any_route(app):
    """What the websocket handshake uses: the same check, from its request."""
    player, token = sign_in(app)

    def who(**headers):
        with app.test_request_context("/ws", headers=headers):
            found = player_from_request()
            return None if found is None else found.id

    assert who(Cookie=f"{COOKIE}={token}") == player["id"]
    assert who(**bearer(token)) == player["id"]
    assert who(**bearer(token + "x")) is None
    assert who() is None


# --- /api/me ------------------------------------------------------------------------------


def test_me_shows_private_fields_and_profiles_do_not(app):
    player, token = sign_in(app)
    c = app.test_client()
    me = c.get("/api/me", headers=bearer(token)).get_json()
    assert {"last_seen", "created_at"} <= set(me)
    public = c.get(f"/api/players/{player['id']}").get_json()["player"]
    assert not {"last_seen", "created_at", "token", "token_hash"} & set(public)
    assert public["nickname"] == me["nickname"] and public["tag"] == me["tag"]


def test_patch_me_changes_only_the_callers_nickname(app):
    alice, alice_token = sign_in(app)
    bob, bob_token = sign_in(app)
    c = app.test_client()
    res = c.patch("/api/me", headers=bearer(alice_token), json={"nickname": "  Alice  "})
    assert res.status_code == 200 and res.get_json()["nickname"] == "Alice"
    assert res.get_json()["id"] == alice["id"]
    assert store.get_player(bob["id"]).nickname == bob["nickname"]
    # there is no route that changes another player
    assert c.patch(f"/api/players/{bob['id']}", headers=bearer(alice_token)).status_code == 405
    assert c.get("/api/me", headers=bearer(bob_token)).get_json()["nickname"] == bob["nickname"]


def test_same_nickname_twice_is_told_apart_by_tag(app):
    _, t1 = sign_in(app)
    _, t2 = sign_in(app)
    c = app.test_client()
    a = c.patch("/api/me", headers=bearer(t1), json={"nickname": "Twin"}).get_json()
    b = c.patch("/api/me", headers=bearer(t2), json={"nickname": "Twin"}).get_json()
    assert a["nickname"] == b["nickname"] == "Twin" and a["tag"] != b["tag"]


@pytest.mark.parametrize(
    "kwargs, field, words",
    [
        ({"json": {"nickname": "x"}}, "nickname", "2 to 24"),
        ({"json": {"nickname": "y" * 25}}, "nickname", "2 to 24"),
        ({"json": {"nickname": "bad\u202ename"}}, "nickname", "invisible"),
        ({"json": {"nickname": "bell\x07"}}, "nickname", "control"),
        ({"json": {"nickname": None}}, "nickname", "null"),
        ({"json": {}}, "nickname", "required"),
        ({"json": {"nickname": "Fine", "rating": 3000}}, "rating", "Unknown"),
        ({"json": ["Fine"]}, None, "JSON object"),
        ({"data": "nickname=Fine"}, None, "JSON"),
        ({"data": "{not json", "content_type": "application/json"}, None, "not valid JSON"),
    ],
)
def test_bad_patch_is_400_naming_the_field_and_changes_nothing(app, kwargs, field, words):
    player, token = sign_in(app)
    res = app.test_client().patch("/api/me", headers=bearer(token), **kwargs)
    assert res.status_code == 400
    body = res.get_json()
    if field:
        assert field in body["fields"] and field in body["error"]
        assert words in " ".join(body["fields"][field])
    else:
        assert words in body["error"]
    after = store.get_player(player["id"])
    assert after.nickname == player["nickname"] and after.rating == 1000


# --- read routes --------------------------------------------------------------------------


def play_small_tournament(app) -> tuple[int, list[dict]]:
    people = [sign_in(app)[0] for _ in range(3)]
    ids = [p["id"] for p in people]
    tid, _ = store.start_tournament("en", ids)
    store.record_duel(
        played_duel(
            tid,
            1,
            (ids[0], ids[1]),
            "crane",
            5,
            ids[0],
            "win",
            ids[1],
            [(ids[0], "slate", "xyxxg", T0 + 1), (ids[1], "crane", "ggggg", T0 + 2)],
            T0,
            T0 + 2,
        )
    )
    for pid, place, change in [(ids[0], 3, -12), (ids[2], 2, 1), (ids[1], 1, 11)]:
        store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
    return tid, people


def test_tournament_summary_only_once_finished(app):
    tid, people = play_small_tournament(app)
    c = app.test_client()
    assert c.get(f"/api/tournaments/{tid}").status_code == 409
    store.finish_tournament(TournamentClosed(tid))
    body = c.get(f"/api/tournaments/{tid}").get_json()
    assert body["status"] == "finished" and body["language"] == "en"
    assert [e["player"]["id"] for e in body["entries"]] == [people[i]["id"] for i in (1, 2, 0)]
    assert [e["rating_change"] for e in body["entries"]] == [11, 1, -12]
    (duel,) = body["duels"]
    assert duel["secret"] == "crane" and duel["winner"] == people[1]["id"]
    assert [(r["word"], r["marks"], r["skipped"]) for r in duel["rows"]] == [
        ("slate", "xyxxg", False),
        ("crane", "ggggg", False),
    ]
    assert duel["secret_letters"] == list("crane")  # tiles to replay the board with
    assert [r["letters"] for r in duel["rows"]] == [list("slate"), list("crane")]
    assert "last_seen" not in body["entries"][0]["player"]


def test_leaderboard_and_profile(app):
    tid, people = play_small_tournament(app)
    store.finish_tournament(TournamentClosed(tid))
    c = app.test_client()
    board = c.get("/api/leaderboard?limit=2").get_json()
    assert board["total"] == 3 and board["limit"] == 2
    assert [(r["rank"], r["player"]["rating"]) for r in board["rows"]] == [(1, 1011), (2, 1001)]
    rest = c.get("/api/leaderboard?limit=2&offset=2&unused=1").get_json()
    assert [r["player"]["id"] for r in rest["rows"]] == [people[0]["id"]]
    assert board["you"] is None  # not signed in
    profile = c.get(f"/api/players/{people[0]['id']}").get_json()
    assert profile["player"]["rating"] == 988 and profile["placements"] == 1
    assert [h["rating"] for h in profile["history"]] == [988]
    assert profile["recent"][0]["tournament_id"] == tid
    assert profile["recent"][0]["rating_change"] == -12


@pytest.mark.parametrize(
    "path, status, field",
    [
        ("/api/leaderboard?limit=0", 400, "limit"),
        ("/api/leaderboard?limit=abc", 400, "limit"),
        ("/api/leaderboard?offset=-3", 400, "offset"),
        ("/api/leaderboard?bots=maybe", 400, "bots"),
        ("/api/players/abc", 404, None),
        ("/api/players/0", 404, None),
        ("/api/players/99999999999", 404, None),
        ("/api/players/4242", 404, None),
        ("/api/tournaments/4242", 404, None),
        ("/api/tournaments/-1", 404, None),
        ("/api/nothing-here", 404, None),
    ],
)
def test_bad_reads_get_json_errors(client, path, status, field):
    res = client.get(path)
    assert res.status_code == status
    body = res.get_json()
    assert body["error"]
    if field:
        assert field in body["fields"]


def test_unknown_method_under_api_is_json(client):
    res = client.delete("/api/me")
    assert res.status_code == 405 and res.get_json()["error"]


def test_server_start_aborts_tournaments_a_crash_left_running(db_url):
    settings = Settings(database_url=db_url)
    create_app(settings)
    a, _ = store.create_player()
    b, _ = store.create_player()
    tid, _ = store.start_tournament("en", [a.id, b.id])
    store.apply_placement(FixedPlacement(tid, a.id, 2, 1, False, -6))
    create_app(settings)  # the "restart"
    summary = store.tournament_summary(tid)
    assert summary.status == "aborted"
    assert [(e.player.id, e.rating_change) for e in summary.entries] == [(a.id, -6), (b.id, None)]
    assert store.get_player(b.id).rating == 1000


def test_the_leaderboard_lists_people_and_shows_your_own_row(app):
    tid, people = play_small_tournament(app)
    bot, _ = store.create_bot("good", 1300)
    store.finish_tournament(TournamentClosed(tid))
    tid2, _ = store.start_tournament("en", [bot.id, people[2]["id"]])
    store.apply_placement(FixedPlacement(tid2, bot.id, 1, 1, False, 5))
    c = app.test_client()
    board = c.get("/api/leaderboard?limit=1").get_json()
    assert board["total"] == 3 and board["rows"][0]["player"]["bot"] is False  # people only
    with_bots = c.get("/api/leaderboard?limit=1&bots=true").get_json()
    assert with_bots["total"] == 4 and with_bots["rows"][0]["player"]["id"] == bot.id
    me = people[0]  # last of the three people: outside a one-row page
    token = _tokens[me["id"]]
    mine = c.get("/api/leaderboard?limit=1", headers=bearer(token)).get_json()
    assert mine["you"]["rank"] == 3 and mine["you"]["player"]["id"] == me["id"]
    assert (
        c.get("/api/leaderboard?limit=1&bots=true", headers=bearer(token)).get_json()["you"]["rank"]
        == 4
    )
