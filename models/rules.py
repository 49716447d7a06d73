"""The numbers of the rules (RULES.md), in one place; everything else imports them.

These are not settings: the rules fix them. Timings that an admin may change (turn, intro,
reconnect grace) have their rule value here as the settings' default.
"""

from __future__ import annotations

from enum import StrEnum

SEATS = 8  # players in a tournament
START_LIVES = 3
MAX_TURNS = 6  # per player and duel, so a board has at most 12 rows
WORD_LENGTHS: tuple[int, ...] = (4, 5, 6)  # a secret's length, each drawn with chance 1/3
RATING_WINDOW = 200  # a lobby's average must be within this of the joiner's rating
START_RATING = 1000

TURN_SECONDS = 30.0
INTRO_SECONDS = 6.0
RECONNECT_GRACE_SECONDS = 60.0


class Mark(StrEnum):
    """One tile's colour; a row's colours travel and persist as a string such as "gyxxg"."""

    GREEN = "g"  # right letter, right place
    YELLOW = "y"  # in the secret elsewhere, and not yet used up by greens or earlier yellows
    GREY = "x"  # not in the secret (or all its occurrences already accounted for)


MARKS_PATTERN = "^[" + "".join(m.value for m in Mark) + "]+$"  # a whole row of marks
