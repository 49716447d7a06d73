"""Uzbek sources in the official Latin alphabet (admin and build tools only; the server never
imports this module).

Two sources are written in other alphabets: Debian's hunspell-uz is Cyrillic, and the ZirhUzMorph
lexicon (the headwords of *O'zbek tilining izohli lug'ati* with their corpus frequencies) uses
one letter each for oʻ gʻ sh ch (ö ğ ş ç). Both are turned into the letters (tiles) the game
plays: oʻ gʻ sh ch are one tile each, and the tutuq belgisi ʼ is a tile of its own.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

VOWELS = set("аеёиоуўэюя")
CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ё": "yo", "ж": "j", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
    "т": "t", "у": "u", "ф": "f", "х": "x", "ч": "ch", "ш": "sh", "э": "e", "ю": "yu",
    "я": "ya", "ў": "oʻ", "қ": "q", "ғ": "gʻ", "ҳ": "h", "ь": "",
}  # fmt: skip
TUTUQ = "ʼ"  # U+02BC, the tutuq belgisi (a letter of its own in the game)
OKINA = "ʻ"  # U+02BB, the mark of oʻ and gʻ


def from_cyrillic(cyr: str) -> str | None:
    """One lower-case Uzbek Cyrillic word in the official Latin alphabet, or None.

    ъ is the tutuq belgisi ʼ (маъно -> maʼno), except before е ё ю я, where Latin writes the y
    instead (съезд -> syezd); с+ҳ is sʼh, which keeps it apart from the letter sh. е is "ye" at
    the start of a word and after a vowel or ь/ъ, else "e"; ц is "ts" after a vowel, else "s".
    None for letters Uzbek does not use (щ, ы) and for ъ after о or г, which Latin would write
    like the letters oʻ and gʻ.
    """
    if any(ch in cyr for ch in "щы") or "оъ" in cyr or "гъ" in cyr:
        return None
    out: list[str] = []
    for i, ch in enumerate(cyr):
        prev = cyr[i - 1] if i else ""
        nxt = cyr[i + 1] if i + 1 < len(cyr) else ""
        if ch == "е":
            out.append("ye" if not prev or prev in VOWELS or prev in "ьъ" else "e")
        elif ch == "ц":
            out.append("ts" if prev and prev in VOWELS else "s")
        elif ch == "ъ":
            out.append("" if nxt in ("е", "ё", "ю", "я") else TUTUQ)
        elif ch == "ҳ" and prev == "с":
            out.append(TUTUQ + "h")
        elif ch in CYRILLIC:
            out.append(CYRILLIC[ch])
        else:
            return None
    return "".join(out)


def from_lexicon(word: str) -> str | None:
    """A ZirhUzMorph stem (letters ö ğ ş ç, apostrophe for the tutuq) in the official alphabet.

    A plain s followed by h there is two letters, written sʼh in Latin (Isʼhoq). None for
    hyphenated parts and for an apostrophe after o or g (old spellings like o'şa).
    """
    if not word or "-" in word or "o'" in word or "g'" in word:
        return None
    word = word.replace("sh", "s" + TUTUQ + "h").replace("'", TUTUQ)
    for new, official in (("ö", "oʻ"), ("ğ", "gʻ"), ("ş", "sh"), ("ç", "ch")):
        word = word.replace(new, official)
    return word if word.isalpha() or TUTUQ in word or OKINA in word else None


@dataclass(frozen=True)
class Headword:
    """One stem of the ZirhUzMorph lexicon, in the official alphabet."""

    word: str  # the stem, or for a verb its dictionary form (stem + moq)
    verb: bool
    section: str  # the lexicon's third column: the dictionary section, or "closed" (function words)
    frequency: int  # occurrences of the stem's forms in ZirhUzMorph's 6.4-million-word corpus
    forms: int  # how many different forms of it that corpus has


def lexicon_headwords(path: Path) -> Iterator[Headword]:
    """Headwords of ``lexicon.tsv`` (stem, N or V, section, frequency, forms) in Latin.

    Verbs are given in their dictionary form, the infinitive in -moq (bor -> bormoq).
    """
    with path.open(encoding="utf-8") as fh:
        for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) < 5:
                continue
            stem, pos, section, freq, forms = row[:5]
            latin = from_lexicon(stem.strip().lower())
            if latin is None:
                continue
            verb = pos == "V"
            yield Headword(
                word=latin + "moq" if verb else latin,
                verb=verb,
                section=section,
                frequency=int(freq or 0),
                forms=int(forms or 0),
            )


def lexicon_folder() -> Path:
    """Where the installed ZirhUzMorph package keeps its lexicon files."""
    try:
        import zirhuzmorph
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError("the Uzbek build needs ZirhUzMorph: pip install -e '.[admin]'") from exc
    return Path(zirhuzmorph.__file__).resolve().parent / "data"
