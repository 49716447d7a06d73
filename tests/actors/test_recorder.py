"""The recorder keeps results through a database outage, in order and in its journal, starts
no tournament before earlier results are written, and is not blocked by a write the database
refuses as wrong."""

import datetime as dt

import pytest

from actors.clock import ManualClock
from actors.recorder import (
    FinishTournament,
    PendingWrites,
    Recorder,
    RecordPlacement,
    StartTournament,
)
from actors.runtime import settle
from models.store import Unavailable
from models.store.journal import Journal
from models.tournament import PlacementFixed


class FlakyStore:
    """Stands in for the store (a GameStore); down for the first `outage` calls."""

    def __init__(self, outage: int) -> None:
        self.outage = outage
        self.done: list[tuple] = []

    def _call(self, name, *args):
        if self.outage > 0:
            self.outage -= 1
            raise Unavailable("database is unreachable")
        if args and args[0] == 666:
            raise ValueError("no such tournament")
        self.done.append((name, *args))

    def apply_placement(self, *args):
        self._call("apply_placement", *args)

    def finish_tournament(self, *args):
        self._call("finish_tournament", *args)

    def start_tournament(self, language, seats):
        self._call("start_tournament", language, seats)
        return 7, dict.fromkeys(seats, 1000)


def test_writes_wait_for_the_database_and_keep_their_order(caplog):
    clock, store = ManualClock(), FlakyStore(outage=3)
    recorder = Recorder(store, clock).start()
    recorder.tell(RecordPlacement(1, PlacementFixed(10, 8, 1, False, 1000, -25)))
    recorder.tell(RecordPlacement(1, PlacementFixed(11, 7, 2, False, 1000, -18)))
    recorder.tell(FinishTournament(1))
    settle()
    assert store.done == []  # down: nothing written, nothing lost
    clock.advance(3.0, settle)  # second attempt still fails
    clock.advance(3.0, settle)
    assert store.done == []
    clock.advance(3.0, settle)
    assert store.done == [
        ("apply_placement", 1, 10, 8, 1, False, -25),
        ("apply_placement", 1, 11, 7, 2, False, -18),
        ("finish_tournament", 1, "finished"),
    ]
    assert caplog.text.count("Traceback") == 1  # one traceback per outage


def test_a_refused_write_is_logged_and_does_not_block_the_rest(caplog):
    clock, store = ManualClock(), FlakyStore(outage=0)
    recorder = Recorder(store, clock).start()
    recorder.tell(FinishTournament(666))
    recorder.tell(FinishTournament(2))
    settle()
    assert store.done == [("finish_tournament", 2, "finished")]
    assert "database refused {'op': 'finish', 'tournament_id': 666" in caplog.text


def test_waiting_writes_are_journaled_until_written(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=2)
    journal = Journal(tmp_path / "journal.jsonl")
    recorder = Recorder(store, clock, journal=journal).start()
    recorder.tell(RecordPlacement(1, PlacementFixed(10, 8, 1, False, 1000, -25)))
    recorder.tell(FinishTournament(1))
    settle()
    kept = journal.entries()
    assert [e["op"] for e in kept] == ["placement", "finish"]
    assert kept[0] == {
        "op": "placement",
        "tournament_id": 1,
        "player": 10,
        "place": 8,
        "round": 1,
        "left": False,
        "rating_change": -25,
    }
    unwritten = recorder.ask(PendingWrites())
    assert len(unwritten.entries) == 2 and unwritten.journaled
    clock.advance(3.0, settle)  # the first retry fails too
    assert journal.entries() == kept
    clock.advance(3.0, settle)
    assert [d[0] for d in store.done] == ["apply_placement", "finish_tournament"]
    assert journal.entries() == [] and not journal.path.exists()
    assert recorder.ask(PendingWrites()).entries == ()


def test_a_journal_the_disk_refuses_is_reported(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=5)
    (tmp_path / "file").write_text("")
    journal = Journal(tmp_path / "file" / "journal.jsonl")  # under a file: cannot be made
    recorder = Recorder(store, clock, journal=journal).start()
    recorder.tell(FinishTournament(1))
    settle()
    unwritten = recorder.ask(PendingWrites())
    assert len(unwritten.entries) == 1 and unwritten.journaled is False


def test_no_tournament_starts_before_earlier_results_are_written():
    clock, store = ManualClock(), FlakyStore(outage=1)
    recorder = Recorder(store, clock).start()
    recorder.tell(RecordPlacement(1, PlacementFixed(10, 8, 1, False, 1000, -25)))
    settle()
    store.outage = 1  # the database is still down when the next start is asked
    with pytest.raises(Unavailable, match="earlier results"):
        recorder.ask(StartTournament("en", (10, 11)))
    assert store.done == []
    assert recorder.ask(StartTournament("en", (10, 11)))[0] == 7  # back: placement first
    assert [d[0] for d in store.done] == ["apply_placement", "start_tournament"]


def test_accounts_that_never_played_are_purged_daily():
    class PurgingStore:
        def __init__(self):
            self.cutoffs = []

        def purge_unplayed(self, seen_before):
            self.cutoffs.append(seen_before)
            return 2

    clock, store = ManualClock(start=1_800_000_000.0), PurgingStore()
    Recorder(store, clock, purge_days=30).start()
    settle()
    clock.advance(60, settle)
    assert len(store.cutoffs) == 1
    then = dt.datetime.fromtimestamp(1_800_000_060, dt.UTC).replace(tzinfo=None)
    assert store.cutoffs[0] == then - dt.timedelta(days=30)
    clock.advance(24 * 3600, settle)
    assert len(store.cutoffs) == 2
