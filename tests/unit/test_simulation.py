import random
import statistics
import string

import pytest

from models.rating import rating_changes
from models.simulation import SKILLS, Vocabulary, play_duel, play_tournament, skill_mix


def synthetic_vocabulary(seed=0, per_length=150):
    rng = random.Random(seed)
    letters = string.ascii_lowercase[:12]
    answers = {}
    for n in (4, 5, 6):
        words = {tuple(rng.choice(letters) for _ in range(n)) for _ in range(per_length * 2)}
        answers[n] = sorted(words)[:per_length]
    return Vocabulary(answers)


VOCAB = synthetic_vocabulary()


def run(seed, mix="mixed"):
    rng = random.Random(seed)
    return play_tournament(rng, VOCAB, dict(enumerate(skill_mix(mix, rng))))


def test_same_seed_same_tournament():
    a, b = run(5), run(5)
    assert (a.rounds, a.duels, a.draws, a.places, a.rating_changes) == (
        b.rounds,
        b.duels,
        b.draws,
        b.places,
        b.rating_changes,
    )


@pytest.mark.slow
def test_tournaments_end_with_consistent_places_and_ratings():
    for seed in range(15):
        s = run(seed)
        assert len(s.places) == 8 and min(s.places.values()) == 1
        assert s.rating_changes == rating_changes(dict.fromkeys(range(8), 1000), s.places)
        # every duel costs at least one life and 23 lives can be lost at most
        assert 1 <= s.duels <= 23 and s.rounds <= s.duels


@pytest.mark.slow
def test_weak_players_draw_more_than_strong_ones():
    weak = sum(run(seed, "weak:8").draws for seed in range(12))
    strong = sum(run(seed, "strong:8").draws for seed in range(12))
    assert weak > strong


def test_skill_mix_names_eight_players():
    assert len(skill_mix("strong:3,weak:5", random.Random(1))) == 8
    assert set(skill_mix("mixed", random.Random(1))) == set(SKILLS.values())


@pytest.mark.parametrize("level", list(SKILLS))
def test_virtual_players_keep_a_lively_pace(level):
    rng = random.Random(level)
    skills = {0: SKILLS[level], 1: SKILLS[level]}
    thinks, skipped = [], 0
    for secret in VOCAB.answers[5][:40]:
        duel = play_duel(rng, VOCAB, skills, (0, 1), "".join(secret), secret, 100.0, 30.0)
        turn_start = 100.0
        for row in duel.rows:
            if row.skipped:
                skipped += 1
            else:
                thinks.append(row.at - turn_start)
            turn_start = row.at
    assert 3.0 <= statistics.median(thinks) <= 10.0
    assert max(thinks) < 30.0 and skipped <= 0.02 * (len(thinks) + skipped)
