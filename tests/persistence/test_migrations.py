"""Schema creation and versioned migrations: each step runs once and is recorded."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from peewee import CharField
from playhouse.migrate import migrate

from models.store import migrations, tables
from models.store.sql import SqlStore, connect, open_database

store = SqlStore()

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    return importlib.import_module("scripts.migrate")


def add_motto(migrator, database) -> None:
    migrate(migrator.add_column("player", "motto", CharField(max_length=80, null=True)))


MOTTO = migrations.Migration(100, "player motto (test only)", add_motto)
REAL = {migrations.BASELINE_VERSION} | {m.version for m in migrations.MIGRATIONS}


def columns(table: str) -> set[str]:
    with tables.database.connection_context():
        return {c.name for c in tables.database.get_columns(table)}


def test_new_database_gets_every_table_and_the_baseline(fresh_db_url):
    connect(fresh_db_url())
    assert migrations.applied_versions() == set()
    migrations.create_tables()
    with tables.database.connection_context():
        names = set(tables.database.get_tables())
        indexes = {i.name for i in tables.database.get_indexes("entry")}
    assert {m._meta.table_name for m in tables.TABLES} <= names
    assert any("player_id_placed_at" in name for name in indexes)
    every = {migrations.BASELINE_VERSION} | {m.version for m in migrations.MIGRATIONS}
    assert migrations.applied_versions() == every
    migrations.create_tables()  # again: nothing to do, nothing recorded twice
    assert migrations.applied_versions() == every


def test_new_database_records_known_steps_as_applied(fresh_db_url, monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", [MOTTO])
    connect(fresh_db_url())
    migrations.create_tables()  # the models are the latest schema: the step is only recorded
    assert migrations.applied_versions() == {1, 100}
    assert migrations.pending() == []


def test_a_migration_runs_once_and_is_recorded(fresh_db_url):
    url = fresh_db_url()
    connect(url)
    migrations.create_tables()
    player, token = store.create_player(nickname="Before")
    assert migrations.pending([MOTTO]) == [MOTTO]
    assert migrations.apply([MOTTO], dry_run=True) == [MOTTO]
    assert "motto" not in columns("player")  # a dry run changes nothing
    assert migrations.apply([MOTTO]) == [MOTTO]
    assert "motto" in columns("player")
    assert migrations.applied_versions() == REAL | {100}
    assert migrations.apply([MOTTO]) == []  # second run: nothing to do
    with tables.database.connection_context():
        row = tables.SchemaMigrationRow.get_by_id(100)
    assert row.name == MOTTO.name and row.applied_at is not None
    assert store.player_by_token(token).nickname == "Before"  # data kept


def test_a_failing_migration_is_not_recorded(fresh_db_url):
    connect(fresh_db_url())
    migrations.create_tables()

    def broken(migrator, database):
        raise RuntimeError("typo in migration")

    with pytest.raises(RuntimeError, match="typo"):
        migrations.apply([migrations.Migration(100, "broken", broken)])
    assert migrations.applied_versions() == REAL
    assert migrations.apply([MOTTO]) == [MOTTO]  # the fixed step then runs


def test_bad_migration_lists_are_refused(fresh_db_url):
    connect(fresh_db_url())
    migrations.create_tables()
    for steps in ([MOTTO, MOTTO], [migrations.Migration(1, "clash", add_motto)]):
        with pytest.raises(ValueError):
            migrations.apply(steps)


def test_server_start_refuses_pending_migrations(fresh_db_url, monkeypatch):
    url = fresh_db_url()
    assert open_database(url) == []
    monkeypatch.setattr(migrations, "MIGRATIONS", [MOTTO])
    with pytest.raises(RuntimeError, match="scripts.migrate"):
        open_database(url)
    migrations.apply()
    assert open_database(url) == []


def test_migrate_script(fresh_db_url, capsys):
    url = fresh_db_url()
    script = load_script()
    assert script.main(["--url", url], steps=[MOTTO]) == 1  # no schema yet: start the server
    assert "no schema yet" in capsys.readouterr().out
    open_database(url)
    assert script.main(["--url", url, "--list"], steps=[MOTTO]) == 0
    assert " 100  pending  player motto" in capsys.readouterr().out
    assert script.main(["--url", url, "--dry-run"], steps=[MOTTO]) == 0
    assert "would apply 100" in capsys.readouterr().out
    assert "motto" not in columns("player")
    assert script.main(["--url", url], steps=[MOTTO]) == 0
    assert "applied 100" in capsys.readouterr().out
    assert script.main(["--url", url], steps=[MOTTO]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert "motto" in columns("player")


def test_migrate_script_runs_from_the_command_line(fresh_db_url):
    url = fresh_db_url()
    open_database(url)
    env = {"WT_DATABASE_URL": url, "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "scripts.migrate", "--list"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "1  applied  initial schema" in out.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "scripts.migrate"],
        cwd=ROOT,
        env={**env, "WT_DATABASE_URL": "postgres://x/y"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "WT_DATABASE_URL" in bad.stderr
