"""Tournaments as they are played: the start with everyone's rating, each finished duel with its
board, each fixed placement with its rating change, and the end.

Ratings change in one place only: `apply_placement`, which writes the entry's place and
rating_after and adds the change to the player's rating in one transaction, once.

Each result write is a public function (its own transaction) over an inner one that runs in
the caller's transaction, so `record_results` can write many results in one: the
recorder writes ~22 results per tournament, and under load it pays a transaction's fixed
costs (BEGIN, the commit and its sync) once per batch instead of once per result. The inner
functions share a `_Known` per transaction, which remembers what an earlier statement of the
same transaction already read (a tournament's status, its seats) instead of reading it again.
The statements that run for every duel and placement are built once (models/store/
statements.py), not by peewee per call.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import assert_never

from models.results import FixedPlacement, GameResult, PlayedDuel, TournamentClosed
from models.rules import SEATS
from models.store import statements
from models.store.connection import is_mysql, store_call, write
from models.store.errors import NotFound
from models.store.statements import db_value, insert_rows, run
from models.store.tables import (
    STATUS_ABANDONED,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_RUNNING,
    DuelRow,
    EntryRow,
    GuessRow,
    PlayerRow,
    TournamentRow,
    from_unix,
    utcnow,
)
from models.store.values import checked_int

MAX_RATING_CHANGE = 1000  # far above anything the rules produce (K is 50 in total)
# the columns of a duel and of its rows, in the order `_record_duel` gives their values
DUEL_FIELDS = tuple(
    getattr(DuelRow, name)
    for name in (
        "tournament", "round", "player_a", "player_b", "secret", "length", "starter", "result",
        "winner", "started_at", "ended_at",
    )
)  # fmt: skip
GUESS_FIELDS = tuple(
    getattr(GuessRow, name) for name in ("duel", "idx", "player", "word", "marks", "at")
)


@store_call
def start_tournament(language: str, seats: Sequence[int]) -> tuple[int, dict[int, int]]:
    """Write a running tournament and its entries with the players' current ratings, which
    are the start-of-tournament ratings every change of this tournament is computed from."""
    if not isinstance(language, str) or not 1 <= len(language) <= 16:
        raise ValueError("language must be a short code such as 'en'")
    ids = [checked_int(p, "seat") for p in seats]
    if len(set(ids)) != len(ids) or not 2 <= len(ids) <= SEATS:
        raise ValueError(f"a tournament needs 2 to {SEATS} distinct players")
    with write():
        rows = list(
            PlayerRow.select(PlayerRow.id, PlayerRow.rating, PlayerRow.nickname).where(
                PlayerRow.id.in_(ids)
            )
        )
        names = {row.id: row.nickname for row in rows}
        ratings = {row.id: row.rating for row in rows}
        missing = [p for p in ids if p not in ratings]
        if missing:
            raise NotFound(f"no players {missing}")
        tournament = TournamentRow.create(language=language, status=STATUS_RUNNING)
        EntryRow.insert_many(
            [
                {
                    "tournament": tournament.id,
                    "player": p,
                    "seat": seat,
                    "rating_before": ratings[p],
                    "nickname": names[p],  # the name the replay shows
                }
                for seat, p in enumerate(ids)
            ]
        ).execute()
    return tournament.id, {p: ratings[p] for p in ids}


@dataclass
class _Known:
    """What this transaction has already read or written: tournaments by status, seats by
    tournament. Valid for one transaction only (the recorder is the only writer of results)."""

    status: dict[int, str | None] = field(default_factory=dict)
    seats: dict[int, set[int]] = field(default_factory=dict)

    def tournament_status(self, tid: int) -> str | None:
        if tid not in self.status:
            found = run(statements.sql().tournament_status, [tid]).fetchone()
            self.status[tid] = found[0] if found else None
        return self.status[tid]

    def seated(self, tid: int) -> set[int]:
        if tid not in self.seats:
            self.seats[tid] = {row[0] for row in run(statements.sql().seats, [tid]).fetchall()}
        return self.seats[tid]


def _record(result: GameResult, known: _Known) -> None:
    """Write one result inside the caller's open transaction."""
    match result:
        case PlayedDuel():
            _record_duel(result, known)
        case FixedPlacement():
            _apply_placement(result, known)
        case TournamentClosed():
            _finish_tournament(result, known)
        case _:
            assert_never(result)


@store_call
def record_results(results: Sequence[GameResult]) -> None:
    """Write results in order, in ONE transaction: all of them or, if any is refused
    (NotFound, ValueError, a driver's bug error), none. Each is idempotent as in its own
    function, so a batch retried after an unclear failure, or replayed from the journal,
    changes nothing twice."""
    with write():
        known = _Known()
        for result in results:
            _record(result, known)


@store_call
def record_duel(played: PlayedDuel) -> int:
    """Write a finished duel and all its rows in one transaction; returns the duel's id. A duel
    already recorded (the same tournament, round, players and start) is not written again, so
    a retry after an unclear failure, or a journal replayed twice, cannot double it."""
    with write():
        return _record_duel(played, _Known())


