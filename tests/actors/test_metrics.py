"""What the actors observe for /metrics (actors/metrics.py), with a manual clock: a turn timer
handled late is measured against its deadline, a scored guess's trip ends at the opponent, the
census counts people, bots and lobbies, the recorder counts ends and what waits."""

from __future__ import annotations

import random

import pytest

import wordlists
from actors.clock import ManualClock
from actors.duel import DuelActor
from actors.messages import Guess, LobbyMsg
from actors.metrics import QUEUE_WAIT, REGISTRY, TURN_TIMER_LATENESS, Census, guesses
from actors.recorder import Record, Recorder, StartTournament
from actors.runtime import STOP, Actor, settle
from models.lobby.inputs import DuelChanged
from models.lobby.run import begin_duel
from models.results import TournamentClosed
from models.store.journal import Journal
from tests.actors.harness import Harness
from tests.actors.test_recorder import FlakyStore


class Lobby(Actor[LobbyMsg]):
    """Stands in for the lobby: keeps what the duel tells it."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[DuelChanged] = []

    def receive(self, message: LobbyMsg) -> None:
        if isinstance(message, DuelChanged):
            self.changes.append(message)


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
    assert guesses.scored[other] == 5.0 and mover not in guesses.sent
    again, _ = start_duel(english, clock)  # their next duel: nothing left from this one
    assert other not in guesses.scored
    again.ref.tell(STOP)
    actor.ref.tell(STOP)
    lobby.ref.tell(STOP)
    settle()


def waits(language: str) -> tuple[float, float]:
    family = QUEUE_WAIT.collect()[0]
    found = {s.name: s.value for s in family.samples if s.labels.get("language") == language}
    return found.get("wordle_queue_wait_seconds_count", 0.0), found.get(
        "wordle_queue_wait_seconds_sum", 0.0
    )


def test_the_census_counts_people_and_bots_and_lobbies_by_state():
    h = Harness()
    assert h.server.take_census() == Census(0, 0, {}, {})
    people = [h.connect() for _ in range(7)]
    bot = h.connect(h.player(is_bot=True))
    assert h.server.take_census() == Census(7, 1, {}, {})
    count, total = waits("en")
    for c in people:
        c.send({"type": "queue", "language": "en"})
    settle()
    assert h.server.take_census() == Census(7, 1, {"en": 1}, {})
    h.advance(5.0)
    bot.send({"type": "queue", "language": "en"})  # the eighth seat: the tournament starts
    settle()
    assert h.server.take_census() == Census(7, 1, {}, {"en": 1})
    assert waits("en") == (count + 7, pytest.approx(total + 7 * 5.0))  # people only
    bot.disconnect()
    assert h.server.take_census().bots == 0


def test_the_recorder_counts_ends_by_status_and_what_waits_for_the_database(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=1)
    journal = Journal(tmp_path / "journal.jsonl")
    recorder = Recorder(store, clock, journal=journal).start()
    before = {name: value(name) for name in COUNTED}
    recorder.tell(Record(TournamentClosed(1)))
    recorder.tell(Record(TournamentClosed(2, "abandoned")))
    settle()
    assert value("wordle_recorder_waiting_results") == 2  # the database is down
    assert value("wordle_journal_entries") == 2
    assert value("wordle_journal_appended_total") == before["wordle_journal_appended_total"] + 2
    recorder.ask(StartTournament("en", (1, 2)))  # writes the waiting ones first
    assert value("wordle_recorder_waiting_results") == 0 and value("wordle_journal_entries") == 0
    delta = {name: value(name) - before[name] for name in COUNTED}
    assert delta == {
        "wordle_tournaments_started_total": 1,
        "wordle_tournaments_finished_total": 1,
        "wordle_tournaments_abandoned_total": 1,
        "wordle_tournaments_aborted_total": 0,
        "wordle_journal_appended_total": 2,
        "wordle_recorder_write_seconds_count": 3,  # the failed one, the retried one, the start
    }
    recorder.tell(STOP)
    settle()


COUNTED = (
    "wordle_tournaments_started_total",
    "wordle_tournaments_finished_total",
    "wordle_tournaments_abandoned_total",
    "wordle_tournaments_aborted_total",
    "wordle_journal_appended_total",
    "wordle_recorder_write_seconds_count",
)


def value(name: str) -> float:
    return REGISTRY.get_sample_value(name) or 0.0
