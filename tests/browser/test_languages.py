"""The page speaks the player's language: a German browser gets the German game and rules on its
first visit; the choice of another language is remembered by the game and the server's pages;
choosing a word language offers that interface language once; the server's pages pass the
accessibility audit in English and Persian; the home and duel screens are photographed in
Russian and Japanese (Persian: test_keyboard.py); and on a 360 px phone, the long words for
Enter of the Ukrainian and Kazakh pages stay inside their keys on those languages' keyboards.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import audit
from tests.e2e.server import start_server
from web import i18n

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("languages"),
        turn_seconds=4.5,
        intro_seconds=0.3,
        bot_fill="on",
        bot_fill_seconds=0.3,
        reconnect_grace_seconds=12,
    )
    yield srv
    srv.stop()


LAST_SECONDS = {"ru": "осталось 3 секунды", "ja": "残り3秒"}


def choose_interface(page, code: str) -> None:
    page.click("#prefs-button")
    page.select_option("#ui-language", code)
    page.click("#ui-language-apply")
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)


def test_a_german_browser_gets_the_german_page_and_its_choices_are_remembered(server, new_page):
    page = new_page("desktop", locale="de-DE")
    page.goto(server.base)
    page.wait_for_selector("#play")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#home-h") == i18n.Translator("de")("home.heading", others=7)
    assert page.inner_text("#play") == "Spielen"
    assert page.inner_text(".prefs-current") == "Deutsch"
    assert page.input_value("#language") == "de"  # German words too, by the same languages
    assert page.inner_text(".topbar .rules-link") == "Spielregeln"

    # --- the rules, linked from every screen, in German with this server's numbers ----------
    rules = page.context.new_page()
    rules.goto(server.base + "/rules")
    assert rules.inner_text("h1") == "Spielregeln"
    assert "4,5 Sekunden" in rules.inner_text("#rule-turns")
    assert "12 Sekunden" in rules.inner_text("#rule-grace")
    rules.close()

    # --- choosing a word language offers its interface language, once, in its own words -----
    page.select_option("#language", "ru")
    page.wait_for_selector("#offer")
    assert page.inner_text("#offer p") == "Показать страницу тоже на русском?"
    assert page.get_attribute("#offer", "lang") == "ru"
    page.click("#offer-no")
    page.wait_for_selector("#offer", state="detached")
    page.select_option("#language", "de")  # already the page's language: nothing to offer
    page.select_option("#language", "ru")
    page.wait_for_timeout(1000)
    assert page.locator("#offer").count() == 0  # offered once only
    page.select_option("#language", "nl")
    page.click("#offer-yes")
    page.wait_for_function("() => document.documentElement.lang === 'nl'")
    assert page.inner_text("#play") == "Spelen"
    assert page.input_value("#language") == "nl"  # the word language stays as chosen

    # --- a language picked in the menu is remembered, by the game and by the server's pages ----
    choose_interface(page, "da")
    assert page.inner_text("#play") == "Spil"
    page.reload()
    page.wait_for_selector("#play")
    assert page.evaluate("document.documentElement.lang") == "da"
    rules = page.context.new_page()
    rules.goto(server.base + "/rules")
    assert rules.inner_text("h1") == "Sådan spiller du"
    # ... and a language picked on a server page is remembered by the game
    rules.click(".prefs summary")
    rules.select_option("#ui-language", "pl")
    rules.click(".prefs-panel button")
    rules.wait_for_function("() => document.documentElement.lang === 'pl'")
    assert rules.inner_text("h1") == "Jak grać"
    page.reload()
    page.wait_for_selector("#play")
    assert page.inner_text("#play") == "Graj"


def test_reduced_motion_and_high_contrast(server, new_page):
    page = new_page("desktop")
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.base)
    page.wait_for_selector("#play")
    # high contrast from the menu: other colours for the marks, remembered by the server pages
    green = "getComputedStyle(document.documentElement).getPropertyValue('--green').trim()"
    normal = page.evaluate(green)
    page.click("#prefs-button")
    page.check("#contrast")
    assert page.evaluate("document.documentElement.dataset.contrast") == "more"
    assert page.evaluate(green) != normal
    rules = page.context.new_page()
    rules.goto(server.base + "/rules")
    assert rules.evaluate("document.documentElement.dataset.contrast") == "more"
    rules.close()
    page.uncheck("#contrast")
    assert page.evaluate(green) == normal
    assert (
        page.evaluate("getComputedStyle(document.getElementById('toast')).transitionDuration")
        == "0s"
    )
    page.emulate_media(reduced_motion="no-preference")
    assert (
        page.evaluate("getComputedStyle(document.getElementById('toast')).transitionDuration")
        != "0s"
    )


@pytest.mark.parametrize("code", ["en", "fa"])
def test_server_pages_pass_the_audit(server, new_page, code):
    page = new_page("desktop")
    page.goto(f"{server.base}/rules?lang={code}")
    assert page.evaluate("document.documentElement.dir") == ("rtl" if code == "fa" else "ltr")
    assert page.locator(".rating-table tbody tr").count() == 8
    audit(page, "rules")
    response = page.goto(f"{server.base}/join/no-such-invite")
    assert response.status == 404
    assert page.evaluate("document.documentElement.lang") == code  # the choice was remembered
    audit(page, "invite not found")
    response = page.goto(f"{server.base}/no/such/page")
    assert response.status == 404
    audit(page, "page not found")


@pytest.mark.parametrize("code", ["ru", "ja"])
def test_home_and_duel_screens_in_russian_and_japanese(server, new_page, shots, code):
    page = new_page("phone", locale=code)
    page.goto(server.base)
    page.wait_for_selector("#play")
    assert page.evaluate("document.documentElement.lang") == code
    shots.take(page, f"home-{code}")
    page.select_option("#language", "en")
    page.click("#play")
    page.wait_for_selector(".duel-panel.mine .row.played", timeout=30000)
    assert page.get_attribute(".duel-panel.mine .tiles", "lang") == "en"
    shots.take(page, f"duel-{code}")
    # screen readers hear the last seconds of your turn, in your language
    page.wait_for_selector(".duel-panel.mine #turn-text.mine", timeout=15000)
    page.wait_for_function(
        "(want) => document.querySelector('#sr-live').textContent.includes(want)",
        arg=LAST_SECONDS[code],
        timeout=6000,
    )
    page.click("#leave-tournament")  # the confirmation is accepted
    page.wait_for_selector("#play")


@pytest.mark.parametrize("code", ["uk", "kk"])
def test_the_enter_key_fits_a_phone_keyboard_of_many_keys(server, new_page, shots, code):
    """Ukrainian and Kazakh keyboards have 11 or 12 keys a row: where the page's word for Enter
    does not fit its key, the key shows ⏎ and keeps the word for screen readers."""
    page = new_page("phone", locale=code)
    page.goto(server.base)
    page.wait_for_selector("#play")
    page.select_option("#language", code)
    page.click("#play")
    page.wait_for_selector(".duel-panel.mine .keyboard", timeout=30000)
    enter = page.locator(".key[data-key='Enter']")
    fits = enter.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    assert fits, enter.evaluate("(el) => [el.scrollWidth, el.clientWidth, el.className]")
    word = {"uk": "Ввід", "kk": "Енгізу"}[code]
    assert enter.text_content() == word  # its name, whether it shows the word or the sign
    keys = page.locator(".key-row").last.locator(".key")
    boxes = [keys.nth(i).bounding_box() for i in range(keys.count())]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 360 for b in boxes)
    shots.take(page, f"duel-{code}")
    page.click("#leave-tournament")  # the confirmation is accepted
    page.wait_for_selector("#play")
