"""A player's duel figures (played, won, average rows to solve, the wins by rows, streaks of
duels won in a row) on a seeded history: in GET /api/players/<id> and on the profile page."""

from __future__ import annotations

import re

import pytest

from models.settings import Settings
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel
from web.application import create_app

store = SqlStore()
T0 = 1_700_000_000.0


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('figures')}/figures.db"
    return create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})


def sign_in(app) -> dict:
    return app.test_client().post("/api/session").get_json()["player"]


def duel(tid, n, a, b, result, winner, rows):
    """Duel `n` of A and B (A starts), `rows` rows taken in turn, the last one solving it when
    somebody won by finding the word."""
    start = T0 + n * 100
    turns = []
    for i in range(rows):
        who = a if i % 2 == 0 else b
        solving = result == "win" and i == rows - 1
        if solving and who != winner:  # the winner plays the last row
            who = winner
        word, marks = ("crane", "ggggg") if solving else ("slate", "xxyxx")
        turns.append((who, word, marks, start + i + 1))
    return played_duel(tid, n, (a, b), "crane", 5, a, result, winner, turns, start, start + 50)


def seed(app) -> tuple[int, int]:
    """A's history, oldest first: won in 2, won in 4, lost, won in 2, won by forfeit, won in 3,
    a cancelled duel, a draw, won in 5. So 8 played, 6 won, 5 of them solved."""
    a, b = sign_in(app)["id"], sign_in(app)["id"]
    tid, _ = store.start_tournament("en", [a, b])
    plan = [
        ("win", a, 2),
        ("win", a, 4),
        ("win", b, 3),
        ("win", a, 2),
        ("forfeit", a, 0),
        ("win", a, 3),
        ("void", None, 1),
        ("draw", None, 6),
        ("win", a, 5),
    ]
    for n, (result, winner, rows) in enumerate(plan, start=1):
        store.record_duel(duel(tid, n, a, b, result, winner, rows))
    return a, b


def test_the_api_gives_the_duel_figures(app):
    a, b = seed(app)
    figures = app.test_client().get(f"/api/players/{a}").get_json()["duels"]
    assert figures == {
        "played": 8,
        "won": 6,
        "solved": 5,
        "average_rows": 3.2,  # (2 + 4 + 2 + 3 + 5) / 5
        "distribution": [
            {"rows": 2, "wins": 2},
            {"rows": 3, "wins": 1},
            {"rows": 4, "wins": 1},
            {"rows": 5, "wins": 1},
        ],
        "current_streak": 1,  # the draw ended the run of three
        "best_streak": 3,  # won in 2, by forfeit, in 3 (the cancelled duel does not count)
    }
    other = app.test_client().get(f"/api/players/{b}").get_json()["duels"]
    assert other["played"] == 8 and other["won"] == 1 and other["best_streak"] == 1
    assert other["current_streak"] == 0 and other["average_rows"] == 3.0
    assert other["distribution"] == [{"rows": 3, "wins": 1}]


def test_a_new_player_has_no_figures_yet(app):
    pid = sign_in(app)["id"]
    figures = app.test_client().get(f"/api/players/{pid}").get_json()["duels"]
    assert figures == {
        "played": 0,
        "won": 0,
        "solved": 0,
        "average_rows": None,
        "distribution": [],
        "current_streak": 0,
        "best_streak": 0,
    }


def test_the_profile_page_shows_the_figures_and_says_what_a_streak_is(app):
    a, _b = seed(app)
    html = app.test_client().get(f"/players/{a}?lang=en").get_data(as_text=True)
    figures = dict(re.findall(r'<dd id="fig-(\w+)">([^<]*)</dd>', html))
    assert figures == {"played": "8", "won": "6", "average": "3.2", "streak": "1", "best": "3"}
    assert "A streak counts the duels won in a row" in html
    bars = re.findall(r'data-rows="(\d+)" data-wins="(\d+)" aria-label="([^"]*)"', html)
    assert bars[0] == ("1", "0", "in 1 row: 0 wins") and bars[1] == ("2", "2", "in 2 rows: 2 wins")
    assert [b[:2] for b in bars[2:]] == [("3", "1"), ("4", "1"), ("5", "1")]
    german = app.test_client().get(f"/players/{a}?lang=de").get_data(as_text=True)
    assert '<dd id="fig-average">3,2</dd>' in german  # the language's decimal mark
