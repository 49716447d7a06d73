"""The short chaos run (scripts/chaos/run.py --short) against the real server: cut, duplicated and
abandoned connections, injected crashes, a SIGTERM and restart (with a database outage on
MySQL), generated frames and bodies; then nothing lost, doubled or left behind."""

from __future__ import annotations

import os

from scripts.chaos.run import Config, Run


def test_a_short_chaos_run_loses_and_doubles_nothing():
    figures = Run(Config.short(mysql=os.environ.get("WT_TEST_MYSQL_URL")), out=lambda _: None)()
    report = figures.table()
    assert figures.problems == [], report + "\n" + "\n".join(figures.problems)
    assert figures.lost == figures.doubled == 0, report
    assert figures.wrong_ratings == figures.broken_chains == 0, report
    assert figures.tournaments_finished >= 1 and figures.placements >= 8, report
    assert figures.cuts_back_in_grace and figures.leaves and figures.duplicates, report
    assert sum(figures.crashes.values()) >= 5 and figures.restarts == 1, report
    assert figures.frames_fuzzed >= 1500 and figures.bodies_fuzzed >= 400, report
    assert figures.server_errors == 0, report
    if os.environ.get("WT_TEST_MYSQL_URL"):
        assert figures.outages == 2, report  # (tests/e2e/test_outage.py: the journal)
