"""Reading a word source for the admin import (`scripts.import_wordlist`): plain word files,
frequency lists and hunspell .dic/.aff pairs, each normalised with the language definition and
with what was rejected and why."""

from __future__ import annotations

import argparse
import codecs
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from wordlists import LENGTHS
from wordlists.language import Language


class ImportError_(Exception):
    """A problem the admin must fix (bad file, unknown language); printed without a traceback."""


@dataclass
class Parsed:
    """Words read from a source, with what was rejected and why."""

    words: list[str] = field(default_factory=list)  # normalised, in source order, duplicates kept
    rejected: list[tuple[int, str, str]] = field(default_factory=list)  # (line, text, reason)
    wrong_length: Counter[int] = field(default_factory=Counter)
    lines: int = 0
    unit: str = "line"  # what the numbers count: file lines, or .dic entries


# --------------------------------------------------------------------------------------------
# Reading sources


def decode(raw: bytes, path: Path, encoding: str | None = None) -> str:
    """Bytes of a word file -> text: BOMs first, then the given encoding, UTF-8, cp1252."""
    if raw.startswith(codecs.BOM_UTF8):
        return raw[3:].decode("utf-8")
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16")
    for enc in [encoding] if encoding else ["utf-8", "cp1252"]:
        try:
            return raw.decode(enc)
        except UnicodeDecodeError as exc:
            if encoding:
                line = raw[: exc.start].count(b"\n") + 1
                raise ImportError_(f"{path}:{line}: not valid {encoding}") from None
        except LookupError:
            raise ImportError_(f"unknown encoding {encoding!r}") from None
    return raw.decode("latin-1")  # not reached: cp1252 fails only on 5 bytes, latin-1 never


def _accept(lang: Language, parsed: Parsed, number: int, text: str) -> str | None:
    word = lang.normalize(text)
    letters = lang.letters(word)
    if letters is None:
        parsed.rejected.append((number, text, "not a word of the alphabet"))
        return None
    if len(letters) not in LENGTHS:
        parsed.wrong_length[len(letters)] += 1
        return None
    return word


def read_text(path: Path, lang: Language, encoding: str | None = None) -> Parsed:
    """One word per line."""
    parsed = Parsed()
    text = decode(path.read_bytes(), path, encoding)
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parsed.lines += 1
        word = _accept(lang, parsed, number, stripped)
        if word is not None:
            parsed.words.append(word)
    return parsed


_FREQ_SPLIT = re.compile(r"[\t,; ]+")


def read_freq(
    path: Path,
    lang: Language,
    encoding: str | None = None,
    top: int | None = None,
    min_count: float = 0.0,
    exclude: frozenset[str] = frozenset(),
) -> Parsed:
    """'word count' per line; keeps the `top` most frequent of each length not in `exclude`
    (the blocklist, when importing answers, so that --top N gives N usable answers)."""
    parsed = Parsed()
    scored: list[tuple[float, int, str]] = []
    text = decode(path.read_bytes(), path, encoding)
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parsed.lines += 1
        parts = _FREQ_SPLIT.split(stripped)
        if len(parts) != 2:
            parsed.rejected.append((number, stripped, "expected 'word count'"))
            continue
        raw_word, raw_count = parts
        try:
            count = float(raw_count)
        except ValueError:
            parsed.rejected.append((number, stripped, "count is not a number"))
            continue
        word = _accept(lang, parsed, number, raw_word)
        if word is not None and count >= min_count and word not in exclude:
            scored.append((count, number, word))
    scored.sort(key=lambda item: (-item[0], item[1]))
    taken: Counter[int] = Counter()
    for _count, _number, word in scored:
        n = lang.length(word)
        assert n is not None
        if top is not None and taken[n] >= top:
            continue
        taken[n] += 1
        parsed.words.append(word)
    return parsed


def read_hunspell(path: Path, lang: Language) -> Parsed:
    """Every accepted form of a .dic/.aff pair; capitalised stems (proper nouns) are skipped
    except in languages that capitalise nouns (German), where the admin should review."""
    from wordlists import hunspell

    try:
        dictionary = hunspell.open_dictionary(path)
    except FileNotFoundError as exc:
        raise ImportError_(str(exc)) from None
    parsed = Parsed(unit="dictionary entry")

    def plausible(form: str) -> bool:
        word = lang.normalize(form)
        n = lang.length(word)
        return n is not None and n in LENGTHS

    candidates: set[str] = set()
    keep_caps = lang.code == "de"
    for number, entry in enumerate(hunspell.entries(dictionary, plausible), 1):
        parsed.lines += 1
        stem = entry.stem
        if stem != stem.lower() and not (keep_caps and stem[1:] == stem[1:].lower()):
            continue
        if any(ch.isdigit() for ch in stem):
            parsed.rejected.append((number, stem, "not a word of the alphabet"))
            continue
        candidates |= entry.forms
    for form in sorted(hunspell.accepted(dictionary, candidates, path)):
        parsed.words.append(lang.normalize(form))
    return parsed


def read_source(
    args: argparse.Namespace, lang: Language, exclude: frozenset[str] = frozenset()
) -> Parsed:
    path = Path(args.source)
    fmt = args.format or guess_format(path)
    if fmt != "hunspell" and not path.exists():
        raise ImportError_(f"{path}: not found")
    if fmt == "text":
        return read_text(path, lang, args.encoding)
    if fmt == "freq":
        return read_freq(path, lang, args.encoding, args.top, args.min_count, exclude)
    return read_hunspell(path, lang)


def guess_format(path: Path) -> str:
    if path.suffix in (".dic", ".aff"):
        return "hunspell"
    return "text"
