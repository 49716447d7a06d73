"""The pages of what was played: a finished tournament's replay (/tournaments/<id>) and a
player's profile (/players/<id>), in the player's language, from the store's records."""

from __future__ import annotations

import re

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel
from web.application import create_app
from web.auth import COOKIE
from web.history import rating_chart

store = SqlStore()

T0 = 1_700_000_000.0
TAGS = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('history')}/history.db"
    return create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})


def sign_in(app) -> tuple[dict, str]:
    res = app.test_client().post("/api/session")
    body = res.get_json()
    return body["player"], body["token"]


def play(app, finish: bool = True) -> tuple[int, list[dict], list[str]]:
    """Three people: one duel (A beats B with CRANE in 3 rows, one of them skipped), placed."""
    signed = [sign_in(app) for _ in range(3)]
    people, tokens = [p for p, _ in signed], [t for _, t in signed]
    a, b, c = (p["id"] for p in people)
    tid, _ = store.start_tournament("en", [a, b, c])
    rows = [(b, "slate", "xyxxg", T0 + 1), (a, None, None, T0 + 2), (b, "crane", "ggggg", T0 + 3)]
    store.record_duel(played_duel(tid, 1, (a, b), "crane", 5, a, "win", b, rows, T0, T0 + 3))
    for pid, place, change in [(a, 3, -12), (c, 2, 1), (b, 1, 11)]:
        store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
    if finish:
        store.finish_tournament(TournamentClosed(tid))
    return tid, people, tokens


def text(html: str) -> str:
    """The page's words (names lose the marks that keep their own direction)."""
    return re.sub(r"\s+", " ", TAGS.sub(" ", html)).replace("\u2068", "").replace("\u2069", "")


def test_a_finished_tournament_has_its_replay_page(app):
    tid, people, tokens = play(app)
    client = app.test_client()
    client.set_cookie(COOKIE, tokens[0])  # A looks at it
    res = client.get(f"/tournaments/{tid}?lang=en")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert f'<h1 id="replay-h">Tournament {tid}</h1>' in html
    body = text(html)
    # placements in order, with rating changes; the viewer's own row marked
    names = [p["nickname"] for p in people]
    table = body[body.index("Placements") : body.index("Round 1")]
    assert table.index(names[1]) < table.index(names[2]) < table.index(names[0])
    assert "+11" in table and "−12" in table and "1000 → 988" in table
    assert re.search(rf'<tr class="is-me[^"]*" data-player="{people[0]["id"]}"', html)
    # the duel: who won in how many rows, its word masked in the text (the script shows it)
    assert f"{names[1]} beat {names[0]} with ????? in 3 rows." in body
    start = html.index('<details class="replay-duel')
    duel = html[start : html.index("</details>", start)]
    assert " open" in duel.split(">")[0]  # the viewer's own duel is open
    assert "your duel" in duel
    # the secret is nowhere in the text, only in the attributes replay.js reads
    assert "CRANE" not in body
    assert 'data-letters="c r a n e" data-reveal-at="3"' in duel
    outcome = re.search(r'data-outcome="([^"]*)"', duel).group(1)
    assert text(outcome) == f"{names[1]} beat {names[0]} with CRANE in 3 rows."
    assert 'class="tile mark-g" aria-hidden="true">' not in duel
    rows = re.findall(r'<div class="row played side-(\w)( skipped)?"', duel)
    assert rows == [("b", ""), ("a", " skipped"), ("b", "")]  # the viewer's side is a
    assert '<span class="tile mark-x">s</span><span class="tile mark-y">l</span>' in duel
    labels = re.findall(r'role="listitem" aria-label="([^"]*)"', duel)
    assert labels[0].startswith(f"Row 1, {names[1]}: s not in the word, l elsewhere in the word")
    assert labels[1] == f"Row 2, {names[0]}: skipped, time ran out"
    assert "time ran out" in duel
    # the replay's controls, for its script (served under the versioned URL)
    assert 'data-position="{n} of {total, plural, one {# row} other {# rows}}"' in duel
    assert re.search(r'<script type="module" src="/static/v/\w+/js/replay.js">', html)
    assert f'href="/players/{people[1]["id"]}"' in html  # names link to profiles
    assert "href=" not in duel.split("</summary>")[0]  # no control inside the duel's control


