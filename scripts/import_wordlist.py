#!/usr/bin/env python3
"""Import a language's answers or allowed guesses (the admin tool).

    python -m scripts.import_wordlist CODE answers|allowed SOURCE [options]

SOURCE formats (--format, guessed from the file name when left out):
  text       one word per line, any common encoding (UTF-8 with or without BOM, UTF-16 with BOM,
             else --encoding, else cp1252); blank lines and lines starting with '#' are skipped
  hunspell   a .dic/.aff pair (give either file); every form the dictionary accepts is imported
             (needs spylls: pip install -e '.[admin]'; uses Debian's `hunspell` to check forms
             when it is installed, which is much faster)
  freq       a frequency list, one "word count" per line (tab, space, comma or semicolon
             separated, most frequent first or not); use --top N to keep the N most frequent
             words of each length, --min-count to drop rare ones

Every word is normalised with the language definition (wordlists/CODE/language.json); lines
that are not words of the alphabet are rejected and reported with their line numbers; words
whose length is not 4, 5 or 6 letters are counted and skipped. The new list replaces the
current one (--merge keeps the current words too, --remove takes the source's words out).
The report gives counts per length, duplicates removed, and words added and removed versus
the current list. --dry-run prints the report and writes nothing. Files are written to a
temporary file and renamed, so an interrupted import never leaves a half-written list.

Answers are kept a subset of the allowed guesses: imported answers missing from allowed.txt are
added to it, and blocklisted words (blocklist.txt) never become answers.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from scripts.wordlists.import_sources import ImportError_, Parsed, read_source
from wordlists import (
    ALLOWED_FILE,
    ANSWERS_FILE,
    BLOCKLIST_FILE,
    LENGTHS,
    default_folder,
    read_blocklist,
)
from wordlists.language import DEFINITION_FILE, LanguageError, load_definition

MAX_REPORTED_LINES = 20

# --------------------------------------------------------------------------------------------
# Current lists and writing


def read_list(path: Path) -> list[str]:
    """A shipped list file (UTF-8, one word per line); missing means empty."""
    if not path.exists():
        return []
    return [w for w in path.read_text(encoding="utf-8").splitlines() if w]


def write_atomic(path: Path, words: Iterable[str]) -> None:
    """Write the sorted list to a temporary file in the same folder, then rename it over the
    old one: readers see the old list or the new one, never half of either."""
    data = "".join(w + "\n" for w in words).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


# --------------------------------------------------------------------------------------------
# The import itself


@dataclass
class Report:
    kind: str
    lines: int
    accepted: int
    duplicates: int
    rejected: list[tuple[int, str, str]]
    unit: str
    wrong_length: Counter[int]
    per_length: dict[int, int]
    added: list[str]
    removed: list[str]
    blocked: list[str]
    added_to_allowed: list[str]
    dry_run: bool

    def lines_out(self) -> list[str]:
        out = [
            f"{self.kind}: {self.lines} source lines, {self.accepted} words of 4-6 letters, "
            f"{self.duplicates} duplicates removed",
        ]
        if self.rejected:
            units = "dictionary entries" if self.unit == "dictionary entry" else "lines"
            out.append(f"rejected {len(self.rejected)} {units} that are not words:")
            for number, text, reason in self.rejected[:MAX_REPORTED_LINES]:
                out.append(f"  {self.unit} {number}: {text!r}: {reason}")
            if len(self.rejected) > MAX_REPORTED_LINES:
                out.append(f"  ... and {len(self.rejected) - MAX_REPORTED_LINES} more")
        if self.wrong_length:
            skipped = ", ".join(f"{n} letters: {c}" for n, c in sorted(self.wrong_length.items()))
            out.append(f"skipped words of other lengths ({skipped})")
        if self.blocked:
            sample = " ".join(self.blocked[:MAX_REPORTED_LINES])
            out.append(f"left out {len(self.blocked)} blocklisted words: {sample}")
        counts = ", ".join(f"{n} letters: {c}" for n, c in sorted(self.per_length.items()))
        out.append(f"new {self.kind} list: {sum(self.per_length.values())} words ({counts})")
        out.append(f"added {len(self.added)}, removed {len(self.removed)} versus the current list")
        for label, words in (("added", self.added), ("removed", self.removed)):
            if words:
                sample = " ".join(words[:MAX_REPORTED_LINES])
                more = f" ... (+{len(words) - MAX_REPORTED_LINES})" if len(words) > 20 else ""
                out.append(f"  {label}: {sample}{more}")
        if self.added_to_allowed:
            out.append(
                f"{len(self.added_to_allowed)} answers were missing from allowed guesses "
                "and are added to them"
            )
        out.append("dry run: nothing written" if self.dry_run else "written")
        return out


def run_import(
    folder: Path,
    code: str,
    kind: str,
    parsed: Parsed,
    mode: str = "replace",
    dry_run: bool = False,
) -> Report:
    """Apply parsed words to ``folder/code/<kind>.txt`` and return the report."""
    base = folder / code
    lang = load_definition(base / DEFINITION_FILE)
    target = base / (ANSWERS_FILE if kind == "answers" else ALLOWED_FILE)
    current = set(read_list(target))
    unique = set(parsed.words)
    duplicates = len(parsed.words) - len(unique)
    blocked: list[str] = []
    if kind == "answers":
        blocklist = read_blocklist(base / BLOCKLIST_FILE, lang)
        blocked = sorted(unique & blocklist)
        unique -= blocklist
    if mode == "merge":
        new = current | unique
    elif mode == "remove":
        new = current - unique
    else:
        new = unique
    per_length = Counter(lang.length(w) for w in new)
    added_to_allowed: list[str] = []
    allowed_path = base / ALLOWED_FILE
    allowed_new: set[str] | None = None
    if kind == "answers":
        allowed = set(read_list(allowed_path))
        added_to_allowed = sorted(new - allowed)
        if added_to_allowed:
            allowed_new = allowed | new
    else:
        answers = set(read_list(base / ANSWERS_FILE))
        missing = answers - new
        if missing:  # answers stay accepted guesses
            added_to_allowed = sorted(missing)
            new |= missing
            per_length = Counter(lang.length(w) for w in new)
    report = Report(
        kind=kind,
        lines=parsed.lines,
        accepted=len(parsed.words),
        duplicates=duplicates,
        rejected=parsed.rejected,
        unit=parsed.unit,
        wrong_length=parsed.wrong_length,
        per_length={n: per_length.get(n, 0) for n in LENGTHS},
        added=sorted(new - current),
        removed=sorted(current - new),
        blocked=blocked,
        added_to_allowed=added_to_allowed,
        dry_run=dry_run,
    )
    if not dry_run:
        if allowed_new is not None:
            write_atomic(allowed_path, sorted(allowed_new))
        write_atomic(target, sorted(new))
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Import answers or allowed guesses for one language.",
        epilog="See the README section 'Words' and docs/wordlists.md.",
    )
    parser.add_argument("code", help="language code, the folder name under wordlists/")
    parser.add_argument("kind", choices=("answers", "allowed"))
    parser.add_argument("source", help="word file, frequency list or .dic/.aff")
    parser.add_argument("--format", choices=("text", "hunspell", "freq"))
    parser.add_argument(
        "--encoding",
        help="source encoding when it has no BOM (default: UTF-8, falling back to cp1252)",
    )
    parser.add_argument("--top", type=int, help="freq: keep the N most frequent per length")
    parser.add_argument("--min-count", type=float, default=0.0, help="freq: minimum count")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--merge", action="store_true", help="add to the current list")
    mode.add_argument("--remove", action="store_true", help="take these words out of the list")
    parser.add_argument("--dry-run", action="store_true", help="report only, write nothing")
    parser.add_argument(
        "--folder",
        type=Path,
        default=default_folder(),
        help="word list folder (default: the package's wordlists/)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    base = args.folder / args.code
    try:
        lang = load_definition(base / DEFINITION_FILE)
        blocked = frozenset()
        if args.kind == "answers":
            blocked = read_blocklist(base / BLOCKLIST_FILE, lang)
        parsed = read_source(args, lang, blocked)
        mode = "merge" if args.merge else "remove" if args.remove else "replace"
        report = run_import(args.folder, args.code, args.kind, parsed, mode, args.dry_run)
    except (ImportError_, LanguageError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report.lines_out()))
    if not report.per_length or not any(report.per_length.values()):
        print("warning: the new list is empty", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
