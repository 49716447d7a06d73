"""/metrics scraped from the real server while eight bot clients play a tournament: the
figures move as the game does (docs/operations.md, "Metrics")."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.server import sign_in, start_server
from tests.e2e.test_server import run_bots

pytestmark = pytest.mark.slow


def scrape(base: str, token: str | None = "t") -> tuple[int, dict[tuple[str, tuple], float]]:
    """(status, {(sample name, sorted labels): value}) as Prometheus' own parser reads it."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    request = urllib.request.Request(base + "/metrics", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, {}
    values = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    return 200, values


def lobbies(values: dict, state: str) -> float:
    return values.get(("wordle_lobbies", (("language", "en"), ("state", state))), 0.0)


def people(values: dict) -> float:
    return values.get(("wordle_players_connected", (("kind", "people"),)), -1.0)


GUESSES = ("wordle_guess_to_opponent_seconds_count", ())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(
        tmp_path_factory.mktemp("metrics"),
        metrics_token="t",
        signin_rate="8/minute",  # the bots' eight accounts, then a refusal
        page_rate="100000/minute",  # the scrapes and the websockets' handshakes
    )
    yield srv
    assert srv.stop() == 0, srv.log()


def test_without_the_right_token_the_page_is_refused(server):
    assert scrape(server.base, "wrong")[0] == 401
    assert scrape(server.base, None)[0] == 401


def test_the_figures_follow_a_tournament(server):
    status, start = scrape(server.base)
    assert status == 200
    assert start[("wordle_tournaments_started_total", ())] == 0
    assert start[("wordle_tournaments_finished_total", ())] == 0
    assert start[GUESSES] == 0 and people(start) == 0

    tokens = [sign_in(server.base)[1] for _ in range(8)]
    seen: list[dict] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.append(scrape(server.base)[1])
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    results: list = []
    first = threading.Thread(target=lambda: results.extend(run_bots(server.ws_url, tokens[:7])[0]))
    first.start()
    deadline = time.monotonic() + 20
    while not any(lobbies(v, "waiting") == 1 and people(v) == 7 for v in list(seen)):
        assert time.monotonic() < deadline, seen[-1:]
        time.sleep(0.05)
    last = run_bots(server.ws_url, tokens[7:], seed=2)[0]
    first.join(70)
    done.set()
    watcher.join(5)
    assert all(b.result is not None for b in [*results, *last]), server.log()

    _, end = scrape(server.base)
    playing = [v for v in seen if lobbies(v, "playing") == 1]
    assert playing, "no scrape saw the tournament playing"
    assert any(people(v) == 8 for v in playing)
    assert all(lobbies(v, "waiting") == 0 for v in playing)  # the waiting lobby became it
    # a scored guess reaches the opponent: counted while they play, timed inside the server
    counts = [v[GUESSES] for v in seen]
    assert counts == sorted(counts)
    assert playing[0][GUESSES] < end[GUESSES]
    assert end[GUESSES] >= 8  # four duels of the first round alone score more than that
    assert 0 < end[("wordle_guess_to_opponent_seconds_sum", ())] < end[GUESSES] * 0.5
    assert end[("wordle_tournaments_started_total", ())] == 1
    assert end[("wordle_tournaments_finished_total", ())] == 1
    assert end[("wordle_tournaments_aborted_total", ())] == 0
    assert end[("wordle_recorder_write_seconds_count", ())] > 8  # the start, duels, places
    assert end[("wordle_recorder_write_seconds_sum", ())] > 0
    assert end[("wordle_recorder_waiting_results", ())] == 0
    assert end[("wordle_journal_entries", ())] == 0
    assert end[("wordle_queue_wait_seconds_count", (("language", "en"),))] == 8
    assert end[("wordle_gc_pause_seconds_count", (("generation", "0"),))] > 0
    assert ("wordle_turn_timer_lateness_seconds_count", ()) in end

    # the limits' refusals are counted by limit: a ninth account from this address
    refused = ("wordle_refusals_total", (("limit", "sign-ins"),))
    assert end.get(refused, 0) == 0
    with pytest.raises(urllib.error.HTTPError) as error:
        sign_in(server.base)
    assert error.value.code == 429
    assert scrape(server.base)[1][refused] == 1


def test_without_the_setting_there_is_no_page(tmp_path):
    srv = start_server(tmp_path)
    try:
        assert scrape(srv.base)[0] == 404
    finally:
        assert srv.stop() == 0, srv.log()
