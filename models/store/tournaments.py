"""Tournaments as they are played: the start with everyone's rating, each finished duel with its
board, each fixed placement with its rating change, and the end.

Ratings change in one place only: `apply_placement`, which writes the entry's place and
rating_after and adds the change to the player's rating in one transaction, once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from models.records import PlayedDuel
from models.rules import SEATS
from models.store import statements
from models.store.connection import is_mysql, store_call, write
from models.store.errors import NotFound
from models.store.statements import run, values
from models.store.tables import (
    STATUS_ABANDONED,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_RUNNING,
    DuelRecord,
    Entry,
    Player,
    Tournament,
    from_unix,
    utcnow,
)
from models.store.values import checked_int

MAX_RATING_CHANGE = 1000  # far above anything the rules produce (K is 50 in total)


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
        ratings = {
            row.id: row.rating
            for row in Player.select(Player.id, Player.rating).where(Player.id.in_(ids))
        }
        missing = [p for p in ids if p not in ratings]
        if missing:
            raise NotFound(f"no players {missing}")
        tournament = Tournament.create(language=language, status=STATUS_RUNNING)
        Entry.insert_many(
            [
                {
                    "tournament": tournament.id,
                    "player": p,
                    "seat": seat,
                    "rating_before": ratings[p],
                }
                for seat, p in enumerate(ids)
            ]
        ).execute()
    return tournament.id, {p: ratings[p] for p in ids}


@store_call
def record_duel(played: PlayedDuel) -> int:
    """Write a finished duel and all its rows in one transaction; returns the duel's id. A duel
    already recorded (the same tournament, round, players and start) is not written again, so
    a retry after an unclear failure, or a journal replayed twice, cannot double it."""
    tid = checked_int(played.tournament_id, "tournament id")
    a, b = (checked_int(p, "player") for p in played.players)
    started = _time(played.started_at)
    q = statements.sql()
    with write():
        found = run(q.find_duel, [tid, played.round, a, b, DuelRecord.started_at.db_value(started)])
        existing = found.fetchone()
        if existing is not None:
            return existing[0]
        seated = {row[0] for row in run(q.seated, [tid, a, b]).fetchall()}
        if seated != {a, b}:
            if not Tournament.get_or_none(Tournament.id == tid):
                raise NotFound(f"no tournament {tid}")
            raise ValueError(f"players {a} and {b} are not both seated in tournament {tid}")
        duel = (
            tid,
            played.round,
            a,
            b,
            played.secret,
            played.length,
            played.starter,
            played.result,
            played.winner,
            started,
            _time(played.ended_at),
        )
        duel_id = run(q.insert_duel, values(q.duel_fields, duel)).lastrowid
        if played.rows:
            params: list = []
            for i, r in enumerate(played.rows):
                row = (duel_id, i, r.player, r.word, r.marks, _time(r.at))
                params += values(q.guess_fields, row)
            run(q.insert_guesses(len(played.rows)), params)
    return duel_id


@store_call
def apply_placement(
    tournament_id: int,
    player_id: int,
    place: int,
    elimination_round: int,
    left: bool,
    rating_change: int,
) -> bool:
    """Apply one fixed placement: entry's place, elimination round, left flag and
    rating_after = rating_before + change, and the player's rating += change, in one
    transaction. Returns False, writing nothing, if the entry was already placed or the
    tournament is no longer running; NotFound if there is no such entry."""
    tid = checked_int(tournament_id, "tournament id")
    pid = checked_int(player_id, "player id")
    place = checked_int(place, "place", low=1, high=SEATS)
    rnd = checked_int(elimination_round, "elimination round", low=1)
    change = checked_int(
        rating_change, "rating change", low=-MAX_RATING_CHANGE, high=MAX_RATING_CHANGE
    )
    if not isinstance(left, bool):
        raise ValueError("left must be a bool")
    q = statements.sql()
    with write():
        status = run(q.tournament_status, [tid]).fetchone()
        if status is None:
            raise NotFound(f"no tournament {tid}")
        if status[0] != STATUS_RUNNING:
            return False
        _lock_player(pid)
        if not _write_entry(tid, pid, place, rnd, left, change):
            if run(q.seat_exists, [tid, pid]).fetchone() is None:
                raise NotFound(f"player {pid} has no seat in tournament {tid}")
            return False
        _credit_player(pid, change)
    return True


def _lock_player(pid: int) -> None:
    """MySQL: take the player's row lock first. Writing the entry takes a shared lock on the
    player row (foreign key check); two placements of one player in different tournaments
    would then both try to upgrade it and deadlock. SQLite's BEGIN IMMEDIATE already locks."""
    if is_mysql():
        run(statements.sql().lock_player, [pid])


def _write_entry(tid: int, pid: int, place: int, rnd: int, left: bool, change: int) -> bool:
    """Claim the entry (only if not yet placed); False if there was nothing to claim."""
    placed_at = Entry.placed_at.db_value(utcnow())
    params = [place, rnd, Entry.left.db_value(left), change, placed_at, tid, pid]
    return run(statements.sql().claim_entry, params).rowcount == 1


def _credit_player(pid: int, change: int) -> None:
    """Add the change in SQL (rating = rating + change): concurrent tournaments sharing a
    player can never overwrite each other's updates."""
    if run(statements.sql().credit_player, [change, pid]).rowcount != 1:
        raise NotFound(f"no player {pid}")


@store_call
def finish_tournament(tournament_id: int, status: str = STATUS_FINISHED) -> None:
    """Mark a running tournament finished, aborted or abandoned (an already closed one is left
    as is)."""
    if status not in {STATUS_FINISHED, STATUS_ABORTED, STATUS_ABANDONED}:
        raise ValueError("status must be 'finished', 'aborted' or 'abandoned'")
    tid = checked_int(tournament_id, "tournament id")
    with write():
        if not Tournament.select().where(Tournament.id == tid).exists():
            raise NotFound(f"no tournament {tid}")
        Tournament.update(status=status, ended_at=utcnow()).where(
            (Tournament.id == tid) & (Tournament.status == STATUS_RUNNING)
        ).execute()


@store_call
def abort_unfinished_tournaments() -> list[int]:
    """At server start: tournaments a crash left running are marked aborted. Placements
    already fixed keep their rating changes; unplaced entries get none (their rating_after
    and place stay empty), since their result was never decided."""
    with write():
        ids = [
            t.id
            for t in Tournament.select(Tournament.id).where(Tournament.status == STATUS_RUNNING)
        ]
        if ids:
            Tournament.update(status=STATUS_ABORTED, ended_at=utcnow()).where(
                Tournament.id.in_(ids) & (Tournament.status == STATUS_RUNNING)
            ).execute()
    return ids


def _time(seconds: float) -> dt.datetime:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ValueError("times are unix seconds")
    if not 0 <= seconds < 253402300800:  # year 10000
        raise ValueError("time out of range")
    return from_unix(seconds)
