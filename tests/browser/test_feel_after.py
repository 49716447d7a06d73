"""After the game, in Chromium: a finished tournament's replay starts from no row with the
viewer's own duel first and open, and its secret appears only when the replay reaches the row
that found it (a draw's on "Show the word"); the profile shows the duel figures. Screenshots at
desktop and phone size in tests/artifacts/screenshots/ (feel-replay, feel-profile)."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import audit
from tests.browser.test_report import run, signed_in
from tests.e2e.server import start_server

SEED = """
import json, sys
from models.results import FixedPlacement, TournamentClosed
from models.store.connection import connect
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel

connect(sys.argv[1])
store = SqlStore()
me = int(sys.argv[2])
other, _ = store.create_player(nickname="Other Player")
bot = store.create_bot("weak", 1000)[0].id
third, _ = store.create_player(nickname="Third Player")
tid, _ = store.start_tournament("en", [me, other.id, bot, third.id])
T0 = 1_700_000_000.0
drawn = [(other.id, "slate", "xxxxx", T0 + 1), (bot, "crane", "xxxxx", T0 + 2)]
store.record_duel(played_duel(tid, 1, (other.id, bot), "flame", 5, other.id, "draw", None,
                              drawn, T0, T0 + 2))
rows = [(third.id, "slate", "xyxxg", T0 + 1), (me, "crane", "ggggg", T0 + 2)]
store.record_duel(played_duel(tid, 1, (me, third.id), "crane", 5, third.id, "win", me, rows,
                              T0, T0 + 2))
for pid, place, change in [(bot, 4, -10), (other.id, 3, -2), (third.id, 2, 1), (me, 1, 12)]:
    store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
store.finish_tournament(TournamentClosed(tid))
print(json.dumps({"tournament": tid, "bot": bot}))
"""


@pytest.fixture
def server(tmp_path):
    srv = start_server(tmp_path)
    yield srv
    srv.stop()


def test_the_replay_keeps_the_word_until_its_row_and_the_profile_has_figures(
    server, new_page, shots
):
    page = new_page()
    me = signed_in(page, server.base)
    seeded = json.loads(run("-c", SEED, f"sqlite:///{server.db_path}", str(me)))
    page.goto(f"{server.base}/tournaments/{seeded['tournament']}")
    first = page.locator("details.replay-duel").first
    assert "is-mine" in first.get_attribute("class") and first.evaluate("(d) => d.open")
    assert page.locator("details.replay-duel[open]").count() == 1  # only mine
    mine = first.locator(".replay")
    assert mine.get_attribute("data-shown") == "0"  # from no row
    assert "CRANE" not in page.inner_text("main") and "?????" in first.inner_text()
    shots.take(page, "feel-replay-start")
    first.locator('[data-step="next"]').click()
    assert mine.get_attribute("data-shown") == "1"
    assert first.locator(".secret-word .tile").count() == 0  # one row: still hidden
    first.locator('[data-step="next"]').click()  # the row that found it
    assert first.locator(".secret-word").inner_text().replace("\n", "").lower() == "crane"
    assert "CRANE" in first.locator(".replay-outcome").inner_text()
    assert first.locator(".secret-word").get_attribute("aria-label") == "crane"
    shots.take(page, "feel-replay")
    audit(page, "replay")
    # the draw: the word only on "Show the word"
    draw = page.locator("details.replay-duel").nth(1)
    draw.locator("summary").click()
    assert "FLAME" not in page.inner_text("main")
    draw.locator(".show-word").click()
    assert draw.locator(".secret-word").inner_text().replace("\n", "").lower() == "flame"
    assert page.locator(f'#placements a[href="/players/{seeded["bot"]}"]').count() == 1  # bots too
    # the profile's figures
    page.goto(f"{server.base}/players/{me}")
    assert page.inner_text("#fig-played") == "1" and page.inner_text("#fig-won") == "1"
    assert page.inner_text("#fig-average") == "2" and page.inner_text("#fig-best") == "1"
    assert page.locator("#distribution li").count() == 2
    bar = [
        page.locator(f"#distribution li[data-rows='{n}'] .dist-bar").bounding_box() for n in (1, 2)
    ]
    assert bar[1]["width"] > 3 * bar[0]["width"]  # drawn to the most wins
    assert "A streak counts the duels won in a row" in page.inner_text("#streak-hint")
    shots.take(page, "feel-profile")
    audit(page, "profile")
