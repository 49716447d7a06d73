"""While I wait, something to watch, in Chromium against seven people (tests/browser/crowd.py):
my duel is over at its start (my opponent leaves), three others run. The page offers the
closest of them (fewest letters left in its best row, then most rows: reduce/watch.js), the
live duels and the standings show each one's progress, and with "watch automatically"
remembered the page watches the closest without a tap, then the next when it ends. No frame
the page gets carries a duel's secret before that duel's `duel_ended`. Screenshots of the
offer in English and German, at phone and desktop size (watch-offer-*)."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.conftest import audit
from tests.browser.crowd import Crowd
from tests.browser.test_report import signed_in
from tests.e2e.server import start_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

TURN_SECONDS = 6

READ = """() => ({
  offer: Number(document.querySelector('#watch-one').dataset.duel),
  closest: document.querySelector('#closest .prog-row').textContent,
  duels: [...document.querySelectorAll('#live-duels li[data-duel]')].map((li) => {
    const p = li.querySelector('.duel-progress');
    return { id: Number(li.dataset.duel), rows: Number(p.dataset.rows),
      greens: Number(p.dataset.greens), length: Number(p.dataset.length),
      text: p.querySelector('.prog-row').textContent };
  }),
  playing: [...document.querySelectorAll('#standings .status')].map((e) => e.textContent),
})"""


@pytest.fixture
def server(tmp_path):
    srv = start_server(tmp_path, turn_seconds=TURN_SECONDS, intro_seconds=1, recap_seconds=1)
    yield srv
    srv.stop()


def frames_of(page) -> list[str]:
    """Every text frame the page's websockets receive, in order."""
    got: list[str] = []

    def on_socket(ws):
        ws.on(
            "framereceived", lambda payload: got.append(payload if isinstance(payload, str) else "")
        )

    page.on("websocket", on_socket)
    return got


def check_frames(texts: list[str]) -> None:
    """Progress came, with nothing but its fields; no secret before its duel's end."""
    frames = [json.loads(t) for t in texts if t]
    progress = [f for f in frames if f["type"] == "duel_progress"]
    assert progress, "no duel_progress frame reached the waiting player"
    assert all(set(f) == {"type", "duel", "rows", "greens", "to_move"} for f in progress)
    for i, f in enumerate(frames):
        if f["type"] != "duel_ended":
            continue
        secret = json.dumps(f["secret"])
        assert all(secret not in t for t in texts[:i] if t), f"{secret} before its duel ended"


def closest(duels: list[dict]) -> int:
    return min(duels, key=lambda d: (d["length"] - d["greens"], -d["rows"], d["id"]))["id"]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_player_whose_duel_is_over_is_offered_the_closest_duel(server, new_page, shots, locale):
    page = new_page("desktop", locale=locale)
    texts = frames_of(page)
    me = signed_in(page, server.base)
    language = page.input_value("#language")  # the word language the page chose
    crowd = Crowd(server, me, paces=[1.0, 2.0, 3.0], language=language).start()
    try:
        page.click("#play")
        page.wait_for_selector("#watch-offer:not([hidden]) #watch-one", timeout=30000)
        assert not page.is_checked("#auto-watch")
        page.wait_for_function(
            """() => [...document.querySelectorAll('#live-duels .duel-progress')]
                .some((e) => Number(e.dataset.rows) >= 2)""",
            timeout=20000,
        )
        seen = page.evaluate(READ)
        assert seen["duels"] and seen["offer"] == closest(seen["duels"]), seen
        if locale == "en-US":
            for d in seen["duels"]:
                assert d["text"] == f"Row {min(d['rows'] + 1, 12)} of 12", d
            playing = [s for s in seen["playing"] if s.startswith("playing · ")]
            assert playing and all(re.fullmatch(r"playing · Row \d+ of 12", s) for s in playing)
        else:
            assert all(re.fullmatch(r"Zeile \d+ von 12", d["text"]) for d in seen["duels"]), seen
        assert page.locator("#live-duels .greens .sq").count() == sum(
            d["length"] for d in seen["duels"]
        )
        shots.take(page, f"watch-offer-{locale[:2]}")
        if locale == "en-US":
            audit(page, "the offer of the closest duel")
        offered = page.get_attribute("#watch-one", "data-duel")
        page.click("#watch-one")
        page.wait_for_selector(f".duel-panel.spectating[data-duel='{offered}']", timeout=5000)
        shots.take(page, f"watch-live-{locale[:2]}")
    finally:
        crowd.stop()
    check_frames(texts)


def test_with_watch_automatically_on_the_page_watches_without_a_tap(server, new_page, shots):
    page = new_page("phone")
    page.add_init_script("localStorage.setItem('wt.watch', 'on')")
    texts = frames_of(page)
    me = signed_in(page, server.base)
    crowd = Crowd(server, me, paces=[1.5, 1.5, 1.5], language=page.input_value("#language")).start()
    try:
        page.click("#play")
        # my duel's result is read first (a few seconds), the box remembered, then no tap
        page.wait_for_selector("#watch-offer:not([hidden]) #auto-watch-in", timeout=30000)
        assert page.is_checked("#auto-watch")
        page.wait_for_selector(".duel-panel.spectating", timeout=10000)
        watched = int(page.get_attribute(".duel-panel.spectating", "data-duel"))
        # the watched duel hurries to its end; the others slow down and still run after it
        for duel in list(crowd.duel_paces):
            crowd.set_pace(duel, 0.2 if duel == watched else TURN_SECONDS - 2)
        page.wait_for_selector(
            f".duel-panel.spectating[data-duel='{watched}'] .duel-result:not(:empty)",
            timeout=20000,
        )
        shots.take(page, "watch-auto-next")
        page.wait_for_function(
            f"""() => {{
              const p = document.querySelector('.duel-panel.spectating');
              return p && Number(p.dataset.duel) !== {watched};
            }}""",
            timeout=15000,
        )
        now = int(page.get_attribute(".duel-panel.spectating", "data-duel"))
        assert page.locator(f"#live-duels li.is-watched[data-duel='{now}']").count() == 1
    finally:
        crowd.stop()
    check_frames(texts)
