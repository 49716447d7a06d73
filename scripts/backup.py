"""A consistent copy of the server's database, taken while it runs.

    python -m scripts.backup PATH

The database is the one WT_DATABASE_URL names, as for the server. For SQLite the copy is made
with SQLite's online backup API (the server plays on) and checked before it is moved to PATH;
for MySQL/MariaDB this prints the mysqldump command to run. Restore a SQLite backup by
stopping the server, copying the file over the database file (or pointing WT_DATABASE_URL at
it) and starting the server again: tournaments that were running at the backup's moment are
recorded as aborted at that start, as after a crash.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from models.settings import Settings, SettingsError
from models.store.backup import BackupError, backup_sqlite, mysql_instructions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.backup", description=__doc__)
    parser.add_argument("path", type=Path, help="the new file to write the copy to")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(os.environ)
    except SettingsError as exc:
        print(f"backup: bad setting: {exc}", file=sys.stderr)
        return 2
    url = settings.database_url
    if url.startswith("mysql"):
        print(mysql_instructions(url, args.path))
        return 0
    try:
        done = backup_sqlite(url, args.path)
    except BackupError as exc:
        print(f"backup: {exc}", file=sys.stderr)
        return 1
    print(
        f"backed up {done.players} players and {done.tournaments} tournaments "
        f"({done.bytes} bytes) to {done.path}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
