"""The recorder keeps results through a database outage, in order and in its journal, starts
no tournament before earlier results are written, and is not blocked by a write the database
refuses as wrong."""

import datetime as dt
from dataclasses import astuple

import gevent
import pytest

from actors.clock import ManualClock
from actors.recorder import (
    BATCH_MAX,
    PendingWrites,
    Record,
    Recorder,
    RecorderBusy,
    StartTournament,
)
from actors.runtime import settle
from models.results import FixedPlacement, TournamentClosed
from models.store.errors import Unavailable
from models.store.journal import Journal, encode


class FlakyStore:
    """Stands in for the store (a GameStore); down for the first `outage` transactions.
    `record_results` is one transaction as in the store: all of its writes, or none."""

    def __init__(self, outage: int) -> None:
        self.outage = outage
        self.done: list[tuple] = []
        self.transactions = 0
        self.in_batch = False
        self.cut_batch = False  # the next batch meets an outage after its first write

    def _call(self, name, *args):
        if self.outage > 0 and not self.in_batch:
            self.outage -= 1
            raise Unavailable("database is unreachable")
        if args and args[0] == 666:
            raise ValueError("no such tournament")
        self.done.append((name, *args))
        self.transactions += not self.in_batch

    def record_results(self, entries):
        if self.outage > 0:
            self.outage -= 1
            raise Unavailable("database is unreachable")
        before, self.in_batch = len(self.done), True
        try:
            for i, entry in enumerate(entries):
                if i == 1 and self.cut_batch:
                    self.cut_batch = False
                    raise Unavailable("lost the connection")
                self.record(entry)
        except Exception:
            del self.done[before:]  # rolled back
            raise
        finally:
            self.in_batch = False
        self.transactions += 1

    def record(self, result):
        """One result, named as the store's write of it: (write, its fields...)."""
        name = "apply_placement" if isinstance(result, FixedPlacement) else "finish_tournament"
        self._call(name, *astuple(result))

    def start_tournament(self, language, seats):
        self._call("start_tournament", language, seats)
        return 7, dict.fromkeys(seats, 1000)


def test_writes_wait_for_the_database_and_keep_their_order(caplog):
    clock, store = ManualClock(), FlakyStore(outage=3)
    recorder = Recorder(store, clock).start()
    recorder.tell(Record(FixedPlacement(1, 10, 8, 1, False, -25)))
    recorder.tell(Record(FixedPlacement(1, 11, 7, 2, False, -18)))
    recorder.tell(Record(TournamentClosed(1)))
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
    recorder.tell(Record(TournamentClosed(666)))
    recorder.tell(Record(TournamentClosed(2)))
    settle()
    assert store.done == [("finish_tournament", 2, "finished")]
    assert "database refused TournamentClosed(tournament_id=666" in caplog.text


def test_waiting_writes_are_journaled_until_written(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=2)
    journal = Journal(tmp_path / "journal.jsonl")
    recorder = Recorder(store, clock, journal=journal).start()
    recorder.tell(Record(FixedPlacement(1, 10, 8, 1, False, -25)))
    recorder.tell(Record(TournamentClosed(1)))
    settle()
    kept = journal.entries()
    assert kept == [FixedPlacement(1, 10, 8, 1, False, -25), TournamentClosed(1)]
    assert encode(kept[0]) == {
        "op": "placement",
        "tournament_id": 1,
        "player": 10,
        "place": 8,
        "elimination_round": 1,
        "left": False,
        "rating_change": -25,
    }
    unwritten = recorder.ask(PendingWrites())
    assert len(unwritten.results) == 2 and unwritten.journaled
    clock.advance(3.0, settle)  # the first retry fails too
    assert journal.entries() == kept
    clock.advance(3.0, settle)
    assert [d[0] for d in store.done] == ["apply_placement", "finish_tournament"]
    assert journal.entries() == [] and not journal.path.exists()
    assert recorder.ask(PendingWrites()).results == ()


