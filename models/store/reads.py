"""What the REST routes read: the leaderboard, profiles with rating history, and whole finished
tournaments with every duel's board."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from peewee import Expression, fn

from models.store.connection import read, store_call
from models.store.duel_figures import DuelFigures, duel_figures
from models.store.errors import NotFound
from models.store.tables import (
    ACCOUNT_ACTIVE,
    DuelRow,
    EntryRow,
    GuessRow,
    PlayerRow,
    TournamentRow,
)
from models.store.values import (
    PlayerInfo,
    aware,
    checked_int,
    player_info,
    present,
    rating_change,
)


@dataclass(frozen=True)
class LeaderboardLine:
    rank: int
    player: PlayerInfo


@dataclass(frozen=True)
class LeaderboardPage:
    total: int
    limit: int
    offset: int
    rows: list[LeaderboardLine]


@dataclass(frozen=True)
class RatingPoint:
    tournament_id: int
    at: dt.datetime
    rating: int


@dataclass(frozen=True)
class PlayedTournament:
    tournament_id: int
    language: str
    status: str
    started_at: dt.datetime
    ended_at: dt.datetime | None
    place: int | None
    elimination_round: int | None
    left: bool
    rating_before: int
    rating_after: int | None
    rating_change: int | None
    void: bool = False


@dataclass(frozen=True)
class Profile:
    player: PlayerInfo
    placements: int
    history: list[RatingPoint]  # oldest first, starting from the first placement
    recent: list[PlayedTournament]  # newest first
    duels: DuelFigures | None = None  # over every duel played (models/store/duel_figures.py)


@dataclass(frozen=True)
class SummaryEntry:
    player: PlayerInfo
    seat: int
    place: int | None
    elimination_round: int | None
    left: bool
    rating_before: int
    rating_after: int | None
    rating_change: int | None


@dataclass(frozen=True)
class SummaryGuess:
    player: int
    word: str | None
    marks: str | None
    skipped: bool
    at: dt.datetime


@dataclass(frozen=True)
class SummaryDuel:
    id: int
    round: int
    players: tuple[int, int]
    starter: int
    result: str
    winner: int | None
    secret: str
    length: int
    started_at: dt.datetime
    ended_at: dt.datetime
    rows: list[SummaryGuess]


@dataclass(frozen=True)
class Summary:
    id: int
    language: str
    status: str
    started_at: dt.datetime
    ended_at: dt.datetime | None
    entries: list[SummaryEntry]  # by place (unplaced last), then seat
    duels: list[SummaryDuel]  # by round, then the order they were recorded
    void: bool = False  # voided by an admin: its rating changes were taken back


def _ranked(include_bots: bool) -> Expression:
    """Who the leaderboard ranks: players with a placement (people only, unless asked), not
    banned or removed (their games stay; their rank goes)."""
    where = (PlayerRow.placements > 0) & (PlayerRow.status == ACCOUNT_ACTIVE)
    if not include_bots:
        where &= PlayerRow.is_bot == False  # noqa: E712 (peewee expression)
    return where


@store_call
def leaderboard(limit: int = 50, offset: int = 0, include_bots: bool = False) -> LeaderboardPage:
    """Players with at least one placement, best rating first (ties: older player first)."""
    limit = checked_int(limit, "limit", low=1, high=200)
    offset = checked_int(offset, "offset", low=0)
    where = _ranked(include_bots)
    with read():
        total = PlayerRow.select().where(where).count()
        rows = list(
            PlayerRow.select()
            .where(where)
            .order_by(PlayerRow.rating.desc(), PlayerRow.id)
            .limit(limit)
            .offset(offset)
        )
    return LeaderboardPage(
        total=total,
        limit=limit,
        offset=offset,
        rows=[LeaderboardLine(offset + i + 1, player_info(r)) for i, r in enumerate(rows)],
    )


@store_call
def leaderboard_line(player_id: int, include_bots: bool = False) -> LeaderboardLine | None:
    """The player's own row (their rank among the same players the leaderboard ranks), or
    None when they are not ranked."""
    pid = checked_int(player_id, "player id")
    where = _ranked(include_bots)
    with read():
        row = PlayerRow.get_or_none((PlayerRow.id == pid) & where)
        if row is None:
            return None
        above = (
            PlayerRow.select()
            .where(
                where
                & (
                    (PlayerRow.rating > row.rating)
                    | ((PlayerRow.rating == row.rating) & (PlayerRow.id < row.id))
                )
            )
            .count()
        )
    return LeaderboardLine(above + 1, player_info(row))


@store_call
def player_profile(player_id: int, recent: int = 10, history: int = 200) -> Profile:
    """Public profile: rating, rating after each placement (the last `history`), recent
    tournaments, the figures of every duel played. NotFound for unknown ids."""
    pid = checked_int(player_id, "player id")
    with read():
        row = PlayerRow.get_or_none(PlayerRow.id == pid)
        if row is None:
            raise NotFound(f"no player {pid}")
        points = list(
            EntryRow.select(EntryRow.tournament, EntryRow.placed_at, EntryRow.rating_after)
            .join(TournamentRow)
            .where(
                (EntryRow.player == pid)
                & EntryRow.placed_at.is_null(False)
                & (TournamentRow.void == False)  # noqa: E712 (a void tournament is not rated)
            )
            .order_by(EntryRow.placed_at.desc(), EntryRow.id.desc())
            .limit(history)
        )
        played = list(
            EntryRow.select(EntryRow, TournamentRow)
            .join(TournamentRow)
            .where(EntryRow.player == pid)
            .order_by(EntryRow.tournament.desc())
            .limit(recent)
        )
        figures = duel_figures(pid)
    return Profile(
        player=player_info(row),
        placements=row.placements,
        history=[
            RatingPoint(e.tournament_id, aware(present(e.placed_at)), present(e.rating_after))
            for e in reversed(points)
        ],
        recent=[
            PlayedTournament(
                tournament_id=e.tournament.id,
                language=e.tournament.language,
                status=e.tournament.status,
                started_at=aware(e.tournament.started_at),
                ended_at=aware(e.tournament.ended_at),
                place=e.place,
                elimination_round=e.elimination_round,
                left=e.left,
                rating_before=e.rating_before,
                rating_after=e.rating_after,
                rating_change=rating_change(e),
                void=bool(e.tournament.void),
            )
            for e in played
        ],
        duels=figures,
    )


@store_call
def tournament_summary(tournament_id: int) -> Summary:
    """A tournament's placements, rating changes and every duel with its board and secret.
    Callers decide whether a running tournament may be shown. NotFound for unknown ids."""
    tid = checked_int(tournament_id, "tournament id")
    with read():
        t = TournamentRow.get_or_none(TournamentRow.id == tid)
        if t is None:
            raise NotFound(f"no tournament {tid}")
        entries = list(
            EntryRow.select(EntryRow, PlayerRow).join(PlayerRow).where(EntryRow.tournament == tid)
        )
        duels = list(
            DuelRow.select().where(DuelRow.tournament == tid).order_by(DuelRow.round, DuelRow.id)
        )
        guesses = list(
            GuessRow.select()
            .join(DuelRow)
            .where(DuelRow.tournament == tid)
            .order_by(GuessRow.duel, GuessRow.idx)
        )
    by_duel: dict[int, list[SummaryGuess]] = {}
    for g in guesses:
        by_duel.setdefault(g.duel_id, []).append(
            SummaryGuess(g.player_id, g.word, g.marks, g.word is None, aware(g.at))
        )
    entries.sort(key=lambda e: (e.place is None, e.place or 0, e.seat))
    return Summary(
        id=t.id,
        language=t.language,
        status=t.status,
        started_at=aware(t.started_at),
        ended_at=aware(t.ended_at),
        entries=[
            SummaryEntry(
                player=player_info(e.player, e.nickname),  # the name at the start
                seat=e.seat,
                place=e.place,
                elimination_round=e.elimination_round,
                left=e.left,
                rating_before=e.rating_before,
                rating_after=e.rating_after,
                rating_change=rating_change(e),
            )
            for e in entries
        ],
        duels=[
            SummaryDuel(
                id=d.id,
                round=d.round,
                players=(d.player_a_id, d.player_b_id),
                starter=d.starter_id,
                result=d.result,
                winner=d.winner_id,
                secret=d.secret,
                length=d.length,
                started_at=aware(d.started_at),
                ended_at=aware(d.ended_at),
                rows=by_duel.get(d.id, []),
            )
            for d in duels
        ],
        void=bool(t.void),
    )


@store_call
def rating_total() -> int:
    """Sum of all ratings (tests use it to show that nothing but placements moves ratings)."""
    with read():
        return int(PlayerRow.select(fn.COALESCE(fn.SUM(PlayerRow.rating), 0)).scalar())


@store_call
def running_tournaments() -> list[int]:
    """Tournaments not yet finished or aborted (scripts.chaos waits for none)."""
    with read():
        return [
            t.id
            for t in TournamentRow.select(TournamentRow.id).where(TournamentRow.status == "running")
        ]
