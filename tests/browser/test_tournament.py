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
RECAP_SECONDS = 1.5  # the pause after a round's last duel, to read its end
WORDS = {4: "care", 5: "crane", 6: "stared"}  # accepted guesses of each length
CURRENT = ".duel-panel.mine .row.current"  # the row being typed in my own duel
TITLE = "Wordle Tournament"

# Injected before the page's scripts: notes each duel of mine drawn on the screen, and each end
# of one of them (its result, its word, the tournament's phases while it stays, whether it was
# scrolled into view, when it appeared and went); the duels of mine on the screen while the
# connection was down, and the recap of each duel of mine in the next round's intro; counts the
# sounds the page plays.
WATCH_RESULTS = """
(() => {
  window.__mine = new Set();
  window.__offline = new Set();
  window.__recaps = {};
  window.__results = [];
  window.__chimes = 0;
  if (window.AudioContext) {
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      window.__chimes += 1;
      return make.call(this);
    };
  }
  const open = new Map();
  const look = () => {
    const at = performance.now();
    const phase = (document.querySelector('.game') || {dataset: {}}).dataset.phase || '';
    const panel = document.querySelector('.duel-panel.mine');
    if (panel) window.__mine.add(panel.dataset.duel);
    if (panel && document.body.classList.contains('is-offline')) {
      window.__offline.add(panel.dataset.duel);
    }
    for (const li of document.querySelectorAll('#recap .recap-item.is-mine')) {
      window.__recaps[li.dataset.duel] = li.textContent;
    }
    const result = panel && panel.querySelector('#duel-result .result-text');
    if (result && !open.has(panel.dataset.duel)) {
      const tiles = panel.querySelectorAll('#duel-result .secret-word .tile');
      const seen = {
        duel: panel.dataset.duel, text: result.textContent,
        secret: [...tiles].map((t) => t.textContent).join(''),
        phases: [], shown: at, gone: null, inView: false,
      };
      open.set(seen.duel, seen);
      window.__results.push(seen);
    }
    for (const seen of open.values()) {
      if (seen.gone !== null) continue;
      const end = document.querySelector(
        `.duel-panel.mine[data-duel="${seen.duel}"] #duel-result .secret-word`);
      if (!end) {
        seen.gone = at;
        continue;
      }
      if (!seen.phases.includes(phase)) seen.phases.push(phase);
      const box = end.getBoundingClientRect();
      if (box.top >= 0 && box.bottom <= window.innerHeight) seen.inView = true;
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
"""
OUTCOMES = re.compile(
    r"You lose a life|you win the duel|both lose a life|keep your lives|counts as lost|cancelled"
)


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


def check_turn_cue(page, sound: bool) -> bool:
    """Away from the page (focus elsewhere) when my turn comes: the title says so, and a sound
    plays unless switched off; back on the page, the title is the game's again. False when my
    duel ended before my turn came (try again later)."""
    chimes = page.evaluate("window.__chimes")
    page.evaluate("document.hasFocus = () => false")
    try:
        page.wait_for_selector(
            ".duel-panel.mine:not(.over) #turn-text.mine", timeout=TURN_SECONDS * 2000 + 1500
        )
    except PlaywrightTimeout:
        page.evaluate("document.hasFocus = () => true")
        return False
    page.wait_for_function("(t) => document.title === t", arg=f"Your turn! · {TITLE}")
    played = page.evaluate("window.__chimes") > chimes
    assert played == sound, f"sound {'on' if sound else 'off'}, chime played: {played}"
    page.evaluate("document.hasFocus = () => true; window.dispatchEvent(new Event('focus'))")
    page.wait_for_function("(t) => document.title === t", arg=TITLE)
    return True


def switch_sound_off(page) -> None:
    page.click("#prefs-button")
    assert page.is_checked("#sound")  # on unless switched off
    page.uncheck("#sound")
    page.keyboard.press("Escape")
    assert page.evaluate("localStorage.getItem('wt.sound')") == "off"  # remembered


