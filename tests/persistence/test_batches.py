"""Many results in one transaction (`record_results`, what the recorder writes a batch with):
the same rows and ratings as one by one, idempotent, and all or nothing, on SQLite and MySQL;
and the recorder writes queued results through it."""

from __future__ import annotations

import gevent
import peewee
import pytest

from actors.clock import ManualClock
from actors.recorder import Record, Recorder
from actors.runtime import settle
from models.results import FixedPlacement, PlayedDuel, PlayedTurn, TournamentClosed
from models.store import tournaments
from models.store.errors import NotFound, Unavailable
from models.store.sql import SqlStore
from tests.persistence.test_journal import snapshot, tournament_with_results

store = SqlStore()


@pytest.fixture(name="transactions")
def fixture_transactions(monkeypatch) -> list[int]:
    """Counts the transactions the store opens (every `write()` is one `atomic`), leaving out
    the moderation pollers that the apps of earlier tests leave running (actors/moderation.py
    reads the admin log every few seconds, whatever database is bound)."""
    opened: list[int] = []
    atomic = peewee.DatabaseProxy.atomic

    def counting(self, *args, **kwargs):
        if not getattr(gevent.getcurrent(), "name", "").startswith("moderationpoller"):
            opened.append(1)
        return atomic(self, *args, **kwargs)

    monkeypatch.setattr(peewee.DatabaseProxy, "atomic", counting)
    return opened


def without_ids(tid: int, ids: list[int]):
    """A snapshot with players named by seat: comparable between two tournaments."""
    status, entries, duels, _ = snapshot(tid)
    seat = {p: i for i, p in enumerate(ids)}
    ratings = store.get_players(ids)
    return (
        status,
        sorted((seat[p], place, after) for p, place, after in entries),
        [(tuple(seat[p] for p in players), secret, n) for players, secret, n in duels],
        [(seat[p], ratings[p].rating, ratings[p].placements) for p in ids],
    )


def test_a_batch_is_one_transaction_and_writes_what_one_by_one_writes(db_url, transactions):
    one_tid, one_ids, one_entries = tournament_with_results()
    batch_tid, batch_ids, batch_entries = tournament_with_results()
    transactions.clear()
    for entry in one_entries:
        store.record_results([entry])
    assert len(transactions) == len(one_entries) == 5
    transactions.clear()
    store.record_results(batch_entries)
    assert len(transactions) == 1
    assert without_ids(batch_tid, batch_ids) == without_ids(one_tid, one_ids)
    assert without_ids(batch_tid, batch_ids)[0] == "finished"


def test_a_batch_written_twice_changes_nothing_the_second_time(db_url):
    tid, ids, entries = tournament_with_results()
    store.record_results(entries[:3])
    store.record_results(entries)  # a retry after an unclear failure, with more after it
    once = without_ids(tid, ids)
    store.record_results(entries + entries)  # the journal replayed, twice in one batch
    assert without_ids(tid, ids) == once
    assert [r for _, r, _ in once[3]] == [1019, 983, 998]


def test_a_batch_with_a_refused_entry_writes_nothing(db_url):
    tid, ids, entries = tournament_with_results()
    before = without_ids(tid, ids)
    wrong = FixedPlacement(tid + 1000, ids[0], 1, 1, False, 5)  # no such tournament
    with pytest.raises(NotFound):
        store.record_results([*entries[:4], wrong, entries[4]])
    assert without_ids(tid, ids) == before  # rolled back whole, nothing half-written


def test_a_batch_cut_by_an_outage_writes_nothing_and_can_be_written_again(db_url, monkeypatch):
    tid, ids, entries = tournament_with_results()
    before = without_ids(tid, ids)
    credit = tournaments._credit_player
    calls = []

    def database_gone(pid, change):
        calls.append(pid)
        if len(calls) == 2:  # after a duel and a placement were written in this transaction
            raise peewee.OperationalError("server has gone away")
        credit(pid, change)

    monkeypatch.setattr(tournaments, "_credit_player", database_gone)
    with pytest.raises(Unavailable):
        store.record_results(entries)
    assert without_ids(tid, ids) == before
    monkeypatch.setattr(tournaments, "_credit_player", credit)
    store.record_results(entries)
    assert without_ids(tid, ids)[3] == [(0, 1019, 1), (1, 983, 1), (2, 998, 1)]


def test_the_recorder_writes_a_tournaments_queued_results_in_one_transaction(db_url, transactions):
    ids = [store.create_player()[0].id for _ in range(4)]
    tid, _ = store.start_tournament("en", ids)
    other_tid, _ = store.start_tournament("en", ids)
    a, b, c, d = ids
    t0 = 1_700_000_000.5
    rows = (PlayedTurn(a, "crane", "ggggg", t0 + 2),)
    recorder = Recorder(store, ManualClock()).start()
    transactions.clear()
    recorder.tell(Record(PlayedDuel(tid, 1, (a, b), "crane", 5, a, "win", a, rows, t0, t0 + 3)))
    recorder.tell(Record(PlayedDuel(tid, 1, (c, d), "slate", 5, c, "draw", None, (), t0, t0)))
    for place, (p, change) in enumerate([(a, 20), (c, 5), (d, -5), (b, -20)], 1):
        recorder.tell(Record(FixedPlacement(tid, p, place, 1, False, change)))
    recorder.tell(Record(FixedPlacement(other_tid + 1000, a, 1, 1, False, 9)))
    recorder.tell(Record(TournamentClosed(tid)))
    recorder.tell(Record(TournamentClosed(other_tid, "aborted")))
    settle()
    # one batch, refused because of the wrong placement, then one by one: 1 + 9
    assert len(transactions) == 10
    summary = store.tournament_summary(tid)
    assert summary.status == "finished" and len(summary.duels) == 2
    assert store.tournament_summary(other_tid).status == "aborted"
    players = store.get_players(ids)
    assert [players[p].rating for p in ids] == [1020, 980, 1005, 995]
    transactions.clear()
    for p, change in [(a, 1), (b, 2)]:
        recorder.tell(Record(FixedPlacement(other_tid, p, 1, 1, False, change)))
    recorder.tell(Record(TournamentClosed(tid)))
    settle()
    assert len(transactions) == 1  # a batch that is all right: one transaction
    assert store.get_player(a).rating == 1020  # the other tournament was closed: no change
