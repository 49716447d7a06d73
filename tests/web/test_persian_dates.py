"""Persian pages show days in the Solar Hijri calendar with Persian digits (the replay and the
profile, rendered on the server through web/icu.py), while other languages stay Gregorian."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.settings import Settings
from models.store.sql import SqlStore
from models.store.tables import TournamentRow
from web import icu
from web.application import create_app

store = SqlStore()

TAGS = re.compile(r"<[^>]+>")
NOWRUZ_1403 = dt.datetime(2024, 3, 20, 10, 0)  # naive UTC, as stored


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('fadates')}/fadates.db"
    return create_app({"TESTING": True, "SETTINGS": Settings(database_url=db, bot_fill=False)})


@pytest.fixture(scope="module")
def played(app):
    """A finished two-player tournament started on Nowruz 1403 (20 March 2024)."""
    people = [app.test_client().post("/api/session").get_json()["player"] for _ in range(2)]
    a, b = (p["id"] for p in people)
    tid, _ = store.start_tournament("en", [a, b])
    for pid, place, change in [(a, 1, 8), (b, 2, -8)]:
        store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
    store.finish_tournament(TournamentClosed(tid))
    TournamentRow.update(started_at=NOWRUZ_1403).where(TournamentRow.id == tid).execute()
    return tid, a


def words(html: str) -> str:
    return re.sub(r"\s+", " ", TAGS.sub(" ", html))


def test_the_persian_replay_is_dated_in_the_solar_hijri_calendar(app, played):
    tid, _ = played
    body = words(app.test_client().get(f"/tournaments/{tid}?lang=fa").get_data(as_text=True))
    assert "۱ فروردین ۱۴۰۳" in body
    assert "2024" not in body and "مارس" not in body  # no Gregorian year or month


def test_the_persian_profile_dates_its_tournaments_in_the_solar_hijri_calendar(app, played):
    _, player = played
    html = app.test_client().get(f"/players/{player}?lang=fa").get_data(as_text=True)
    when = re.findall(r'<span class="when muted">([^<]*)</span>', html)
    assert when == ["۱ فروردین ۱۴۰۳"]


def test_other_languages_keep_the_gregorian_day(app, played):
    tid, player = played
    assert "Mar 20, 2024" in words(
        app.test_client().get(f"/tournaments/{tid}?lang=en").get_data(as_text=True)
    )
    html = app.test_client().get(f"/players/{player}?lang=de").get_data(as_text=True)
    assert re.findall(r'<span class="when muted">([^<]*)</span>', html) == ["20.03.2024"]


def test_persian_times_have_persian_digits():
    at = dt.datetime(2024, 3, 20, 9, 5, tzinfo=dt.UTC).timestamp() * 1000
    assert icu.format_message("{t, time, short}", {"t": at}, icu.Formatter("fa")) == "۹:۰۵"
