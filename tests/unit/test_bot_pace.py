"""The bots' pace: lively (most guesses in 3-10 s), rarely out of time, and shaped by the board."""

import random
import statistics

import pytest

from models.bot_pace import FLOOR_SECONDS, LAST_MOMENT, REFERENCE_TURN_SECONDS, think_seconds
from models.rules import TURN_SECONDS, WORD_LENGTHS
from models.simulation import SKILLS

# a duel as the colours narrow it: (candidates left, guess number), an opening first
DUEL = [(1500, 1), (250, 2), (40, 3), (8, 4), (2, 5), (1, 6)]


def draws(pace, candidates, number, length, n=400, seed=0, turn=TURN_SECONDS):
    rng = random.Random(f"{seed}:{candidates}:{number}:{length}")
    return [think_seconds(pace, candidates, number, length, turn, rng) for _ in range(n)]


def mean_time(xs, turn=TURN_SECONDS):
    """The mean time a turn takes: a turn that runs out takes all of it."""
    return statistics.mean(turn if x is None else x for x in xs)


def duel_draws(pace, seed=0):
    return [
        x
        for length in WORD_LENGTHS
        for candidates, number in DUEL
        for x in draws(pace, candidates, number, length, seed=seed)
    ]


@pytest.mark.parametrize("level", list(SKILLS))
def test_every_level_guesses_in_three_to_ten_seconds_and_rarely_times_out(level):
    xs = duel_draws(SKILLS[level].pace)
    played = [x for x in xs if x is not None]
    assert 3.0 <= statistics.median(played) <= 10.0
    assert sum(3.0 <= x <= 10.0 for x in played) / len(played) >= 0.6
    assert (len(xs) - len(played)) / len(xs) <= 0.02


@pytest.mark.parametrize("level", list(SKILLS))
def test_even_the_slowest_guess_runs_out_rarely(level):
    xs = draws(SKILLS[level].pace, 5000, 1, max(WORD_LENGTHS), n=2000)  # a long word's opening
    assert sum(x is None for x in xs) / len(xs) <= 0.02


@pytest.mark.parametrize("level", list(SKILLS))
def test_fewer_candidates_are_quicker_on_average(level):
    pace = SKILLS[level].pace
    means = [mean_time(draws(pace, c, 3, 5, n=1000)) for c in (1000, 100, 10, 1)]
    assert means == sorted(means, reverse=True) and means[0] > 1.3 * means[-1]


@pytest.mark.parametrize("level", list(SKILLS))
def test_the_opening_and_long_words_are_slower(level):
    pace = SKILLS[level].pace

    def mean(number, length):
        return mean_time(draws(pace, 1000, number, length, n=1000))

    assert mean(1, 5) > mean(2, 5)
    assert mean(2, 6) > mean(2, 5) > mean(2, 4)


def test_weaker_levels_are_a_little_slower():
    medians = [
        statistics.median(x for x in duel_draws(s.pace) if x is not None) for s in SKILLS.values()
    ]
    assert medians == sorted(medians)  # SKILLS goes from strong to weak
    assert medians[-1] < 2 * medians[0]


def test_a_guess_fits_the_turn_and_takes_some_time():
    pace = SKILLS["weak"].pace
    for turn in (30.0, 12.0, 6.0, FLOOR_SECONDS):
        scale = min(1.0, turn / REFERENCE_TURN_SECONDS)  # shorter turns, quicker bots
        xs = [x for x in draws(pace, 1500, 1, 6, n=2000, turn=turn) if x is not None]
        assert xs and min(xs) >= FLOOR_SECONDS * scale
        assert max(xs) <= turn - LAST_MOMENT * scale


def test_same_seed_same_pace_and_no_candidate_is_like_many():
    pace = SKILLS["good"].pace
    assert draws(pace, 40, 3, 5, seed=7) == draws(pace, 40, 3, 5, seed=7)
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert think_seconds(pace, 0, 3, 5, 30.0, rng_a) == think_seconds(pace, 1000, 3, 5, 30.0, rng_b)


@pytest.mark.parametrize("turn", [1.0, 3.0, 10.0])
def test_short_turns_make_quicker_bots_that_still_rarely_run_out(turn):
    rng = random.Random(11)
    draws = [
        think_seconds(SKILLS["weak"].pace, 500, 1, 6, turn, rng) for _ in range(5000)
    ]  # the slowest case: a weak bot's opening guess at a long word
    ran_out = sum(d is None for d in draws) / len(draws)
    assert ran_out <= 0.02
    assert all(d is None or d < turn for d in draws)
