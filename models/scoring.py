"""Wordle colouring over sequences of letters (a letter may be several code points, e.g. oʻ)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum


class Mark(StrEnum):
    """One tile's colour; a row's colours travel and persist as a string such as "gyxxg"."""

    GREEN = "g"  # right letter, right place
    YELLOW = "y"  # in the secret elsewhere, and not yet used up by greens or earlier yellows
    GREY = "x"  # not in the secret (or all its occurrences already accounted for)


SOLVED_MARK = Mark.GREEN.value


def score(secret: Sequence[str], guess: Sequence[str]) -> str:
    """Colour `guess` against `secret`: greens first, then yellows from the letters left over."""
    if len(secret) != len(guess):
        raise ValueError(f"guess has {len(guess)} letters, secret has {len(secret)}")
    marks = [Mark.GREY.value] * len(guess)
    left: Counter[str] = Counter()
    for i, (s, g) in enumerate(zip(secret, guess, strict=True)):
        if s == g:
            marks[i] = Mark.GREEN.value
        else:
            left[s] += 1
    for i, g in enumerate(guess):
        if marks[i] != Mark.GREEN.value and left[g] > 0:
            marks[i] = Mark.YELLOW.value
            left[g] -= 1
    return "".join(marks)


def is_solved(marks: str) -> bool:
    """True when every tile is green."""
    return bool(marks) and set(marks) == {SOLVED_MARK}
