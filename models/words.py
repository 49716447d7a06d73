"""Secret words for a round's duels: length 4, 5 or 6 with equal chance, never repeated."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from models.rules import WORD_LENGTHS


class OutOfWords(Exception):
    """The answer lists have no unused word left for this tournament."""


def choose_secrets(
    rng: random.Random,
    answers: Mapping[int, Sequence[str]],
    count: int,
    used: set[str],
    lengths: Sequence[int] = WORD_LENGTHS,
) -> list[str]:
    """Draw `count` different words not in `used` (which is updated), one per duel.

    Each duel's length is drawn uniformly from `lengths`; if that length has no unused word
    left (only with tiny lists), another length with words left is used instead."""
    chosen: list[str] = []
    for _ in range(count):
        order = list(lengths)
        first = rng.choice(order)
        order.remove(first)
        rng.shuffle(order)
        for length in (first, *order):
            word = _draw(rng, answers.get(length, ()), used)
            if word is not None:
                break
        else:
            raise OutOfWords(f"no unused answer of length {'/'.join(map(str, lengths))} left")
        used.add(word)
        chosen.append(word)
    return chosen


def _draw(rng: random.Random, pool: Sequence[str], used: set[str]) -> str | None:
    """A uniform unused word: a few rejection draws, then an exact filter when lists run low."""
    if not pool:
        return None
    for _ in range(8):
        word = pool[rng.randrange(len(pool))]
        if word not in used:
            return word
    left = [w for w in pool if w not in used]
    return rng.choice(left) if left else None


class Language(Protocol):
    """What the game needs of a language (wordlists.language.Language)."""

    def normalize(self, text: str) -> str: ...

    def letters(self, word: str) -> tuple[str, ...] | None: ...


class Words(Protocol):
    """What the game needs of a word list (wordlists.WordList): its language, the secrets by
    length, and which normalised words are accepted guesses."""

    @property
    def language(self) -> Language: ...

    @property
    def answers(self) -> Mapping[int, Sequence[str]]: ...

    def is_allowed(self, word: str) -> bool: ...

    def shown(self, word: str) -> str:
        """A secret as the language writes it (wordlists/display.txt), else the word itself."""
        ...

    def shown_letters(self, word: str) -> list[str]:
        """The written secret's tiles, one per letter of the folded word."""
        ...
