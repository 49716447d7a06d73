"""How long a bot takes over a guess: a lively human pace, as one pure function.

Bots fill most seats in a small community, so their pace is the pace of the game. People take
a few seconds to read the colours and type; longer at a duel's first guess (nothing to go on
yet) and for a long word, much less when the colours leave only a handful of words. Response
times of people are skewed to the right, so a guess's time is drawn from a log-normal around
a median that those factors set. A turn runs out only when the draw lands past the turn's
end, which the spreads below make rare (well under 2 % of turns at 30 s turns).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

MANY_CANDIDATES = 1000  # from here up the colours are no help yet: the full median
FEW_FACTOR = 0.6  # the median's share left when the colours leave a single word
OPENING_FACTOR = 1.3  # the duel's first guess, on an empty board
LETTER_FACTOR = 0.1  # per letter over (or under) five
FLOOR_SECONDS = 1.5  # reading a row and typing a word take at least this
LAST_MOMENT = 1.0  # a guess drawn later than this before the turn's end arrives too late
REFERENCE_TURN_SECONDS = 30.0  # the turn these figures are for; shorter turns scale them down


@dataclass(frozen=True)
class Pace:
    """A level's pace: the median seconds of a five-letter guess among many candidates (not
    the first of a duel), and the spread (log-normal sigma) around it."""

    median: float
    spread: float


def median_seconds(pace: Pace, candidates: int, guess_number: int, length: int) -> float:
    """The median think time for one guess (before the random spread)."""
    if candidates < 1:  # no known word fits the colours: as much at a loss as at the start
        candidates = MANY_CANDIDATES
    many = min(1.0, math.log(candidates) / math.log(MANY_CANDIDATES))
    median = pace.median * (FEW_FACTOR + (1 - FEW_FACTOR) * many)
    if guess_number <= 1:
        median *= OPENING_FACTOR
    return median * (1 + LETTER_FACTOR * (length - 5))


def think_seconds(
    pace: Pace,
    candidates: int,
    guess_number: int,
    length: int,
    turn_seconds: float,
    rng: random.Random,
) -> float | None:
    """Seconds from the turn's start to the guess, or None when the turn runs out first.

    `candidates`: words the colours still allow; `guess_number`: 1 + the scored rows on the
    shared board (1: the duel's first guess, nothing to go on); `length`: the secret's letters.
    """
    # a server with shorter turns (or a test's) gets bots as much quicker: people hurry too,
    # and a bot that let every short turn run out would only ever draw
    scale = min(1.0, turn_seconds / REFERENCE_TURN_SECONDS)
    median = median_seconds(pace, candidates, guess_number, length) * scale
    seconds = max(FLOOR_SECONDS * scale, median * math.exp(pace.spread * rng.gauss(0.0, 1.0)))
    if seconds > turn_seconds - LAST_MOMENT * scale:
        return None
    return seconds
