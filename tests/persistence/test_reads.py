"""The store's reads for the REST routes, on both databases: the leaderboard, a player's
profile, a tournament's summary."""

from __future__ import annotations

import pytest

from models.results import FixedPlacement, TournamentClosed
from models.store.errors import NotFound
from tests.persistence.test_store import players, store


def test_leaderboard_lists_placed_players_best_first_with_pages(db_url):
    ps = players(6)
    bot, _ = store.create_player(is_bot=True, bot_level="easy")
    seats = [p.id for p in ps[:4]] + [bot.id]
    tid, _ = store.start_tournament("en", seats)
    for place, (pid, change) in enumerate(
        [(bot.id, 30), (ps[0].id, 12), (ps[1].id, 12), (ps[2].id, -4), (ps[3].id, -20)], 1
    ):
        store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
    page = store.leaderboard(limit=3, offset=0, include_bots=True)
    assert page.total == 5  # players who never placed (ps[4], ps[5]) are not listed
    assert [(r.rank, r.player.id) for r in page.rows] == [(1, bot.id), (2, ps[0].id), (3, ps[1].id)]
    page2 = store.leaderboard(limit=3, offset=3, include_bots=True)
    assert [(r.rank, r.player.id) for r in page2.rows] == [(4, ps[2].id), (5, ps[3].id)]
    humans = store.leaderboard()  # people only, unless asked
    assert humans.total == 4 and humans.rows[0].player.id == ps[0].id
    assert store.leaderboard_line(ps[3].id).rank == 4
    assert store.leaderboard_line(ps[3].id, include_bots=True).rank == 5
    assert store.leaderboard_line(bot.id) is None and store.leaderboard_line(ps[4].id) is None
    assert store.leaderboard(offset=10).rows == []
    for bad in [{"limit": 0}, {"limit": 201}, {"offset": -1}, {"limit": "5"}]:
        with pytest.raises(ValueError):
            store.leaderboard(**bad)


def test_profile_has_rating_series_and_recent_tournaments(db_url):
    ps = players(3)
    me = ps[0].id
    t1, _ = store.start_tournament("en", [p.id for p in ps])
    store.apply_placement(FixedPlacement(t1, me, 1, 2, False, 15))
    store.finish_tournament(TournamentClosed(t1))
    t2, _ = store.start_tournament("de", [p.id for p in ps])
    store.apply_placement(FixedPlacement(t2, me, 3, 1, True, -8))
    t3, _ = store.start_tournament("en", [me, ps[1].id])  # still running, not placed
    profile = store.player_profile(me)
    assert profile.player.rating == 1007 and profile.placements == 2
    assert [(h.tournament_id, h.rating) for h in profile.history] == [(t1, 1015), (t2, 1007)]
    assert [t.tournament_id for t in profile.recent] == [t3, t2, t1]
    assert [(t.place, t.rating_change, t.left) for t in profile.recent] == [
        (None, None, False),
        (3, -8, True),
        (1, 15, False),
    ]
    assert profile.recent[1].language == "de" and profile.recent[2].status == "finished"
    assert len(store.player_profile(me, recent=1).recent) == 1
    with pytest.raises(NotFound):
        store.player_profile(99999)


def test_summary_orders_entries_by_place(db_url):
    ps = players(4)
    tid, before = store.start_tournament("en", [p.id for p in ps])
    for pid, place, change in [(ps[2].id, 4, -10), (ps[0].id, 3, -3), (ps[3].id, 1, 9)]:
        store.apply_placement(FixedPlacement(tid, pid, place, 1, False, change))
    summary = store.tournament_summary(tid)
    assert [e.player.id for e in summary.entries] == [ps[3].id, ps[0].id, ps[2].id, ps[1].id]
    assert [e.rating_change for e in summary.entries] == [9, -3, -10, None]
    assert summary.entries[0].rating_after == before[ps[3].id] + 9
    with pytest.raises(NotFound):
        store.tournament_summary(99999)


def test_profile_figures_count_the_duels_won_and_their_rows(db_url):
    from tests.web.test_profile_figures import duel

    a, b = (p.id for p in players(2))
    tid, _ = store.start_tournament("en", [a, b])
    plan = [("win", a, 3), ("draw", None, 4), ("win", a, 2), ("win", a, 2), ("win", b, 5)]
    for n, (result, winner, rows) in enumerate(plan, start=1):
        store.record_duel(duel(tid, n, a, b, result, winner, rows))
    f = store.player_profile(a).duels
    assert (f.played, f.won, f.solved, f.average_rows) == (5, 3, 3, 2.33)
    assert f.distribution == {2: 2, 3: 1} and (f.current_streak, f.best_streak) == (0, 2)