def play_until_out(page, shots) -> None:
    """Play my turns: first a rejected guess and a turn left to run out, then a scored guess,
    a dropped connection; my turn while away from the page, with and without its sound; after
    that let every turn run out until I am out of lives. The recap of a round is checked (and
    photographed) on the first intro that shows one."""
    done: list[str] = []
    handled = None  # (duel, turn count) of the last turn of mine that was handled
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not page.locator("#my-status .out").is_visible():
        if "recap" not in done and page.locator("#recap").count():
            if check_recap(page, shots):
                done.append("recap")
        live = page.locator(".duel-panel.mine:not(.over)").count() > 0
        if "reconnected" in done and "cue" not in done and live and not my_turn(page):
            if check_turn_cue(page, sound=True):
                switch_sound_off(page)
                done.append("cue")
        elif "cue" in done and "quiet" not in done and live and not my_turn(page):
            if check_turn_cue(page, sound=False):
                done.append("quiet")
        elif my_turn(page):
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
    wanted = ["cue", "quiet", "recap", "reconnected", "rejected", "scored", "skipped"]
    if "recap" not in done:  # every intro so far passed during other checks: the next one
        page.wait_for_selector("#recap", timeout=60000)
        assert check_recap(page, shots)
        done.append("recap")
    assert sorted(done) == wanted, done


def check_recap(page, shots) -> bool:
    """The intro recaps the round before: a line per pair, mine with the word I saw at its end.
    False when the intro was over before the check (the next one will do)."""
    recap = page.evaluate(
        """() => {
          const box = document.querySelector('#recap');
          if (!box) return null;
          const items = [...box.querySelectorAll('.recap-item')];
          const mine = items.filter((li) => li.classList.contains('is-mine'));
          return {heading: box.querySelector('h2').textContent,
                  items: items.map((li) => li.textContent),
                  mine: mine.map((li) => li.textContent)};
        }"""
    )
    if not recap:
        return False
    heading, items, mine = recap["heading"], recap["items"], recap["mine"]
    assert re.fullmatch(r"How round \d+ ended", heading), heading
    seen = page.evaluate("window.__results")
    for text in mine:
        assert any(r["secret"].upper() in text for r in seen), (text, seen)
        assert re.search(r"[Yy]ou| drew| left", text), text
    for text in items:
        assert re.search(r" beat .* with [A-Z]+ in \d+ rows?\.| drew: | left the tournament", text)
    shots.take(page, "recap")
    return page.locator("#recap").count() > 0  # the picture shows it


def check_results_seen(page) -> bool:
    """Every duel I played showed its end (result and word) in view, and kept it for at least a
    second; True when one of them was the last of its round (it stayed through the pause).
    A duel that ended while the connection was down (and the round with it) is told by the
    next intro's recap instead."""
    mine = page.evaluate("[...window.__mine]")
    seen = page.evaluate("window.__results")
    offline = page.evaluate("[...window.__offline]")
    recaps = page.evaluate("window.__recaps")
    now = page.evaluate("performance.now()")
    ended = {r["duel"]: r for r in seen}
    assert mine, "no duel of mine was seen"
    for duel in set(mine) - set(ended):
        assert duel in offline, f"the end of duel {duel} was never shown ({seen})"
        assert re.search(r" [A-Z]{4,6} ", recaps.get(duel, "")), (duel, recaps)
    for r in seen:
        assert re.fullmatch(r"[a-z]{4,6}", r["secret"]), r
        assert OUTCOMES.search(r["text"]), r
        assert r["inView"], f"the end of duel {r['duel']} was never in view"
        stayed = (r["gone"] if r["gone"] is not None else now) - r["shown"]
        assert stayed >= 1000, f"the end of duel {r['duel']} stayed {stayed:.0f} ms"
    return any("between" in r["phases"] or "finished" in r["phases"] for r in seen)


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
    shots.take(page, "end")
    if size == "desktop":
        audit(page, "end")

    # --- the end of every duel I played was there to read, the round's last one too ------------
    last_of_round = check_results_seen(page)

    # --- my result to share: place, rounds, my rows as colours, no letter ---------------------
    tid = page.get_attribute("#replay-link", "href").rsplit("/", 1)[1]
    check_share(page, server.base, tid, place, len(page.evaluate("[...window.__mine]")))

    # --- the replay: a duel of mine stepped through row by row; then my profile --------------
    with page.context.expect_page() as opened:
        page.click("#replay-link")
    replay = opened.value
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


