"""Layout faults found in review (issue 23), measured in Chromium on screens drawn by the page
itself (tests/browser/scenes.py) with names as long as a nickname may be: whose turn fits one
line on a 360 px phone in every catalog, the live duels show whole names, a watched duel does
not use "my" blue, a laptop between 900 and 1180 px gives the board its height with nothing to
scroll sideways, and a replay's placements keep their last column on a narrow phone.
Screenshots land in tests/artifacts/screenshots/layout/.
"""

from __future__ import annotations

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store.sql import SqlStore
from tests.browser import scenes
from tests.browser.conftest import SHOTS
from tests.dbfixtures import played_duel
from tests.e2e.server import start_server
from web import i18n

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

FOLDER = SHOTS / "layout"
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
LAPTOPS = [{"width": 1000, "height": 800}, {"width": 1100, "height": 800}]
ME_BLUE = "rgb(37, 99, 235)"  # --accent and --side-a: "you"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("layout")
    tid = record_tournament(tmp / "wordle.db")
    srv = start_server(tmp, page_rate="100000/minute")  # every scene reloads the page's files
    srv.tournament = tid
    yield srv
    srv.stop()


def record_tournament(db) -> int:
    """A finished tournament of three people with names as long as a nickname may be."""
    from web.application import create_app

    app = create_app(
        {"TESTING": True, "SETTINGS": Settings(database_url=f"sqlite:///{db}", bot_fill=False)}
    )
    ids = []
    for name in (scenes.WIDE, scenes.WORDY, "Wolfgang Amadeus Mozart"):
        client = app.test_client()  # a cookie jar of its own: a new player
        token = client.post("/api/session").get_json()["token"]
        me = client.patch(
            "/api/me", json={"nickname": name}, headers={"Authorization": f"Bearer {token}"}
        )
        assert me.status_code == 200, me.get_json()
        ids.append(me.get_json()["id"])
    a, b, c = ids
    store = SqlStore()
    tid, _ = store.start_tournament("de", ids)
    t0 = 1_700_000_000.0
    rows = [(b, "slate", "xyxxg", t0 + 1), (a, None, None, t0 + 2), (b, "crane", "ggggg", t0 + 3)]
    store.record_duel(played_duel(tid, 1, (a, b), "crane", 5, a, "win", b, rows, t0, t0 + 3))
    for pid, place, out, change in [(a, 3, 1, -12), (c, 2, 8, 1), (b, 1, 8, 11)]:
        store.apply_placement(FixedPlacement(tid, pid, place, out, False, change))
    store.finish_tournament(TournamentClosed(tid))
    return tid


def shot(page, name: str) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(FOLDER / f"{name}.png"))


