"""Every query and write the server and the REST routes need; each call is one short transaction.

Plain values (frozen dataclasses) cross this boundary, never peewee rows, so callers cannot
lazily hit the database from a greenlet that holds no connection. Nothing here yields to the
gevent hub inside a transaction except PyMySQL's own socket I/O (cooperative, on a connection
that belongs to the calling greenlet alone).

Ratings change in one place only: `apply_placement`, which writes the entry's place and
rating_after and adds the change to the player's rating in one transaction, once.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import logging
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from peewee import OperationalError, fn

from models import db, nicknames
from models import db_migrations as migrations
from models.db import (
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_RUNNING,
    DuelRecord,
    Entry,
    GuessRecord,
    Player,
    Tournament,
    database,
    from_unix,
    is_mysql,
    is_sqlite,
    utcnow,
)
from models.nicknames import NicknameError
from models.rating import START_RATING

__all__ = [
    "NicknameError",
    "NotFound",
    "open_database",
    "PlayerInfo",
    "abort_unfinished_tournaments",
    "apply_placement",
    "bots_near",
    "create_bot",
    "issue_bot_token",
    "create_player",
    "finish_tournament",
    "get_player",
    "get_players",
    "leaderboard",
    "player_by_token",
    "player_profile",
    "record_duel",
    "set_nickname",
    "start_tournament",
    "tournament_summary",
]

log = logging.getLogger("wordle.store")
P = ParamSpec("P")
R = TypeVar("R")

TOKEN_BYTES = 32  # 256 random bits
LAST_SEEN_EVERY = dt.timedelta(seconds=60)
MAX_TOKEN_LENGTH = 128
DUEL_RESULTS = frozenset({"win", "draw", "forfeit", "void"})
MARKS = re.compile(r"[gyx]+")
MAX_SEATS = 8
MAX_RATING_CHANGE = 1000  # far above anything the rules produce (K is 50 in total)


class NotFound(LookupError):
    """The player, tournament or entry does not exist."""


# --- values crossing the boundary ---------------------------------------------------------


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    nickname: str
    tag: str
    rating: int
    is_bot: bool
    bot_level: str | None
    placements: int
    created_at: dt.datetime  # aware, UTC
    last_seen: dt.datetime  # aware, UTC; private (only the player's own /api/me shows it)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player: PlayerInfo


@dataclass(frozen=True)
class LeaderboardPage:
    total: int
    limit: int
    offset: int
    rows: list[LeaderboardRow]


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


@dataclass(frozen=True)
class Profile:
    player: PlayerInfo
    placements: int
    history: list[RatingPoint]  # oldest first, starting from the first placement
    recent: list[PlayedTournament]  # newest first


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
class SummaryRow:
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
    rows: list[SummaryRow]


@dataclass(frozen=True)
class Summary:
    id: int
    language: str
    status: str
    started_at: dt.datetime
    ended_at: dt.datetime | None
    entries: list[SummaryEntry]  # by place (unplaced last), then seat
    duels: list[SummaryDuel]  # by round, then the order they were recorded


# --- transactions -------------------------------------------------------------------------

RETRYABLE_MYSQL_ERRORS = {1205, 1213}  # lock wait timeout, deadlock: the server rolled back
RETRIES = 3


def _retrying(fn: Callable[P, R]) -> Callable[P, R]:
    """Run a one-transaction store call again if MySQL chose it as a deadlock victim (the
    whole transaction was rolled back, so running it again is safe)."""

    @functools.wraps(fn)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(RETRIES + 1):
            try:
                return fn(*args, **kwargs)
            except OperationalError as exc:
                code = exc.args[0] if exc.args else None
                if code not in RETRYABLE_MYSQL_ERRORS or attempt == RETRIES:
                    raise
                if database.in_transaction():  # nested in a caller's transaction
                    raise
                log.info("retrying %s after MySQL error %s", fn.__name__, code)
                time.sleep(0.01 * (attempt + 1))  # cooperative under gevent
        raise AssertionError("unreachable")

    return call


@contextmanager
def _write() -> Iterator[None]:
    """A connection of this greenlet's own, one transaction. SQLite takes the write lock at
    BEGIN (IMMEDIATE), so the busy timeout applies there and never half-way through."""
    with database.connection_context():
        txn = database.atomic(lock_type="IMMEDIATE") if is_sqlite() else database.atomic()
        with txn:
            yield


@contextmanager
def _read() -> Iterator[None]:
    """A consistent snapshot for multi-query reads, without SQLite's write lock."""
    with database.connection_context():
        txn = database.atomic(lock_type="DEFERRED") if is_sqlite() else database.atomic()
        with txn:
            yield


