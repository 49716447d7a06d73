#!/usr/bin/env python3
"""Bring the database named by WT_DATABASE_URL up to the current schema.

    .venv/bin/python -m scripts.migrate            # run the pending migrations, each once
    .venv/bin/python -m scripts.migrate --list     # every migration and whether it is applied
    .venv/bin/python -m scripts.migrate --dry-run  # what would run, changing nothing

Migrations are the versioned steps in models/store/migrations.py; each applied one is recorded in
the database's schema_migration table. Stop the server first: it refuses to start while
migrations are pending. A database that has no tables yet gets them on the server's start.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from models.settings import Settings, SettingsError
from models.store import migrations
from models.store.connection import connect


def main(
    argv: Sequence[str] | None = None, steps: Sequence[migrations.Migration] | None = None
) -> int:
    """Entry point; `steps` replaces migrations.MIGRATIONS (tests use it)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list migrations and their state")
    parser.add_argument("--dry-run", action="store_true", help="show what would run")
    parser.add_argument("--url", help="database URL (default: WT_DATABASE_URL)")
    args = parser.parse_args(argv)
    steps = migrations.MIGRATIONS if steps is None else steps
    try:
        url = args.url or Settings.from_env(os.environ).database_url
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    connect(url)
    done = migrations.applied_versions()
    if migrations.BASELINE_VERSION not in done:
        print("the database has no schema yet: start the server once (it creates the tables)")
        return 1
    if args.list:
        print(f"{migrations.BASELINE_VERSION:>4}  applied  {migrations.BASELINE_NAME}")
        for step in sorted(steps, key=lambda s: s.version):
            state = "applied" if step.version in done else "pending"
            print(f"{step.version:>4}  {state:<7}  {step.name}")
        return 0
    todo = migrations.apply(steps, dry_run=args.dry_run)
    if not todo:
        print("schema is up to date: nothing to do")
    for step in todo:
        verb = "would apply" if args.dry_run else "applied"
        print(f"{verb} {step.version} {step.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
