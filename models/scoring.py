"""Wordle colouring over sequences of letters (a letter may be several code points, e.g. oʻ)."""

from __future__ import annotations

from collections.abc import Sequence

from models.rules import Mark

GREEN, YELLOW, GREY = Mark.GREEN.value, Mark.YELLOW.value, Mark.GREY.value
SOLVED_MARK = GREEN


def score(secret: Sequence[str], guess: Sequence[str]) -> str:
    """Colour `guess` against `secret`: greens first, then yellows from the letters left over.

    Written with plain lists and a dict: bots and the simulator call it millions of times."""
    n = len(secret)
    if n != len(guess):
        raise ValueError(f"guess has {len(guess)} letters, secret has {n}")
    marks = [GREY] * n
    left: dict[str, int] = {}
    for i in range(n):
        s = secret[i]
        if s == guess[i]:
            marks[i] = GREEN
        else:
            left[s] = left.get(s, 0) + 1
    if left:
        for i in range(n):
            if marks[i] != GREEN:
                g = guess[i]
                count = left.get(g)
                if count:
                    marks[i] = YELLOW
                    left[g] = count - 1
    return "".join(marks)


def is_solved(marks: str) -> bool:
    """True when every tile is green."""
    return bool(marks) and set(marks) == {SOLVED_MARK}
