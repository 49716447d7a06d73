"""The moderation store (models/store/moderation.py) on SQLite and MySQL: name history,
reports, bans, removals, renames that rewrite past entries, and voids that keep every
player's rating chain whole (scripts/chaos/verify.py's check over the database)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from playhouse.migrate import migrate

from models.results import FixedPlacement, TournamentClosed
from models.store import migrations, tables
from models.store.connection import connect
from models.store.errors import NotFound, Refused
from models.store.sql import SqlStore
from models.tournament import PlacementFixed
from scripts.chaos import verify as chaos_verify
from tests.persistence.test_placements import play

store = SqlStore()
HASH = "ab" * 32


def test_every_nickname_is_kept_in_the_history(db_url):
    player, _ = store.create_player(nickname="First")
    store.set_nickname(player.id, "Second")
    renamed = store.admin_rename(player.id, "mod", "offensive")
    history = store.name_history(player.id)
    assert [(n.nickname, n.by) for n in history] == [
        ("First", "player"), ("Second", "player"), (renamed.nickname, "admin"),
    ]  # fmt: skip
    assert renamed.nickname not in {"First", "Second"}


def test_replays_show_the_name_at_the_start_unless_an_admin_replaced_it(db_url):
    a, b = store.create_player(nickname="Alpha")[0], store.create_player(nickname="Beta")[0]
    tid, _ = store.start_tournament("en", [a.id, b.id])
    store.set_nickname(a.id, "Later")
    names = {e.player.id: e.player.nickname for e in store.tournament_summary(tid).entries}
    assert names == {a.id: "Alpha", b.id: "Beta"}
    new = store.admin_rename(b.id, "mod").nickname
    names = {e.player.id: e.player.nickname for e in store.tournament_summary(tid).entries}
    assert names == {a.id: "Alpha", b.id: new}


def test_one_open_report_per_reporter_and_target(db_url):
    me, them = store.create_player()[0], store.create_player()[0]
    first, created = store.file_report(me.id, them.id, "offensive_name", "standings")
    again, created_again = store.file_report(me.id, them.id, "other", "profile")
    assert created and not created_again and again.id == first.id
    groups = store.open_reports()
    assert [(g.player.id, g.count, g.reasons) for g in groups] == [
        (them.id, 1, {"offensive_name": 1})
    ]
    store.close_report(first.id, "mod", "renamed")
    assert store.open_reports() == [] and store.open_report(me.id, them.id) is None
    with pytest.raises(Refused):
        store.close_report(first.id, "mod")
    with pytest.raises(Refused, match="yourself"):
        store.file_report(me.id, me.id, "other", "profile")
    bot = store.create_bot("weak", 1000)[0]
    with pytest.raises(Refused) as refused:
        store.file_report(me.id, bot.id, "other", "profile")
    assert refused.value.code == "report_bot"
    with pytest.raises(NotFound):
        store.file_report(me.id, 999_999, "other", "profile")


def test_ban_unban_and_remove_are_marks_with_a_log(db_url):
    player, token = store.create_player(nickname="Villain")
    store.record_address(player.id, HASH, "Firefox", "signin")
    store.ban(player.id, "mod", "hateful name", address_days=3)
    assert store.player_by_token(token).status == "banned"
    assert store.address_banned(HASH) and not store.address_banned("cd" * 32)
    with pytest.raises(Refused, match="already banned"):
        store.ban(player.id, "mod", "again")
    store.unban(player.id, "mod")
    assert store.player_by_token(token).status == "active" and not store.address_banned(HASH)
    store.remove_player(player.id, "mod", "asked to")
    assert store.player_by_token(token) is None  # revoked
    assert store.get_player(player.id).nickname == "removed player"
    assert [(line.action, line.by, line.player) for line in store.admin_log()] == [
        ("ban", "mod", player.id), ("unban", "mod", player.id), ("remove", "mod", player.id),
    ]  # fmt: skip
    with pytest.raises(NotFound):
        store.ban(999_999, "mod", "x")


def test_address_records_are_purged_and_seen_by_the_admin(db_url):
    a, b = store.create_player()[0], store.create_player()[0]
    store.record_address(a.id, HASH, "Firefox", "signin")
    store.record_address(a.id, HASH, "Firefox", "signin")  # a page load again: not noted twice
    store.record_address(b.id, HASH, "Chrome", "signin")
    record = store.player_record(a.id)
    assert [(s.player.id, s.browser) for s in record.same_address] == [(b.id, "Chrome")]
    assert record.browsers == ["Firefox"]
    with tables.database.connection_context():  # b's record from 40 days ago: not shown
        old = tables.utcnow() - tables.dt.timedelta(days=40)
        tables.AddressSeenRow.update(at=old).where(tables.AddressSeenRow.player == b.id).execute()
    assert store.player_record(a.id, within_days=30).same_address == []
    assert len(store.player_record(a.id, within_days=50).same_address) == 1
    assert store.purge_addresses(tables.utcnow() + tables.dt.timedelta(seconds=1)) == 2
    assert store.player_record(a.id).same_address == []


def _tournament(rng, seats):
    tid = game = None
    for tid, game, events in play(rng, seats):  # noqa: B007
        for e in events:
            if isinstance(e, PlacementFixed):
                store.apply_placement(
                    FixedPlacement(tid, e.player, e.place, e.round, e.left, e.rating_change)
                )
    store.finish_tournament(TournamentClosed(tid))
    return tid


def _verify(url):
    seen = SimpleNamespace(tournaments=set(), placements={})
    figures = SimpleNamespace(problems=[], lost=0, doubled=0, wrong_ratings=0, broken_chains=0)
    chaos_verify.verify(url, seen, figures)
    return figures


def test_a_void_of_a_middle_tournament_keeps_every_chain(db_url):
    rng = random.Random(5)
    pool = [store.create_player(rng=rng)[0].id for _ in range(10)]
    tids = [_tournament(rng, rng.sample(pool, 8)) for _ in range(5)]
    assert _verify(db_url).problems == []
    total = store.rating_total()
    before = {p.id: p for p in store.get_players(pool).values()}
    middle = tids[2]
    summary = store.tournament_summary(middle)
    changes = {e.player.id: e.rating_change for e in summary.entries}
    assert any(changes.values())
    store.void_tournament(middle, "mod", "alt accounts")
    after = store.get_players(pool)
    for pid, change in changes.items():
        assert after[pid].rating == before[pid].rating - change
        assert after[pid].placements == before[pid].placements - 1
    assert store.rating_total() == total - sum(changes.values())
    voided = store.tournament_summary(middle)
    assert voided.void and all(e.rating_change == 0 for e in voided.entries)
    figures = _verify(db_url)
    assert figures.problems == [] and figures.broken_chains == 0
    with pytest.raises(Refused, match="already void"):
        store.void_tournament(middle, "mod", "again")
    # the check has teeth: a void entry that still changes, or a later row left unshifted
    with tables.database.connection_context():
        e = tables.EntryRow.get(tables.EntryRow.tournament == tids[3])
        tables.EntryRow.update(rating_before=e.rating_before + 7).where(
            tables.EntryRow.id == e.id
        ).execute()
        v = tables.EntryRow.get(tables.EntryRow.tournament == middle)
        tables.EntryRow.update(rating_after=v.rating_before + 3).where(
            tables.EntryRow.id == v.id
        ).execute()
    figures = _verify(db_url)
    assert figures.broken_chains >= 1 and figures.wrong_ratings >= 1


def test_the_moderation_migrations_bring_an_older_database_up(fresh_db_url):
    connect(fresh_db_url())
    migrations.create_tables()
    player, token = store.create_player(nickname="Before")
    m = migrations.migrator()
    with tables.database.connection_context():  # as the first release had it
        tables.database.drop_tables(tables.MODERATION_TABLES)
        migrate(m.drop_column("player", "status"))
        migrate(m.drop_column("tournament", "void"))
        migrate(m.drop_column("entry", "nickname"))
        tables.SchemaMigrationRow.delete().where(tables.SchemaMigrationRow.version > 1).execute()
    assert [s.version for s in migrations.pending()] == [2, 3, 4, 5]
    migrations.apply()
    assert migrations.pending() == []
    assert store.player_by_token(token).status == "active"
    assert [n.nickname for n in store.name_history(player.id)] == []  # history starts now
    store.set_nickname(player.id, "After")
    assert [n.nickname for n in store.name_history(player.id)] == ["After"]


def test_banned_and_removed_players_leave_the_leaderboard_not_the_history(db_url):
    a, b = store.create_player()[0], store.create_player()[0]
    tid, _ = store.start_tournament("en", [a.id, b.id])
    store.record_results([
        FixedPlacement(tid, a.id, 1, 1, False, 25), FixedPlacement(tid, b.id, 2, 1, False, -25),
        TournamentClosed(tid),
    ])  # fmt: skip
    assert [line.player.id for line in store.leaderboard().rows] == [a.id, b.id]
    store.ban(a.id, "mod", "x")
    assert [line.player.id for line in store.leaderboard().rows] == [b.id]
    assert store.leaderboard_line(a.id) is None
    assert {e.player.id for e in store.tournament_summary(tid).entries} == {a.id, b.id}
