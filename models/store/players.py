"""Players: anonymous accounts with a secret token, nicknames, and bot accounts.

A token carries 256 random bits and is shown once; only its SHA-256 is stored, so a leaked
database does not let anyone sign in.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import random
import secrets
from collections.abc import Iterable

from peewee import fn

from models import nicknames
from models.rules import START_RATING
from models.store.connection import read, store_call, write
from models.store.errors import NotFound
from models.store.tables import ACCOUNT_ACTIVE, EntryRow, NameChangeRow, PlayerRow, utcnow
from models.store.values import PlayerInfo, checked_int, player_info, present

TOKEN_BYTES = 32  # 256 random bits
LAST_SEEN_EVERY = dt.timedelta(seconds=60)
MAX_TOKEN_LENGTH = 128


def hash_token(token: str) -> str:
    """SHA-256 hex of a token: tokens carry 256 random bits, so no salt or slow hash is needed."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@store_call
def create_player(
    nickname: str | None = None,
    is_bot: bool = False,
    bot_level: str | None = None,
    rng: random.Random | None = None,
) -> tuple[PlayerInfo, str]:
    """A new player with an automatic (or given, validated) nickname; returns (player, token)."""
    name = nicknames.validate(nickname) if nickname is not None else None
    if name is None:
        name = nicknames.generate(rng or random.SystemRandom())
    if bot_level is not None and (not isinstance(bot_level, str) or len(bot_level) > 16):
        raise ValueError("bot_level must be a short string")
    token = secrets.token_urlsafe(TOKEN_BYTES)
    now = utcnow()
    with write():
        row = PlayerRow.create(
            nickname=name,
            rating=START_RATING,
            token_hash=hash_token(token),
            is_bot=bool(is_bot),
            bot_level=bot_level,
            created_at=now,
            last_seen=now,
        )
        NameChangeRow.insert(player=row.id, nickname=name, at=now, by="player").execute()
    return player_info(row), token


@store_call
def player_by_token(token: object) -> PlayerInfo | None:
    """The token's player, or None. Looks up by hash (an attacker cannot steer a hash, so the
    index lookup leaks nothing useful) and compares in constant time; last_seen is refreshed
    at most once a minute so a busy player does not write on every request."""
    if not isinstance(token, str) or not 16 <= len(token) <= MAX_TOKEN_LENGTH:
        return None
    if not token.isascii() or not token.isprintable():
        return None
    digest = hash_token(token)
    with read():
        row = PlayerRow.get_or_none(PlayerRow.token_hash == digest)
    if row is None or not hmac.compare_digest(row.token_hash, digest):
        return None
    now = utcnow()
    if now - row.last_seen >= LAST_SEEN_EVERY:
        with write():
            PlayerRow.update(last_seen=now).where(
                (PlayerRow.id == row.id) & (PlayerRow.last_seen < now - LAST_SEEN_EVERY)
            ).execute()
        row.last_seen = now
    return player_info(row)


def get_player(player_id: int) -> PlayerInfo | None:
    return get_players([player_id]).get(player_id)


@store_call
def get_players(ids: Iterable[int]) -> dict[int, PlayerInfo]:
    """Players by id; unknown ids are simply absent."""
    wanted = {checked_int(i, "player id") for i in ids}
    if not wanted:
        return {}
    with read():
        rows = list(PlayerRow.select().where(PlayerRow.id.in_(sorted(wanted))))
    return {row.id: player_info(row) for row in rows}


@store_call
def set_nickname(player_id: int, nickname: str) -> PlayerInfo:
    """Change a nickname; NicknameError(message) on bad input, NotFound for unknown ids."""
    pid = checked_int(player_id, "player id")
    name = nicknames.validate(nickname)
    with write():
        changed = PlayerRow.update(nickname=name).where(PlayerRow.id == pid).execute()
        if changed:  # the name history (models/store/moderation.py) keeps every one
            NameChangeRow.insert(player=pid, nickname=name, at=utcnow(), by="player").execute()
        row = PlayerRow.get_or_none(PlayerRow.id == pid)
    if row is None:
        raise NotFound(f"no player {pid}")
    return player_info(row)


@store_call
def purge_unplayed(seen_before: dt.datetime) -> int:
    """Delete the accounts that never sat in a tournament and were last seen before
    `seen_before` (naive UTC): a sign-in flood leaves nothing behind for long. Bots, and
    anyone with a tournament entry, are kept. Returns how many were deleted."""
    played = EntryRow.select(EntryRow.player).distinct()
    with write():
        return int(
            PlayerRow.delete()
            .where(
                (PlayerRow.is_bot == False)  # noqa: E712 (peewee expression)
                & (PlayerRow.status == ACCOUNT_ACTIVE)  # a banned account is kept, marked
                & (PlayerRow.placements == 0)
                & (PlayerRow.last_seen < seen_before)
                & PlayerRow.id.not_in(played)
            )
            .execute()
        )


# --- bots ---------------------------------------------------------------------------------


@store_call
def bots_near(rating: float, window: float, exclude: Iterable[int], limit: int) -> list[PlayerInfo]:
    """Bot accounts rated within `window` of `rating`, closest first, not in `exclude`."""
    excluded = sorted({checked_int(i, "player id") for i in exclude})
    query = PlayerRow.select().where(
        PlayerRow.is_bot & PlayerRow.rating.between(rating - window, rating + window)
    )
    if excluded:
        query = query.where(PlayerRow.id.not_in(excluded))
    with read():
        rows = list(query.order_by(fn.ABS(PlayerRow.rating - rating), PlayerRow.id).limit(limit))
    return [player_info(row) for row in rows]


@store_call
def create_bot(level: str, rating: int, rng: random.Random | None = None) -> tuple[PlayerInfo, str]:
    """A new bot account. Bots are named "Bot ..." and flagged, so nobody mistakes one for a
    person. A bot normally starts at the start rating like everyone; the bot fill may seed it
    at a lobby's average so it fits the rating window (its rating then moves like anyone's)."""
    rng = rng or random.SystemRandom()
    name = f"Bot {rng.choice(nicknames.ANIMALS)} {rng.randrange(10, 100)}"
    info, token = create_player(nickname=name, is_bot=True, bot_level=level, rng=rng)
    if rating != START_RATING:
        with write():
            PlayerRow.update(rating=int(rating)).where(PlayerRow.id == info.id).execute()
        info = present(get_player(info.id))
    return info, token


@store_call
def issue_bot_token(player_id: int) -> str:
    """A fresh token for a bot account (its old one stops working). Refused for people."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with write():
        changed = (
            PlayerRow.update(token_hash=hash_token(token))
            .where((PlayerRow.id == checked_int(player_id, "player id")) & PlayerRow.is_bot)
            .execute()
        )
    if not changed:
        raise NotFound(f"no bot with id {player_id}")
    return token
