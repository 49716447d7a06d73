"""The feel of a duel, in Chromium against the bots: typing ahead on the opponent's turn (no
guess frame leaves the page before my turn, then Enter sends what was typed), the scored row
flipping tile by tile (and not at all under reduced motion), and a board that fills a laptop's
screen (tiles of 50 px or more, all 12 rows in view at 1280x800). Screenshots of a duel and of a
reveal in progress at desktop and phone size land in tests/artifacts/screenshots/.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.conftest import SHOTS, PlaywrightTimeout
from tests.e2e.server import start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

MINE = ".duel-panel.mine"
WORDS = {4: "care", 5: "crane", 6: "stared"}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path):
    srv = start_server(tmp_path, turn_seconds=5, intro_seconds=1, bot_fill="on", bot_fill_seconds=1)
    yield srv
    srv.stop()


def watch_frames(page) -> list[tuple[float, str, dict]]:
    """Every websocket frame of the page, both ways, in order: (time, 'out' | 'in', frame)."""
    frames: list[tuple[float, str, dict]] = []

    def on_socket(ws):
        def keep(way):
            def add(payload):
                try:
                    frames.append((time.monotonic(), way, json.loads(payload)))
                except (TypeError, ValueError):
                    pass

            return add

        ws.on("framesent", keep("out"))
        ws.on("framereceived", keep("in"))

    page.on("websocket", on_socket)
    return frames


def into_duel(page, server) -> None:
    page.goto(server.base)
    page.click("#play")
    page.wait_for_selector(MINE, timeout=40000)


def my_turn(page) -> bool:
    return page.locator(f"{MINE} #turn-text.mine").count() > 0


def wait_for_their_turn(page, timeout: float = 40) -> None:
    """Until the opponent is to move in my live duel (a fresh duel when mine ended)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        live = page.locator(f"{MINE}:not(.over)").count() > 0
        if live and not my_turn(page) and page.locator(f"{MINE} .fighter.active").count():
            return
        page.wait_for_timeout(50)
    raise AssertionError("the opponent never had the move")


def test_type_ahead_sends_nothing_before_my_turn(server, new_page):
    page = new_page("desktop")
    frames = watch_frames(page)
    into_duel(page, server)
    length = int(page.get_attribute(MINE, "data-length"))
    word = WORDS[length]
    wait_for_their_turn(page)
    mark = len(frames)
    # their turn: my word typed ahead, corrected, Enter pressed early
    page.keyboard.type(word[:-1] + "x")
    page.keyboard.press("Backspace")
    page.keyboard.type(word[-1])
    page.keyboard.press("Enter")
    queued = page.locator(f"{MINE} .row.queued")
    assert queued.count() == 1, "the word typed ahead is not shown"
    assert "".join(queued.locator(".tile.typed").all_text_contents()) == word
    assert page.locator(f"{MINE} .keyboard.disabled").count() == 0
    assert page.locator("#duel-msg").inner_text() == "Wait for your turn."
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "feel-typeahead-desktop.png"))
    # my turn comes: the word moves into my current row, and still nothing went out
    page.wait_for_selector(f"{MINE} #turn-text.mine", timeout=15000)
    current = page.locator(f"{MINE} .row.current")
    assert "".join(current.locator(".tile.typed").all_text_contents()) == word
    assert page.locator(f"{MINE} .row.queued").count() == 0
    turn_at = next(t for t, way, f in frames[mark:] if way == "in" and my_move(f, frames))
    assert guesses_out(frames) == [], "a guess went out before my Enter"
    page.keyboard.press("Enter")
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and not guesses_out(frames):
        page.wait_for_timeout(50)
    sent = guesses_out(frames)
    assert sent and sent[0][1]["word"] == word
    assert sent[0][0] >= turn_at, "the guess left before my turn began"


def guesses_out(frames) -> list[tuple[float, dict]]:
    return [(t, f) for t, way, f in frames if way == "out" and f.get("type") == "guess"]


def my_move(frame: dict, frames) -> bool:
    """A frame that gives me the move (a turn, or a scored guess or skip whose next is me)."""
    me = next(f["you"]["id"] for _, w, f in frames if w == "in" and f.get("type") == "welcome")
    if frame.get("type") == "turn":
        return frame.get("player") == me
    if frame.get("type") in ("guess_scored", "turn_skipped"):
        return (frame.get("next") or {}).get("player") == me
    if frame.get("type") == "duel_started":
        return frame.get("starter") == me
    return False


