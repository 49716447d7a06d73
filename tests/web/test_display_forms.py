"""The replay page shows a secret as the language writes it (INÚTIL), from the folded record."""

from __future__ import annotations

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store.sql import SqlStore
from tests.dbfixtures import played_duel
from web.application import create_app
from web.auth import COOKIE

store = SqlStore()
T0 = 1_700_000_000.0


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('display')}/display.db"
    return create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})


def test_a_spanish_replay_shows_the_accented_secret(app):
    client = app.test_client()
    signed = [app.test_client().post("/api/session").get_json() for _ in range(2)]
    a, b = (s["player"]["id"] for s in signed)
    tid, _ = store.start_tournament("es", [a, b])
    rows = [(a, "rapido", "xxxxxx", T0 + 1), (b, "inutil", "gggggg", T0 + 2)]
    # the store keeps the folded secret the duel was played with
    store.record_duel(played_duel(tid, 1, (a, b), "inutil", 6, a, "win", b, rows, T0, T0 + 2))
    store.apply_placement(FixedPlacement(tid, a, 2, 1, False, -10))
    store.apply_placement(FixedPlacement(tid, b, 1, 1, False, 10))
    store.finish_tournament(TournamentClosed(tid))
    client.set_cookie(COOKIE, signed[0]["token"])
    html = client.get(f"/tournaments/{tid}?lang=en").get_data(as_text=True)
    assert "with INÚTIL in 2 rows" in html
    assert "INUTIL" not in html
    start = html.index('<details class="replay-duel')
    duel = html[start : html.index("</details>", start)]
    # the secret's tiles wait in an attribute until the replay reaches the solving row
    assert 'data-letters="i n ú t i l"' in duel
    # the API gives both: the folded word played and the word as written, with its tiles
    (api,) = client.get(f"/api/tournaments/{tid}").get_json()["duels"]
    assert api["secret"] == "inutil" and api["secret_written"] == "inútil"
    assert api["secret_letters"] == list("inútil")