# --- start-up -----------------------------------------------------------------------------


def open_database(url: str) -> list[int]:
    """Server start: connect, create missing tables, refuse to run on a schema that has
    migrations pending, and mark tournaments a crash left running as aborted (returned)."""
    db.connect(url)
    db.create_tables()
    waiting = migrations.pending()
    if waiting:
        names = ", ".join(f"{m.version} {m.name}" for m in waiting)
        raise RuntimeError(f"database needs migrations ({names}): run python3 scripts/migrate.py")
    return abort_unfinished_tournaments()


# --- players ------------------------------------------------------------------------------


def hash_token(token: str) -> str:
    """SHA-256 hex of a token: tokens carry 256 random bits, so no salt or slow hash is needed,
    and a leaked database does not let anyone log in."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@_retrying
def create_player(
    nickname: str | None = None,
    is_bot: bool = False,
    bot_level: str | None = None,
    rng: random.Random | None = None,
) -> tuple[PlayerInfo, str]:
    """A new player with an automatic (or given, validated) nickname; returns (player, token).

    The token is shown once: only its hash is stored."""
    name = nicknames.validate(nickname) if nickname is not None else None
    if name is None:
        name = nicknames.generate(rng or random.SystemRandom())
    if bot_level is not None and (not isinstance(bot_level, str) or len(bot_level) > 16):
        raise ValueError("bot_level must be a short string")
    token = secrets.token_urlsafe(TOKEN_BYTES)
    now = utcnow()
    with _write():
        row = Player.create(
            nickname=name,
            rating=START_RATING,
            token_hash=hash_token(token),
            is_bot=bool(is_bot),
            bot_level=bot_level,
            created_at=now,
            last_seen=now,
        )
    return _info(row), token


def player_by_token(token: object) -> PlayerInfo | None:
    """The token's player, or None. Looks up by hash (an attacker cannot steer a hash, so the
    index lookup leaks nothing useful) and compares in constant time; last_seen is refreshed
    at most once a minute so a busy player does not write on every request."""
    if not isinstance(token, str) or not 16 <= len(token) <= MAX_TOKEN_LENGTH:
        return None
    if not token.isascii() or not token.isprintable():
        return None
    digest = hash_token(token)
    with _read():
        row = Player.get_or_none(Player.token_hash == digest)
    if row is None or not hmac.compare_digest(row.token_hash, digest):
        return None
    now = utcnow()
    if now - row.last_seen >= LAST_SEEN_EVERY:
        with _write():
            Player.update(last_seen=now).where(
                (Player.id == row.id) & (Player.last_seen < now - LAST_SEEN_EVERY)
            ).execute()
        row.last_seen = now
    return _info(row)


def get_player(player_id: int) -> PlayerInfo | None:
    return get_players([player_id]).get(player_id)


def get_players(ids: Iterable[int]) -> dict[int, PlayerInfo]:
    """Players by id; unknown ids are simply absent."""
    wanted = {_int(i, "player id") for i in ids}
    if not wanted:
        return {}
    with _read():
        rows = list(Player.select().where(Player.id.in_(sorted(wanted))))
    return {row.id: _info(row) for row in rows}


# --- bots ---------------------------------------------------------------------------------


def bots_near(rating: float, window: float, exclude: Iterable[int], limit: int) -> list[PlayerInfo]:
    """Bot accounts rated within `window` of `rating`, closest first, not in `exclude`."""
    excluded = sorted({_int(i, "player id") for i in exclude})
    query = Player.select().where(
        Player.is_bot & Player.rating.between(rating - window, rating + window)
    )
    if excluded:
        query = query.where(Player.id.not_in(excluded))
    with _read():
        rows = list(query.order_by(fn.ABS(Player.rating - rating), Player.id).limit(limit))
    return [_info(row) for row in rows]


@_retrying
def create_bot(level: str, rating: int, rng: random.Random | None = None) -> tuple[PlayerInfo, str]:
    """A new bot account. Bots are named "Bot ..." and flagged, so nobody mistakes one for a
    person. A bot normally starts at 1000 like everyone; the bot fill may seed it at a
    lobby's average so it fits the rating window (its rating then moves like anyone's)."""
    rng = rng or random.SystemRandom()
    name = f"Bot {rng.choice(nicknames.ANIMALS)} {rng.randrange(10, 100)}"
    info, token = create_player(nickname=name, is_bot=True, bot_level=level, rng=rng)
    if rating != START_RATING:
        with _write():
            Player.update(rating=int(rating)).where(Player.id == info.id).execute()
        info = get_player(info.id)
    return info, token


@_retrying
def issue_bot_token(player_id: int) -> str:
    """A fresh token for a bot account (its old one stops working). Refused for people."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with _write():
        changed = (
            Player.update(token_hash=hash_token(token))
            .where((Player.id == _int(player_id, "player id")) & Player.is_bot)
            .execute()
        )
    if not changed:
        raise NotFound(f"no bot with id {player_id}")
    return token