def follow_to_the_final(page, now: bool) -> None:
    """Watch a live duel whenever mine ends or there is none on the screen, until the final:
    its result and its word stay on the screen with a countdown to the final table, which
    comes when asked (`now`) or when the countdown is over."""
    deadline = time.monotonic() + 150
    while not page.locator("#final-soon:not([hidden])").count():
        assert time.monotonic() < deadline, "the tournament did not end"
        assert not page.locator("#end").count(), "the final table came before the final's end"
        if not page.locator(".duel-panel.spectating:not(.over)").count():
            button = page.locator("#watch-one, #live-duels .watch:enabled")
            if button.count():
                try:
                    button.first.click(timeout=1000)
                except PlaywrightTimeout:  # gone meanwhile
                    pass
        page.wait_for_timeout(100)
    held = time.monotonic()
    countdown = page.inner_text("#final-soon .countdown")
    assert re.fullmatch(r"Final standings in \d seconds?", countdown), countdown
    panel = page.locator(".duel-panel.spectating.over")
    result = panel.locator(".result-text").inner_text()
    assert re.search(r"guessed it and wins|both lose a life|left the tournament", result), result
    assert panel.locator(".secret-word .tile").count() >= 4
    if now:
        page.click("#final-now")
        page.wait_for_selector("#end", timeout=1000)
    else:
        page.wait_for_selector("#end", timeout=8000)
        assert time.monotonic() - held >= 4, "the final's end went too soon"


def check_share(page, base: str, tid: str, place: int, duels: int) -> None:
    """The result copied: place and rounds, a line of colours per duel of mine, the replay's
    address, and not a letter of any word."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page.click("#share-result")
    page.wait_for_function("() => document.querySelector('#toast').textContent.includes('copied')")
    lines = page.evaluate("navigator.clipboard.readText()").splitlines()
    assert re.fullmatch(rf"Wordle Tournament #{tid}: {place}\w\w of 8 after \d+ rounds?", lines[0])
    grid, link = lines[1:-1], lines[-1]
    assert len(grid) == duels, lines
    for line in grid:
        assert re.fullmatch(r"\d+\. [🟩🟨⬛⌛ ]+ [✅❌🤝➖]", line), line
    assert link == f"{base}/tournaments/{tid}"


def check_replay(page, seen: list[dict], recaps: dict[str, str]) -> None:
    """My duels have the words I saw at their ends; the one with the most rows, stepped
    through: back to the start, a row on, a row back, played and paused, all rows."""
    duels = page.locator("details.replay-duel.is-mine")
    counts = [duels.nth(i).locator(".board .row").count() for i in range(duels.count())]
    duel = duels.nth(counts.index(max(counts)))
    total = max(counts)
    assert total >= 2
    if duel.get_attribute("open") is None:
        duel.locator("summary").click()
    # my duels' words are the ones I saw at their ends (or in the recap, after a lost connection)
    words = [
        duels.nth(i).locator(".secret-word").get_attribute("aria-label") for i in range(len(counts))
    ]
    live = {r["secret"] for r in seen}
    recapped = {w.lower() for w in re.findall(r" ([A-Z]{4,6}) ", " ".join(recaps.values()))}
    assert live <= set(words) <= live | recapped, (words, live, recapped)
    box = duel.locator(".replay")

    def shown() -> int:
        return int(box.get_attribute("data-shown"))

    def step(name: str) -> None:
        duel.locator(f"[data-step='{name}']").click()

    assert shown() == total  # the whole board first
    step("start")
    assert shown() == 0 and duel.locator(".row.ahead").count() == total
    assert duel.locator(".replay-pos").inner_text() == f"0 of {total} rows"
    step("next")
    assert shown() == 1 and duel.locator(".row.ahead").count() == total - 1
    said = duel.locator(".replay-say").text_content()  # the row in words, for screen readers
    assert said.startswith(f"1 of {total} rows. Row 1, "), said
    step("back")
    assert shown() == 0
    step("play")
    page.wait_for_function("(el) => Number(el.dataset.shown) >= 2", arg=box.element_handle())
    assert duel.locator("[data-step='play']").inner_text() == "Pause"
    step("play")  # pause
    paused = shown()
    page.wait_for_timeout(1500)
    assert shown() == paused and duel.locator("[data-step='play']").inner_text() == "Play"
    step("end")
    assert shown() == total and duel.locator(".row.ahead").count() == 0


def check_profile(page, tid: str, change: str) -> None:
    """My profile: the rating chart from the start rating to now, the tournament with my change."""
    label = page.locator("#chart-desc").text_content()
    assert label.startswith("Rating after each tournament: from 1000 to "), label
    assert page.locator("#rating-chart circle").count() == 2
    row = page.locator(f"#recent tr[data-tournament='{tid}']")
    assert change in row.inner_text()
