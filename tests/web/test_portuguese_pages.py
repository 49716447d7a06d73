"""Two Portuguese pages: Brazilian Portuguese is `pt`, the page of every Portuguese browser but a
European one, and European Portuguese is `pt-PT`, chosen by a browser asking for pt-PT, by
?lang=pt-PT or by the cookie; each formats the Portuguese of its country (Babel pt and pt_PT),
and the language menu offers both. The word language stays `pt`."""

from __future__ import annotations

import json

import pytest

from models.settings import Settings
from web import create_app, i18n


@pytest.fixture
def client(tmp_path):
    db = f"sqlite:///{tmp_path}/pt.db"
    app = create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})
    return app.test_client()


def lang_of(html: str) -> str:
    start = html.index('<html lang="') + len('<html lang="')
    return html[start : html.index('"', start)]


@pytest.mark.parametrize(
    ("tags", "want"),
    [
        (["pt-PT"], "pt-PT"),
        (["pt-pt"], "pt-PT"),
        (["pt_PT"], "pt-PT"),
        (["pt-PT-x-lisboa"], "pt-PT"),  # a longer tag of a variant we have
        (["pt-BR"], "pt"),
        (["pt"], "pt"),
        (["pt-AO"], "pt"),  # any other Portuguese: the Brazilian page
        (["fr-CA", "pt-PT"], "fr"),
        (["zh", "pt-PT"], "pt-PT"),
        (["uz-Latn-UZ"], "uz"),
        (["zh-CN"], None),
    ],
)
def test_negotiation_matches_the_whole_tag_then_its_prefixes(tags, want):
    assert i18n.negotiate(tags) == want


@pytest.mark.parametrize(
    ("header", "want"),
    [
        ("pt-PT,pt;q=0.9,en;q=0.5", "pt-PT"),
        ("pt-BR,pt;q=0.9", "pt"),
        ("pt", "pt"),
        ("pt-MZ", "pt"),
        ("en;q=0.4,pt-PT", "pt-PT"),  # the quality decides, not the order
    ],
)
def test_a_portuguese_browser_gets_its_countrys_page(client, header, want):
    html = client.get("/rules", headers={"Accept-Language": header}).get_data(as_text=True)
    assert lang_of(html) == want


def test_lang_and_the_cookie_choose_european_portuguese(client):
    response = client.get("/rules?lang=pt-PT", headers={"Accept-Language": "pt-BR"})
    assert lang_of(response.get_data(as_text=True)) == "pt-PT"
    assert f"{i18n.LANGUAGE_COOKIE}=pt-PT" in response.headers["Set-Cookie"]  # remembered
    again = client.get("/rules", headers={"Accept-Language": "pt-BR"})
    assert lang_of(again.get_data(as_text=True)) == "pt-PT"  # the cookie beats the browser
    client.set_cookie(i18n.LANGUAGE_COOKIE, "pt")
    html = client.get("/rules", headers={"Accept-Language": "pt-PT"}).get_data(as_text=True)
    assert lang_of(html) == "pt"
    lower = client.get("/rules?lang=pt-pt").get_data(as_text=True)
    assert lang_of(lower) == "pt-PT"


def test_the_menu_offers_both_and_each_page_speaks_its_portuguese(client):
    html = client.get("/rules?lang=pt").get_data(as_text=True)
    assert '<option value="pt" lang="pt" selected>Português (Brasil)</option>' in html
    assert '<option value="pt-PT" lang="pt-PT">Português (Portugal)</option>' in html
    assert i18n.locale_of("pt-PT").territory == "PT"
    assert str(i18n.locale_of("pt")) == "pt"  # CLDR's pt is Brazilian
    brazil, portugal = i18n.catalog("pt"), i18n.catalog("pt-PT")
    assert "tela" in brazil["rules.keys"] and "ecrã" in portugal["rules.keys"]
    assert brazil["home.play"] == portugal["home.play"] == "Jogar"
    page = client.get("/").get_data(as_text=True)
    start = page.index('id="boot">') + len('id="boot">')
    boot = json.loads(page[start : page.index("</script>", start)])
    names = {item["code"]: item["name"] for item in boot["languages"]}
    assert names["pt"] == "Português (Brasil)" and names["pt-PT"] == "Português (Portugal)"
    assert len(names) == 18
