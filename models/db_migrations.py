"""Versioned schema migrations, each recorded in the database so it runs once.

Version 1 is the first release's schema, made by `models.db.create_tables()`. A later schema
change is a step appended to MIGRATIONS (version 2, 3, ...) whose `up(migrator, database)`
uses playhouse.migrate, and the matching change to the models in models/db.py. A new database
gets the current models from create_tables(), which records every step here as applied; an
existing one is brought up to date by `python3 scripts/migrate.py`.

Each step runs in a transaction together with its record. SQLite rolls back a failed step
whole; MySQL commits each DDL statement as it goes, so keep a MySQL step to one change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from peewee import Database
from playhouse.migrate import MySQLMigrator, SchemaMigrator, SqliteMigrator

from models import db

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
MIGRATIONS: list[Migration] = []


def migrator() -> SchemaMigrator:
    """The playhouse.migrate helper for the connected database."""
    target = db.database.obj
    if db.is_mysql():
        return MySQLMigrator(target)
    if db.is_sqlite():
        return SqliteMigrator(target)
    raise RuntimeError("models.db.connect(url) must be called first")


def applied_versions() -> set[int]:
    """Versions recorded in the database (empty when it has no schema yet)."""
    with db.database.connection_context():
        if not db.database.table_exists(db.SchemaMigration._meta.table_name):
            return set()
        return {row.version for row in db.SchemaMigration.select(db.SchemaMigration.version)}


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
        with db.database.connection_context(), db.database.atomic():
            if db.SchemaMigration.get_or_none(db.SchemaMigration.version == step.version):
                continue  # another process got there first
            step.up(migrator(), db.database.obj)
            db.SchemaMigration.create(version=step.version, name=step.name)
    return todo


def record_baseline(include_all: bool, steps: Sequence[Migration] | None = None) -> None:
    """Record version 1, and every known step when the tables were created from the models."""
    steps = MIGRATIONS if steps is None else steps
    _check(steps)
    rows = [(BASELINE_VERSION, BASELINE_NAME)]
    if include_all:
        rows += [(s.version, s.name) for s in steps]
    with db.database.connection_context(), db.database.atomic():
        done = {r.version for r in db.SchemaMigration.select(db.SchemaMigration.version)}
        for version, name in rows:
            if version not in done:
                db.SchemaMigration.create(version=version, name=name)


def _check(steps: Sequence[Migration]) -> None:
    versions = [s.version for s in steps]
    if len(set(versions)) != len(versions) or any(v <= BASELINE_VERSION for v in versions):
        raise ValueError(f"migration versions must be unique and above {BASELINE_VERSION}")
