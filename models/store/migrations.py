"""The schema: tables made from the models, and versioned migrations, each recorded in the
database so it runs once.

Version 1 is the first release's schema, made by `create_tables()`. A later schema change is
a step appended to MIGRATIONS (version 2, 3, ...) whose `up(migrator, database)` uses
playhouse.migrate, and the matching change to the models in models/store/tables.py. A new
database gets the current models from create_tables(), which records every step here as
applied; an existing one is brought up to date by `python -m scripts.migrate`.

Each step runs in a transaction together with its record. SQLite rolls back a failed step
whole; MySQL commits each DDL statement as it goes, so keep a MySQL step to one change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from peewee import BooleanField, CharField, Database
from playhouse.migrate import MySQLMigrator, SchemaMigrator, SqliteMigrator, migrate

from models.store.connection import is_mysql, is_sqlite
from models.store.tables import (
    ACCOUNT_ACTIVE,
    MODERATION_TABLES,
    TABLES,
    PlayerRow,
    SchemaMigrationRow,
    database,
)

BASELINE_VERSION = 1
BASELINE_NAME = "initial schema"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    up: Callable[[SchemaMigrator, Database], None]


# Steps after the first release, oldest first. Example of a step:
#   Migration(2, "player motto", lambda m, d: migrate(m.add_column("player", "motto",
#             CharField(max_length=80, null=True)))),
def _moderation_tables(_m: SchemaMigrator, db: Database) -> None:
    for model in MODERATION_TABLES:
        model._meta.table_settings = _table_settings()
    db.create_tables(MODERATION_TABLES, safe=True)


MIGRATIONS: list[Migration] = [
    Migration(
        2,
        "player status (banned, removed)",
        lambda m, d: migrate(
            m.add_column("player", "status", CharField(max_length=16, default=ACCOUNT_ACTIVE))
        ),
    ),
    Migration(
        3,
        "tournament void",
        lambda m, d: migrate(m.add_column("tournament", "void", BooleanField(default=False))),
    ),
    Migration(
        4,
        "entry nickname at the start",
        lambda m, d: migrate(
            m.add_column("entry", "nickname", CharField(max_length=64, null=True))
        ),
    ),
    Migration(5, "moderation tables", _moderation_tables),
]


def migrator() -> SchemaMigrator:
    """The playhouse.migrate helper for the connected database."""
    target = database.obj
    if is_mysql():
        return MySQLMigrator(target)
    if is_sqlite():
        return SqliteMigrator(target)
    raise RuntimeError("models.store.connect(url) must be called first")


def applied_versions() -> set[int]:
    """Versions recorded in the database (empty when it has no schema yet)."""
    with database.connection_context():
        if not database.table_exists(SchemaMigrationRow._meta.table_name):
            return set()
        return {row.version for row in SchemaMigrationRow.select(SchemaMigrationRow.version)}


def pending(steps: Sequence[Migration] | None = None) -> list[Migration]:
    """Steps not yet applied, in version order (default: MIGRATIONS)."""
    steps = MIGRATIONS if steps is None else steps
    _check(steps)
    done = applied_versions()
    return [s for s in sorted(steps, key=lambda s: s.version) if s.version not in done]


def apply(steps: Sequence[Migration] | None = None, dry_run: bool = False) -> list[Migration]:
    """Run the pending steps in order, each recorded in the same transaction; returns them."""
    if BASELINE_VERSION not in applied_versions():
        raise RuntimeError("the database has no schema yet: start the server once first")
    todo = pending(steps)
    if dry_run:
        return todo
    for step in todo:
        with database.connection_context(), database.atomic():
            if SchemaMigrationRow.get_or_none(SchemaMigrationRow.version == step.version):
                continue  # another process got there first
            step.up(migrator(), database.obj)
            SchemaMigrationRow.create(version=step.version, name=step.name)
    return todo


def record_baseline(include_all: bool, steps: Sequence[Migration] | None = None) -> None:
    """Record version 1, and every known step when the tables were created from the models."""
    steps = MIGRATIONS if steps is None else steps
    _check(steps)
    rows = [(BASELINE_VERSION, BASELINE_NAME)]
    if include_all:
        rows += [(s.version, s.name) for s in steps]
    with database.connection_context(), database.atomic():
        done = {r.version for r in SchemaMigrationRow.select(SchemaMigrationRow.version)}
        for version, name in rows:
            if version not in done:
                SchemaMigrationRow.create(version=version, name=name)


def _check(steps: Sequence[Migration]) -> None:
    versions = [s.version for s in steps]
    if len(set(versions)) != len(versions) or any(v <= BASELINE_VERSION for v in versions):
        raise ValueError(f"migration versions must be unique and above {BASELINE_VERSION}")


def create_tables() -> None:
    """Create the missing tables. On a new database, every known migration is recorded as
    applied (the models already include them), so scripts/migrate.py starts from there."""
    if database.obj is None:
        raise RuntimeError("models.store.connect(url) must be called first")
    with database.connection_context():
        fresh = not database.table_exists(PlayerRow._meta.table_name)
        had_history = database.table_exists(SchemaMigrationRow._meta.table_name)
        for model in TABLES:
            model._meta.table_settings = _table_settings()
        database.create_tables(TABLES, safe=True)
        if fresh or not had_history:
            record_baseline(include_all=fresh)


def _table_settings() -> list[str]:
    if is_mysql():
        return ["ENGINE=InnoDB", "DEFAULT CHARSET=utf8mb4", "COLLATE=utf8mb4_unicode_ci"]
    return []
