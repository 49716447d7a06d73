"""Ratings in the database are exactly the rules core's, and concurrent tournaments sharing
players lose no update (under gevent, in a subprocess: pytest itself is never monkey-patched).
"""

from __future__ import annotations

import random

from models.rating import rating_changes
from models.results import FixedPlacement, TournamentClosed
from models.store import tables
from models.store.sql import SqlStore
from models.tournament import Phase, PlacementFixed, Result, Tournament
from tests.persistence.workers import run_worker

store = SqlStore()

WORKER = "tests.persistence.gevent_apply"


def play(rng: random.Random, seats: list[int]):
    """Yield (tournament so far, events) of one random tournament, leaves included."""
    t, _ = store.start_tournament("en", seats)
    ratings = {p.id: p.rating for p in store.get_players(seats).values()}
    game = Tournament.create(seats, ratings)
    while not game.finished:
        if game.phase is Phase.BETWEEN and rng.random() < 0.05:
            game, events = game.leave(rng.choice(game.alive))
            yield t, game, events
            continue
        game, events = game.begin_round(rng)
        yield t, game, events
        if game.phase is Phase.INTRO:
            game, events = game.start_play()
            yield t, game, events
        while game.phase is Phase.PLAYING:
            pair = game.unsettled_pairs()[0]
            roll = rng.random()
            if roll < 0.08:
                game, events = game.leave(rng.choice(pair))
            elif roll < 0.25:
                game, events = game.record_duel(pair, Result.DRAW)
            else:
                game, events = game.record_duel(pair, Result.WIN, rng.choice(pair))
            yield t, game, events


def test_database_ratings_equal_the_rules_core_over_many_tournaments(db_url):
    rng = random.Random(20240605)
    pool = [store.create_player(rng=rng)[0].id for _ in range(12)]
    expected = dict.fromkeys(pool, 1000)
    for _ in range(12):
        seats = rng.sample(pool, 8)
        start = {p: expected[p] for p in seats}
        fixed: dict[int, PlacementFixed] = {}
        tid = game = None
        for tid, game, events in play(rng, seats):  # noqa: B007 (game is used after)
            for e in events:
                if isinstance(e, PlacementFixed):
                    assert e.rating_before == start[e.player]
                    applied = store.apply_placement(
                        FixedPlacement(tid, e.player, e.place, e.round, e.left, e.rating_change)
                    )
                    assert applied is True
                    fixed[e.player] = e
                    # a replay of the same event is refused and changes nothing
                    assert not store.apply_placement(
                        FixedPlacement(tid, e.player, e.place, e.round, e.left, e.rating_change)
                    )
        store.finish_tournament(TournamentClosed(tid))
        assert set(fixed) == set(seats)
        # the rules core's closed form over final places agrees with the per-event changes
        # (seats left by the time a player's place was fixed give that player no points)
        core = {}
        for p in seats:
            out = game.out_round.get(p, game.round)
            left = {q for q in game.left if game.out_round[q] <= out}
            core[p] = rating_changes(start, dict(game.places), left)[p]
        assert core == {p: e.rating_change for p, e in fixed.items()}
        for p in seats:
            expected[p] = start[p] + core[p]
        assert {p: i.rating for p, i in store.get_players(pool).items()} == expected
        summary = store.tournament_summary(tid)
        assert {
            e.player.id: (e.place, e.rating_before, e.rating_after) for e in summary.entries
        } == {p: (fixed[p].place, start[p], start[p] + core[p]) for p in seats}
        assert {e.player.id: e.left for e in summary.entries} == {p: fixed[p].left for p in seats}
    assert len(set(expected.values())) > 3  # ratings really moved apart


def test_concurrent_greenlets_lose_no_update(db_url, backend):
    rng = random.Random(7)
    shared = [store.create_player(rng=rng)[0].id for _ in range(8)]
    plan = {"tournaments": [], "duplicate": None, "yield_in_transaction": backend == "mysql"}
    total = dict.fromkeys(shared, 0)
    for _ in range(6):
        tid, _ = store.start_tournament("en", shared)
        rows = []
        for place, pid in enumerate(rng.sample(shared, 8), 1):
            change = rng.randint(-25, 25)
            total[pid] += change
            rows.append([pid, place, 1, False, change])
        plan["tournaments"].append({"id": tid, "placements": rows})
    dup_tid, _ = store.start_tournament("en", shared[:2])
    plan["duplicate"] = {"id": dup_tid, "placement": [shared[0], 1, 1, False, 10], "copies": 5}
    total[shared[0]] += 10

    result = run_worker(WORKER, db_url, plan=plan)

    assert result["patched"] is True
    assert result["applied"] == 6 * 8 and result["duplicate_applied"] == 1
    players = store.get_players(shared)
    assert {p: players[p].rating for p in shared} == {p: 1000 + total[p] for p in shared}
    assert players[shared[0]].placements == 7 and players[shared[1]].placements == 6
    if backend == "mysql":
        # transactions really overlapped, each greenlet on its own pooled connection
        assert result["max_connections_in_use"] > 1
    with tables.database.connection_context():
        assert (
            tables.EntryRow.select().where(tables.EntryRow.place.is_null()).count() == 1
        )  # shared[1], dup
