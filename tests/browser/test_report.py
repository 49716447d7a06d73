"""Reporting a nickname from the server-rendered pages, in Chromium: on a finished tournament's
replay and on a profile, the flag beside another person's name (none beside a bot or oneself)
opens the four reasons; one (chosen with the keyboard) files the report, which the admin's
command then lists; a second report on the same player answers "already reported", and one
over the limit says so. In Persian
the panel is right to left and fits a phone. Screenshots in tests/artifacts/screenshots/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.conftest import SHOTS, audit
from tests.e2e.server import ROOT, sign_in, start_server

# A finished tournament of me, another person and a bot, written straight to the server's
# database (playing one through would only make this test slow): one duel, me against them.
SEED = """
import json, sys
from models.results import FixedPlacement, TournamentClosed
from models.store.connection import connect
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel

connect(sys.argv[1])
store = SqlStore()
me, other = int(sys.argv[2]), int(sys.argv[3])
bot = store.create_bot("weak", 1000)[0].id
tid, _ = store.start_tournament("en", [me, other, bot])
T0 = 1_700_000_000.0
rows = [(other, "slate", "xyxxg", T0 + 1), (me, "crane", "ggggg", T0 + 2)]
store.record_duel(played_duel(tid, 1, (me, other), "crane", 5, other, "win", me, rows, T0, T0 + 2))
for pid, place, change in [(bot, 3, -10), (other, 2, -2), (me, 1, 12)]:
    store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
store.finish_tournament(TournamentClosed(tid))
print(json.dumps({"tournament": tid, "bot": bot}))
"""


@pytest.fixture
def server(tmp_path):
    srv = start_server(tmp_path, report_rate="1/hour")  # a second new report is refused
    yield srv
    srv.stop()


def run(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={k: v for k, v in os.environ.items() if not k.startswith("WT_")},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    return out.stdout


def admin_reports(server) -> str:
    """What the admin sees: `python -m scripts.admin reports` on the server's database."""
    return run("-m", "scripts.admin", "--url", f"sqlite:///{server.db_path}", "reports")


def signed_in(page, base: str) -> int:
    """Open the game page (it signs in) and return my id."""
    page.goto(base + "/")
    page.wait_for_selector("#screen h1")
    return page.evaluate("fetch('/api/me').then((r) => r.json()).then((me) => me.id)")


