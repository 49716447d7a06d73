"""A person in a real Chromium plays a whole tournament against the server's bots.

The player edits their nickname, queues, sees the lobby fill with bots and the round intro,
then in their duels: a rejected guess (the row shakes, the reason shows, the clock keeps
running), a turn left to run out (a skipped row), a scored guess (colours on the board and the
keyboard). After that they let every turn run out, so they are eliminated quickly: place
pending, then the place with the rating change; they watch live duels (switch, stop) and see
the final table. A dropped connection shows "reconnecting…" and comes back to the same game.
Away from the page, their turn sets the title and plays a sound (which they switch off).

The end of every duel they play (its result and its word) stays on screen long enough to read,
also when it was the last duel of its round (the server pauses before the next intro, which
recaps the round). From the final table they copy their result (colours, no letters), open the
tournament's replay and step through a duel, then their profile with its rating chart and a
link back to the replay; home, the leaderboard lists people unless asked for the bots.

It runs in a desktop-sized and in a phone-sized window. Screenshots of each screen are saved
at phone and desktop size. The checks of the duels are in tournament_duels.py, those after
the final in tournament_end.py.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import BLOCKABLE_SOCKETS, PlaywrightTimeout, audit
from tests.browser.tournament_duels import (
    RECAP_SECONDS,
    TURN_SECONDS,
    WATCH_RESULTS,
    check_results_seen,
    play_until_out,
)
from tests.browser.tournament_end import (
    check_profile,
    check_replay,
    check_share,
    follow_to_the_final,
)
from tests.e2e.server import start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture
def server(tmp_path):
    srv = start_server(
        tmp_path,
        turn_seconds=TURN_SECONDS,
        intro_seconds=1.5,
        recap_seconds=RECAP_SECONDS,
        bot_fill="on",
        bot_fill_seconds=1.5,
        reconnect_grace_seconds=10,
    )
    yield srv
    srv.stop()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_person_plays_a_tournament_against_bots_to_the_end(server, new_page, shots, size):
    page = new_page(size)
    page.add_init_script(BLOCKABLE_SOCKETS)
    page.add_init_script(WATCH_RESULTS)
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
    pending = "will be decided" in status  # game.place_pending
    assert pending or "You finished" in status, status
    if pending:
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

    # --- waiting: how many duels still run, and one to watch; then switch, stop ---------------
    watched = None
    for _ in range(3):
        page.wait_for_selector("#watch-one", timeout=40000)
        running = page.evaluate("(document.querySelector('#duels-running') || {}).textContent")
        if not running:  # the last of them just ended
            continue
        assert re.fullmatch(r"\d+ duels? (is|are) still running\.", running), running
        page.click("#watch-one")
        try:
            page.wait_for_selector(".duel-panel.spectating", timeout=3000)
            watched = page.get_attribute(".duel-panel.spectating", "data-duel")
            break
        except PlaywrightTimeout:  # that duel ended just before the click; another
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
        try:
            page.wait_for_selector(f".duel-panel.spectating[data-duel='{other}']", timeout=3000)
        except PlaywrightTimeout:  # that duel ended just before the click: no more to watch
            assert page.locator(f"#live-duels .watch[data-duel='{other}']").count() == 0
    if page.locator("#stop-watching").count():
        page.click("#stop-watching")
        page.wait_for_selector(".duel-panel.spectating", state="detached", timeout=3000)

    # --- the final watched to its end, which stays a few seconds before the final table ------
    follow_to_the_final(page, now=size == "desktop")

    # --- the end: final table with rating changes ----------------------------------------------
    page.wait_for_selector("#end", timeout=5000)
    rows = page.locator(".final-table tbody tr")
    assert rows.count() == 8
    mine = page.locator(".final-table tr.is-me")
    assert change in mine.inner_text()
    me = mine.get_attribute("data-player")
    assert f"You finished {place}" in page.inner_text("#my-result")
    assert page.locator(".final-table .bot-badge").count() == 7
    assert page.locator(".final-table a.plink[href^='/players/']").count() == 8  # bots' too
    shots.take(page, "end")
    if size == "desktop":
        audit(page, "end")

    # --- the end of every duel I played was there to read, the round's last one too ------------
    last_of_round = check_results_seen(page)

    # --- my result to share: place, rounds, my rows as colours, no letter ---------------------
    tid = page.get_attribute("#replay-link", "href").rsplit("/", 1)[1]
    check_share(page, server.base, tid, place, len(page.evaluate("[...window.__mine]")))

    # --- the replay: a duel of mine stepped through row by row; then my profile --------------
    # it opens in the same tab; read here in a second tab, so the game goes on in this one
    assert page.get_attribute("#replay-link", "target") is None
    replay = page.context.new_page()
    replay.goto(server.base + page.get_attribute("#replay-link", "href"))
    replay.wait_for_selector("details[open] .replay-controls:not([hidden])")
    assert replay.locator("#placements tbody tr").count() == 8
    check_replay(replay, page.evaluate("window.__results"), page.evaluate("window.__recaps"))
    shots.take(replay, "replay")
    if size == "desktop":
        audit(replay, "replay")
    replay.click(f"#placements tr.is-me a[href='/players/{me}']")
    replay.wait_for_selector("#rating-chart")
    check_profile(replay, tid, change)
    shots.take(replay, "profile")
    if size == "desktop":
        audit(replay, "profile")
    replay.click(f"#recent a[href='/tournaments/{tid}']")
    replay.wait_for_selector(f"#placements tr.is-me[data-player='{me}']")
    replay.close()

    # --- a duel that was the last of its round: on a rare run, none of mine was; play again ---
    for _ in range(2):
        if last_of_round:
            break
        page.click("#play-again")
        page.wait_for_selector("#intro", timeout=20000)
        page.wait_for_selector("#end", timeout=150000)
        last_of_round = check_results_seen(page)
    assert last_of_round, "no duel of mine was the last of its round, in three tournaments"
    rating = re.search(r"rating now (\d+)", page.inner_text("#my-result"))[1]

    # --- home: the new rating; the leaderboard of people, with the bots when asked ------------
    page.click("#back-home")
    page.wait_for_selector("#play")
    page.wait_for_function(
        "(want) => document.querySelector('#my-rating').textContent === want", arg=rating
    )
    page.wait_for_selector("#leaderboard tr.is-me")
    assert page.locator("#leaderboard .bot-badge").count() == 0  # people only
    assert page.locator(f"#leaderboard tr.is-me a[href='/players/{me}']").count() == 1
    page.check("#leaderboard-bots")
    page.locator("#leaderboard .bot-badge").nth(6).wait_for()  # the seven bots, at least
    assert page.locator("#leaderboard tr.is-me").count() == 1
