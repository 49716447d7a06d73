"""What the actors observe for /metrics (actors/metrics.py), with a manual clock: a turn timer
handled late is measured against its deadline; a scored guess's trip ends at the opponent."""

from __future__ import annotations

import random

import pytest

import wordlists
from actors.clock import ManualClock
from actors.duel import DuelActor, begin_duel
from actors.messages import DuelChanged, Guess
from actors.metrics import TURN_TIMER_LATENESS, guesses
from actors.runtime import STOP, Actor, settle


class Lobby(Actor):
    """Stands in for the lobby: keeps what the duel tells it."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[DuelChanged] = []

    def on_DuelChanged(self, msg: DuelChanged) -> None:
        self.changes.append(msg)


def sample(name: str) -> float:
    value = TURN_TIMER_LATENESS.collect()[0]
    return next(s.value for s in value.samples if s.name == name)


@pytest.fixture(scope="module")
def english():
    return wordlists.load_language(wordlists.default_folder(), "en")


def start_duel(english, clock):
    secret = sorted(english.answers[5])[0]
    duel = begin_duel((1, 2), secret, english, random.Random(3), clock.time(), 1.0)
    lobby = Lobby()
    lobby.start()
    actor = DuelActor(7, duel, english, lobby.ref, clock)
    actor.start()
    settle()
    return actor, lobby


def test_a_turn_timer_handled_late_is_measured_from_its_deadline(english):
    clock = ManualClock()
    actor, lobby = start_duel(english, clock)
    count, total = (
        sample("wordle_turn_timer_lateness_seconds_count"),
        sample("wordle_turn_timer_lateness_seconds_sum"),
    )
    clock.advance(1.25)  # the timer fires at 1.0; the duel handles it at 1.25
    settle()
    assert sample("wordle_turn_timer_lateness_seconds_count") == count + 1
    assert sample("wordle_turn_timer_lateness_seconds_sum") - total == pytest.approx(0.25)
    assert lobby.changes  # the turn was skipped all the same
    actor.ref.tell(STOP)
    lobby.ref.tell(STOP)
    settle()


def test_a_scored_guess_hands_its_stamp_to_the_opponent(english):
    clock = ManualClock()
    actor, lobby = start_duel(english, clock)
    duel = actor.duel
    mover = duel.to_move
    other = 2 if mover == 1 else 1
    guesses.received(other, 5.0)  # not their turn: refused, no trip
    actor.ref.tell(Guess(other, "crane"))
    settle()
    assert other not in guesses.sent and mover not in guesses.scored
    guesses.received(mover, 5.0)
    actor.ref.tell(Guess(mover, sorted(english.answers[5])[1]))
    settle()
    assert guesses.scored.pop(other) == 5.0 and mover not in guesses.sent
    actor.ref.tell(STOP)
    lobby.ref.tell(STOP)
    settle()
