"""A consistent copy of a live database, taken while the server plays on.

SQLite: the online backup API (`sqlite3.Connection.backup`) copies the database in one step
from a read-only connection in this process. The server's database is in WAL mode, where a
reader never blocks the writer, so the server plays on while the copy reads one consistent
moment (copied page by page instead, every write of the server would restart the copy).
The copy is checked (`PRAGMA integrity_check`) and moved into place only when it is whole,
so a failed backup never leaves a half-written file under the name asked for.
MySQL/MariaDB: `mysqldump --single-transaction` does the same job better than we could;
`mysql_instructions` says how.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit


class BackupError(RuntimeError):
    """The backup could not be made; the message says why."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    bytes: int
    players: int
    tournaments: int


def sqlite_path(database_url: str) -> Path:
    """The file a sqlite:/// URL names, or BackupError for any other URL."""
    rest = database_url.split("://", 1)[1] if "://" in database_url else ""
    if not database_url.startswith("sqlite") or not rest.startswith("/"):
        raise BackupError(f"not a SQLite database file: {database_url!r}")
    name = urlsplit(database_url).path[1:]
    if not name or name == ":memory:":
        raise BackupError("an in-memory database has nothing to back up")
    return Path(name)


def backup_sqlite(database_url: str, target: Path) -> BackupResult:
    """Copy the live SQLite database to `target` (which must not exist yet)."""
    source_path = sqlite_path(database_url)
    if not source_path.is_file():
        raise BackupError(f"there is no database at {source_path}")
    if target.exists():
        raise BackupError(f"{target} exists already; name a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # all pages in one read transaction
            check = copy.execute("PRAGMA integrity_check").fetchone()
            if check is None or check[0] != "ok":
                raise BackupError(f"the copy failed its integrity check: {check}")
            players = copy.execute("SELECT COUNT(*) FROM player").fetchone()[0]
            tournaments = copy.execute("SELECT COUNT(*) FROM tournament").fetchone()[0]
        finally:
            copy.close()
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"cannot copy {source_path}: {exc}") from None
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    os.replace(partial, target)
    return BackupResult(target, target.stat().st_size, players, tournaments)


def mysql_instructions(database_url: str, target: Path) -> str:
    """What to run for a MySQL/MariaDB database (mysqldump takes a consistent snapshot)."""
    parts = urlsplit(database_url)
    user = unquote(parts.username or "root")
    host = parts.hostname or "localhost"
    port = parts.port or 3306
    database = parts.path.lstrip("/")
    return (
        "This server uses MySQL/MariaDB: back it up with mysqldump, which reads one consistent "
        "snapshot while the server plays on:\n"
        f"    mysqldump --single-transaction --quick -h {host} -P {port} -u {user} -p "
        f"{database} > {target}\n"
        "Restore into an empty database with:\n"
        f"    mysql -h {host} -P {port} -u {user} -p NEW_DATABASE < {target}\n"
        "then point WT_DATABASE_URL at NEW_DATABASE."
    )
