"""Guessing from the shared board: the candidates a board allows, and a good next guess.

Used by the tournament simulator and by the bot client, which sees exactly what a player sees:
the rows (letters and colours) of both players.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from models.scoring import score

Word = tuple[str, ...]  # a word as its letters


def consistent(word: Word, rows: Iterable[tuple[Word, str]]) -> bool:
    """Could `word` be the secret, given every scored row so far?"""
    return all(score(word, guess) == marks for guess, marks in rows)


def candidates(words: Iterable[Word], rows: Sequence[tuple[Word, str]]) -> list[Word]:
    """The words still possible after the scored rows (skipped rows carry no information)."""
    return [w for w in words if consistent(w, rows)]


def best_guess(pool: Sequence[Word], rng: random.Random, sample: int = 40) -> Word:
    """A candidate that splits the remaining candidates into the most colour patterns.

    Exact minimax over thousands of words is too slow for a turn in Python, so we score a
    random sample of guesses against a random sample of secrets; that is plenty to play well.
    """
    if not pool:
        raise ValueError("no candidates left")
    if len(pool) <= 2:
        return pool[0] if len(pool) == 1 else rng.choice(pool)
    guesses = rng.sample(list(pool), min(sample, len(pool)))
    secrets = rng.sample(list(pool), min(4 * sample, len(pool)))

    def spread(guess: Word) -> tuple[int, float]:
        buckets = Counter(score(s, guess) for s in secrets)
        return len(buckets), -max(buckets.values())

    return max(guesses, key=spread)
