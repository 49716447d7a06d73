"""Phone-size screens in Korean, Japanese, Persian, Indonesian, Uzbek and Kazakh: the home
page, the rules, a duel and the end of a tournament, each photographed at 390×844
(tests/artifacts/screenshots/i18n-c-*.png) and checked for what a native reader would notice
first: text cut off by its box, the page scrolling sideways, English left on screen, the wrong
direction, and (in Persian) Latin digits where the game writes a number.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.conftest import SHOTS
from tests.e2e.server import start_server
from web import icu

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

CODES = ["fa", "ko", "ja", "id", "uz", "kk"]
PHONE = {"width": 390, "height": 844}
CATALOGS = Path(__file__).resolve().parents[2] / "web" / "static" / "i18n"
ENGLISH = json.loads((CATALOGS / "en.json").read_text("utf-8"))

# Every element that shows text and is wider inside than its box (text cut off or spilling).
OVERFLOWING = """() => {
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    // names keep the layout's ellipsis; inline boxes have no width of their own
    if (!own || el.clientWidth === 0 || el.closest('.nick')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline') continue;
    const hidden = style.clip !== 'auto' && style.clip !== '';  // for screen readers only
    if (el.clientWidth <= 1 || hidden) continue;
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (el.scrollWidth > el.clientWidth + 1 && !scrolls) {
      const what = el.textContent.trim().slice(0, 60);
      out.push(`${el.tagName.toLowerCase()}.${el.className}: ${what}`);
    }
  }
  const doc = document.documentElement;
  const wider = doc.scrollWidth - doc.clientWidth;
  if (wider > 1) out.push(`page scrolls sideways by ${wider}px`);
  return out;
}"""


def english_left(code: str) -> list[str]:
    """English messages of at least two words whose translation differs (so English on a page
    of this language is a message left untranslated)."""
    own = json.loads((CATALOGS / f"{code}.json").read_text("utf-8"))
    formatter = icu.Formatter("en")
    found = []
    for key, message in ENGLISH.items():
        if own.get(key) == message or "{" in message or len(message.split()) < 2:
            continue
        found.append(icu.format_message(message, {}, formatter))
    return found


def choose_interface(page, code: str) -> None:
    page.click("#prefs-button")
    page.select_option("#ui-language", code)
    page.click("#ui-language-apply")
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)
    page.wait_for_timeout(150)  # the screen is drawn again in the new language


def check_screen(page, code: str, screen: str) -> None:
    page.wait_for_timeout(150)
    assert page.evaluate("document.documentElement.lang") == code
    want_dir = "rtl" if code == "fa" else "ltr"
    assert page.evaluate("document.documentElement.dir") == want_dir, screen
    page.screenshot(path=str(SHOTS / f"i18n-c-{screen}-{code}-phone.png"))
    problems = page.evaluate(OVERFLOWING)
    assert not problems, f"{screen} in {code}: {problems}"
    text = page.inner_text("body")
    left = [m for m in english_left(code) if m in text]
    assert not left, f"English on the {screen} screen in {code}: {left}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("screens_i18n_c"),
        turn_seconds=2.5,
        intro_seconds=0.3,
        recap_seconds=0.3,
        bot_fill="on",
        bot_fill_seconds=0.3,
    )
    yield srv
    srv.stop()


def test_rules_page_at_phone_size(server, new_page):
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for code in CODES:
        page.goto(f"{server.base}/rules?lang={code}")
        check_screen(page, code, "rules")
        assert page.locator(".rating-table tbody tr").count() == 8
        if code == "fa":  # the rating table's numbers in Persian digits
            table = page.inner_text(".rating-table tbody")
            assert "۲۵" in table and not re.search(r"[0-9]", table)


def test_home_duel_and_end_screens_at_phone_size(server, new_page):
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(server.base)
    page.wait_for_selector("#play")
    for code in CODES:
        choose_interface(page, code)
        check_screen(page, code, "home")
        rating = page.inner_text("#my-rating")
        assert rating == ("۱۰۰۰" if code == "fa" else "1000")

    # a duel against bots: each language on a duel of mine that is still running
    page.select_option("#language", "en")
    page.click("#play")
    for code in CODES:
        page.wait_for_selector(".duel-panel.mine:not(.over)", timeout=90000)
        choose_interface(page, code)
        check_screen(page, code, "duel")
        if page.locator(".duel-panel.mine:not(.over)").count():
            assert page.locator(".duel-panel.mine .keyboard").count() == 1
        if page.locator("#my-status .out").count():
            break  # out of lives before every language had its duel: the rest on a watched one
    # the end of the tournament (the bots play it out), its table in each language
    page.wait_for_selector("#end, #final-now", timeout=240000)
    if page.locator("#final-now").count() and not page.locator("#end").count():
        page.click("#final-now")
    page.wait_for_selector("#end", timeout=30000)
    for code in CODES:
        choose_interface(page, code)
        check_screen(page, code, "end")
        assert page.locator("#end tbody tr").count() == 8
        if code == "fa":
            places = page.locator("#end tbody td.num").all_inner_texts()
            assert places and not any(re.search(r"[0-9]", p) for p in places), places
