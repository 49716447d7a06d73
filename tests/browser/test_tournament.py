"""A person in a real Chromium plays a whole tournament against the server's bots.

The player edits their nickname, queues, sees the lobby fill with bots and the round intro,
then in their duels: a rejected guess (the row shakes, the reason shows, the clock keeps
running), a turn left to run out (a skipped row), a scored guess (colours on the board and the
keyboard). After that they let every turn run out, so they are eliminated quickly: place
pending, then the place with the rating change; they watch live duels (switch, stop) and see
the final table. A dropped connection shows "reconnecting…" and comes back to the same game.
It runs in a desktop-sized and in a phone-sized window. Screenshots of each screen are saved
at phone and desktop size.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.conftest import BLOCKABLE_SOCKETS, PlaywrightTimeout, audit
from tests.e2e.server import start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

TURN_SECONDS = 1.5
WORDS = {4: "care", 5: "crane", 6: "stared"}  # accepted guesses of each length
CURRENT = ".duel-panel.mine .row.current"  # the row being typed in my own duel


@pytest.fixture
def server(tmp_path):
    srv = start_server(
        tmp_path,
        turn_seconds=TURN_SECONDS,
        intro_seconds=1,
        bot_fill="on",
        bot_fill_seconds=1.5,
        reconnect_grace_seconds=10,
    )
    yield srv
    srv.stop()


def my_turn(page) -> bool:
    return page.locator(".duel-panel.mine #turn-text.mine").count() > 0


def turn_count(page) -> str:
    return page.inner_text(".duel-panel.mine #turn-text .count")


def remaining_ms(page) -> int:
    return int(page.get_attribute(".duel-panel.mine #turn-clock", "data-remaining") or -1)


def word_length(page) -> int:
    return int(page.get_attribute(".duel-panel.mine", "data-length"))


def check_rejected_guess(page) -> bool:
    """An unknown word: reason shown, the row shakes, the same turn's clock keeps running.
    False when the turn ran out before the check was over (a slow machine): try again later."""
    turn = (page.get_attribute(".duel-panel.mine", "data-duel"), turn_count(page))

    def same_turn() -> bool:
        return (
            my_turn(page)
            and (
                page.get_attribute(".duel-panel.mine", "data-duel"),
                turn_count(page),
            )
            == turn
        )

    length = word_length(page)
    page.keyboard.type("z" * (length + 1))  # a letter too many is not taken
    current = page.locator(CURRENT)
    if not same_turn():
        return False
    where = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    assert current.locator(".tile.typed").count() == length, f"typed nothing; focus on {where}"
    assert current.locator(".tiles").text_content().strip() == "z" * length
    page.keyboard.press("Enter")
    try:
        page.wait_for_selector(f"{CURRENT}.shake", state="attached", timeout=2000)
    except PlaywrightTimeout:
        if not same_turn():
            return False
        raise
    reason = page.inner_text("#duel-msg")
    if reason != "Not in the word list." and not same_turn():
        return False  # the turn ran out just after the shake, and its reason went with it
    assert reason == "Not in the word list."
    first = remaining_ms(page)
    page.wait_for_timeout(300)
    second = remaining_ms(page)
    if not same_turn() or second == 0:
        return False
    assert 0 < second < first, (first, second)  # the clock went on, in the same turn
    assert page.inner_text("#duel-msg") == "Not in the word list."
    return True


MINE = ".duel-panel.mine .row.played.side-a"  # rows I played in my own duel


def check_skipped_turn(page, skipped_before: int) -> None:
    """The rest of the turn runs out: a skipped row of mine, said in words too."""
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length > n",
        arg=[f"{MINE}.skipped", skipped_before],
        timeout=TURN_SECONDS * 1000 + 3000,
    )
    row = page.locator(f"{MINE}.skipped").last
    assert "time ran out" in row.inner_text()
    assert "skipped" in row.get_attribute("aria-label")


def check_scored_guess(page) -> bool:
    """A real word: a row of mine with a colour on every tile and on the keys it used.
    False when the turn ran out first (a skipped row instead): try again later."""
    before = page.locator(f"{MINE}:not(.skipped)").count()
    skipped = page.locator(f"{MINE}.skipped").count()
    word = WORDS[word_length(page)]
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, n, skip, m]) => document.querySelectorAll(sel).length > n"
        " || document.querySelectorAll(skip).length > m",
        arg=[f"{MINE}:not(.skipped)", before, f"{MINE}.skipped", skipped],
        timeout=3000,
    )
    if page.locator(f"{MINE}:not(.skipped)").count() == before:
        return False
    scored = page.locator(f"{MINE}:not(.skipped)").last
    assert scored.locator(".tiles").text_content().strip() == word
    tiles = scored.locator(".tile")
    assert tiles.count() == len(word)
    for i in range(len(word)):
        assert re.search(r"mark-[gyx]", tiles.nth(i).get_attribute("class"))
    for letter in word:
        key = page.get_attribute(f".keyboard .key[data-key='{letter}']", "class")
        assert re.search(r"mark-[gyx]", key), letter
    return True


def check_reconnect(page, shots) -> None:
    """The connection drops: "reconnecting…" shows; on return the same game is drawn again."""
    duel = page.get_attribute(".duel-panel", "data-duel")
    rows = page.locator(".duel-panel .row.played .tiles").all_text_contents()
    page.evaluate("window.__blockSockets = true; window.__sockets.at(-1).close()")
    page.wait_for_selector("#banner:not([hidden])")
    assert "reconnecting" in page.inner_text("#banner")
    assert "is-offline" in page.get_attribute("body", "class")
    shots.take(page, "reconnecting")
    page.evaluate("window.__blockSockets = false")
    page.wait_for_selector("#banner", state="hidden", timeout=10000)
    if page.get_attribute(".duel-panel", "data-duel") == duel:
        again = page.locator(".duel-panel .row.played .tiles").all_text_contents()
        assert again[: len(rows)] == rows  # the board as it was (turns went on meanwhile)


def play_until_out(page, shots) -> None:
    """Play my turns: first a rejected guess and a turn left to run out, then a scored guess,
    a dropped connection; after that let every turn run out until I am out of lives."""
    done: list[str] = []
    handled = None  # (duel, turn count) of the last turn of mine that was handled
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not page.locator("#my-status .out").is_visible():
        if my_turn(page):
            key = (page.get_attribute(".duel-panel.mine", "data-duel"), turn_count(page))
            if key != handled:
                handled = key
                if "rejected" not in done:
                    skipped = page.locator(f"{MINE}.skipped").count()
                    if check_rejected_guess(page):
                        done.append("rejected")
                    if "skipped" not in done:  # the rest of the turn runs out
                        check_skipped_turn(page, skipped)
                        done.append("skipped")
                elif "scored" not in done and check_scored_guess(page):
                    shots.take(page, "duel")
                    if page.viewport_size["width"] > 800:
                        audit(page, "duel")
                    check_reconnect(page, shots)
                    done += ["scored", "reconnected"]
        page.wait_for_timeout(100)
    assert sorted(done) == ["reconnected", "rejected", "scored", "skipped"], done


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_person_plays_a_tournament_against_bots_to_the_end(server, new_page, shots, size):
    page = new_page(size)
    page.add_init_script(BLOCKABLE_SOCKETS)
    page.goto(server.base)

    # --- home: nickname, rating, 13 languages by their own names, rules, leaderboard --------
    page.wait_for_selector("#play")
    assert page.inner_text("#my-rating") == "1000"
    options = page.locator("#language option")
    assert options.count() == 13
    names = options.all_inner_texts()
    for own_name in ("English", "Deutsch", "Українська", "Oʻzbekcha", "Русский"):
        assert own_name in names
    assert page.locator("a[href='/rules']").count() >= 1
    page.click("#edit-nickname")
    page.fill("#nickname", "Test Pilot")
    page.keyboard.press("Enter")
    page.wait_for_selector("#my-nickname")
    assert page.inner_text("#my-nickname") == "Test Pilot"
    shots.take(page, "home")
    if size == "desktop":
        audit(page, "home")

    # --- lobby: seats fill with bots ----------------------------------------------------------
    page.click("#play")
    page.wait_for_selector(".seats")
    assert "English" in page.inner_text(".lobby .lead")
    me_seat = page.locator(".seat.filled .is-me")
    assert me_seat.count() == 1 and "Test Pilot" in me_seat.inner_text()
    shots.take(page, "lobby")
    if size == "desktop":
        audit(page, "lobby")

    # --- the round intro: pairings with lives, bots marked ------------------------------------
    page.wait_for_selector("#intro", timeout=20000)
    assert page.locator("#intro .pair").count() == 4
    assert page.locator("#intro .pair.is-mine").count() == 1
    assert page.locator("#intro .bot-badge").count() == 7
    # lives in words for screen readers (round 1's intro may be over after the lobby's audit)
    assert re.fullmatch(
        r"[1-3] lives? left", page.locator("#intro .hearts").first.get_attribute("aria-label")
    )
    assert re.match(r"Duels start in \d+ seconds?", page.inner_text("#intro-countdown"))
    shots.take(page, "intro")
    if size == "desktop":
        audit(page, "round intro")

    # --- duels: a rejected guess, a skipped turn, a scored guess; then let turns run out -------
    play_until_out(page, shots)

    # --- out: place pending until the round's last duel ends, then place and rating change ----
    page.wait_for_selector("#my-status .out", timeout=60000)
    status = page.inner_text("#my-place")
    assert "pending" in status or "You finished" in status, status
    if "pending" in status:
        shots.take(page, "standings-pending")
        if size == "desktop":
            audit(page, "standings, place pending")
    page.wait_for_selector("#my-place.placed", timeout=60000)
    if size == "desktop":
        audit(page, "standings, placed")
    placed = page.inner_text("#my-place")
    match = re.search(r"You finished (\d)\w\w: rating 1000 → (\d+) \(([+−±]\d+)\)", placed)
    assert match, placed
    place, after, change = int(match[1]), int(match[2]), match[3]
    change_value = int(change.replace("−", "-").replace("±", ""))
    assert after == 1000 + change_value and change_value < 0 and place >= 2
    me_row = page.locator("#standings tr.is-me")
    assert "is-out" in me_row.get_attribute("class")
    assert change in me_row.inner_text()
    shots.take(page, "standings")

    # --- spectating: watch a live duel, switch, stop ------------------------------------------
    watched = None
    for _ in range(3):
        page.wait_for_selector("#live-duels .watch:enabled", timeout=40000)
        button = page.locator("#live-duels .watch:enabled").first
        target = button.get_attribute("data-duel")
        button.click()
        try:
            page.wait_for_selector(f".duel-panel.spectating[data-duel='{target}']", timeout=3000)
            watched = target
            break
        except PlaywrightTimeout:  # that duel ended just before the click; pick another
            continue
    assert watched, "could not watch a live duel"
    assert page.inner_text("#watching-label").startswith("Watching ")
    assert page.locator(".duel-panel.spectating .keyboard").count() == 0
    try:  # a picture with a few rows on the board, if the duel lasts that long
        page.wait_for_selector(".duel-panel.spectating .row.played >> nth=2", timeout=8000)
    except PlaywrightTimeout:
        pass
    shots.take(page, "spectating")
    if size == "desktop":
        audit(page, "spectating")
    others = page.locator("#live-duels .watch:enabled")
    if others.count():
        other = others.first.get_attribute("data-duel")
        others.first.click()
        page.wait_for_selector(f".duel-panel.spectating[data-duel='{other}']", timeout=3000)
    if page.locator("#stop-watching").count():
        page.click("#stop-watching")
        page.wait_for_selector(".duel-panel.spectating", state="detached", timeout=3000)

    # --- the end: final table with rating changes, then home with the new rating ---------------
    page.wait_for_selector("#end", timeout=150000)
    rows = page.locator(".final-table tbody tr")
    assert rows.count() == 8
    mine = page.locator(".final-table tr.is-me")
    assert change in mine.inner_text()
    assert f"You finished {place}" in page.inner_text("#my-result")
    assert page.locator(".final-table .bot-badge").count() == 7
    shots.take(page, "end")
    if size == "desktop":
        audit(page, "end")
    page.click("#back-home")
    page.wait_for_selector("#play")
    page.wait_for_function(
        "(want) => document.querySelector('#my-rating').textContent === want", arg=str(after)
    )
    page.wait_for_selector(".leaderboard tr.is-me")