def _record_duel(played: PlayedDuel, known: _Known) -> int:
    tid = checked_int(played.tournament_id, "tournament id")
    a, b = (checked_int(p, "player") for p in played.players)
    started = _time(played.started_at)
    params = [tid, played.round, a, b, db_value(DuelRow.started_at, started)]
    existing = run(statements.sql().find_duel, params).fetchone()
    if existing is not None:
        return int(existing[0])
    seated = known.seated(tid)
    if a not in seated or b not in seated:
        if known.tournament_status(tid) is None:
            raise NotFound(f"no tournament {tid}")
        raise ValueError(f"players {a} and {b} are not both seated in tournament {tid}")
    ended = _time(played.ended_at)
    duel = (
        tid, played.round, a, b, played.secret, played.length, played.starter, played.result,
        played.winner, started, ended,
    )  # fmt: skip
    duel_id = insert_rows(DuelRow, DUEL_FIELDS, [duel])
    rows = [(duel_id, i, r.player, r.word, r.marks, _time(r.at)) for i, r in enumerate(played.rows)]
    if rows:
        insert_rows(GuessRow, GUESS_FIELDS, rows)
    return duel_id


@store_call
def apply_placement(placement: FixedPlacement) -> bool:
    """Apply one fixed placement: entry's place, elimination round, left flag and
    rating_after = rating_before + change, and the player's rating += change, in one
    transaction. Returns False, writing nothing, if the entry was already placed or the
    tournament is no longer running; NotFound if there is no such entry."""
    with write():
        return _apply_placement(placement, _Known())


def _apply_placement(placement: FixedPlacement, known: _Known) -> bool:
    checked = FixedPlacement(
        tournament_id=checked_int(placement.tournament_id, "tournament id"),
        player=checked_int(placement.player, "player id"),
        place=checked_int(placement.place, "place", low=1, high=SEATS),
        elimination_round=checked_int(placement.elimination_round, "elimination round", low=1),
        left=placement.left,
        rating_change=checked_int(
            placement.rating_change, "rating change", low=-MAX_RATING_CHANGE, high=MAX_RATING_CHANGE
        ),
    )
    if not isinstance(checked.left, bool):
        raise ValueError("left must be a bool")
    tid, pid = checked.tournament_id, checked.player
    status = known.tournament_status(tid)
    if status is None:
        raise NotFound(f"no tournament {tid}")
    if status != STATUS_RUNNING:
        return False
    _lock_player(pid)
    if not _write_entry(checked):
        if pid not in known.seated(tid):
            raise NotFound(f"player {pid} has no seat in tournament {tid}")
        return False
    _credit_player(pid, checked.rating_change)
    return True


def _lock_player(pid: int) -> None:
    """MySQL: take the player's row lock first. Writing the entry takes a shared lock on the
    player row (foreign key check); two placements of one player in different tournaments
    would then both try to upgrade it and deadlock. SQLite's BEGIN IMMEDIATE already locks."""
    if is_mysql():
        run(statements.sql().lock_player, [pid])


def _write_entry(p: FixedPlacement) -> bool:
    """Claim the entry (only if not yet placed); False if there was nothing to claim."""
    placed_at = db_value(EntryRow.placed_at, utcnow())
    left = db_value(EntryRow.left, p.left)
    params = [p.place, p.elimination_round, left, p.rating_change, placed_at, p.tournament_id]
    params.append(p.player)
    return bool(run(statements.sql().claim_entry, params).rowcount == 1)


def _credit_player(pid: int, change: int) -> None:
    """Add the change in SQL (rating = rating + change): concurrent tournaments sharing a
    player can never overwrite each other's updates."""
    if run(statements.sql().credit_player, [change, pid]).rowcount != 1:
        raise NotFound(f"no player {pid}")


@store_call
def finish_tournament(closed: TournamentClosed) -> None:
    """Mark a running tournament finished, aborted or abandoned (an already closed one is left
    as is)."""
    with write():
        _finish_tournament(closed, _Known())


def _finish_tournament(closed: TournamentClosed, known: _Known) -> None:
    status = closed.status
    if status not in {STATUS_FINISHED, STATUS_ABORTED, STATUS_ABANDONED}:
        raise ValueError("status must be 'finished', 'aborted' or 'abandoned'")
    tid = checked_int(closed.tournament_id, "tournament id")
    closed = (
        TournamentRow.update(status=status, ended_at=utcnow())
        .where((TournamentRow.id == tid) & (TournamentRow.status == STATUS_RUNNING))
        .execute()
    )
    if closed:
        known.status[tid] = status
    elif known.tournament_status(tid) is None:  # nothing closed: already closed, or no such
        raise NotFound(f"no tournament {tid}")


@store_call
def abort_unfinished_tournaments() -> list[int]:
    """At server start: tournaments a crash left running are marked aborted. Placements
    already fixed keep their rating changes; unplaced entries get none (their rating_after
    and place stay empty), since their result was never decided."""
    with write():
        ids = [
            t.id
            for t in TournamentRow.select(TournamentRow.id).where(
                TournamentRow.status == STATUS_RUNNING
            )
        ]
        if ids:
            TournamentRow.update(status=STATUS_ABORTED, ended_at=utcnow()).where(
                TournamentRow.id.in_(ids) & (TournamentRow.status == STATUS_RUNNING)
            ).execute()
    return ids


def _time(seconds: float) -> dt.datetime:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ValueError("times are unix seconds")
    if not 0 <= seconds < 253402300800:  # year 10000
        raise ValueError("time out of range")
    return from_unix(seconds)