@_retrying
def set_nickname(player_id: int, nickname: str) -> PlayerInfo:
    """Change a nickname; NicknameError(message) on bad input, NotFound for unknown ids."""
    pid = _int(player_id, "player id")
    name = nicknames.validate(nickname)
    with _write():
        Player.update(nickname=name).where(Player.id == pid).execute()
        row = Player.get_or_none(Player.id == pid)
    if row is None:
        raise NotFound(f"no player {pid}")
    return _info(row)


# --- tournaments --------------------------------------------------------------------------


@_retrying
def start_tournament(language: str, seats: Sequence[int]) -> tuple[int, dict[int, int]]:
    """Write a running tournament and its entries with the players' current ratings, which
    are the start-of-tournament ratings every change of this tournament is computed from."""
    if not isinstance(language, str) or not 1 <= len(language) <= 16:
        raise ValueError("language must be a short code such as 'en'")
    ids = [_int(p, "seat") for p in seats]
    if len(set(ids)) != len(ids) or not 2 <= len(ids) <= MAX_SEATS:
        raise ValueError(f"a tournament needs 2 to {MAX_SEATS} distinct players")
    with _write():
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


@_retrying
def record_duel(
    tournament_id: int,
    round: int,
    players: tuple[int, int],
    secret: str,
    length: int,
    starter: int,
    result: str,
    winner: int | None,
    rows: Sequence[tuple[int, str | None, str | None, float]],
    started_at: float,
    ended_at: float,
) -> int:
    """Write a finished duel and all its rows (player, word or None for a skip, marks, unix
    time) in one transaction; returns the duel's id."""
    tid = _int(tournament_id, "tournament id")
    rnd = _int(round, "round", low=1)
    if len(players) != 2:
        raise ValueError("a duel has two players")
    a, b = (_int(p, "player") for p in players)
    if a == b:
        raise ValueError("a duel has two different players")
    if starter not in (a, b) or (winner is not None and winner not in (a, b)):
        raise ValueError("starter and winner must be players of the duel")
    if result not in DUEL_RESULTS:
        raise ValueError(f"result must be one of {sorted(DUEL_RESULTS)}")
    if (result == "win") != (winner is not None) and result != "forfeit":
        raise ValueError("a win has a winner; a draw or a void duel has none")
    size = _int(length, "length", low=1, high=32)
    if not isinstance(secret, str) or not 1 <= len(secret) <= 64:
        raise ValueError("secret must be a word")
    guess_rows = []
    for i, (player, word, marks, at) in enumerate(rows):
        if player not in (a, b):
            raise ValueError(f"row {i}: player {player!r} is not in the duel")
        if (word is None) != (marks is None):
            raise ValueError(f"row {i}: a skip has neither word nor marks, a guess has both")
        if word is not None:
            if not isinstance(word, str) or not 1 <= len(word) <= 64:
                raise ValueError(f"row {i}: word must be a word")
            if not isinstance(marks, str) or len(marks) != size or not MARKS.fullmatch(marks):
                raise ValueError(f"row {i}: marks must be {size} of g, y, x")
        guess_rows.append(
            {"idx": i, "player": player, "word": word, "marks": marks, "at": _time(at)}
        )
    start, end = _time(started_at), _time(ended_at)
    with _write():
        seated = {
            e.player_id
            for e in Entry.select(Entry.player).where(
                (Entry.tournament == tid) & Entry.player.in_([a, b])
            )
        }
        if seated != {a, b}:
            if not Tournament.get_or_none(Tournament.id == tid):
                raise NotFound(f"no tournament {tid}")
            raise ValueError(f"players {a} and {b} are not both seated in tournament {tid}")
        duel = DuelRecord.create(
            tournament=tid,
            round=rnd,
            player_a=a,
            player_b=b,
            secret=secret,
            length=size,
            starter=starter,
            result=result,
            winner=winner,
            started_at=start,
            ended_at=end,
        )
        if guess_rows:
            GuessRecord.insert_many([{**r, "duel": duel.id} for r in guess_rows]).execute()
    return duel.id


