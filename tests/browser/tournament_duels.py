"""The duel side of tests/browser/test_tournament.py: what the page is watched for (each end of
a duel of mine, the recaps, the sounds), and the checks of my turns while I still play: a
rejected guess, a skipped turn, a scored guess, a dropped connection, my turn while away from
the page, the round's recap, and that every duel's end stayed on screen to be read."""

from __future__ import annotations

import re
import time

from tests.browser.conftest import PlaywrightTimeout, audit

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
  let down = false;
  let backAt = -Infinity; // when the connection last came back
  const look = () => {
    const at = performance.now();
    const offline = document.body && document.body.classList.contains('is-offline');
    if (down && !offline) backAt = at;
    down = offline;
    const phase = (document.querySelector('.game') || {dataset: {}}).dataset.phase || '';
    const panel = document.querySelector('.duel-panel.mine');
    if (panel) window.__mine.add(panel.dataset.duel);
    if (panel && offline) {
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
        // drawn from the snapshot on return: the duel ended while the connection was down
        afterDrop: window.__offline.has(panel.dataset.duel) && at - backAt < 1000,
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
    A duel that ended while the connection was down is told by what is left of the pause after
    it (the snapshot on return), or by the next intro's recap when the round ended too."""
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
        stayed_ms = f"the end of duel {r['duel']} stayed {stayed:.0f} ms"
        assert stayed >= 1000 or r["afterDrop"], stayed_ms
    return any("between" in r["phases"] or "finished" in r["phases"] for r in seen)
