"""One 1-vs-1 duel on a shared board, as an immutable value.

Every handler returns the next duel and the events it produced, so a handler that raises
leaves the previous state intact. Time is passed in as plain numbers (seconds); deadlines
are data, and whatever happens at or after a deadline happens *after* the timeout: a guess
that arrives at `now >= deadline` finds the turn already skipped.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from models.rules import MAX_TURNS, TURN_SECONDS
from models.scoring import is_solved, score


class Outcome(StrEnum):
    WIN = "win"  # someone submitted the secret
    DRAW = "draw"  # both used all their turns
    FORFEIT = "forfeit"  # a player left; the other wins without losing a life


class Reject(StrEnum):
    """Why a guess was refused. A refused guess uses nothing and the clock keeps running."""

    DUEL_OVER = "duel_over"
    NOT_IN_DUEL = "not_in_duel"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_LENGTH = "wrong_length"
    NOT_LETTERS = "not_letters"
    NOT_A_WORD = "not_a_word"


@dataclass(frozen=True)
class Row:
    """A played turn: a scored guess, or a skip (word and marks are None)."""

    player: Hashable
    word: str | None
    letters: tuple[str, ...] | None
    marks: str | None
    at: float

    @property
    def skipped(self) -> bool:
        return self.word is None


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GuessRejected:
    player: Hashable
    reason: Reject


@dataclass(frozen=True)
class RowPlayed:
    row: Row
    index: int


@dataclass(frozen=True)
class TurnStarted:
    player: Hashable
    deadline: float
    turn: int  # this player's turn number, 1-based


@dataclass(frozen=True)
class DuelEnded:
    outcome: Outcome
    winner: Hashable | None
    loser: Hashable | None  # None on a draw
    secret: str
    at: float


Event = GuessRejected | RowPlayed | TurnStarted | DuelEnded


@dataclass(frozen=True)
class Duel:
    players: tuple[Hashable, Hashable]
    secret: tuple[str, ...]
    secret_word: str
    starter: Hashable
    turn_seconds: float = TURN_SECONDS
    max_turns: int = MAX_TURNS
    started_at: float = 0.0
    rows: tuple[Row, ...] = ()
    to_move: Hashable | None = None
    deadline: float | None = None
    outcome: Outcome | None = None
    winner: Hashable | None = None
    ended_at: float | None = None
    #: the secret as the language writes it (inútil) and its tiles, shown once the duel is over;
    #: empty when it is written as folded (see wordlists/display.py)
    written: str = ""
    written_letters: tuple[str, ...] = ()

    @property
    def shown_word(self) -> str:
        """The secret as revealed: its written form, else the folded word."""
        return self.written or self.secret_word

    @property
    def shown_letters(self) -> list[str]:
        """The revealed secret's tiles (inútil: i n ú t i l)."""
        return list(self.written_letters or self.secret)

    # --- construction -----------------------------------------------------------------

    @classmethod
    def begin(
        cls,
        players: tuple[Hashable, Hashable],
        secret: Sequence[str],
        secret_word: str,
        rng: random.Random,
        now: float,
        turn_seconds: float = TURN_SECONDS,
        max_turns: int = MAX_TURNS,
    ) -> tuple[Duel, list[Event]]:
        """Start a duel: a random starter gets the first turn, with its deadline."""
        if len(players) != 2 or players[0] == players[1]:
            raise ValueError("a duel needs two different players")
        if not secret:
            raise ValueError("empty secret")
        starter = rng.choice(players)
        duel = cls(
            players=(players[0], players[1]),
            secret=tuple(secret),
            secret_word=secret_word,
            starter=starter,
            turn_seconds=turn_seconds,
            max_turns=max_turns,
            started_at=now,
            to_move=starter,
            deadline=now + turn_seconds,
        )
        return duel, [TurnStarted(starter, now + turn_seconds, 1)]

    # --- queries ----------------------------------------------------------------------

    @property
    def length(self) -> int:
        return len(self.secret)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def opponent(self, player: Hashable) -> Hashable:
        a, b = self.players
        if player == a:
            return b
        if player == b:
            return a
        raise KeyError(player)

    def turns_used(self, player: Hashable) -> int:
        return sum(1 for r in self.rows if r.player == player)

    @property
    def loser(self) -> Hashable | None:
        return None if self.winner is None else self.opponent(self.winner)

    # --- transitions ------------------------------------------------------------------

    def tick(self, now: float) -> tuple[Duel, list[Event]]:
        """Skip every turn whose deadline has passed; each skipped turn counts as used."""
        duel, events = self, []
        while not duel.over and duel.deadline is not None and now >= duel.deadline:
            at = duel.deadline
            row = Row(duel.to_move, None, None, None, at)
            duel, more = duel._play(row, at)
            events += more
        return duel, events

    def guess(
        self,
        player: Hashable,
        word: str,
        letters: Sequence[str] | None,
        allowed: bool,
        now: float,
    ) -> tuple[Duel, list[Event]]:
        """A player submits a word. `letters` is the word split into the language's letters
        (None if it is not made of them); `allowed` says whether it is in the allowed list."""
        duel, events = self.tick(now)
        reason = duel._refusal(player, letters, allowed)
        if reason is not None:
            return duel, [*events, GuessRejected(player, reason)]
        assert letters is not None  # a word not made of letters is refused above
        marks = score(duel.secret, letters)
        row = Row(player, word, tuple(letters), marks, now)
        duel, more = duel._play(row, now)
        return duel, events + more

    def forfeit(self, player: Hashable, now: float) -> tuple[Duel, list[Event]]:
        """`player` left: the opponent wins the duel by forfeit (and loses no life)."""
        if self.over:
            return self, []
        winner = self.opponent(player)
        return self._end(Outcome.FORFEIT, winner, now)

    # --- internals --------------------------------------------------------------------

    def _refusal(
        self, player: Hashable, letters: Sequence[str] | None, allowed: bool
    ) -> Reject | None:
        if self.over:
            return Reject.DUEL_OVER
        if player not in self.players:
            return Reject.NOT_IN_DUEL
        if player != self.to_move:
            return Reject.NOT_YOUR_TURN
        if letters is None:
            return Reject.NOT_LETTERS
        if len(letters) != self.length:
            return Reject.WRONG_LENGTH
        if not allowed:
            return Reject.NOT_A_WORD
        return None

    def _play(self, row: Row, now: float) -> tuple[Duel, list[Event]]:
        rows = (*self.rows, row)
        events: list[Event] = [RowPlayed(row, len(rows) - 1)]
        if row.marks is not None and is_solved(row.marks):
            return replace(self, rows=rows)._end(Outcome.WIN, row.player, now, events)
        used = {p: sum(1 for r in rows if r.player == p) for p in self.players}
        if all(n >= self.max_turns for n in used.values()):
            return replace(self, rows=rows)._end(Outcome.DRAW, None, now, events)
        nxt = self.opponent(row.player)  # turns strictly alternate
        deadline = now + self.turn_seconds
        duel = replace(self, rows=rows, to_move=nxt, deadline=deadline)  # one copy per row
        return duel, [*events, TurnStarted(nxt, deadline, used[nxt] + 1)]

    def _end(
        self,
        outcome: Outcome,
        winner: Hashable | None,
        now: float,
        events: list[Event] | None = None,
    ) -> tuple[Duel, list[Event]]:
        duel = replace(
            self, outcome=outcome, winner=winner, to_move=None, deadline=None, ended_at=now
        )
        ended = DuelEnded(outcome, winner, duel.loser, duel.secret_word, now)
        return duel, [*(events or []), ended]