@_retrying
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
    tid = _int(tournament_id, "tournament id")
    pid = _int(player_id, "player id")
    place = _int(place, "place", low=1, high=MAX_SEATS)
    rnd = _int(elimination_round, "elimination round", low=1)
    change = _int(rating_change, "rating change", low=-MAX_RATING_CHANGE, high=MAX_RATING_CHANGE)
    if not isinstance(left, bool):
        raise ValueError("left must be a bool")
    with _write():
        status = Tournament.select(Tournament.status).where(Tournament.id == tid).scalar()
        if status is None:
            raise NotFound(f"no tournament {tid}")
        if status != STATUS_RUNNING:
            return False
        _lock_player(pid)
        if not _write_entry(tid, pid, place, rnd, left, change):
            seat = Entry.select().where((Entry.tournament == tid) & (Entry.player == pid))
            if not seat.exists():
                raise NotFound(f"player {pid} has no seat in tournament {tid}")
            return False
        _credit_player(pid, change)
    return True


def _lock_player(pid: int) -> None:
    """MySQL: take the player's row lock first. Writing the entry takes a shared lock on the
    player row (foreign key check); two placements of one player in different tournaments
    would then both try to upgrade it and deadlock. SQLite's BEGIN IMMEDIATE already locks."""
    if is_mysql():
        Player.select(Player.id).where(Player.id == pid).for_update().execute()


def _write_entry(tid: int, pid: int, place: int, rnd: int, left: bool, change: int) -> bool:
    """Claim the entry (only if not yet placed); False if there was nothing to claim."""
    claimed = (
        Entry.update(
            place=place,
            elimination_round=rnd,
            left=left,
            rating_after=Entry.rating_before + change,
            placed_at=utcnow(),
        )
        .where((Entry.tournament == tid) & (Entry.player == pid) & Entry.place.is_null())
        .execute()
    )
    return claimed == 1


def _credit_player(pid: int, change: int) -> None:
    """Add the change in SQL (rating = rating + change): concurrent tournaments sharing a
    player can never overwrite each other's updates."""
    updated = (
        Player.update(rating=Player.rating + change, placements=Player.placements + 1)
        .where(Player.id == pid)
        .execute()
    )
    if updated != 1:
        raise NotFound(f"no player {pid}")


@_retrying
def finish_tournament(tournament_id: int, status: str = STATUS_FINISHED) -> None:
    """Mark a running tournament finished or aborted (an already closed one is left as is)."""
    if status not in {STATUS_FINISHED, STATUS_ABORTED}:
        raise ValueError("status must be 'finished' or 'aborted'")
    tid = _int(tournament_id, "tournament id")
    with _write():
        if not Tournament.select().where(Tournament.id == tid).exists():
            raise NotFound(f"no tournament {tid}")
        Tournament.update(status=status, ended_at=utcnow()).where(
            (Tournament.id == tid) & (Tournament.status == STATUS_RUNNING)
        ).execute()


@_retrying
def abort_unfinished_tournaments() -> list[int]:
    """At server start: tournaments a crash left running are marked aborted. Placements
    already fixed keep their rating changes; unplaced entries get none (their rating_after
    and place stay empty), since their result was never decided."""
    with _write():
        ids = [
            t.id
            for t in Tournament.select(Tournament.id).where(Tournament.status == STATUS_RUNNING)
        ]
        if ids:
            Tournament.update(status=STATUS_ABORTED, ended_at=utcnow()).where(
                Tournament.id.in_(ids) & (Tournament.status == STATUS_RUNNING)
            ).execute()
    return ids


# --- reads for the REST routes ------------------------------------------------------------


def leaderboard(limit: int = 50, offset: int = 0, include_bots: bool = True) -> LeaderboardPage:
    """Players with at least one placement, best rating first (ties: older player first)."""
    limit = _int(limit, "limit", low=1, high=200)
    offset = _int(offset, "offset", low=0)
    where = Player.placements > 0
    if not include_bots:
        where &= Player.is_bot == False  # noqa: E712 (peewee expression)
    with _read():
        total = Player.select().where(where).count()
        rows = list(
            Player.select()
            .where(where)
            .order_by(Player.rating.desc(), Player.id)
            .limit(limit)
            .offset(offset)
        )
    return LeaderboardPage(
        total=total,
        limit=limit,
        offset=offset,
        rows=[LeaderboardRow(offset + i + 1, _info(r)) for i, r in enumerate(rows)],
    )


