"""scripts/bench/bot_pace.py drives real bots through whole tournaments on a virtual clock (a
short run, so that it cannot rot; the pace itself is asserted in tests/unit/test_bot_pace.py)."""

from __future__ import annotations

import random

import wordlists
from actors.bot_client import known_answers
from models.rules import TURN_SECONDS
from scripts.bench.bot_pace import Figures, play_tournament, report


def test_two_bots_only_tournaments_end_with_every_turn_counted() -> None:
    answers = known_answers(wordlists.load_language(wordlists.default_folder(), "en"))
    fig = Figures()
    for seed in range(2):
        levels = ["casual"] * 4 + ["weak"] * 4
        play_tournament(random.Random(seed), answers, levels, fig, TURN_SECONDS, 1.0)
    assert len(fig.rounds) == 2 and all(5 <= r <= 12 for r in fig.rounds)
    assert set(fig.turns) == {"casual", "weak"}
    for level, turns in fig.turns.items():
        assert len(fig.thinks[level]) + fig.timeouts.get(level, 0) == turns
        assert all(0 < t < TURN_SECONDS for t in fig.thinks[level])
    # a round lasts at least its intro and recap, at most every turn of a duel run out
    for rounds, seconds in zip(fig.rounds, fig.seconds, strict=True):
        assert rounds * 10 < seconds <= rounds * (10 + 12 * TURN_SECONDS)
    lines = report("mix", fig, TURN_SECONDS)
    assert lines[-1].startswith("mix        rounds ") and len(lines) == 4