def test_a_journal_the_disk_refuses_is_reported(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=5)
    (tmp_path / "file").write_text("")
    journal = Journal(tmp_path / "file" / "journal.jsonl")  # under a file: cannot be made
    recorder = Recorder(store, clock, journal=journal).start()
    recorder.tell(Record(TournamentClosed(1)))
    settle()
    unwritten = recorder.ask(PendingWrites())
    assert len(unwritten.results) == 1 and unwritten.journaled is False


def test_no_tournament_starts_before_earlier_results_are_written():
    clock, store = ManualClock(), FlakyStore(outage=1)
    recorder = Recorder(store, clock).start()
    recorder.tell(Record(FixedPlacement(1, 10, 8, 1, False, -25)))
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


def placement(tid: int, player: int, place: int) -> Record:
    return Record(FixedPlacement(tid, player, place, 1, False, 9 - 2 * place))


def test_queued_writes_share_one_transaction():
    clock, store = ManualClock(), FlakyStore(outage=0)
    recorder = Recorder(store, clock).start()
    for place in range(1, 9):
        recorder.tell(placement(1, 10 + place, place))
    recorder.tell(Record(TournamentClosed(1)))
    settle()
    assert store.transactions == 1
    assert store.done == [
        *[("apply_placement", 1, 10 + p, p, 1, False, 9 - 2 * p) for p in range(1, 9)],
        ("finish_tournament", 1, "finished"),
    ]
    recorder.tell(Record(TournamentClosed(2)))  # alone: its own transaction, as before
    settle()
    assert store.transactions == 2 and store.done[-1] == ("finish_tournament", 2, "finished")


def test_a_batch_holds_at_most_batch_max_writes():
    store = FlakyStore(outage=0)
    recorder = Recorder(store, ManualClock()).start()
    for i in range(2 * BATCH_MAX + 3):
        recorder.tell(Record(TournamentClosed(i + 1)))
    settle()
    assert store.transactions == 3
    assert [d[1] for d in store.done] == list(range(1, 2 * BATCH_MAX + 4))


def test_other_greenlets_run_between_two_batches():
    """A SQLite write holds the whole hub: a long queue is written a batch at a time."""
    store = FlakyStore(outage=0)
    recorder = Recorder(store, ManualClock()).start()
    seen: list[int] = []

    def watch():
        while True:
            seen.append(len(store.done))
            gevent.sleep(0)

    watcher = gevent.spawn(watch)
    for i in range(3 * BATCH_MAX):
        recorder.tell(Record(TournamentClosed(i + 1)))
    settle()
    watcher.kill()
    assert {BATCH_MAX, 2 * BATCH_MAX, 3 * BATCH_MAX} <= set(seen)


def test_a_refused_write_in_a_batch_does_not_drop_the_others(caplog):
    store = FlakyStore(outage=0)
    recorder = Recorder(store, ManualClock()).start()
    recorder.tell(placement(1, 10, 2))
    recorder.tell(Record(TournamentClosed(666)))
    recorder.tell(placement(1, 11, 1))
    recorder.tell(Record(TournamentClosed(1)))
    settle()
    assert store.done == [
        ("apply_placement", 1, 10, 2, 1, False, 5),
        ("apply_placement", 1, 11, 1, 1, False, 7),
        ("finish_tournament", 1, "finished"),
    ]
    assert "a batch of 4 writes was refused" in caplog.text
    assert "database refused TournamentClosed(tournament_id=666" in caplog.text


def test_an_outage_in_the_middle_of_a_batch_keeps_it_all_in_order_and_journaled(tmp_path):
    clock, store = ManualClock(), FlakyStore(outage=0)
    journal = Journal(tmp_path / "journal.jsonl")
    recorder = Recorder(store, clock, journal=journal).start()
    store.cut_batch = True
    for place in (3, 2, 1):
        recorder.tell(placement(1, 10 + place, place))
    recorder.tell(Record(TournamentClosed(1)))
    settle()
    assert store.done == []  # the batch was rolled back whole
    assert [(encode(e)["op"], encode(e).get("place")) for e in journal.entries()] == [
        ("placement", 3),
        ("placement", 2),
        ("placement", 1),
        ("finish", None),
    ]
    recorder.tell(Record(TournamentClosed(2)))  # during the outage: after the others
    settle()
    assert len(recorder.ask(PendingWrites()).results) == 5 and store.done == []
    clock.advance(3.0, settle)
    assert [d[:3] for d in store.done] == [
        ("apply_placement", 1, 13),
        ("apply_placement", 1, 12),
        ("apply_placement", 1, 11),
        ("finish_tournament", 1, "finished"),
        ("finish_tournament", 2, "finished"),
    ]
    assert store.transactions == 1  # the waiting writes too go in one batch
    assert not journal.path.exists()


