"""Plain values that cross the store's boundary (never peewee rows, so no caller can lazily
hit the database from a greenlet that holds no connection), and the checks every call shares.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TypeVar, overload

from models import nicknames
from models.store.tables import EntryRow, PlayerRow

MAX_ID = 2**31 - 1
T = TypeVar("T")


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
    status: str = "active"  # or "banned", "removed" (models/store/moderation.py)


REMOVED_NAME = "removed player"


def player_info(row: PlayerRow, nickname: str | None = None) -> PlayerInfo:
    """`nickname`: the name to show instead of the current one (a replay's, from its entry);
    a removed account shows as "removed player" everywhere."""
    status = getattr(row, "status", "active") or "active"
    shown = REMOVED_NAME if status == "removed" else (nickname or row.nickname)
    return PlayerInfo(
        id=row.id,
        nickname=shown,
        tag=nicknames.tag(row.id),
        rating=row.rating,
        is_bot=bool(row.is_bot),
        bot_level=row.bot_level,
        placements=row.placements,
        created_at=aware(row.created_at),
        last_seen=aware(row.last_seen),
        status=status,
    )


def rating_change(e: EntryRow) -> int | None:
    return None if e.rating_after is None else e.rating_after - e.rating_before


@overload
def aware(value: dt.datetime) -> dt.datetime: ...
@overload
def aware(value: dt.datetime | None) -> dt.datetime | None: ...
def aware(value: dt.datetime | None) -> dt.datetime | None:
    """A stored time (naive UTC) as an aware one."""
    return None if value is None else value.replace(tzinfo=dt.UTC)


def present(value: T | None) -> T:
    """A column that is empty only before a row is complete, read where it is complete."""
    assert value is not None, "a complete row has this column"
    return value


def checked_int(value: object, what: str = "id", low: int = 1, high: int = MAX_ID) -> int:
    """Ints only (not bools, not strings): bad input is refused before touching the database."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer")
    if value < low or value > min(high, MAX_ID):
        raise ValueError(f"{what} out of range")
    return value
