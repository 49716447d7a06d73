"""The home, duel, end and rules screens in English, Spanish, French, Italian and both
Portuguese pages, at phone size (390×844), each photographed (tests/artifacts/screenshots/
languages/) and checked as a reader of that language would: the browser's language picks the
page (pt-BR → pt, pt-PT → pt-PT), no text runs out of the screen or is cut in its box, no
message of the English catalog is left on a translated page, and no placeholder is left
unformatted. Six players in six languages play one tournament (in English words) with two
bots, each typing one word and letting the other turns run out.
"""

from __future__ import annotations

import re
import time

import pytest

from models.rules import MAX_TURNS
from tests.browser.conftest import SHOTS
from tests.e2e.server import start_server
from web import i18n

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# interface language -> the browser's language that should choose it
BROWSERS = {
    "en": "en-GB",
    "es": "es-MX",
    "fr": "fr-FR",
    "it": "it-IT",
    "pt": "pt-BR",
    "pt-PT": "pt-PT",
}
PHONE = {"width": 390, "height": 844}
WORDS = {4: "care", 5: "crane", 6: "stared"}
FOLDER = SHOTS / "languages"

# Elements whose text runs out of the viewport, or out of a box that clips it (buttons, labels,
# headings); keys of the on-screen keyboard are left out (a long Enter shows ⏎ by design), and
# so are nicknames (player data, cut with an ellipsis by design).
OVERFLOWS = """
() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.keyboard, .nick') || !el.checkVisibility({ visibilityProperty: true })) {
      continue;
    }
    const box = el.getBoundingClientRect();
    if (box.width <= 1) continue; // nothing to see, or hidden for sight on purpose (sr-only)
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const where = `[${Math.round(box.left)}–${Math.round(box.right)}]`;
    const name = `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${where}`;
    if (own && (box.right > width + 1 || box.left < -1)) out.push(`${name}: off screen`);
    const clip = getComputedStyle(el).overflowX;
    if (own && clip !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name}: cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  return out.slice(0, 10);
}
"""
# The page's visible text, leaving out what is written in another language on purpose
# (an element with its own lang: a board in the word language, the offer of another language).
VISIBLE_TEXT = """
(code) => {
  const parts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const el = node.parentElement;
    if (!el || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    const lang = el.closest('[lang]');
    if (lang && lang.getAttribute('lang') !== code) continue;
    parts.push(node.textContent);
  }
  return parts.join('\\n');
}
"""


LIVE_DUEL = """
() => {
  const panel = document.querySelector('.duel-panel.mine:not(.over)');
  if (!panel) return null;
  const mine = panel.querySelector('#turn-text.mine');
  const turn = mine ? mine.textContent : null;
  return [panel.dataset.duel, Number(panel.dataset.length), turn];
}
"""
PLAYED = ".duel-panel.mine .row.played:not(.skipped)"  # a word on the board of my duel
DRAW_TEXT = """
() => {
  const el = document.querySelector('.duel-panel.mine.over .result-text.outcome-draw');
  return el ? el.textContent : null;
}
"""


def english_left(code: str, text: str) -> list[str]:
    """English messages (their literal words, three or more) on a page whose own catalog says
    something else there."""
    if code == "en":
        return []
    own = i18n.catalog(code)
    found = []
    for key, english in i18n.catalog("en").items():
        if own.get(key) == english or "{" in english:
            continue
        if len(english.split()) >= 3 and english in text:
            found.append(f"{key}: {english}")
    return found


def check_screen(page, code: str, screen: str, full_page: bool = False) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(150)  # layout and fonts settle
    page.screenshot(path=str(FOLDER / f"{code}-{screen}.png"), full_page=full_page)
    assert page.evaluate("document.documentElement.lang") == code
    problems = page.evaluate(OVERFLOWS)
    assert not problems, f"{code} {screen}: {problems}"
    text = page.evaluate(VISIBLE_TEXT, code)
    assert not english_left(code, text), f"{code} {screen}: {english_left(code, text)}"
    assert not re.search(r"\{\w+[,}]", text), f"{code} {screen}: a placeholder left: {text}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("screens"),
        turn_seconds=0.9,
        intro_seconds=0.4,
        recap_seconds=0.4,
        bot_fill="on",
        bot_fill_seconds=2,
        reconnect_grace_seconds=10,
    )
    yield srv
    srv.stop()


def test_rules_pages(server, new_page):
    for code, locale in BROWSERS.items():
        page = new_page("phone", locale=locale)
        page.set_viewport_size(PHONE)
        page.goto(server.base + "/rules")
        page.wait_for_selector("h1")
        check_screen(page, code, "rules", full_page=True)
        height = page.evaluate("document.documentElement.scrollHeight")
        for i in range(0, height, PHONE["height"]):  # the long page, one phone screen at a time
            clip = {"x": 0, "y": i, "width": PHONE["width"], "height": PHONE["height"]}
            path = FOLDER / f"{code}-rules-{i // PHONE['height'] + 1}.png"
            page.screenshot(path=str(path), full_page=True, clip=clip)
        assert page.inner_text("h1") == i18n.catalog(code)["rules.title"]


def test_home_duel_and_end_screens(server, new_page):
    pages = {}
    for code, locale in BROWSERS.items():
        page = new_page("phone", locale=locale)
        page.set_viewport_size(PHONE)
        page.goto(server.base)
        page.wait_for_selector("#play")
        check_screen(page, code, "home")
        heading = i18n.Translator(code)("home.heading", others=7)
        assert page.inner_text("#home-h") == heading
        pages[code] = page
    for page in pages.values():  # one lobby: all in English words
        page.select_option("#language", "en")
        if page.locator("#offer-no").count():
            page.click("#offer-no")
        page.click("#play")

    typed: dict[str, str] = {}  # the duel and turn in which each page last typed its word
    duel_seen, result_seen, ended = set(), set(), set()
    deadline = time.monotonic() + 200
    while len(ended) < len(pages) and time.monotonic() < deadline:
        for code, page in pages.items():
            if code in ended:
                continue
            if page.locator("#end").count():
                page.wait_for_timeout(300)
                check_screen(page, code, "end")
                assert page.locator(".final-table tbody tr").count() == 8
                ended.add(code)
                continue
            draw = page.evaluate(DRAW_TEXT) if code not in result_seen else None
            if draw:  # its number of turns comes from the duel
                assert draw == i18n.Translator(code)("duel.draw", turns=MAX_TURNS), draw
                page.screenshot(path=str(FOLDER / f"{code}-duel-draw.png"))
                result_seen.add(code)
            if code in duel_seen:
                continue
            live = page.evaluate(LIVE_DUEL)  # [duel, length, my turn's text] of my live duel
            played = live and page.locator(PLAYED).count()
            if live and not played and live[2] and typed.get(code) != f"{live[0]} {live[2]}":
                page.keyboard.type(WORDS[live[1]])
                page.keyboard.press("Enter")
                typed[code] = f"{live[0]} {live[2]}"  # once a turn
            elif played:
                check_screen(page, code, "duel")
                page.click("#prefs-button")  # the menu, open over the duel, fits too
                check_screen(page, code, "duel-menu")
                page.click("#prefs-button")
                duel_seen.add(code)
        pages["en"].wait_for_timeout(100)
    assert ended == set(pages), f"the end screen came for {sorted(ended)} only"
    assert duel_seen == set(pages), f"a duel with a word typed seen for {sorted(duel_seen)} only"
    assert result_seen, "no page saw a drawn duel of its own"  # six idle players: many draws