def play_a_guess_and_watch_the_flip(page, shot: str | None = None) -> list[str]:
    """On my turn, a word entered; the classes of the tiles of the row scored, looked at just
    after it appears (a screenshot of the reveal in progress with `shot`)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if page.locator(f"{MINE}:not(.over)").count() and my_turn(page):
            length = int(page.get_attribute(MINE, "data-length"))
            before = page.locator(f"{MINE} .row.played:not(.skipped)").count()
            page.keyboard.type(WORDS[length])
            page.keyboard.press("Enter")
            try:
                page.wait_for_function(
                    "([sel, n]) => document.querySelectorAll(sel).length > n",
                    arg=[f"{MINE} .row.played:not(.skipped)", before],
                    timeout=6000,
                )
            except PlaywrightTimeout:
                continue
            row = page.locator(f"{MINE} .row.played:not(.skipped)").nth(before)
            classes = row.locator(".tile").evaluate_all("ts => ts.map((t) => t.className)")
            if shot:
                page.wait_for_timeout(150)  # mid-reveal: the first tiles turned, the last not yet
                page.screenshot(path=str(SHOTS / shot))
            return classes
        page.wait_for_timeout(50)
    raise AssertionError("no guess of mine was scored")


def test_the_row_flips_with_motion_and_not_without(server, new_page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page("desktop")
    into_duel(page, server)
    classes = play_a_guess_and_watch_the_flip(page, "feel-reveal-desktop.png")
    assert all("flip" in c.split() for c in classes), classes
    # the reveal of the whole row is short: its last tile's flip ends well under a second
    total = page.evaluate(
        """() => { const t = document.querySelector('.tile.flip:last-child') ||
                     [...document.querySelectorAll('.tile.flip')].pop();
                   if (!t) return 0; const s = getComputedStyle(t);
                   const sum = parseFloat(s.animationDelay) + parseFloat(s.animationDuration);
                   return sum * 1000; }"""
    )
    assert 0 < total < 900, total

    still = new_page("desktop")
    still.emulate_media(reduced_motion="reduce")
    into_duel(still, server)
    classes = play_a_guess_and_watch_the_flip(still)
    assert classes and not any("flip" in c.split() for c in classes), classes
    assert still.locator(".row.win, .result-text.landing").count() == 0


def board_fits(page) -> dict:
    return page.evaluate(
        """() => {
          const tiles = [...document.querySelectorAll('.duel-panel.mine .board .tile')];
          const rows = [...document.querySelectorAll('.duel-panel.mine .board .row')];
          const last = rows[rows.length - 1].getBoundingClientRect();
          const kb = document.querySelector('.duel-panel.mine .keyboard').getBoundingClientRect();
          return { tile: tiles[0].getBoundingClientRect().width, rows: rows.length,
                   lastBottom: last.bottom, kbBottom: kb.bottom, height: innerHeight,
                   scrollX: document.documentElement.scrollWidth - innerWidth };
        }"""
    )


def test_the_board_fills_the_screen(server, new_page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page("desktop")
    into_duel(page, server)
    for size in ({"width": 1280, "height": 800}, {"width": 1920, "height": 1080}):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        got = board_fits(page)
        assert got["rows"] == 12
        assert got["tile"] >= 50, f"{size}: {got}"
        assert got["lastBottom"] <= got["height"], f"{size}: the 12th row is out of view {got}"
        assert got["kbBottom"] <= got["height"], f"{size}: the keyboard is out of view {got}"
        assert got["scrollX"] <= 0, got
        page.screenshot(path=str(SHOTS / f"feel-duel-{size['width']}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(150)
    page.screenshot(path=str(SHOTS / "feel-duel-desktop.png"))
    # the countdown reads at a glance: large numbers
    secs = page.locator("#turn-clock .secs")
    assert secs.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 28
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    got = board_fits(page)
    assert got["scrollX"] <= 0, got
    assert got["tile"] >= 30, got
    page.screenshot(path=str(SHOTS / "feel-duel-phone.png"))
    play_a_guess_and_watch_the_flip(page, "feel-reveal-phone.png")
