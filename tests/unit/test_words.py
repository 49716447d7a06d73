import random
from collections import Counter

import pytest

from models.words import OutOfWords, choose_secrets

ANSWERS = {
    4: [f"a{i:03d}" for i in range(300)],
    5: [f"bb{i:03d}" for i in range(300)],
    6: [f"ccc{i:03d}" for i in range(300)],
}


def test_lengths_are_drawn_with_equal_probability():
    rng, used = random.Random(1), set()
    lengths = Counter(len(w) for w in choose_secrets(rng, ANSWERS, 600, used))
    assert set(lengths) == {4, 5, 6}
    assert all(170 <= n <= 230 for n in lengths.values()), lengths


def test_no_word_twice_in_a_round_or_a_tournament():
    rng, used = random.Random(2), set()
    seen = []
    for _ in range(40):  # rounds of a long tournament
        seen += choose_secrets(rng, ANSWERS, 4, used)
    assert len(seen) == len(set(seen)) == 160 and used == set(seen)


def test_exhausted_length_falls_back_to_another_then_fails_clearly():
    tiny = {4: ["abcd"], 5: ["abcde"], 6: []}
    used: set[str] = set()
    got = choose_secrets(random.Random(3), tiny, 2, used)
    assert sorted(got) == ["abcd", "abcde"]
    with pytest.raises(OutOfWords):
        choose_secrets(random.Random(3), tiny, 1, used)


def test_seeded_choice_is_reproducible():
    a = choose_secrets(random.Random(9), ANSWERS, 4, set())
    b = choose_secrets(random.Random(9), ANSWERS, 4, set())
    assert a == b
