"""The home, duel, end and rules screens in German, Dutch, Danish, Polish, Russian and Ukrainian
at phone size (390 x 844), as native speakers read them: every screen is in the page's
language (no English message of the catalog left on it), nothing scrolls sideways and no
button, key, badge or table cell cuts its own text. One tournament against bots is played (every
turn left to run out, so it ends soon) and each screen is seen in all six languages by switching
the page's language on it; the pictures land in tests/artifacts/screenshots/i18n-b/.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.conftest import SHOTS, PlaywrightTimeout
from tests.e2e.server import start_server
from web import i18n

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

LANGUAGES = ["uk", "ru", "pl", "de", "nl", "da"]
PHONE = {"width": 390, "height": 844}
FOLDER = SHOTS / "i18n-b"
ENGLISH = i18n.catalog("en")
# The elements whose text must fit their own box (a cut word in a button or a key is unreadable).
BOXES = "button, .btn, .key, .badge, summary, th, td, h1, h2, label, .pair-side, .duel-player"


def english_left(code: str, text: str) -> list[str]:
    """The English messages (without placeholders, of two words or more) that the language
    translates differently but that are on the screen as they are in English."""
    own = i18n.catalog(code)
    found = []
    for key, english in ENGLISH.items():
        if "{" in english or " " not in english.strip() or own[key] == english:
            continue
        if re.search(rf"(?<!\w){re.escape(english)}(?!\w)", text):
            found.append(f"{key}: {english!r}")
    return found


def cut_boxes(page) -> list[str]:
    """The visible elements whose content is wider than their box, and the page's sideways
    scroll if it has one."""
    return page.evaluate(
        """(selector) => {
          const out = [];
          const doc = document.documentElement;
          if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page: ${doc.scrollWidth}px wide`);
          const name = (el) => `${el.tagName.toLowerCase()}.${el.className} ` +
                               `"${el.textContent.trim().slice(0, 40)}"`;
          for (const el of document.querySelectorAll(selector)) {
            const box = el.getBoundingClientRect();
            if (!box.width || !box.height || el.closest('[hidden]')) continue;
            if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
              out.push(`${name(el)}: ${el.scrollWidth}>${el.clientWidth}`);
            }
            // a single word (no space in it) broken across two lines is a cut word too
            const text = el.textContent.trim();
            if (text && !/\\s/.test(text)) {
              const range = document.createRange();
              range.selectNodeContents(el);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) out.push(`${name(el)}: broken over ${tops.size} lines`);
            }
          }
          // a table wider than the box it stands in sticks out of the card
          for (const table of document.querySelectorAll('table')) {
            const parent = table.parentElement;
            const style = getComputedStyle(parent);
            const inner = parent.getBoundingClientRect().right - parseFloat(style.paddingRight);
            const right = table.getBoundingClientRect().right;
            if (table.offsetWidth && right > inner + 1) {
              out.push(`table in ${parent.tagName.toLowerCase()}.${parent.className}: ` +
                       `${Math.round(right - inner)}px beyond its box`);
            }
          }
          return out;
        }""",
        BOXES,
    )


def check_screen(page, code: str, screen: str) -> None:
    """The screen in `code`, photographed, with no English left and nothing cut."""
    assert page.evaluate("document.documentElement.lang") == code
    page.wait_for_timeout(150)  # layout and fonts settle
    FOLDER.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(FOLDER / f"{screen}-{code}-phone.png"))
    text = page.inner_text("body")
    left = english_left(code, text)
    assert not left, f"{screen} in {code} shows English: {left}"
    cut = cut_boxes(page)
    assert not cut, f"{screen} in {code} cuts text: {cut}"


def choose_interface(page, code: str) -> None:
    if page.evaluate("document.documentElement.lang") == code:
        return
    page.click("#prefs-button")
    page.select_option("#ui-language", code)
    page.click("#ui-language-apply")
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)
    if page.locator("#prefs[open]").count():
        page.click("#prefs-button")  # close the menu again: it would cover the screen


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("screens_i18n_b"),
        turn_seconds=2.5,
        intro_seconds=0.5,
        recap_seconds=0.5,
        bot_fill="on",
        bot_fill_seconds=0.3,
        reconnect_grace_seconds=10,
    )
    yield srv
    srv.stop()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_page_at_phone_size(server, new_page, code):
    page = new_page("phone")
    page.set_viewport_size(PHONE)
    page.goto(f"{server.base}/rules?lang={code}")
    assert page.locator(".rating-table tbody tr").count() == 8
    check_screen(page, code, "rules")
    page.screenshot(path=str(FOLDER / f"rules-{code}-phone-full.png"), full_page=True)
    for i, part in enumerate(["#rule-turns", ".rating-table", "#rule-grace"]):
        page.locator(part).scroll_into_view_if_needed()
        page.screenshot(path=str(FOLDER / f"rules-{code}-phone-{i + 1}.png"))


def test_home_duel_and_end_screens_at_phone_size(server, new_page):
    page = new_page("phone", locale="uk-UA")
    page.set_viewport_size(PHONE)
    page.goto(server.base)
    page.wait_for_selector("#play")
    for code in LANGUAGES:
        choose_interface(page, code)
        check_screen(page, code, "home")

    page.select_option("#language", "uk")
    page.click("#play")
    page.wait_for_selector(".duel-panel.mine .keyboard", timeout=60000)
    for code in LANGUAGES:
        choose_interface(page, code)
        assert page.locator(".duel-panel.mine").count() == 1
        check_screen(page, code, "duel")

    # Every turn runs out: out of lives soon, then watch until the final table.
    deadline = time.monotonic() + 300
    while not page.locator("#end").count():
        assert time.monotonic() < deadline, "the tournament did not end"
        now = page.locator("#final-now:visible")
        button = now if now.count() else page.locator("#watch-one, #live-duels .watch:enabled")
        if button.count():
            try:
                button.first.click(timeout=1000)
            except PlaywrightTimeout:  # gone meanwhile
                pass
        page.wait_for_timeout(200)
    for code in LANGUAGES:
        choose_interface(page, code)
        assert page.locator("#end").count() == 1
        check_screen(page, code, "end")
