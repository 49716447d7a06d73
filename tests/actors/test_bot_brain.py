"""The bot's think time comes from models/bot_pace.py, scaled by `think_scale`, within the turn."""

import itertools
import random
import statistics

from actors.bot_client import BotBrain, skill_named
from models.scoring import score
from models.solver import candidates

WORDS = {5: list(itertools.product("abcdef", repeat=5))[::6]}  # 1296 "words"


def planned_think(level, think_scale=1.0, remaining_ms=30000, rows=(), seed=0):
    """Seconds from a bot's turn frame to its planned guess (None: it lets the turn run out)."""
    brain = BotBrain(skill_named(level), WORDS, random.Random(seed), "en", think_scale=think_scale)
    brain.on_message({"type": "welcome", "you": {"id": 1}}, 0.0)
    brain.on_message({"type": "duel_started", "duel": 9, "players": [1, 2], "length": 5}, 0.0)
    for letters, marks in rows:
        row = {"type": "guess_scored", "duel": 9, "letters": list(letters), "marks": marks}
        brain.on_message({**row, "next": None}, 0.0)
    brain.on_message({"type": "turn", "duel": 9, "player": 1, "remaining_ms": remaining_ms}, 10.0)
    return None if brain.plan is None else brain.plan.at - 10.0


def test_a_bot_guesses_at_a_lively_pace_within_the_turn():
    for level in ("strong", "good", "casual", "weak"):
        thinks = [planned_think(level, seed=s) for s in range(120)]
        played = [t for t in thinks if t is not None]
        assert len(played) >= 0.98 * len(thinks)
        assert 3.0 <= statistics.median(played) <= 10.0 and max(played) <= 24.0


def test_a_bot_is_quicker_when_the_colours_leave_one_word():
    secret = WORDS[5][700]
    solved = [(g, score(secret, g)) for g in (WORDS[5][1], WORDS[5][300], WORDS[5][1000])]
    assert len(candidates(WORDS[5], solved)) <= 3
    opening = statistics.mean(planned_think("good", seed=s) for s in range(120))
    later = [planned_think("good", rows=solved, seed=s) for s in range(120)]
    assert statistics.mean(later) < 0.7 * opening


def test_think_scale_shrinks_the_pace_for_short_test_turns():
    thinks = [planned_think("weak", think_scale=0.02, remaining_ms=600, seed=s) for s in range(120)]
    played = [t for t in thinks if t is not None]
    assert len(played) >= 0.98 * len(thinks)
    assert max(played) <= 0.48 + 1e-9 and 0.05 <= statistics.median(played) <= 0.2
