"""Results that could not reach the database yet, kept in a local file until they can.

The recorder writes three kinds of results: a finished duel, a fixed placement, a tournament's
end. Each is an `Entry` here (a small JSON object), applied to the store by `perform`. Every
one of them is idempotent: a duel already recorded, a placement already fixed or a tournament
already closed is left as it is, so applying an entry twice changes nothing the second time.

While the database is unavailable the recorder appends each waiting entry to the journal (one
JSON line, flushed to disk), and empties the journal once everything has been written. After
a stop that could not write everything, or a crash during an outage, the next start replays
the journal before anything else, then removes it: each result lands exactly once.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol

from models.records import PlayedDuel, PlayedRow

log = logging.getLogger("wordle.journal")

Entry = dict[str, Any]


class Writer(Protocol):
    """The store's three result writes (models.store, or a stand-in in tests)."""

    def record_duel(self, played: PlayedDuel) -> int: ...

    def apply_placement(
        self, tournament_id: int, player_id: int, place: int, round_: int, left: bool, change: int
    ) -> bool: ...

    def finish_tournament(self, tournament_id: int, status: str = "finished") -> None: ...


def duel_entry(played: PlayedDuel) -> Entry:
    return {"op": "duel", **asdict(played)}


def placement_entry(
    tournament_id: int, player: int, place: int, round_: int, left: bool, rating_change: int
) -> Entry:
    return {
        "op": "placement",
        "tournament_id": tournament_id,
        "player": player,
        "place": place,
        "round": round_,
        "left": left,
        "rating_change": rating_change,
    }


def finish_entry(tournament_id: int, status: str) -> Entry:
    return {"op": "finish", "tournament_id": tournament_id, "status": status}


def perform(store: Writer, entry: Entry) -> None:
    """Apply one entry (store errors propagate: Unavailable means try again later)."""
    match entry["op"]:
        case "duel":
            fields = {k: v for k, v in entry.items() if k != "op"}
            fields["players"] = tuple(fields["players"])
            fields["rows"] = tuple(PlayedRow(**r) for r in fields["rows"])
            store.record_duel(PlayedDuel(**fields))
        case "placement":
            store.apply_placement(
                entry["tournament_id"],
                entry["player"],
                entry["place"],
                entry["round"],
                entry["left"],
                entry["rating_change"],
            )
        case "finish":
            store.finish_tournament(entry["tournament_id"], entry["status"])
        case other:
            raise ValueError(f"unknown journal entry {other!r}")


def describe(entry: Entry) -> str:
    """One line naming a result (for logs; a duel's secret is not repeated)."""
    match entry["op"]:
        case "duel":
            return f"duel of {entry['players']} in tournament {entry['tournament_id']}"
        case "placement":
            return (
                f"place {entry['place']} of player {entry['player']} in tournament "
                f"{entry['tournament_id']} (rating change {entry['rating_change']:+d})"
            )
        case _:
            return f"end of tournament {entry['tournament_id']} ({entry['status']})"


class Journal:
    """An append-only file of entries, one JSON line each."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def add(self, entries: list[Entry]) -> None:
        """Append and flush to disk (OSError when the disk refuses)."""
        if not entries:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())

    def entries(self) -> list[Entry]:
        """What the journal holds, in order; a torn last line (a crash while appending) is
        skipped with a warning, as is any line that is not an entry."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
            except ValueError:
                log.warning("%s line %d is not a journal entry; skipped", self.path, number)
                continue
            if isinstance(entry, dict) and entry.get("op") in ("duel", "placement", "finish"):
                out.append(entry)
            else:
                log.warning("%s line %d is not a journal entry; skipped", self.path, number)
        return out

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def replay(path: str | Path, store: Writer) -> int:
    """Write every journaled result (each is idempotent), then remove the journal; returns how
    many entries were replayed. A database still unavailable raises, leaving the journal."""
    journal = Journal(path)
    entries = journal.entries()
    for entry in entries:
        try:
            perform(store, entry)
        except (ValueError, LookupError):  # refused as wrong: it can never be written
            log.exception("journal entry refused, dropped: %s", describe(entry))
    journal.clear()
    return len(entries)
