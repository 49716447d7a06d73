"""The admin page (web/admin.py): absent without WT_ADMIN_TOKEN, signed in to with the token
only (limited per address), its cookie's flags, every action through the test client changing
the database and writing its log row, bad input changing nothing, cross-site POSTs refused."""

from __future__ import annotations

import re

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store.sql import SqlStore
from web.application import create_app

TOKEN = "admin-token-for-tests-0123456789"
SAME = {"Sec-Fetch-Site": "same-origin"}
store = SqlStore()


def make_app(tmp_path, **settings):
    values = dict(
        database_url=f"sqlite:///{tmp_path}/wordle.db", journal_path=str(tmp_path / "j.jsonl"),
        address_secret="test-secret", admin_token=TOKEN,
    )  # fmt: skip
    values.update(settings)
    return create_app({"TESTING": True, "SETTINGS": Settings(**values)})


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def signed_in(app, name="Ada"):
    client = app.test_client()
    res = client.post("/admin/sign-in", data={"token": TOKEN, "name": name}, headers=SAME)
    assert res.status_code == 303 and res.headers["Location"] == "/admin"
    return client


def post(client, path, **form):
    return client.post(path, data=form, headers=SAME)


def last_log():
    return store.admin_log()[-1]


def test_no_admin_page_without_the_setting(tmp_path):
    app = make_app(tmp_path, admin_token="")
    client = app.test_client()
    for path in ("/admin", "/admin/log", "/admin/players/1", "/admin/void"):
        assert client.get(path).status_code == 404
    assert post(client, "/admin/sign-in", token="").status_code == 404
    assert post(client, "/admin/void", tournament="1", reason="x").status_code == 404


def test_the_token_setting_is_checked():
    assert Settings.from_env({"WT_ADMIN_TOKEN": f"  {TOKEN} "}).admin_token == TOKEN
    for bad in ("short", "has a space in it ok", "ünïcödé-token-of-length"):
        with pytest.raises(ValueError, match="WT_ADMIN_TOKEN"):
            Settings.from_env({"WT_ADMIN_TOKEN": bad})


def test_a_wrong_token_is_refused_and_attempts_are_limited(tmp_path):
    app = make_app(tmp_path, admin_signin_rate="3/minute")
    client = app.test_client()
    assert "Admin sign-in" in client.get("/admin").get_data(as_text=True)
    assert client.get("/admin/log").headers["Location"] == "/admin"  # no session: sign in
    for wrong in ("", TOKEN[:-1], TOKEN + "x"):
        res = post(client, "/admin/sign-in", token=wrong)
        assert res.status_code == 403 and "not the admin token" in res.get_data(as_text=True)
        assert "Set-Cookie" not in res.headers
    res = post(client, "/admin/sign-in", token=TOKEN)  # the right one, but too many tries
    assert res.status_code == 429 and int(res.headers["Retry-After"]) > 0
    assert "Set-Cookie" not in res.headers
    other = app.test_client()
    res = other.post(
        "/admin/sign-in", data={"token": TOKEN}, headers=SAME,
        environ_base={"REMOTE_ADDR": "198.51.100.9"},
    )  # fmt: skip
    assert res.status_code == 303  # another address is counted apart


def test_the_session_cookie_is_random_strict_and_http_only(tmp_path):
    for secure in (False, True):
        app = make_app(tmp_path, cookie_secure=secure)
        res = app.test_client().post("/admin/sign-in", data={"token": TOKEN}, headers=SAME)
        cookie = res.headers["Set-Cookie"]
        value = re.match(r"wt_admin=([^;]+);", cookie).group(1)
        assert TOKEN not in cookie and len(value) >= 40
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/admin" in cookie
        assert ("Secure" in cookie) is secure
    client = signed_in(app)
    page = client.get("/admin")
    assert page.status_code == 200 and "Open reports" in page.get_data(as_text=True)
    assert page.headers["Cache-Control"] == "no-store"
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    out = post(client, "/admin/sign-out")
    assert out.status_code == 200 and "wt_admin=;" in out.headers["Set-Cookie"]
    assert client.get("/admin").get_data(as_text=True).count("Admin sign-in") == 1
    forged = app.test_client()
    forged.set_cookie("wt_admin", "made-up-value", path="/admin")
    assert post(forged, "/admin/void", tournament="1", reason="x").status_code == 403


def test_a_cross_site_post_is_refused_and_changes_nothing(app):
    target = store.create_player(nickname="Target")[0]
    client = signed_in(app)
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                    {"Origin": "http://evil.example"}):  # fmt: skip
        res = client.post(f"/admin/players/{target.id}/ban", data={"reason": "x"}, headers=headers)
        assert res.status_code == 403 and "another site" in res.get_data(as_text=True)
        res = client.post("/admin/sign-in", data={"token": TOKEN}, headers=headers)
        assert res.status_code == 403
    assert store.get_player(target.id).status == "active" and store.admin_log() == []


def test_reports_are_listed_and_closed(app):
    target = store.create_player(nickname="Rude")[0]
    reporters = [store.create_player()[0] for _ in range(2)]
    for who, reason in zip(reporters, ("offensive_name", "hateful_name"), strict=True):
        store.file_report(who.id, target.id, reason, "standings")
    client = signed_in(app)
    text = client.get("/admin").get_data(as_text=True)
    assert "Rude#" in text and "2 reports" in text and "1 hateful_name, 1 offensive_name" in text
    first = store.open_reports()[0].reports[0]
    res = post(client, f"/admin/reports/{first.id}/close", note="renamed")
    assert res.status_code == 303
    assert f"Closed report {first.id}" in client.get("/admin").get_data(as_text=True)
    line = last_log()
    assert (line.action, line.report, line.by) == ("close-report", first.id, "Ada")
    assert line.reason == "renamed"
    assert store.open_reports()[0].count == 1
    again = post(client, f"/admin/reports/{first.id}/close", note="")
    assert again.status_code == 400 and "already closed" in again.get_data(as_text=True)
    assert post(client, "/admin/reports/999/close").status_code == 400
    assert len(store.admin_log()) == 1


