"""The Peewee tables (the only module that defines them) and the proxy they are bound to.

`models.store.connection.connect(url)` binds `database` to SQLite or MySQL; every column that
holds a time holds naive UTC.
"""

from __future__ import annotations

import datetime as dt

from peewee import (
    AutoField,
    BooleanField,
    CharField,
    DatabaseProxy,
    DateTimeField,
    ForeignKeyField,
    IntegerField,
    Model,
    SmallIntegerField,
)

from models.rules import START_RATING

database = DatabaseProxy()

STATUS_RUNNING = "running"
STATUS_FINISHED = "finished"
STATUS_ABORTED = "aborted"
STATUS_ABANDONED = "abandoned"  # every person left; the bots still playing got no place

ACCOUNT_ACTIVE = "active"
ACCOUNT_BANNED = "banned"  # token refused (403); games kept
ACCOUNT_REMOVED = "removed"  # token revoked; shown as "removed player"; games kept


def utcnow() -> dt.datetime:
    """Naive UTC, as stored: every datetime column holds UTC."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def from_unix(seconds: float) -> dt.datetime:
    """Unix seconds (the game's clock) to the stored naive-UTC datetime."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).replace(tzinfo=None)


class BaseModel(Model):
    class Meta:
        database = database
        legacy_table_names = False


class PlayerRow(BaseModel):
    id = AutoField()
    nickname = CharField(max_length=64)
    rating = IntegerField(default=START_RATING)
    placements = IntegerField(default=0)  # fixed placements so far (the leaderboard's filter)
    created_at = DateTimeField(default=utcnow)
    last_seen = DateTimeField(default=utcnow)
    token_hash = CharField(max_length=64, unique=True)  # sha256 hex of the secret token
    is_bot = BooleanField(default=False)
    bot_level = CharField(max_length=16, null=True)
    status = CharField(max_length=16, default=ACCOUNT_ACTIVE)  # a mark, never a deletion

    class Meta:
        table_name = "player"
        indexes = ((("rating",), False),)


class TournamentRow(BaseModel):
    id = AutoField()
    language = CharField(max_length=16)
    status = CharField(max_length=16, default=STATUS_RUNNING, index=True)
    started_at = DateTimeField(default=utcnow)
    ended_at = DateTimeField(null=True)
    void = BooleanField(default=False)  # voided by an admin: its rating changes reverted

    class Meta:
        table_name = "tournament"


class EntryRow(BaseModel):
    """A player's seat in a tournament; place and rating_after are set by one placement."""

    id = AutoField()
    tournament = ForeignKeyField(TournamentRow, on_delete="CASCADE", index=False)
    player = ForeignKeyField(PlayerRow, on_delete="CASCADE", index=False)
    seat = SmallIntegerField()
    rating_before = IntegerField()
    rating_after = IntegerField(null=True)
    place = SmallIntegerField(null=True)
    elimination_round = SmallIntegerField(null=True)
    left = BooleanField(default=False, column_name="left_game")  # left or lost the connection
    placed_at = DateTimeField(null=True)
    nickname = CharField(max_length=64, null=True)  # the player's name at the start (or admin's)
    tournament_id: int  # (peewee's accessors of the foreign keys' values, for the type checker)
    player_id: int

    class Meta:
        table_name = "entry"
        indexes = (
            (("tournament", "player"), True),
            (("tournament", "seat"), True),
            (("player", "placed_at"), False),  # a player's rating history and recent games
        )


class DuelRow(BaseModel):
    id = AutoField()
    tournament = ForeignKeyField(TournamentRow, on_delete="CASCADE", index=False)
    round = SmallIntegerField()
    player_a = ForeignKeyField(PlayerRow, on_delete="CASCADE")
    player_b = ForeignKeyField(PlayerRow, on_delete="CASCADE")
    secret = CharField(max_length=64)
    length = SmallIntegerField()
    starter = ForeignKeyField(PlayerRow, on_delete="CASCADE")
    result = CharField(max_length=16)
    winner = ForeignKeyField(PlayerRow, null=True, on_delete="CASCADE")
    started_at = DateTimeField()
    ended_at = DateTimeField()
    tournament_id: int
    player_a_id: int
    player_b_id: int
    starter_id: int
    winner_id: int | None

    class Meta:
        table_name = "duel"
        indexes = ((("tournament", "round"), False),)


class GuessRow(BaseModel):
    """One played row of a duel: a scored word, or a skip (word and marks NULL)."""

    id = AutoField()
    duel = ForeignKeyField(DuelRow, on_delete="CASCADE", index=False)
    idx = SmallIntegerField()  # 0-based order within the duel
    player = ForeignKeyField(PlayerRow, on_delete="CASCADE")
    word = CharField(max_length=64, null=True)
    marks = CharField(max_length=32, null=True)
    at = DateTimeField()
    duel_id: int
    player_id: int

    class Meta:
        table_name = "guess"
        indexes = ((("duel", "idx"), True),)


class SchemaMigrationRow(BaseModel):
    """One row per applied migration version, so each runs once (see migrations.py)."""

    version = IntegerField(primary_key=True)
    name = CharField(max_length=200)
    applied_at = DateTimeField(default=utcnow)

    class Meta:
        table_name = "schema_migration"


class NameChangeRow(BaseModel):
    """Every nickname a player took (sign-in's too): who set it, the player or an admin."""

    id = AutoField()
    player = ForeignKeyField(PlayerRow, on_delete="CASCADE", index=False)
    nickname = CharField(max_length=64)
    at = DateTimeField(default=utcnow)
    by = CharField(max_length=8)  # "player" or "admin"
    player_id: int

    class Meta:
        table_name = "name_change"
        indexes = ((("player", "at"), False),)


class AddressSeenRow(BaseModel):
    """A sign-in or rename: a keyed hash of the client's address (never the address) and the
    browser family; purged after WT_ADDRESS_DAYS."""

    id = AutoField()
    player = ForeignKeyField(PlayerRow, on_delete="CASCADE", index=False)
    address_hash = CharField(max_length=64, index=True)
    browser = CharField(max_length=16)
    what = CharField(max_length=16)  # "signin" or "rename"
    at = DateTimeField(default=utcnow, index=True)
    player_id: int

    class Meta:
        table_name = "address_seen"
        indexes = ((("player", "at"), False),)


class AddressBanRow(BaseModel):
    """An address hash refused new accounts until `until` (set by a ban)."""

    id = AutoField()
    address_hash = CharField(max_length=64, index=True)
    until = DateTimeField()
    player = IntegerField()  # the banned account (not a key: the row outlives a purge)

    class Meta:
        table_name = "address_ban"


class ReportRow(BaseModel):
    """A player's report of another; open until a moderator closes it."""

    id = AutoField()
    reporter = ForeignKeyField(PlayerRow, on_delete="CASCADE", index=False)
    target = ForeignKeyField(PlayerRow, on_delete="CASCADE", index=False)
    reason = CharField(max_length=32)
    where = CharField(max_length=16)
    tournament = IntegerField(null=True)
    created_at = DateTimeField(default=utcnow)
    closed_at = DateTimeField(null=True)
    closed_by = CharField(max_length=64, null=True)
    note = CharField(max_length=500, null=True)
    reporter_id: int
    target_id: int

    class Meta:
        table_name = "report"
        indexes = (
            (("reporter", "target"), False),
            (("target", "closed_at"), False),
        )


class AdminLogRow(BaseModel):
    """Every moderator action: when, by whom, what, on whom, why (the moderation actor polls
    it to bring an action to the running game)."""

    id = AutoField()
    at = DateTimeField(default=utcnow)
    by = CharField(max_length=64)
    action = CharField(max_length=16)
    player = IntegerField(null=True)  # plain ids: the log outlives everything it names
    tournament = IntegerField(null=True)
    report = IntegerField(null=True)
    reason = CharField(max_length=500, default="")
    detail = CharField(max_length=500, default="")

    class Meta:
        table_name = "admin_log"


MODERATION_TABLES: list[type[Model]] = [
    NameChangeRow,
    AddressSeenRow,
    AddressBanRow,
    ReportRow,
    AdminLogRow,
]

TABLES: list[type[Model]] = [
    PlayerRow,
    TournamentRow,
    EntryRow,
    DuelRow,
    GuessRow,
    SchemaMigrationRow,
    *MODERATION_TABLES,
]