def player_profile(player_id: int, recent: int = 10, history: int = 200) -> Profile:
    """Public profile: rating, rating after each placement (the last `history`), recent
    tournaments. NotFound for unknown ids."""
    pid = _int(player_id, "player id")
    with _read():
        row = Player.get_or_none(Player.id == pid)
        if row is None:
            raise NotFound(f"no player {pid}")
        points = list(
            Entry.select(Entry.tournament, Entry.placed_at, Entry.rating_after)
            .where((Entry.player == pid) & Entry.placed_at.is_null(False))
            .order_by(Entry.placed_at.desc(), Entry.id.desc())
            .limit(history)
        )
        played = list(
            Entry.select(Entry, Tournament)
            .join(Tournament)
            .where(Entry.player == pid)
            .order_by(Entry.tournament.desc())
            .limit(recent)
        )
    return Profile(
        player=_info(row),
        placements=row.placements,
        history=[
            RatingPoint(e.tournament_id, _aware(e.placed_at), e.rating_after)
            for e in reversed(points)
        ],
        recent=[
            PlayedTournament(
                tournament_id=e.tournament.id,
                language=e.tournament.language,
                status=e.tournament.status,
                started_at=_aware(e.tournament.started_at),
                ended_at=_aware(e.tournament.ended_at),
                place=e.place,
                elimination_round=e.elimination_round,
                left=e.left,
                rating_before=e.rating_before,
                rating_after=e.rating_after,
                rating_change=_change(e),
            )
            for e in played
        ],
    )


def tournament_summary(tournament_id: int) -> Summary:
    """A tournament's placements, rating changes and every duel with its board and secret.
    Callers decide whether a running tournament may be shown. NotFound for unknown ids."""
    tid = _int(tournament_id, "tournament id")
    with _read():
        t = Tournament.get_or_none(Tournament.id == tid)
        if t is None:
            raise NotFound(f"no tournament {tid}")
        entries = list(Entry.select(Entry, Player).join(Player).where(Entry.tournament == tid))
        duels = list(
            DuelRecord.select()
            .where(DuelRecord.tournament == tid)
            .order_by(DuelRecord.round, DuelRecord.id)
        )
        guesses = list(
            GuessRecord.select()
            .join(DuelRecord)
            .where(DuelRecord.tournament == tid)
            .order_by(GuessRecord.duel, GuessRecord.idx)
        )
    by_duel: dict[int, list[SummaryRow]] = {}
    for g in guesses:
        by_duel.setdefault(g.duel_id, []).append(
            SummaryRow(g.player_id, g.word, g.marks, g.word is None, _aware(g.at))
        )
    entries.sort(key=lambda e: (e.place is None, e.place or 0, e.seat))
    return Summary(
        id=t.id,
        language=t.language,
        status=t.status,
        started_at=_aware(t.started_at),
        ended_at=_aware(t.ended_at),
        entries=[
            SummaryEntry(
                player=_info(e.player),
                seat=e.seat,
                place=e.place,
                elimination_round=e.elimination_round,
                left=e.left,
                rating_before=e.rating_before,
                rating_after=e.rating_after,
                rating_change=_change(e),
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
                started_at=_aware(d.started_at),
                ended_at=_aware(d.ended_at),
                rows=by_duel.get(d.id, []),
            )
            for d in duels
        ],
    )


def rating_total() -> int:
    """Sum of all ratings (tests use it to show that nothing but placements moves ratings)."""
    with _read():
        return int(Player.select(fn.COALESCE(fn.SUM(Player.rating), 0)).scalar())


# --- helpers ------------------------------------------------------------------------------


def _info(row: Player) -> PlayerInfo:
    return PlayerInfo(
        id=row.id,
        nickname=row.nickname,
        tag=nicknames.tag(row.id),
        rating=row.rating,
        is_bot=bool(row.is_bot),
        bot_level=row.bot_level,
        placements=row.placements,
        created_at=_aware(row.created_at),
        last_seen=_aware(row.last_seen),
    )


def _change(e: Entry) -> int | None:
    return None if e.rating_after is None else e.rating_after - e.rating_before


def _aware(value: dt.datetime | None) -> dt.datetime | None:
    return None if value is None else value.replace(tzinfo=dt.UTC)


def _time(seconds: float) -> dt.datetime:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ValueError("times are unix seconds")
    if not 0 <= seconds < 253402300800:  # year 10000
        raise ValueError("time out of range")
    return from_unix(seconds)


def _int(value: object, what: str = "id", low: int = 1, high: int | None = None) -> int:
    """Ints only (not bools, not strings): bad input is refused before touching the database."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer")
    if value < low or (high is not None and value > high):
        raise ValueError(f"{what} out of range")
    if value > 2**31 - 1:
        raise ValueError(f"{what} out of range")
    return value