def test_the_viewers_own_duels_come_first_and_open(app):
    signed = [sign_in(app) for _ in range(4)]
    a, b, c, d = (p["id"] for p, _ in signed)
    tid, _ = store.start_tournament("en", [a, b, c, d])
    win = [(a, "slate", "xxxxx", T0 + 1), (b, "crane", "ggggg", T0 + 2)]
    store.record_duel(played_duel(tid, 1, (a, b), "crane", 5, a, "win", b, win, T0, T0 + 2))
    rows = [(c, "slate", "xxxxx", T0 + 1), (d, "crane", "ggggg", T0 + 2)]
    store.record_duel(played_duel(tid, 1, (c, d), "crane", 5, c, "win", d, rows, T0, T0 + 2))
    store.record_duel(played_duel(tid, 2, (b, d), "flame", 5, b, "draw", None, [], T0, T0 + 9))
    store.finish_tournament(TournamentClosed(tid))
    client = app.test_client()
    client.set_cookie(COOKIE, signed[2][1])  # C looks: their duel (the second recorded) first
    html = client.get(f"/tournaments/{tid}?lang=en").get_data(as_text=True)
    heads = re.findall(
        r'<details class="replay-duel( is-mine)?" id="duel-(\d+)"[^>]*?( open)?>', html
    )
    assert [(mine, opened) for mine, _, opened in heads] == [
        (" is-mine", " open"),
        ("", ""),
        ("", ""),
    ]
    assert "FLAME" not in text(html) and "CRANE" not in text(html)


def test_the_replay_in_persian_is_right_to_left_with_persian_digits(app):
    tid, _people, _tokens = play(app)
    html = app.test_client().get(f"/tournaments/{tid}?lang=fa").get_data(as_text=True)
    assert '<html lang="fa" dir="rtl"' in html
    digits = str(tid).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert f"تورنمنت {digits}" in html
    assert "۱۰۰۰ ← ۹۸۸" in text(html)  # before ← after, read right to left
    assert 'class="replay-buttons" dir="ltr"' in html  # media controls keep their order


def test_a_running_tournament_says_so_and_unknown_ones_are_not_found(app):
    tid, _people, _tokens = play(app, finish=False)
    client = app.test_client()
    running = client.get(f"/tournaments/{tid}?lang=en")
    assert running.status_code == 409
    assert "This tournament is still being played" in running.get_data(as_text=True)
    for path in ("/tournaments/4242", "/tournaments/abc", "/tournaments/0", "/players/4242"):
        res = client.get(path)
        assert res.status_code == 404, path
        assert "Page not found" in res.get_data(as_text=True)


def test_a_profile_draws_the_rating_history_and_links_to_replays(app):
    tid, people, _tokens = play(app)
    res = app.test_client().get(f"/players/{people[1]['id']}?lang=en")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert people[1]["nickname"] in html and people[1]["tag"] in html
    assert "The four characters after a nickname are its tag" in html  # the tag explained
    chart = html[html.index("<svg") : html.index("</svg>")]
    assert "Rating after each tournament: from 1000 to 1011; highest 1011, lowest 1000." in chart
    assert len(re.findall(r"<circle", chart)) == 2  # the start and one tournament
    assert "<polyline" in chart
    recent = html[html.index('id="recent"') :]
    assert f'<a href="/tournaments/{tid}">Tournament {tid}</a>' in recent
    assert "1st" in recent and "+11" in recent


def test_a_new_players_profile_has_no_chart_yet(app):
    player, _token = sign_in(app)
    html = app.test_client().get(f"/players/{player['id']}?lang=en").get_data(as_text=True)
    assert "<svg" not in html
    assert "No tournament finished yet." in html and "No tournament yet." in html


def test_the_chart_keeps_room_around_a_flat_history_and_marks_the_start():
    chart = rating_chart([1000, 1000, 1000])
    assert chart is not None
    ys = {y for _x, y in chart.points}
    assert len(ys) == 1 and 12 < ys.pop() < 138  # in the middle, not on an edge
    assert chart.baseline is not None
    rising = rating_chart([1000, 1025, 1043])
    xs = [x for x, _y in rising.points]
    assert xs == sorted(xs) and rising.points[0][1] > rising.points[-1][1]  # up is higher
    assert [v for _y, v in rising.ticks] == [1043, 1000]
    assert rating_chart([]) is None
