import random

import pytest

from models.duel import (
    Duel,
    DuelEnded,
    GuessRejected,
    Outcome,
    Reject,
    RowPlayed,
    TurnStarted,
)

ALLOWED = {"crane", "slate", "moist", "pious", "ghost"}


def start(seed=0, now=0.0, turn=30.0, secret="ghost"):
    duel, events = Duel.begin(("ann", "bob"), list(secret), secret, random.Random(seed), now, turn)
    return duel, events


def guess(duel, player, word, now):
    return duel.guess(player, word, list(word), word in ALLOWED, now)


def test_random_starter_gets_first_turn_with_deadline():
    starters = {start(seed)[0].starter for seed in range(20)}
    assert starters == {"ann", "bob"}
    duel, events = start(seed=1, now=100.0)
    assert events == [TurnStarted(duel.starter, 130.0, 1)]
    assert duel.to_move == duel.starter and duel.deadline == 130.0


def test_turns_alternate_and_rows_carry_colours():
    duel, _ = start()
    first, second = duel.starter, duel.opponent(duel.starter)
    duel, events = guess(duel, first, "crane", 5.0)
    assert isinstance(events[0], RowPlayed) and events[0].row.marks == "xxxxx"
    assert events[1] == TurnStarted(second, 35.0, 1)
    duel, events = guess(duel, second, "moist", 10.0)
    assert events[0].row.marks == "xyxgg"
    assert duel.to_move == first and duel.turns_used(first) == duel.turns_used(second) == 1


def test_only_the_player_to_move_can_guess():
    duel, _ = start()
    other = duel.opponent(duel.starter)
    after, events = guess(duel, other, "crane", 1.0)
    assert events == [GuessRejected(other, Reject.NOT_YOUR_TURN)] and after == duel
    after, events = guess(duel, "eve", "crane", 1.0)
    assert events == [GuessRejected("eve", Reject.NOT_IN_DUEL)] and after == duel


@pytest.mark.parametrize(
    "word, letters, reason",
    [
        ("cranes", list("cranes"), Reject.WRONG_LENGTH),
        ("xxxxx", list("xxxxx"), Reject.NOT_A_WORD),
        ("cr4ne", None, Reject.NOT_LETTERS),
    ],
)
def test_invalid_guess_uses_no_turn_and_keeps_the_clock(word, letters, reason):
    duel, _ = start(now=0.0)
    after, events = duel.guess(duel.starter, word, letters, word in ALLOWED, 12.0)
    assert events == [GuessRejected(duel.starter, reason)]
    assert after.rows == () and after.to_move == duel.starter and after.deadline == 30.0


def test_timeout_skips_the_turn_and_passes_it():
    duel, _ = start(now=0.0)
    first, second = duel.starter, duel.opponent(duel.starter)
    same, events = duel.tick(29.999)
    assert events == [] and same == duel
    duel, events = duel.tick(30.0)
    row = events[0].row
    assert row.skipped and row.player == first and row.at == 30.0
    assert events[1] == TurnStarted(second, 60.0, 1)
    assert duel.turns_used(first) == 1


def test_a_late_tick_skips_every_expired_turn_from_their_deadlines():
    duel, _ = start(now=0.0)
    duel, events = duel.tick(95.0)  # three deadlines passed: 30, 60, 90
    rows = [e.row for e in events if isinstance(e, RowPlayed)]
    assert [r.at for r in rows] == [30.0, 60.0, 90.0]
    assert all(r.skipped for r in rows) and duel.deadline == 120.0


def test_a_guess_at_the_deadline_loses_the_race_to_the_timeout():
    duel, _ = start(now=0.0)
    first = duel.starter
    after, events = guess(duel, first, "crane", 30.0)
    assert events[0].row.skipped and events[0].row.player == first
    assert events[-1] == GuessRejected(first, Reject.NOT_YOUR_TURN)
    assert after.to_move == duel.opponent(first) and len(after.rows) == 1
    # a moment before the deadline the guess counts
    after, events = guess(duel, first, "crane", 29.99)
    assert not events[0].row.skipped


def test_first_correct_guess_wins():
    duel, _ = start()
    first, second = duel.starter, duel.opponent(duel.starter)
    duel, _ = guess(duel, first, "crane", 1.0)
    duel, events = guess(duel, second, "ghost", 2.0)
    assert events[-1] == DuelEnded(Outcome.WIN, second, first, "ghost", 2.0)
    assert duel.over and duel.winner == second and duel.to_move is None
    _, events = guess(duel, first, "ghost", 3.0)
    assert events == [GuessRejected(first, Reject.DUEL_OVER)]


def test_draw_when_both_used_six_turns_skips_included():
    duel, _ = start(now=0.0)
    t = 0.0
    for i in range(11):
        if i % 3 == 0:  # every third turn times out
            duel, _ = duel.tick(duel.deadline)
            t = duel.deadline - 30.0
        else:
            t += 1.0
            duel, events = guess(duel, duel.to_move, "crane", t)
    assert not duel.over and len(duel.rows) == 11
    duel, events = guess(duel, duel.to_move, "slate", t + 1)
    assert events[-1].outcome is Outcome.DRAW and events[-1].winner is None
    assert duel.turns_used("ann") == duel.turns_used("bob") == 6


def test_skips_alone_never_lose_and_end_in_a_draw():
    duel, _ = start(now=0.0)
    duel, events = duel.tick(10_000.0)
    assert len(duel.rows) == 12 and all(r.skipped for r in duel.rows)
    assert duel.outcome is Outcome.DRAW and duel.winner is None


def test_forfeit_gives_the_opponent_the_win():
    duel, _ = start()
    duel, events = duel.forfeit("ann", 5.0)
    assert events == [DuelEnded(Outcome.FORFEIT, "bob", "ann", "ghost", 5.0)]
    assert duel.forfeit("bob", 6.0) == (duel, [])
