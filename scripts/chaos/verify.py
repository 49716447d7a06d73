"""The checks after a chaos run (scripts/chaos/run.py), read straight from the database."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from models.rating import placement_score, rating_change
from models.rules import START_RATING
from models.store import tables
from models.store.connection import connect
from models.store.tables import DuelRow, EntryRow, PlayerRow, TournamentRow


def verify(url: str, seen: Any, figures: Any) -> None:
    """Fill `figures` with what the database holds, and with every discrepancy found."""
    connect(url)
    with tables.database.connection_context():
        tournaments = {t.id: t.status for t in TournamentRow.select()}
        void = {t.id for t in TournamentRow.select().where(TournamentRow.void == True)}  # noqa: E712
        entries = list(EntryRow.select().order_by(EntryRow.placed_at, EntryRow.id))
        players = {p.id: p for p in PlayerRow.select()}
        duels = list(DuelRow.select())
    status = Counter(tournaments.values())
    figures.tournaments_finished = status["finished"]
    figures.tournaments_aborted = status["aborted"] + status["abandoned"]
    if status["running"]:
        figures.problems.append(f"{status['running']} tournament(s) still running")
    missing = seen.tournaments - set(tournaments)
    if missing:
        figures.problems.append(f"tournaments players saw but the database lacks: {missing}")

    by_tournament: dict[int, list[EntryRow]] = defaultdict(list)
    for e in entries:
        by_tournament[e.tournament_id].append(e)
    placed = [e for e in entries if e.place is not None]
    figures.placements = len(placed)
    figures.duels = len(duels)

    # every placement a player saw is stored once, as seen
    stored = {(e.tournament_id, e.player_id): e for e in placed}
    for key, values in seen.placements.items():
        e = stored.get(key)
        if e is None:
            figures.lost += 1
            figures.problems.append(f"placement seen but not stored: {key} {values}")
        elif len(values) > 1 or values != {(e.place, e.rating_after - e.rating_before)}:
            figures.doubled += 1
            figures.problems.append(f"placement {key} seen as {values}, stored as {e.place}")
    # duels are stored once
    twice = Counter(
        (d.tournament_id, d.round, d.player_a_id, d.player_b_id, d.started_at) for d in duels
    )
    figures.doubled += sum(n - 1 for n in twice.values() if n > 1)
    # finished tournaments placed everyone
    for tid, st in tournaments.items():
        if st == "finished" and any(e.place is None for e in by_tournament[tid]):
            figures.lost += 1
            figures.problems.append(f"finished tournament {tid} has unplaced entries")

    # every change is the rules core's (a void tournament's are 0; a tournament after a void
    # one of its players started from shifted ratings, so only its chain is checked);
    # each player's rows chain and add up to the rating
    shifted = _after_a_void(entries, void)
    for e in placed:
        change = e.rating_after - e.rating_before
        if e.tournament_id in void:
            if change:
                figures.wrong_ratings += 1
                figures.problems.append(f"entry {e.id} of void tournament changed {change}")
            continue
        if e.tournament_id in shifted:
            continue
        if change not in _rule_changes(e, by_tournament[e.tournament_id]):
            figures.wrong_ratings += 1
            figures.problems.append(f"rating change of entry {e.id} is not the rules core's")
    rows: dict[int, list[EntryRow]] = defaultdict(list)
    for e in sorted(entries, key=lambda e: (e.tournament_id, e.id)):
        rows[e.player_id].append(e)
    for pid, player in players.items():
        rating, count = START_RATING, 0
        for e in rows[pid]:
            if e.rating_before != rating:
                figures.broken_chains += 1
                figures.problems.append(f"player {pid}: tournament {e.tournament_id} started "
                                        f"at {e.rating_before}, not {rating}")  # fmt: skip
                rating = e.rating_before
            if e.place is not None:
                rating = e.rating_after
                count += e.tournament_id not in void  # a void placement is not counted
        if player.rating != rating or player.placements != count:
            figures.doubled += 1
            figures.problems.append(
                f"player {pid}: rating {player.rating} ({player.placements} placements), "
                f"history says {rating} ({count})"
            )


def _rule_changes(e: EntryRow, seats: list[EntryRow]) -> set[int]:
    """The changes the rules allow `e` (models/tournament.py `_change`): anyone not placed is
    above; a seat left before e's place was fixed gives e nothing (the leaver rule). A seat
    left but placed after e may have been left before or after: both are allowed."""
    sure, maybe = [], []
    for o in seats:
        if o.id == e.id:
            continue
        if o.left and not e.left:
            if o.placed_at is not None and e.placed_at is not None and o.placed_at <= e.placed_at:
                continue  # left before e was placed
            maybe.append(o)
        else:
            sure.append(o)

    def score(o: EntryRow) -> tuple[float, float]:
        return (o.rating_before, placement_score(e.place, o.place) if o.place else 0.0)

    out = set()
    for mask in range(1 << len(maybe)):
        games = [score(o) for o in sure] + [
            score(o) for i, o in enumerate(maybe) if mask & (1 << i)
        ]
        out.add(rating_change(e.rating_before, games))
    return out


def _after_a_void(entries: list[EntryRow], void: set[int]) -> set[int]:
    """Tournaments later than a void one that shares a player with it."""
    first_void: dict[int, int] = {}
    for e in entries:
        if e.tournament_id in void:
            first_void[e.player_id] = min(
                first_void.get(e.player_id, e.tournament_id), e.tournament_id
            )
    return {
        e.tournament_id
        for e in entries
        if e.player_id in first_void and e.tournament_id > first_void[e.player_id]
    }