def sideways(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth - innerWidth")


TURN_LINE = """() => {
  const whose = document.querySelector('#turn-text .whose');
  const clock = document.querySelector('#turn-clock');
  const line = parseFloat(getComputedStyle(whose).lineHeight);
  const box = whose.getBoundingClientRect(), c = clock.getBoundingClientRect();
  const words = [...whose.querySelectorAll('.whose-words')];
  return {
    text: whose.textContent, lines: box.height / line,
    beside: c.top < box.bottom && c.bottom > box.top,  // the clock on the same line
    inside: box.left >= 0 && box.right <= innerWidth && c.right <= innerWidth,
    words: words.every((w) => w.scrollWidth <= w.clientWidth + 1),
  };
}"""


@pytest.mark.parametrize("size", PHONES, ids=lambda s: str(s["width"]))
def test_whose_turn_fits_one_line_on_a_phone_in_every_catalog(server, new_page, size):
    page = scenes.open_page(new_page, server, size)
    for code in i18n.LANGUAGES:
        for to_move in ("me", "them"):
            scenes.draw(page, "mine", code, to_move)
            line = page.evaluate(TURN_LINE)
            where = f"{code}, {to_move} to move, {size['width']} px: {line}"
            assert line["lines"] < 1.5, f"whose turn takes two lines ({where})"
            assert line["beside"] and line["inside"] and line["words"], where
            assert sideways(page) <= 0, where
            if code in ("es", "de", "fa") and size["width"] == 360:
                shot(page, f"turn-{code}-{to_move}-{size['width']}")
    # the name that gave way is whole in its tooltip (and in the player's box above)
    assert page.get_attribute("#turn-text .whose-name", "title") == scenes.WORDY


def nicks_cut(page, selector: str) -> list[str]:
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter((n) => {
          const box = n.getBoundingClientRect();
          const card = n.closest('.card').getBoundingClientRect();
          return n.scrollWidth > n.clientWidth + 1
            || box.right > card.right + 1 || box.left < card.left - 1;
        }).map((n) => n.textContent)""",
        selector,
    )


@pytest.mark.parametrize(
    "size", [PHONES[1], LAPTOPS[0], {"width": 1280, "height": 800}], ids=lambda s: str(s["width"])
)
def test_the_live_duels_show_whole_names(server, new_page, size):
    page = scenes.open_page(new_page, server, size)
    for code in ("en", "de"):
        scenes.draw(page, "watch", code, "a")
        names = page.locator("#live-duels .nick")
        assert names.count() == 6 and scenes.WIDE in names.all_text_contents()
        assert nicks_cut(page, "#live-duels .nick") == [], f"{code} at {size['width']} px"
        assert sideways(page) <= 0
    page.locator("#live-duels").scroll_into_view_if_needed()
    shot(page, f"live-duels-{size['width']}")


COLOURS = """() => {
  const colour = (sel) => getComputedStyle(document.querySelector(sel)).color;
  const edge = (sel) => getComputedStyle(document.querySelector(sel)).borderInlineStartColor;
  return {
    a: colour('#scene .row.side-a .who'), b: colour('#scene .row.side-b .who'),
    boxA: edge('#scene .fighter.side-a'), turn: colour('#turn-text'),
    me: document.querySelector('#scene .row.side-a .who').textContent,
  };
}"""


def test_blue_is_me_in_my_duel_and_nobody_in_a_duel_i_watch(server, new_page):
    page = scenes.open_page(new_page, server, PHONES[1])
    scenes.draw(page, "mine", "en", "me")
    mine = page.evaluate(COLOURS)
    assert mine["a"] == mine["boxA"] == mine["turn"] == ME_BLUE and mine["me"] == "You"
    assert mine["b"] != ME_BLUE
    for to_move in ("a", "b"):
        scenes.draw(page, "watch", "en", to_move)
        watched = page.evaluate(COLOURS)
        assert ME_BLUE not in (watched["a"], watched["b"], watched["boxA"], watched["turn"])
        assert watched["a"] != watched["b"], "the two players look alike"
        assert watched["turn"] == watched[to_move]  # whose turn in the colour of that player
    shot(page, "watch-colours-390")


BOARD = """() => {
  const tiles = [...document.querySelectorAll('#scene .board .tile')];
  const last = tiles[tiles.length - 1].getBoundingClientRect();
  const keys = document.querySelector('#scene .keyboard');
  return {
    tile: tiles[0].getBoundingClientRect().width, rowsInView: last.bottom <= innerHeight,
    keyboardInView: !keys || keys.getBoundingClientRect().bottom <= innerHeight,
  };
}"""


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: str(s["width"]))
def test_a_laptop_below_1180_px_gives_the_board_its_height(server, new_page, size):
    page = scenes.open_page(new_page, server, size)
    for code in ("en", "de", "kk"):
        for screen, to_move in (("mine", "me"), ("mine", "them"), ("watch", "a")):
            scenes.draw(page, screen, code, to_move, words="kk" if code == "kk" else "es")
            board = page.evaluate(BOARD)
            where = f"{screen} in {code} at {size['width']} px: {board}"
            assert sideways(page) <= 0, where
            assert board["tile"] >= 44, where
            assert board["rowsInView"] and board["keyboardInView"], where
            shot(page, f"{screen}-{code}-{to_move}-{size['width']}")
        scenes.draw(page, "end", code)
        assert sideways(page) <= 0 and nicks_cut(page, ".final-table .nick") == []
        shot(page, f"end-{code}-{size['width']}")


@pytest.mark.parametrize("code", ["de", "en", "fa"])
def test_a_replays_placements_fit_a_narrow_phone(server, new_page, code):
    page = new_page("phone")
    page.goto(f"{server.base}/tournaments/{server.tournament}?lang={code}")
    page.wait_for_selector("#placements")
    fit = page.evaluate(
        """() => {
          const table = document.getElementById('placements');
          const card = table.closest('.card').getBoundingClientRect();
          const box = table.getBoundingClientRect();
          const last = [...table.querySelectorAll('tr > :last-child')]
            .map((c) => c.getBoundingClientRect());
          return { table: box.right - card.right, start: card.left - box.left,
                   last: Math.max(...last.map((c) => c.right)) - card.right };
        }"""
    )
    assert fit["table"] <= 0 and fit["start"] <= 0 and fit["last"] <= 0, fit
    assert sideways(page) <= 0
    assert nicks_cut(page, "#placements .nick, .replay-pair .nick") == []
    shot(page, f"replay-{code}-360")
