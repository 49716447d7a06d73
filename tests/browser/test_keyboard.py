"""A whole tournament played with the keyboard only, in Persian, with the accessibility audit on
every screen.

The player opens the English page, reaches the language menu with Tab and switches the page to
Persian: it is mirrored (right to left) while the English board and keyboard keep their
left-to-right order. Then, never touching the mouse, they play: Play, a guess typed and entered,
turns left to run out until they are out, a live duel watched, the tournament's replay opened
from the final table and stepped through, their profile, and home again. Every Tab stop shows
its focus; axe-core finds no serious or critical problem on any screen, and the screens still
fit their width at 200 % zoom. Screenshots of the Persian home, duel and replay screens are
saved with the others.
"""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import (
    PlaywrightTimeout,
    audit,
    check_reflow,
    focus_is_visible,
    tab_to,
)
from tests.e2e.server import start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

TURN_SECONDS = 1.2
WORDS = {4: "care", 5: "crane", 6: "stared"}
MINE = ".duel-panel.mine"


@pytest.fixture
def server(tmp_path):
    srv = start_server(
        tmp_path,
        turn_seconds=TURN_SECONDS,
        intro_seconds=2,
        bot_fill="on",
        bot_fill_seconds=1,
        reconnect_grace_seconds=10,
    )
    yield srv
    srv.stop()


def x_of(page, selector: str) -> float:
    return page.locator(selector).first.bounding_box()["x"]


def switch_to_persian(page) -> None:
    """Tab to the language menu, open it, pick فارسی with the arrow keys, apply."""
    tab_to(page, "#prefs-button")
    page.keyboard.press("Enter")
    tab_to(page, "#ui-language")
    page.keyboard.press("End")  # Dansk, the last language; Persian is just above it
    page.keyboard.press("ArrowUp")
    assert page.input_value("#ui-language") == "fa"
    assert page.evaluate("document.documentElement.lang") == "en"  # not applied while choosing
    tab_to(page, "#ui-language-apply")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.documentElement.lang === 'fa'")
    assert page.evaluate("document.activeElement.id") == "prefs-button"  # the focus stays put
    page.keyboard.press("Escape")


def check_mirrored(page) -> None:
    """The page runs right to left: the game's name on the right, the menu on the left."""
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert x_of(page, ".topbar .brand") > x_of(page, "#prefs-button")
    assert page.inner_text("#play") == "بازی"


def check_board_left_to_right(page, word: str) -> None:
    """In the Persian page the English word reads left to right, tile after tile."""
    tiles = page.locator(f"{MINE} .row.played.side-a:not(.skipped) .tiles").last
    assert tiles.evaluate("el => getComputedStyle(el).direction") == "ltr"
    xs = [tiles.locator(".tile").nth(i).bounding_box()["x"] for i in range(len(word))]
    assert xs == sorted(xs), xs
    assert tiles.text_content().strip() == word
    keys = page.locator(f"{MINE} .keyboard .key-row").first
    assert keys.evaluate("el => getComputedStyle(el).direction") == "ltr"
    assert x_of(page, ".key[data-key='q']") < x_of(page, ".key[data-key='p']")


def my_turn(page) -> bool:
    return page.locator(f"{MINE} #turn-text.mine").count() > 0


def play_until_out(page, shots) -> None:
    """One word typed and entered; after that every turn runs out until no life is left."""
    guessed = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not page.locator("#my-status .out").is_visible():
        if not guessed and my_turn(page):
            length = int(page.get_attribute(MINE, "data-length"))
            before = page.locator(f"{MINE} .row.played.side-a:not(.skipped)").count()
            page.keyboard.type(WORDS[length])
            page.keyboard.press("Enter")
            try:
                page.wait_for_function(
                    "([sel, n]) => document.querySelectorAll(sel).length > n",
                    arg=[f"{MINE} .row.played.side-a:not(.skipped)", before],
                    timeout=TURN_SECONDS * 1000 + 1000,
                )
            except PlaywrightTimeout:
                continue  # the turn ran out first: the next one
            guessed = True
            # the scored row was said in words to screen readers, in Persian
            assert "ردیف" in page.text_content("#sr-live")
            check_board_left_to_right(page, WORDS[length])
            shots.take(page, "duel-fa")
            audit(page, "duel")
            check_reflow(page, "duel")
        page.wait_for_timeout(100)
    assert guessed, "no guess of mine was scored"


