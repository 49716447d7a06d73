"""The store on both databases: players and tokens, tournaments, duels, placements (its reads
are tests/persistence/test_reads.py)."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import random

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.store import tables, tournaments
from models.store.errors import NicknameError, NotFound
from models.store.sql import SqlStore
from models.store.values import PlayerInfo
from tests.dbfixtures import played_duel

store = SqlStore()

T0 = 1_700_000_000.0


def players(n: int, seed: int = 0) -> list[PlayerInfo]:
    rng = random.Random(seed)
    return [store.create_player(rng=rng)[0] for _ in range(n)]


def counts() -> dict[str, int]:
    with tables.database.connection_context():
        return {m._meta.table_name: m.select().count() for m in tables.TABLES}


def ratings() -> dict[int, int]:
    with tables.database.connection_context():
        return {p.id: p.rating for p in tables.PlayerRow.select()}


# --- players and tokens -------------------------------------------------------------------


def test_new_player_gets_a_strong_token_and_only_its_hash_is_stored(db_url):
    player, token = store.create_player(rng=random.Random(1))
    assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128
    with tables.database.connection_context():
        row = tables.PlayerRow.get_by_id(player.id)
        stored = [str(v) for v in row.__data__.values()]
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert not any(token in v for v in stored)
    assert player.rating == 1000 and player.placements == 0 and not player.is_bot
    assert player.nickname.split()[-1].isdigit() and player.tag
    assert store.create_player()[1] != token


def test_token_lookup_accepts_only_the_exact_token(db_url):
    player, token = store.create_player()
    assert store.player_by_token(token).id == player.id
    other, other_token = store.create_player()
    assert store.player_by_token(other_token).id == other.id
    for bad in [None, "", "x", token[:-1], token + "A", token.upper(), "é" * 43, 42, "a" * 500]:
        assert store.player_by_token(bad) is None


def test_last_seen_is_refreshed_at_most_once_a_minute(db_url):
    player, token = store.create_player()

    def set_last_seen(ago: float) -> dt.datetime:
        when = tables.utcnow() - dt.timedelta(seconds=ago)
        with tables.database.connection_context():
            tables.PlayerRow.update(last_seen=when).where(
                tables.PlayerRow.id == player.id
            ).execute()
        return when.replace(tzinfo=dt.UTC)

    recent = set_last_seen(30)
    assert store.player_by_token(token).last_seen == recent  # too soon: not written
    assert store.get_player(player.id).last_seen == recent
    old = set_last_seen(120)
    seen = store.player_by_token(token).last_seen
    assert seen > old + dt.timedelta(seconds=100)
    assert store.get_player(player.id).last_seen == seen


def test_bots_are_players_with_a_flag_and_level(db_url):
    bot, token = store.create_player(is_bot=True, bot_level="hard")
    assert (bot.is_bot, bot.bot_level) == (True, "hard")
    assert store.player_by_token(token).is_bot


def test_given_nickname_is_validated_and_bad_one_writes_nothing(db_url):
    assert store.create_player(nickname="  Zoë  the   Great ")[0].nickname == "Zoë the Great"
    before = counts()
    with pytest.raises(NicknameError):
        store.create_player(nickname="a\u200bb")
    assert counts() == before


def test_set_nickname_changes_only_that_player(db_url):
    a, b = players(2)
    changed = store.set_nickname(a.id, " Ana María ")
    assert changed.nickname == "Ana María" and changed.tag == a.tag
    assert store.get_player(b.id).nickname == b.nickname
    for bad in ["x", "a" * 25, "evil\u202eman", "tab\there", 7, ""]:
        with pytest.raises(NicknameError):
            store.set_nickname(a.id, bad)
    assert store.get_player(a.id).nickname == "Ana María"
    with pytest.raises(NotFound):
        store.set_nickname(99999, "Nobody")


def test_duplicate_nicknames_are_allowed_and_told_apart_by_tag(db_url):
    a, b = players(2)
    a = store.set_nickname(a.id, "Twin")
    b = store.set_nickname(b.id, "Twin")
    assert a.nickname == b.nickname and a.tag != b.tag


def test_get_players_returns_known_ids_only(db_url):
    a, b = players(2)
    found = store.get_players([a.id, b.id, 12345])
    assert set(found) == {a.id, b.id} and found[a.id] == store.get_player(a.id)
    assert store.get_players([]) == {}
    with pytest.raises(ValueError):
        store.get_players(["1"])


# --- tournaments and duels ----------------------------------------------------------------


def test_start_tournament_snapshots_current_ratings_in_seat_order(db_url):
    ps = players(8)
    with tables.database.connection_context():
        tables.PlayerRow.update(rating=1234).where(tables.PlayerRow.id == ps[3].id).execute()
    seats = [p.id for p in reversed(ps)]
    tid, before = store.start_tournament("en", seats)
    assert before[ps[3].id] == 1234 and set(before) == set(seats)
    with tables.database.connection_context():
        entries = list(
            tables.EntryRow.select()
            .where(tables.EntryRow.tournament == tid)
            .order_by(tables.EntryRow.seat)
        )
        status = tables.TournamentRow.get_by_id(tid).status
    assert [e.player_id for e in entries] == seats
    assert all(e.rating_before == before[e.player_id] and e.place is None for e in entries)
    assert status == "running"


@pytest.mark.parametrize(
    "language, seats_of, error",
    [
        ("en", lambda ps: [ps[0].id, ps[0].id], ValueError),
        ("en", lambda ps: [ps[0].id], ValueError),
        ("en", lambda ps: [ps[0].id, 99999], NotFound),
        ("", lambda ps: [ps[0].id, ps[1].id], ValueError),
        ("en", lambda ps: [ps[0].id, "2"], ValueError),
        ("en", lambda ps: [p.id for p in ps] + [ps[0].id + 100], ValueError),
    ],
)
def test_bad_tournament_start_writes_nothing(db_url, language, seats_of, error):
    ps = players(8)
    before = counts()
    with pytest.raises(error):
        store.start_tournament(language, seats_of(ps))
    assert counts() == before


def test_duel_and_its_rows_round_trip(db_url):
    a, b, c = players(3)
    tid, _ = store.start_tournament("en", [a.id, b.id, c.id])
    rows = [
        (a.id, "slate", "xyxxg", T0 + 1.25),
        (b.id, None, None, T0 + 31),
        (a.id, "crane", "ggggg", T0 + 40.5),
    ]
    duel_id = store.record_duel(
        played_duel(tid, 1, (a.id, b.id), "crane", 5, a.id, "win", a.id, rows, T0, T0 + 41)
    )
    store.finish_tournament(TournamentClosed(tid))
    (duel,) = store.tournament_summary(tid).duels
    assert duel.id == duel_id and duel.players == (a.id, b.id) and duel.secret == "crane"
    assert (duel.round, duel.starter, duel.result, duel.winner) == (1, a.id, "win", a.id)
    assert duel.started_at == dt.datetime.fromtimestamp(T0, dt.UTC)
    got = [(r.player, r.word, r.marks, r.skipped, r.at.timestamp()) for r in duel.rows]
    assert got == [(p, w, m, w is None, at) for p, w, m, at in rows]


@pytest.mark.parametrize(
    "change",
    [
        {"players": ("A", "C")},  # C is not seated in this tournament
        {"players": ("A", "A")},
        {"starter": "C"},
        {"winner": "C"},
        {"result": "won"},
        {"result": "draw"},  # a draw has no winner
        {"rows": [("A", "slate", "xyx", T0)]},  # marks of the wrong length
        {"rows": [("A", "slate", "xyxqg", T0)]},
        {"rows": [("A", "slate", None, T0)]},
        {"rows": [("C", None, None, T0)]},
        {"rows": [("A", None, None, "soon")]},
        {"round": 0},
        {"tournament": 99999},
    ],
)
def test_bad_duel_writes_nothing(db_url, change):
    a, b, c, d = players(4)
    tid, _ = store.start_tournament("en", [a.id, b.id, d.id])
    ids = {"A": a.id, "B": b.id, "C": c.id}
    args = {
        "tournament": tid,
        "round": 1,
        "players": ("A", "B"),
        "starter": "A",
        "result": "win",
        "winner": "A",
        "rows": [("A", "crane", "ggggg", T0)],
    } | change
    before = counts()
    with pytest.raises((ValueError, NotFound)):
        store.record_duel(
            played_duel(
                args["tournament"],
                args["round"],
                tuple(ids[p] for p in args["players"]),
                "crane",
                5,
                ids[args["starter"]],
                args["result"],
                ids.get(args["winner"]),
                [(ids[p], w, m, at) for p, w, m, at in args["rows"]],
                T0,
                T0 + 10,
            )
        )
    assert counts() == before


# --- placements ---------------------------------------------------------------------------


def test_placement_writes_entry_and_rating_together_once(db_url):
    ps = players(8)
    tid, before = store.start_tournament("en", [p.id for p in ps])
    p = ps[2].id
    assert store.apply_placement(FixedPlacement(tid, p, 8, 1, True, -9)) is True
    assert store.get_player(p).rating == before[p] - 9
    assert store.get_player(p).placements == 1
    with tables.database.connection_context():
        e = tables.EntryRow.get((tables.EntryRow.tournament == tid) & (tables.EntryRow.player == p))
    assert (e.place, e.elimination_round, e.left, e.rating_after) == (8, 1, True, before[p] - 9)
    assert e.placed_at is not None
    # the same placement again, or a different one for the same entry: refused, nothing moves
    assert store.apply_placement(FixedPlacement(tid, p, 8, 1, True, -9)) is False
    assert store.apply_placement(FixedPlacement(tid, p, 1, 3, False, +20)) is False
    assert store.get_player(p).rating == before[p] - 9
    assert store.get_player(p).placements == 1


def test_placement_of_a_crash_injected_between_the_two_writes_leaves_nothing(db_url, monkeypatch):
    ps = players(8)
    tid, before = store.start_tournament("en", [p.id for p in ps])
    p = ps[0].id
    entry_written = []
    real_write_entry = tournaments._write_entry

    def write_entry(*args):
        entry_written.append(real_write_entry(*args))
        return entry_written[-1]

    def crash(pid, change):
        raise RuntimeError("power cut")

    monkeypatch.setattr(tournaments, "_write_entry", write_entry)
    monkeypatch.setattr(tournaments, "_credit_player", crash)
    with pytest.raises(RuntimeError, match="power cut"):
        store.apply_placement(FixedPlacement(tid, p, 1, 3, False, 25))
    assert entry_written == [True]  # the entry write did happen inside the transaction...
    with tables.database.connection_context():
        e = tables.EntryRow.get((tables.EntryRow.tournament == tid) & (tables.EntryRow.player == p))
    assert (e.place, e.rating_after, e.placed_at) == (None, None, None)  # ...and was undone
    assert store.get_player(p).rating == before[p]
    monkeypatch.undo()
    assert (
        store.apply_placement(FixedPlacement(tid, p, 1, 3, False, 25)) is True
    )  # a retry still works
    assert store.get_player(p).rating == before[p] + 25


def test_placement_refusals(db_url):
    ps = players(3)
    tid, _ = store.start_tournament("en", [ps[0].id, ps[1].id])
    with pytest.raises(NotFound):
        store.apply_placement(FixedPlacement(tid, ps[2].id, 1, 1, False, 5))  # not seated
    with pytest.raises(NotFound):
        store.apply_placement(FixedPlacement(99999, ps[0].id, 1, 1, False, 5))
    for bad in [
        (tid, ps[0].id, 0, 1, False, 5),
        (tid, ps[0].id, 9, 1, False, 5),
        (tid, ps[0].id, 1, 0, False, 5),
        (tid, ps[0].id, 1, 1, "no", 5),
        (tid, ps[0].id, 1, 1, False, 5.5),
        (tid, ps[0].id, 1, 1, False, 10**6),
        (tid, True, 1, 1, False, 5),
    ]:
        with pytest.raises(ValueError):
            store.apply_placement(FixedPlacement(*bad))
    assert all(r == 1000 for r in ratings().values())
    store.finish_tournament(TournamentClosed(tid, "aborted"))
    assert (
        store.apply_placement(FixedPlacement(tid, ps[0].id, 1, 1, False, 5)) is False
    )  # closed tournament
    assert all(r == 1000 for r in ratings().values())


def test_abort_keeps_fixed_placements_and_gives_unplaced_entries_nothing(db_url):
    ps = players(8)
    tid, before = store.start_tournament("en", [p.id for p in ps])
    other, _ = store.start_tournament("de", [p.id for p in ps[:2]])
    done, _ = store.start_tournament("en", [p.id for p in ps[2:4]])
    store.finish_tournament(TournamentClosed(done))
    store.apply_placement(FixedPlacement(tid, ps[7].id, 8, 1, False, -10))
    assert sorted(store.abort_unfinished_tournaments()) == sorted([tid, other])
    assert store.abort_unfinished_tournaments() == []
    summary = store.tournament_summary(tid)
    assert summary.status == "aborted" and summary.ended_at is not None
    placed = [e for e in summary.entries if e.place is not None]
    assert [(e.player.id, e.rating_change) for e in placed] == [(ps[7].id, -10)]
    assert all(e.rating_after is None for e in summary.entries if e.place is None)
    assert ratings() == {p.id: before[p.id] - 10 * (p.id == ps[7].id) for p in ps}
    assert store.tournament_summary(done).status == "finished"


def test_finish_tournament(db_url):
    a, b = players(2)
    tid, _ = store.start_tournament("en", [a.id, b.id])
    with pytest.raises(ValueError):
        store.finish_tournament(TournamentClosed(tid, "done"))
    with pytest.raises(NotFound):
        store.finish_tournament(TournamentClosed(99999))
    store.finish_tournament(TournamentClosed(tid))
    ended = store.tournament_summary(tid).ended_at
    store.finish_tournament(TournamentClosed(tid, "aborted"))  # already closed: left as is
    summary = store.tournament_summary(tid)
    assert (summary.status, summary.ended_at) == ("finished", ended)


def test_nothing_but_placements_moves_a_rating(db_url):
    ps = players(8)
    total = store.rating_total()
    tid, _ = store.start_tournament("en", [p.id for p in ps])
    store.set_nickname(ps[0].id, "Renamed")
    store.record_duel(
        played_duel(tid, 1, (ps[0].id, ps[1].id), "crane", 5, ps[0].id, "draw", None, [], T0, T0)
    )
    store.player_by_token(store.create_player()[1])
    store.finish_tournament(TournamentClosed(tid))
    store.abort_unfinished_tournaments()
    store.leaderboard()
    store.player_profile(ps[0].id)
    assert store.rating_total() == total + 1000  # only the new player's starting rating


# --- reads --------------------------------------------------------------------------------
