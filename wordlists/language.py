"""A language definition: what a letter is, the on-screen keyboard and how text is normalised.

Definitions are data (``wordlists/<code>/language.json``) so that an admin can add a language
without touching code; see ``wordlists/FORMAT.md`` for the format.  This module is pure Python
(no gevent, Flask or Peewee) because the game engine, the loader and the admin scripts share it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFINITION_FILE = "language.json"

#: Every apostrophe look-alike people type; a definition lists which of them it unifies.
APOSTROPHE_LOOKALIKES: tuple[str, ...] = ("'", "`", "´", "ʻ", "ʼ", "‘", "’", "ʹ", "′")


class LanguageError(ValueError):
    """A language definition file is missing or malformed; the message names the file."""


@dataclass(frozen=True)
class Language:
    """The rules of one language: its letters, its keyboard and its normalisation.

    ``normalize`` turns typed input or a source word into the canonical form used in the lists;
    ``letters`` splits a canonical word into the letters (tiles) of the alphabet.
    """

    code: str
    name: str
    alphabet: tuple[str, ...]
    keyboard: tuple[tuple[str, ...], ...]
    #: lower-case source text -> replacement, applied by words (keys may be several code points)
    fold: Mapping[str, str] = field(default_factory=dict, compare=False)
    #: characters that are typed or found in sources as an apostrophe, all read as `apostrophe`
    apostrophes: tuple[str, ...] = ()
    apostrophe: str = ""
    #: characters dropped everywhere (stress marks, soft hyphens)
    drop: tuple[str, ...] = ()
    notes: str = ""
    _fold_re: re.Pattern[str] | None = field(default=None, repr=False, compare=False)
    _letter_re: re.Pattern[str] = field(default=re.compile(""), repr=False, compare=False)
    _single: frozenset[str] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.alphabet:
            raise LanguageError(f"{self.code}: empty alphabet")
        if len(set(self.alphabet)) != len(self.alphabet):
            raise LanguageError(f"{self.code}: a letter appears twice in the alphabet")
        keys = [k for row in self.keyboard for k in row]
        stray = sorted(set(keys) - set(self.alphabet))
        if stray:
            raise LanguageError(f"{self.code}: keyboard keys not in the alphabet: {stray}")
        missing = sorted(set(self.alphabet) - set(keys))
        if missing:
            raise LanguageError(f"{self.code}: letters without a key: {missing}")
        if len(keys) != len(set(keys)):
            raise LanguageError(f"{self.code}: a key appears twice on the keyboard")
        if self.fold:
            # Longest keys first so that e.g. "ﬃ" wins over a shorter key sharing its start.
            alts = sorted(self.fold, key=len, reverse=True)
            object.__setattr__(self, "_fold_re", re.compile("|".join(re.escape(a) for a in alts)))
        if all(len(letter) == 1 for letter in self.alphabet):
            object.__setattr__(self, "_single", frozenset(self.alphabet))
        # Longest letters first: "oʻ" before "o", "sh" before "s" (greedy split, one way only).
        alts = sorted(self.alphabet, key=len, reverse=True)
        object.__setattr__(self, "_letter_re", re.compile("|".join(re.escape(a) for a in alts)))

    def normalize(self, text: str) -> str:
        """Typed input or a source word -> canonical form (lower case, folded, apostrophes unified).

        Folding is by words, not code point by code point: "ß" becomes "ss" and "œ" becomes "oe",
        which changes the length, so lengths are only ever measured after normalising.
        """
        word = unicodedata.normalize("NFC", text.strip()).lower()
        word = unicodedata.normalize("NFC", word)
        for ch in self.drop:
            word = word.replace(ch, "")
        if self.apostrophe:
            for ch in self.apostrophes:
                if ch != self.apostrophe:
                    word = word.replace(ch, self.apostrophe)
        if self._fold_re is not None:
            fold = self.fold
            word = self._fold_re.sub(lambda m: fold[m.group(0)], word)
        return word

    def letters(self, word: str) -> tuple[str, ...] | None:
        """Split a normalised word into letters of the alphabet; None if it is not made of them."""
        if not word:
            return None
        if self._single is not None:
            return tuple(word) if self._single.issuperset(word) else None
        out: list[str] = []
        pos = 0
        match = self._letter_re.match
        while pos < len(word):
            m = match(word, pos)
            if m is None:
                return None
            out.append(m.group(0))
            pos = m.end()
        return tuple(out)

    def length(self, word: str) -> int | None:
        """Number of letters of a normalised word, or None if it is not made of the alphabet."""
        split = self.letters(word)
        return None if split is None else len(split)

    def to_json(self) -> dict[str, Any]:
        """What the web client needs to draw the keyboard (served as JSON by the server)."""
        return {
            "code": self.code,
            "name": self.name,
            "alphabet": list(self.alphabet),
            "keyboard": [list(row) for row in self.keyboard],
        }


def _strings(value: Any, what: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LanguageError(f"{path}: {what!r} must be a list of non-empty strings")
    return tuple(value)


def language_from_dict(data: Mapping[str, Any], path: Path | str = "<definition>") -> Language:
    """Build a Language from the parsed JSON of a definition file; errors name `path`."""
    path = Path(path)
    if not isinstance(data, Mapping):
        raise LanguageError(f"{path}: the definition must be a JSON object")
    for key in ("code", "name", "alphabet", "keyboard"):
        if key not in data:
            raise LanguageError(f"{path}: missing key {key!r}")
    code, name = data["code"], data["name"]
    if not isinstance(code, str) or not re.fullmatch(r"[a-z]{2,3}(-[a-z0-9]+)?", code):
        raise LanguageError(f"{path}: 'code' must be a short lower-case code like 'en'")
    if not isinstance(name, str) or not name.strip():
        raise LanguageError(f"{path}: 'name' must be a non-empty string")
    alphabet = _strings(data["alphabet"], "alphabet", path)
    rows = data["keyboard"]
    if not isinstance(rows, list) or not rows:
        raise LanguageError(f"{path}: 'keyboard' must be a list of rows")
    keyboard = tuple(_strings(row, "keyboard row", path) for row in rows)
    fold = data.get("fold", {})
    if not isinstance(fold, Mapping) or not all(
        isinstance(k, str) and k and isinstance(v, str) for k, v in fold.items()
    ):
        raise LanguageError(f"{path}: 'fold' must map non-empty strings to strings")
    apostrophes = _strings(data.get("apostrophes", []), "apostrophes", path)
    apostrophe = data.get("apostrophe", "")
    if not isinstance(apostrophe, str) or (apostrophes and not apostrophe):
        raise LanguageError(f"{path}: 'apostrophe' must name the canonical apostrophe")
    drop = _strings(data.get("drop", []), "drop", path)
    notes = data.get("notes", "")
    if isinstance(notes, list):
        notes = "\n".join(str(n) for n in notes)
    try:
        return Language(
            code=code,
            name=name,
            alphabet=alphabet,
            keyboard=keyboard,
            fold=dict(fold),
            apostrophes=apostrophes,
            apostrophe=apostrophe,
            drop=drop,
            notes=str(notes),
        )
    except LanguageError as exc:
        raise LanguageError(f"{path}: {exc}") from None


def load_definition(path: str | Path) -> Language:
    """Read one ``language.json``; a missing or malformed file raises LanguageError naming it."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LanguageError(f"{path}: cannot read language definition ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise LanguageError(f"{path}: not UTF-8 ({exc.reason})") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise LanguageError(f"{path}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    return language_from_dict(data, path)
