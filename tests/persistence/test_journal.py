"""Results kept in the journal land exactly once; a storage failure is `Unavailable`, never a
driver's error or a dead process."""

from __future__ import annotations

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.store import journal, tables
from models.store.errors import Unavailable
from models.store.journal import Journal
from models.store.sql import SqlStore, connect, open_database
from tests.dbfixtures import played_duel

store = SqlStore()

T0 = 1_700_000_000.25


def tournament_with_results():
    """A tournament of three, and the results of its whole play."""
    ids = [store.create_player()[0].id for _ in range(3)]
    tid, _ = store.start_tournament("en", ids)
    a, b, c = ids
    duel = played_duel(
        tid, 1, (a, b), "crane", 5, a, "win", a,
        [(a, "slate", "xxgxg", T0 + 1), (b, None, None, T0 + 31), (a, "crane", "ggggg", T0 + 40)],
        T0, T0 + 40,
    )  # fmt: skip
    entries = [
        duel,
        FixedPlacement(tid, b, 3, 1, False, -17),
        FixedPlacement(tid, c, 2, 2, True, -2),
        FixedPlacement(tid, a, 1, 2, False, 19),
        TournamentClosed(tid, "finished"),
    ]
    return tid, ids, entries


def snapshot(tid):
    summary = store.tournament_summary(tid)
    return (
        summary.status,
        [(e.player.id, e.place, e.rating_after) for e in summary.entries],
        [(d.players, d.secret, len(d.rows)) for d in summary.duels],
        store.rating_total(),
    )


def test_a_journal_replays_exactly_once(db_url, tmp_path):
    tid, (a, b, c), entries = tournament_with_results()
    path = tmp_path / "pending.jsonl"
    Journal(path).add(entries)
    assert journal.replay(path, store) == 5
    assert not path.exists()
    once = snapshot(tid)
    assert once[0] == "finished" and len(once[2]) == 1
    players = store.get_players([a, b, c])
    assert [players[p].rating for p in (a, b, c)] == [1019, 983, 998]
    Journal(path).add(entries)  # a crash before the journal was removed: replayed again
    assert journal.replay(path, store) == 5
    assert snapshot(tid) == once
    assert store.get_player(a).placements == 1


def test_a_torn_last_line_is_skipped(db_url, tmp_path):
    tid, (a, _, _), entries = tournament_with_results()
    path = tmp_path / "pending.jsonl"
    Journal(path).add(entries[:4])
    with open(path, "a") as f:
        f.write('{"op": "finish", "tournament_id": ')  # the process died mid-append
    assert journal.replay(path, store) == 4
    assert store.get_player(a).rating == 1019
    assert store.tournament_summary(tid).status == "running"


def test_server_start_replays_the_journal_before_aborting_what_was_running(db_url, tmp_path):
    tid, (a, _, _), entries = tournament_with_results()
    path = tmp_path / "pending.jsonl"
    Journal(path).add(entries[:4])  # placements kept, the end not: the server had stopped
    assert open_database(db_url, str(path)) == [tid]
    summary = store.tournament_summary(tid)
    assert summary.status == "aborted"  # the placements count: they were fixed
    assert {e.player.id: e.place for e in summary.entries}[a] == 1
    assert store.get_player(a).rating == 1019


def test_recording_a_duel_twice_keeps_one(db_url):
    tid, (a, b, _), entries = tournament_with_results()
    store.record_duel(entries[0])
    store.record_duel(entries[0])
    duels = store.tournament_summary(tid).duels
    assert len(duels) == 1 and len(duels[0].rows) == 3


def test_a_database_file_gone_bad_is_unavailable_not_a_crash(tmp_path):
    url = f"sqlite:///{tmp_path}/wordle.db"
    connect(url)
    tables.database.create_tables(tables.TABLES)
    store.create_player()
    tables.database.close_all()
    (tmp_path / "wordle.db").write_bytes(b"this is not a database, it was overwritten" * 200)
    with pytest.raises(Unavailable, match="storage failed|not a database"):
        store.leaderboard()
    with pytest.raises(Unavailable):
        store.create_player()


def test_accounts_that_never_played_are_purged_after_a_while(db_url):
    import datetime as dt

    now = tables.utcnow()
    old = now - dt.timedelta(days=31)
    flood = [store.create_player()[0].id for _ in range(3)]
    recent = store.create_player()[0].id
    bot = store.create_bot("weak", 1000)[0].id
    _, (player, *_), _ = tournament_with_results()  # seated in a tournament: kept
    with tables.database.connection_context():
        tables.PlayerRow.update(last_seen=old).where(tables.PlayerRow.id != recent).execute()
    assert store.purge_unplayed(now - dt.timedelta(days=30)) == 3
    left = store.get_players([*flood, recent, bot, player])
    assert set(left) == {recent, bot, player}


def test_every_result_comes_back_from_the_journal_as_it_went_in(tmp_path):
    duel = played_duel(
        7, 2, (1, 2), "crane", 5, 2, "forfeit", 1,
        [(2, "slate", "xxgxg", T0 + 1), (1, None, None, T0 + 31)], T0, T0 + 40,
    )  # fmt: skip
    results = [duel, FixedPlacement(7, 1, 2, 3, True, -12), TournamentClosed(7, "abandoned")]
    path = tmp_path / "pending.jsonl"
    Journal(path).add(results)
    assert Journal(path).entries() == results
    assert [journal.decode(journal.encode(r)) for r in results] == results
    assert [journal.encode(r)["op"] for r in results] == ["duel", "placement", "finish"]


def test_a_placement_journaled_before_its_round_had_one_name_still_reads(tmp_path):
    path = tmp_path / "pending.jsonl"
    path.write_text(
        '{"op": "placement", "tournament_id": 3, "player": 4, "place": 5, "round": 2,'
        ' "left": false, "rating_change": -7}\n'
        '{"op": "finish", "tournament_id": 3, "status": "sometime"}\n'  # not a result: skipped
    )
    assert Journal(path).entries() == [FixedPlacement(3, 4, 5, 2, False, -7)]
