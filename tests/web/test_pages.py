"""Server-rendered pages in the player's language: which language a request gets (?lang=, the
cookie, Accept-Language), the rules rendered from the running settings, and the pages of an
invite link that does not work and of errors."""

from __future__ import annotations

import re

import pytest

from models.settings import Settings
from web import assets, i18n
from web.application import create_app

HTML_TAG = re.compile(r"<[^>]+>")


@pytest.fixture
def make_client(tmp_path, shipped_words):
    def make(**settings):
        db = f"sqlite:///{tmp_path}/pages-{len(list(tmp_path.iterdir()))}.db"
        settings = Settings(database_url=db, **settings)
        app = create_app({"TESTING": True, "SETTINGS": settings, "WORDS": shipped_words})
        return app.test_client()

    return make


@pytest.fixture
def client(make_client):
    return make_client(bot_fill=False)


def text_of(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert match, element_id
    return HTML_TAG.sub("", match.group(1)).strip()


@pytest.mark.parametrize(
    ("header", "want"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("pt-BR", "pt"),
        ("en-US,fa;q=0.5", "en"),  # the first acceptable language wins, whole tag or primary
        ("zh-CN,ja;q=0.4", "ja"),
        ("zh-CN", "en"),
        ("uz-Latn-UZ", "uz"),
        ("", "en"),
    ],
)
def test_accept_language_chooses_the_first_interface_language(client, header, want):
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{want}" dir="{i18n.LANGUAGES[want][1]}"' in html
    assert f'href="/static/v/{assets.version()}/i18n/{want}.json"' in html  # catalog preloaded


def test_the_cookie_beats_the_browser_and_lang_beats_both(client):
    client.set_cookie(i18n.LANGUAGE_COOKIE, "ko")
    html = client.get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="ko"' in html
    response = client.get("/rules?lang=fa", headers={"Accept-Language": "de"})
    assert '<html lang="fa" dir="rtl"' in response.get_data(as_text=True)
    assert f"{i18n.LANGUAGE_COOKIE}=fa" in response.headers["Set-Cookie"]  # remembered
    assert "Accept-Language" in response.headers["Vary"]
    bogus = client.get("/rules?lang=xx", headers={"Accept-Language": "de"})
    assert '<html lang="fa"' in bogus.get_data(as_text=True)  # unknown: the cookie's choice


def test_contrast_cookie_gives_the_high_contrast_palette(client):
    assert "data-contrast" not in client.get("/rules").get_data(as_text=True)
    client.set_cookie(i18n.CONTRAST_COOKIE, "more")
    assert 'data-contrast="more"' in client.get("/rules").get_data(as_text=True)


def test_rules_state_the_running_settings(make_client):
    client = make_client(
        turn_seconds=45, intro_seconds=4, reconnect_grace_seconds=90, bot_fill_seconds=20
    )
    html = client.get("/rules?lang=en").get_data(as_text=True)
    assert text_of(html, "rule-turns").startswith("Each of you has 6 turns, and each turn lasts 45")
    assert "90 seconds" in text_of(html, "rule-grace")
    assert "pairing is shown for 4 seconds" in html
    assert "bots take the empty seats after 20 seconds" in html
    assert "30 seconds" not in html
    german = client.get("/rules?lang=de").get_data(as_text=True)
    assert "45 Sekunden" in text_of(german, "rule-turns")
    persian = client.get("/rules?lang=fa").get_data(as_text=True)
    assert "۴۵ ثانیه" in text_of(persian, "rule-turns")


def test_rules_rating_table_comes_from_the_rating_rules(client):
    html = client.get("/rules?lang=en").get_data(as_text=True)
    rows = re.findall(r"<tr><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td></tr>", html)
    assert rows == [
        ("1st", "7", "+25"),
        ("2nd", "6", "+18"),
        ("3rd", "5", "+11"),
        ("4th", "4", "+4"),
        ("5th", "3", "−4"),
        ("6th", "2", "−11"),
        ("7th", "1", "−18"),
        ("8th", "0", "−25"),
    ]


def test_rules_name_the_word_languages_in_the_interface_language(client):
    english = client.get("/rules?lang=en").get_data(as_text=True)
    assert "English, Indonesian, German" in english  # the game's own order
    assert "Ukrainian" in english and "Uzbek" in english
    japanese = client.get("/rules?lang=ja").get_data(as_text=True)
    assert "ドイツ語" in japanese


def test_without_bot_fill_the_rules_do_not_promise_bots(make_client):
    assert "bots take the empty seats" not in make_client(bot_fill=False).get(
        "/rules?lang=en"
    ).get_data(as_text=True)


def test_an_invite_link_that_does_not_work_gets_a_page_in_the_players_language(client):
    response = client.get("/join/nope", headers={"Accept-Language": "ru"})
    assert response.status_code == 404
    assert "Эта ссылка-приглашение не работает" in response.get_data(as_text=True)


def test_unknown_pages_and_methods_get_pages_rest_paths_get_json(client):
    page = client.get("/no/such/page", headers={"Accept-Language": "es"})
    assert page.status_code == 404
    assert "Página no encontrada" in page.get_data(as_text=True)
    wrong_method = client.post("/rules")
    assert wrong_method.status_code == 405
    assert "Something went wrong" in wrong_method.get_data(as_text=True)
    api = client.get("/api/no/such/route")
    assert api.status_code == 404 and api.is_json


def test_a_server_error_is_a_page_for_browsers_and_json_for_rest(tmp_path):
    app = create_app(
        {"TESTING": False, "SETTINGS": Settings(database_url=f"sqlite:///{tmp_path}/e.db")}
    )

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    @app.get("/api/boom")
    def api_boom():
        raise RuntimeError("boom")

    client = app.test_client()
    page = client.get("/boom", headers={"Accept-Language": "it"})
    assert page.status_code == 500
    assert "Qualcosa è andato storto" in page.get_data(as_text=True)
    api = client.get("/api/boom")
    assert api.status_code == 500 and api.get_json() == {"error": "internal server error"}