def check_replay_with_keys(page, shots) -> None:
    """The replay in Persian: back to the start and a row on with Tab and Enter, the position
    in Persian digits, the media controls in their left-to-right order."""
    page.wait_for_selector("details[open] .replay-controls:not([hidden])")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    duel = "#" + page.locator("details.replay-duel[open]").first.get_attribute("id")  # mine
    box = page.locator(f"{duel} .replay")
    total = page.locator(f"{duel} .board .row").count()
    assert box.get_attribute("data-shown") == "0"  # a replay starts from no row
    tab_to(page, f"{duel} [data-step='next']")
    page.keyboard.press("Enter")
    assert box.get_attribute("data-shown") == "1"
    tab_to(page, f"{duel} [data-step='start']", backwards=True)
    page.keyboard.press("Enter")
    assert box.get_attribute("data-shown") == "0"
    tab_to(page, f"{duel} [data-step='next']")
    page.keyboard.press("Enter")
    assert box.get_attribute("data-shown") == "1"
    persian = str(total).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert page.inner_text(f"{duel} .replay-pos").startswith(f"۱ از {persian} ")
    assert x_of(page, f"{duel} [data-step='start']") < x_of(page, f"{duel} [data-step='end']")
    shots.take(page, "replay-fa")
    audit(page, "replay")
    check_reflow(page, "replay")


def test_a_whole_tournament_with_the_keyboard_only_in_persian(server, new_page, shots):
    page = new_page("desktop")
    page.goto(server.base)
    page.wait_for_selector("#play")

    # --- the first Tab shows the skip link; the menu switches the page to Persian ------------
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert focus_is_visible(page)
    switch_to_persian(page)
    check_mirrored(page)
    shots.take(page, "home-fa")
    audit(page, "home")
    check_reflow(page, "home")

    # --- Play, with Tab and Enter -----------------------------------------------------------
    tab_to(page, "#play")
    page.keyboard.press("Enter")
    page.wait_for_selector(".seats")
    assert page.inner_text("#lobby-h") == "در انتظار بازیکنان"
    audit(page, "lobby")

    page.wait_for_selector("#intro", timeout=20000)
    assert page.inner_text("#intro-h").startswith("دور ")
    audit(page, "round intro")

    # --- the duels: a word typed on the keyboard, then turns left to run out ------------------
    page.wait_for_selector(MINE, timeout=20000)
    play_until_out(page, shots)
    page.wait_for_selector("#my-place.placed", timeout=60000)
    assert page.inner_text("#leave-tournament") == "خروج و بازگشت به خانه"
    audit(page, "standings")
    check_reflow(page, "standings")

    # --- watch a live duel: Tab to a Watch button, Enter --------------------------------------
    watched = False
    for _ in range(3):
        try:
            page.wait_for_selector("#live-duels .watch:enabled", timeout=40000)
            tab_to(page, "#live-duels .watch:enabled")
            page.keyboard.press("Enter")
            page.wait_for_selector(".duel-panel.spectating", timeout=3000)
            watched = True
            break
        except (PlaywrightTimeout, AssertionError):  # that duel ended meanwhile: another
            continue
    assert watched, "no live duel could be watched"
    audit(page, "spectating")

    # --- the end: the final table, then home with Tab and Enter --------------------------------
    page.wait_for_selector("#end", timeout=150000)
    assert page.inner_text("#end-h") == "تورنمنت تمام شد"
    audit(page, "end")
    check_reflow(page, "end")
    me = page.get_attribute(".final-table tr.is-me", "data-player")

    # --- the replay, opened and stepped through with the keyboard; the profile ---------------
    tab_to(page, "#replay-link")  # it opens in the same tab: here in a second one, so that
    assert page.get_attribute("#replay-link", "target") is None  # the end screen stays
    replay = page.context.new_page()
    replay.goto(server.base + page.get_attribute("#replay-link", "href"))
    check_replay_with_keys(replay, shots)
    replay.goto(f"{replay.url.split('/tournaments/')[0]}/players/{me}")
    nickname = page.inner_text(".final-table tr.is-me .nick")
    assert replay.inner_text("#profile-h").startswith(nickname)
    assert replay.locator("#rating-chart").count() == 1
    audit(replay, "profile")
    check_reflow(replay, "profile")
    replay.close()
    page.bring_to_front()

    tab_to(page, "#back-home")
    page.keyboard.press("Enter")
    page.wait_for_selector("#play")
    assert page.evaluate("document.documentElement.dir") == "rtl"
