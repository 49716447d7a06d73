"""Reads the nickname term data (wordlists/nicknames/, plus an admin's own file) into a Policy.

The files are read once per process; a bad line cannot make the server refuse to start,
because every line is a term (there is no syntax to get wrong beyond a section header, and an
unknown header is reported with its file and line).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path

from models.nickname_policy import Confusables, Policy, Reason, compile_policy

SHIPPED = Path(__file__).resolve().parent / "nicknames"
SECTIONS = {
    "[offensive]": Reason.OFFENSIVE,
    "[hate]": Reason.HATE,
    "[bot]": Reason.BOT,
    "[staff]": Reason.STAFF,
}
_FIRST_SECTION = {"hate.txt": Reason.HATE, "reserved.txt": Reason.STAFF}


class TermFileError(ValueError):
    """A term file has a line that is not a term, a comment or a known section header."""


def entries(path: Path) -> Iterator[tuple[str, Reason]]:
    """The terms of one file with the reason each is refused for."""
    reason = _FIRST_SECTION.get(path.name, Reason.OFFENSIVE)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not text:
            continue
        if text.startswith("["):
            if text.lower() not in SECTIONS:
                raise TermFileError(
                    f"{path}:{number}: unknown section {text!r} (one of {', '.join(SECTIONS)})"
                )
            reason = SECTIONS[text.lower()]
            continue
        yield text, reason


@cache
def policy(extra: str = "") -> Policy:
    """The shipped terms, then the admin's file `extra` (WT_NICKNAME_TERMS) if one is named."""
    paths = sorted(SHIPPED.glob("*.txt"))
    if extra:
        path = Path(extra)
        if not path.is_file():
            raise TermFileError(f"WT_NICKNAME_TERMS names {extra!r}, which is not a file")
        paths.append(path)
    terms = (entry for path in paths for entry in entries(path))
    return compile_policy(terms, confusables())


@cache
def confusables() -> Confusables:
    """Unicode's confusables as confusable-homoglyphs ships them (read from its data file: its
    module would import urllib, which the server does not need)."""
    data = files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    table: Confusables = json.loads(data)
    return table