def test_each_player_action_changes_the_database_and_writes_its_log_row(app):
    player, token = store.create_player(nickname="Rude")
    store.record_address(player.id, "cd" * 32, "Firefox", "signin")
    client = signed_in(app, name="")
    page = client.get(f"/admin/players/{player.id}").get_data(as_text=True)
    assert "Rude#" in page and "Firefox" in page and "Ban" in page
    assert post(client, f"/admin/players/{player.id}/rename").status_code == 303
    assert store.get_player(player.id).nickname != "Rude"
    assert (last_log().action, last_log().by) == ("rename", "admin page")
    res = post(client, f"/admin/players/{player.id}/ban", reason="hateful", address_days="2")
    assert res.status_code == 303 and res.headers["Location"] == f"/admin/players/{player.id}"
    assert store.player_by_token(token).status == "banned"
    assert (last_log().action, last_log().reason) == ("ban", "hateful")
    assert "1 address(es)" in last_log().detail
    shown = client.get(f"/admin/players/{player.id}").get_data(as_text=True)
    assert f"Banned player {player.id}; its addresses for 2 days." in shown and "Unban" in shown
    assert post(client, f"/admin/players/{player.id}/unban").status_code == 303
    assert store.get_player(player.id).status == "active" and last_log().action == "unban"
    assert post(client, f"/admin/players/{player.id}/remove", reason="asked").status_code == 303
    assert store.get_player(player.id).status == "removed" and last_log().action == "remove"
    log = client.get("/admin/log").get_data(as_text=True)
    assert all(a in log for a in ("rename", "ban", "unban", "remove", "hateful", "asked"))
    assert len(store.admin_log()) == 4


def test_a_void_through_the_page_takes_the_ratings_back(app):
    a = store.create_player(nickname="Alpha")[0]
    b = store.create_player(nickname="Beta")[0]
    tid, _ = store.start_tournament("en", [a.id, b.id])
    store.record_results([
        FixedPlacement(tid, a.id, 2, 1, False, -25), FixedPlacement(tid, b.id, 1, 1, False, 25),
        TournamentClosed(tid),
    ])  # fmt: skip
    before = store.get_player(a.id).rating
    client = signed_in(app)
    empty = post(client, "/admin/void", tournament=str(tid), reason="  ")
    assert empty.status_code == 400 and "reason must not be empty" in empty.get_data(as_text=True)
    assert store.admin_log() == []
    res = post(client, "/admin/void", tournament=str(tid), reason="alt accounts")
    assert res.status_code == 303 and res.headers["Location"] == "/admin/log"
    assert store.get_player(a.id).rating == before + 25
    assert (last_log().action, last_log().tournament) == ("void", tid)
    assert "Voided tournament" in client.get("/admin/log").get_data(as_text=True)


@pytest.mark.parametrize(
    "path, form, said",
    [
        ("/admin/players/999999/ban", {"reason": "x"}, "no player 999999"),
        ("/admin/players/abc/ban", {"reason": "x"}, "player id must be a whole number"),
        ("/admin/players/{me}/ban", {"reason": ""}, "reason must not be empty"),
        ("/admin/players/{me}/ban", {"reason": "x", "address_days": "many"}, "address days"),
        ("/admin/players/{me}/ban", {"reason": "x", "address_days": "nan"}, "address days"),
        ("/admin/players/{me}/remove", {"reason": " "}, "reason must not be empty"),
        ("/admin/players/{me}/unban", {}, "is not banned"),
        ("/admin/players/{bot}/rename", {}, "is a bot"),
        ("/admin/void", {"tournament": "77", "reason": "x"}, "no tournament 77"),
        ("/admin/void", {"tournament": "-1", "reason": "x"}, "tournament id must be"),
        ("/admin/reports/x/close", {}, "report id must be"),
    ],
)
def test_bad_input_is_said_on_the_page_and_changes_nothing(app, path, form, said):
    me = store.create_player(nickname="Plain")[0]
    bot = store.create_bot("weak", 1000)[0]
    client = signed_in(app)
    res = post(client, path.format(me=me.id, bot=bot.id), **form)
    text = res.get_data(as_text=True)
    assert res.status_code in (400, 404) and "Nothing was changed" in text and said in text
    assert store.admin_log() == [] and store.get_player(me.id).status == "active"
    assert store.get_player(me.id).nickname == "Plain"


def test_the_server_page_shows_the_metrics_live(app):
    client = signed_in(app)
    client.post("/api/session")  # a sign-in the figures count nothing of: still a page
    html = client.get("/admin/server").get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="10">' in html
    for name in ("wordle_players_connected", "wordle_tournaments_started_total",
                 "wordle_refusals_total", "wordle_recorder_queue_length"):  # fmt: skip
        assert name in html or name.removesuffix("_total") in html, name
    assert "observed, mean" in html  # a histogram as its count and mean
    assert app.test_client().get("/admin/server").status_code in (302, 303, 401, 403)