def focused(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def report_with_keyboard(page, flag: str, tabs: int) -> str:
    """Focus the flag, open it with Enter, Tab to a reason, send it with Enter: the answer."""
    page.focus(flag)
    page.keyboard.press("Enter")
    page.wait_for_selector("#report-panel:not([hidden])")
    assert focused(page) == "report-first"
    for _ in range(tabs):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    result = page.wait_for_selector("#report-result:not(:empty)")
    assert focused(page) == "report-close"
    return result.inner_text()


def fits(page, selector: str) -> None:
    """The element is inside the phone's width, and nothing in it is wider than itself."""
    width = page.evaluate("window.innerWidth")
    box = page.locator(selector).bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (box, width)
    wide = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel + ' *')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .filter((e) => getComputedStyle(e).overflow !== 'visible')
          .length""",
        selector,
    )
    assert wide == 0


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def test_a_nickname_is_reported_from_a_replay_and_again_from_a_profile(server, new_page):
    page = new_page("phone")
    me = signed_in(page, server.base)
    other = sign_in(server.base)[0]
    seeded = json.loads(run("-c", SEED, f"sqlite:///{server.db_path}", str(me), str(other["id"])))
    tid, bot = seeded["tournament"], seeded["bot"]
    assert "no open reports" in admin_reports(server)

    page.goto(f"{server.base}/tournaments/{tid}")
    flag = f"#report-replay-{other['id']}"
    page.wait_for_selector(f"{flag}:not([hidden])")
    assert page.locator(f"#report-replay-{me}").count() == 0  # not by oneself
    assert page.locator(f"#report-replay-{bot}").count() == 0  # not by a bot
    label = page.get_attribute(flag, "aria-label")
    assert label == f"Report nickname: {other['nickname']}"
    page.click(flag)
    page.wait_for_selector("#report-panel:not([hidden])")
    assert page.inner_text("#report-h").strip().endswith(other["nickname"])
    reasons = page.locator("#report-panel [data-reason]").all_inner_texts()
    assert reasons == [
        "Rude or offensive",
        "Hateful or a slur",
        "Pretends to be someone else",
        "Something else",
    ]
    fits(page, "#report-panel")
    shot(page, "report-replay-en-phone")
    audit(page, "replay, report panel open")
    page.keyboard.press("Escape")  # closed: the focus is back on the flag, nothing sent
    assert page.locator("#report-panel").is_hidden()
    assert focused(page) == flag[1:]
    assert "no open reports" in admin_reports(server)

    assert report_with_keyboard(page, flag, tabs=1) == "Reported — thank you"
    shot(page, "report-replay-sent-en-phone")
    listed = admin_reports(server)
    who = f"player {other['id']} {other['nickname']}#{other['tag']}"
    assert listed.startswith(f"{who} (active): 1 report(s): 1 hateful_name"), listed
    assert f"by {me}  hateful_name  replay of tournament {tid}" in listed, listed
    page.click("#report-close")
    assert page.locator("#report-panel").is_hidden()

    # the profile: a second report on the same player is the one already open
    page.goto(f"{server.base}/players/{other['id']}")
    flag = f"#report-profile-{other['id']}"
    page.wait_for_selector(f"{flag}:not([hidden])")
    assert report_with_keyboard(page, flag, tabs=3) == "Already reported — thank you"
    shot(page, "report-profile-already-en-phone")
    audit(page, "profile, report answered")
    listed = admin_reports(server)
    assert listed.count("  report ") == 1, listed
    assert f"{who} (active): 1 report(s): 1 hateful_name" in listed, listed  # still the first
    # a report on someone else is one too many this hour: the refusal in words, nothing filed
    third = sign_in(server.base)[0]
    page.goto(f"{server.base}/players/{third['id']}")
    text = report_with_keyboard(page, f"#report-profile-{third['id']}", tabs=0)
    assert text == "You’ve sent a lot of reports. Try again later."
    assert page.locator("#report-result.refused").count() == 1
    assert admin_reports(server).count("  report ") == 1
    for who in (me, bot):  # my own profile and a bot's: no flag, no panel
        page.goto(f"{server.base}/players/{who}")
        page.wait_for_selector("#profile-h")
        assert page.locator(".report-btn").count() == 0
        assert page.locator("#report-panel").count() == 0


def test_in_persian_the_report_panel_is_right_to_left_and_fits_a_phone(server, new_page):
    page = new_page("phone", locale="fa")
    me = signed_in(page, server.base)
    other = sign_in(server.base)[0]
    tid = json.loads(run("-c", SEED, f"sqlite:///{server.db_path}", str(me), str(other["id"])))[
        "tournament"
    ]
    page.goto(f"{server.base}/tournaments/{tid}")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    flag = f"#report-replay-{other['id']}"
    page.wait_for_selector(f"{flag}:not([hidden])")
    page.click(flag)
    page.wait_for_selector("#report-panel:not([hidden])")
    assert page.inner_text("#report-q") == "این نام مستعار چه مشکلی دارد؟"
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.report-reason')).direction")
        == "rtl"
    )
    fits(page, "#report-panel")
    shot(page, "report-replay-fa-phone")
    page.click("#report-panel [data-reason='offensive_name']")
    result = page.wait_for_selector("#report-result:not(:empty)")
    assert result.inner_text() == "گزارش شد — سپاسگزاریم"
    fits(page, "#report-panel")
    shot(page, "report-replay-sent-fa-phone")
    assert "1 offensive_name" in admin_reports(server)


@pytest.fixture
def game_server(tmp_path):
    srv = start_server(tmp_path, bot_fill="on", bot_fill_seconds=1.0, turn_seconds=30)
    yield srv
    srv.stop()


def test_in_a_tournament_each_person_reports_the_other_from_the_standings(game_server, new_page):
    """Two people and six bots: the standings have a flag by the other person only; the game
    page's report goes through its reducer, in English for one and Persian for the other."""
    base = game_server.base
    en, fa = new_page("phone"), new_page("phone", locale="fa")
    ids = [signed_in(page, base) for page in (en, fa)]
    for page in (en, fa):
        page.wait_for_selector("#play")
        page.click("#play")
    for page, mine, theirs in ((en, ids[0], ids[1]), (fa, ids[1], ids[0])):
        flag = f"#report-standings-{theirs}"
        page.wait_for_selector(flag, timeout=20000)
        assert page.locator(f"#report-standings-{mine}").count() == 0
        assert page.locator("#standings .report-btn").count() == 1  # none by the six bots
        page.click(flag)
        page.wait_for_selector("#report-panel:not([hidden])")
        assert focused(page) == "report-first"
        fits(page, "#report-panel")
        shot(page, f"report-standings-{'fa' if page is fa else 'en'}-phone")
        audit(page, "standings, report panel open")
        page.click("#report-panel [data-reason='impersonation']")
        result = page.wait_for_selector("#report-result:not(:empty)").inner_text()
        assert result == ("گزارش شد — سپاسگزاریم" if page is fa else "Reported — thank you")
        page.keyboard.press("Escape")
        assert page.locator("#report-panel").is_hidden()
        assert focused(page) == flag[1:]
    listed = admin_reports(game_server)
    assert listed.count("impersonation  standings of tournament") == 2, listed
