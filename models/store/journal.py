"""Results that could not reach the database yet, kept in a local file until they can.

The recorder writes three kinds of results (models/results.py): a finished duel, a fixed
placement, a tournament's end. Every one of them is idempotent in the store: a duel already
recorded, a placement already fixed or a tournament already closed is left as it is, so
writing one twice changes nothing the second time.

While the database is unavailable the recorder appends each waiting result to the journal (one
JSON line, flushed to disk), and empties the journal once everything has been written. After
a stop that could not write everything, or a crash during an outage, the next start replays
the journal before anything else, then removes it: each result lands exactly once.

This module is the only place a result becomes JSON and back (`encode`, `decode`).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol, assert_never

from models.results import FixedPlacement, GameResult, PlayedDuel, PlayedTurn, TournamentClosed
from models.results import describe as describe

log = logging.getLogger("wordle.journal")

OPS = ("duel", "placement", "finish")


class ResultWriter(Protocol):
    """What a journal is replayed into (the store, or a stand-in in tests)."""

    def record_results(self, results: Sequence[GameResult]) -> None: ...


def encode(result: GameResult) -> dict[str, Any]:
    """A result as a JSON object: its fields and `op`, the kind of result."""
    match result:
        case PlayedDuel():
            return {"op": "duel", **asdict(result)}
        case FixedPlacement():
            return {"op": "placement", **asdict(result)}
        case TournamentClosed():
            return {"op": "finish", **asdict(result)}
        case _:
            assert_never(result)


def decode(entry: dict[str, Any]) -> GameResult:
    """The result a JSON object holds (ValueError or TypeError when it holds none)."""
    fields = {k: v for k, v in entry.items() if k != "op"}
    match entry.get("op"):
        case "duel":
            fields["players"] = tuple(fields["players"])
            fields["rows"] = tuple(PlayedTurn(**r) for r in fields["rows"])
            return PlayedDuel(**fields)
        case "placement":
            if "round" in fields:  # written before the field had its one name
                fields["elimination_round"] = fields.pop("round")
            return FixedPlacement(**fields)
        case "finish":
            return TournamentClosed(**fields)
        case other:
            raise ValueError(f"unknown journal entry {other!r}")


class Journal:
    """An append-only file of results, one JSON line each."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def add(self, results: Sequence[GameResult]) -> None:
        """Append and flush to disk (OSError when the disk refuses)."""
        if not results:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(json.dumps(encode(r), ensure_ascii=False) + "\n" for r in results)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())

    def entries(self) -> list[GameResult]:
        """What the journal holds, in order; a torn last line (a crash while appending) is
        skipped with a warning, as is any line that is not a result."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
                if not isinstance(entry, dict) or entry.get("op") not in OPS:
                    raise ValueError("not a result")
                out.append(decode(entry))
            except (ValueError, TypeError, KeyError):
                log.warning("%s line %d is not a journal entry; skipped", self.path, number)
        return out

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def replay(path: str | Path, store: ResultWriter) -> int:
    """Write every journaled result (each is idempotent), then remove the journal; returns how
    many results were replayed. A database still unavailable raises, leaving the journal."""
    journal = Journal(path)
    results = journal.entries()
    for result in results:
        try:
            store.record_results([result])
        except (ValueError, LookupError):  # refused as wrong: it can never be written
            log.exception("journal entry refused, dropped: %s", describe(result))
    journal.clear()
    return len(results)