def test_a_start_sees_every_result_queued_before_it():
    store = FlakyStore(outage=0)
    recorder = Recorder(store, ManualClock()).start()
    recorder.tell(placement(1, 10, 1))
    recorder.tell(Record(TournamentClosed(1)))
    assert recorder.ask(StartTournament("en", (10, 11)))[0] == 7  # nothing settled before
    assert [d[0] for d in store.done] == [
        "apply_placement",
        "finish_tournament",
        "start_tournament",
    ]
    assert store.transactions == 2


def test_a_start_asked_too_long_ago_is_refused_and_writes_nothing():
    clock, store = ManualClock(), FlakyStore(outage=0)
    recorder = Recorder(store, clock).start()
    with pytest.raises(RecorderBusy, match="too busy"):
        recorder.ask(StartTournament("en", (10, 11), deadline=clock.time() - 0.5))
    assert store.done == []
    assert recorder.ask(StartTournament("en", (10, 11), deadline=clock.time() + 10))[0] == 7


def test_a_start_whose_deadline_passes_while_earlier_results_are_written_is_refused():
    clock, store = ManualClock(), FlakyStore(outage=0)
    slow = store.record_results

    def record_results(entries):  # a slow commit: the lobby stops waiting meanwhile
        slow(entries)
        clock.now += 11

    store.record_results = record_results
    recorder = Recorder(store, clock).start()
    recorder.tell(placement(1, 10, 2))
    recorder.tell(placement(1, 11, 1))
    with pytest.raises(RecorderBusy):
        recorder.ask(StartTournament("en", (10, 11), deadline=clock.time() + 10))
    assert [d[0] for d in store.done] == ["apply_placement", "apply_placement"]  # results: kept


def test_a_start_that_outlives_its_deadline_while_written_is_closed_at_once():
    clock, store = ManualClock(), FlakyStore(outage=0)
    start = store.start_tournament

    def slow_start(language, seats):  # MySQL yields while it writes: the lobby gave up
        clock.now += 11
        return start(language, seats)

    store.start_tournament = slow_start
    recorder = Recorder(store, clock).start()
    with pytest.raises(RecorderBusy, match="tournament 7 started too late"):
        recorder.ask(StartTournament("en", (10, 11), deadline=clock.time() + 10))
    settle()
    assert store.done == [("start_tournament", "en", [10, 11]), ("finish_tournament", 7, "aborted")]


def test_with_a_writer_every_store_call_runs_there_and_writes_meanwhile_share_the_next():
    """With SQLite each call runs on the writer thread while the recorder waits; what is told
    meanwhile queues, and goes in one transaction after it."""
    store = FlakyStore(outage=0)
    calls: list[str] = []

    def writer(fn, *args):
        calls.append(fn.__name__)
        gevent.sleep(0.01)  # the thread at work: this greenlet waits, the others run
        return fn(*args)

    recorder = Recorder(store, ManualClock(), writer=writer).start()
    recorder.tell(Record(TournamentClosed(1)))
    gevent.sleep(0.002)  # its write is under way
    assert calls == ["record_results"] and store.done == []
    for i in range(2, 6):
        recorder.tell(Record(TournamentClosed(i)))
    assert recorder.ask(StartTournament("en", (10, 11)))[0] == 7
    assert calls == ["record_results", "record_results", "start_tournament"]
    assert [d[1] for d in store.done[:5]] == [1, 2, 3, 4, 5]
    assert store.transactions == 3
