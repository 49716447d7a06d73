"""/metrics (web/metrics.py): off without WT_METRICS_TOKEN, the token checked, the page
parsed as Prometheus reads it; the parts that feed it (refusals, the GC watch, the guess clock)."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest
from prometheus_client.parser import text_string_to_metric_families

from actors.metrics import GuessClock
from models.settings import Settings
from web import tuning
from web.application import create_app
from web.limits import refusals
from web.metrics import GcCollector, authorized


def make_client(tmp_path, **settings):
    db = f"sqlite:///{tmp_path}/metrics.db"
    config = Settings(database_url=db, bot_fill=False, page_rate="10000/minute", **settings)
    return create_app({"TESTING": True, "SETTINGS": config}).test_client()


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """(sample name, sorted labels) -> value, as Prometheus' own parser reads the page."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_without_the_setting_there_is_no_metrics_page(tmp_path):
    client = make_client(tmp_path)
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", headers={"Authorization": "Bearer "}).status_code == 404


@pytest.mark.parametrize(
    "header", [None, "Bearer wrong", "Bearer s3cret-but-longer", "Basic s3cret", "s3cret"]
)
def test_a_wrong_or_missing_token_is_401(tmp_path, header):
    client = make_client(tmp_path, metrics_token="s3cret")
    res = client.get("/metrics", headers={"Authorization": header} if header else {})
    assert res.status_code == 401
    assert res.headers["WWW-Authenticate"].startswith("Bearer")
    assert b"wordle_" not in res.data


def test_the_right_token_gets_the_page_in_prometheus_text_format(tmp_path):
    client = make_client(tmp_path, metrics_token="s3cret")
    before = refusals.total["sign-ins"]
    refusals.note("sign-ins")
    res = client.get("/metrics", headers={"Authorization": "Bearer s3cret"})
    assert res.status_code == 200
    assert res.headers["Content-Type"].startswith("text/plain; version=0.0.4")
    values = samples(res.get_data(as_text=True))
    assert values[("wordle_players_connected", (("kind", "people"),))] == 0
    assert values[("wordle_players_connected", (("kind", "bots"),))] == 0
    assert values[("wordle_refusals_total", (("limit", "sign-ins"),))] == before + 1
    assert ("wordle_recorder_queue_length", ()) in values
    assert ("wordle_tournaments_finished_total", ()) in values
    assert ("wordle_guess_to_opponent_seconds_count", ()) in values
    assert values[("process_open_fds", ())] > 0


def test_the_token_is_compared_whole():
    assert authorized("Bearer abc", "abc") and authorized("bearer abc", "abc")
    assert not authorized("Bearer ab", "abc") and not authorized("Bearer abcd", "abc")
    assert not authorized("", "abc") and not authorized("Token abc", "abc")


def test_the_token_setting_is_trimmed_and_off_by_default():
    assert Settings.from_env({"WT_METRICS_TOKEN": "  t0k  "}).metrics_token == "t0k"
    assert Settings.from_env({}).metrics_token == ""


def test_gc_pauses_become_a_histogram_per_generation():
    watch = tuning.GcWatch().install()
    try:
        gc.collect()
        gc.collect(0)
    finally:
        gc.callbacks.remove(watch)
    (family,) = GcCollector(watch).collect()
    values = {
        (s.name, s.labels.get("generation"), s.labels.get("le")): s.value for s in family.samples
    }
    assert values[("wordle_gc_pause_seconds_count", "2", None)] == 1
    assert values[("wordle_gc_pause_seconds_count", "0", None)] >= 1
    assert values[("wordle_gc_pause_seconds_bucket", "2", "+Inf")] == 1
    assert values[("wordle_gc_pause_seconds_sum", "2", None)] == pytest.approx(watch.total[2])
    bounds = [b for (n, g, b) in values if n.endswith("_bucket") and g == "2" and b != "+Inf"]
    counts = [values[("wordle_gc_pause_seconds_bucket", "2", b)] for b in bounds]
    assert counts == sorted(counts) and counts[-1] <= 1  # cumulative, as Prometheus expects


def test_the_guess_clock_times_a_scored_guess_to_its_opponent_only():
    seen: list[float] = []
    clock = GuessClock(seen.append)
    duel = SimpleNamespace(players=(1, 2))
    clock.received(1, 0.0)  # refused guess: no trip
    clock.played(1, duel, False)
    clock.delivered(2)
    assert seen == [] and not clock.sent and not clock.scored
    clock.received(1, 0.0)
    clock.played(1, duel, True)
    clock.delivered(1)  # the guesser's own copy of the row ends nothing
    clock.delivered(2)
    clock.delivered(2)  # once only
    assert len(seen) == 1 and seen[0] > 0
