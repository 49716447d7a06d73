"""Which nicknames may be shown to other players: offensive, hateful and impersonating names out.

Every nickname is shown to seven strangers, so the check is made against what a name *reads
as*, not how it is typed. A name is folded to a skeleton before matching: case, width and
compatibility forms (NFKC), letters that look alike across scripts (Unicode's confusables,
through confusable-homoglyphs, so a Cyrillic "о" in "Bоt" reads as "o"), accents, leetspeak
digits and symbols inside words, repeated letters, and letters spaced or dotted apart
("f.u.c.k"). The terms are folded the same way, so one entry covers every spelling.

Matching a short term inside longer words is what refuses "Scunthorpe" and "Cassandra", so a
term matches as a whole word unless it is long enough (or marked) to match inside words, and
innocent words that contain a term are listed as exceptions (`!penistone`). The term data is
plain text (wordlists/nicknames/), read by `wordlists.nickname_terms`; this module is pure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from models.nicknames import TAG_ALPHABET

# Unicode's confusables (confusables.txt) as confusable-homoglyphs ships them: a character →
# the characters it can be mistaken for, each as {"c": character, "n": name}.
Confusables = Mapping[str, Sequence[Mapping[str, str]]]

SUBSTRING_LENGTH = 5  # a folded term this long matches inside words; shorter ones whole only


class Reason(Enum):
    """Why a nickname was refused; the page translates each (nickname_reason.<value>)."""

    OFFENSIVE = "offensive"
    HATE = "hate"
    BOT = "reserved_bot"
    STAFF = "reserved_staff"
    TAG = "fake_tag"


@dataclass(frozen=True)
class Term:
    """One entry of the term data, folded; `anywhere` matches inside words too."""

    skeleton: str
    reason: Reason
    anywhere: bool


@dataclass(frozen=True)
class Policy:
    """The folded terms by how they match, and the innocent words that contain a term."""

    anywhere: tuple[Term, ...] = ()
    whole: dict[str, Reason] = field(default_factory=dict)
    exceptions: frozenset[str] = frozenset()
    letters: Mapping[str, str] = field(default_factory=dict)  # look-alike → ASCII letter

    def refusal(self, name: str) -> Reason | None:
        """Why `name` (already a valid nickname) may not be used, or None if it may."""
        if _fake_tag(name):
            return Reason.TAG
        for variant in _variants(name, self.letters):
            words = [w for w in variant.words if w not in self.exceptions]
            for word in (*words, variant.compact):
                reason = self.whole.get(word)
                if reason is not None:
                    return reason
            masked = _mask(variant.compact, self.exceptions)
            for term in self.anywhere:
                if term.skeleton in masked:
                    return term.reason
        return None


def compile_policy(
    entries: Iterable[tuple[str, Reason]], confusables: Confusables | None = None
) -> Policy:
    """A Policy from raw lines of the term data: `word`, `*word` (inside words too), `=word`
    (whole words only) and `!word` (an innocent word that contains a term)."""
    letters = latin_letters(confusables or {})
    anywhere: dict[str, Term] = {}
    whole: dict[str, Reason] = {}
    exceptions: set[str] = set()
    for raw, reason in entries:
        text = raw.strip()
        if not text:
            continue
        mark = text[0] if text[0] in "*=!" else ""
        body = text[len(mark) :].strip()
        variants = _variants(body, letters)
        skeletons = {v.compact for v in variants if len(v.compact) >= MIN_TERM}
        skeletons = skeletons or {v.compact for v in variants} - {""}
        for skeleton in skeletons:
            if mark == "!":
                exceptions.add(skeleton)
            elif mark == "*" or (mark == "" and len(skeleton) >= SUBSTRING_LENGTH):
                anywhere.setdefault(skeleton, Term(skeleton, reason, True))
                whole.setdefault(skeleton, reason)
            else:
                whole.setdefault(skeleton, reason)
    return Policy(tuple(anywhere.values()), whole, frozenset(exceptions), letters)


@dataclass(frozen=True)
class _Folded:
    words: tuple[str, ...]
    compact: str


_SEPARATORS = re.compile(r"[\s\-_'.’`·]+")
_CAMEL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])|(?<=[A-ZÀ-Þ])(?=[A-ZÀ-Þ][a-zà-ÿ])")
_LETTER_DIGIT = re.compile(r"(?<=\D)(?=\d)|(?<=\d)(?=\D)")
# Digits and symbols read as letters when they stand inside a word ("sh1t", "@ss", "b!tch").
_LEET = {"0": "o", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b", "9": "g",
         "@": "a", "$": "s", "+": "t", "€": "e", "£": "l"}  # fmt: skip
_ONE = ("i", "l")  # "1" and "!" and "|" read as either
_REPEATS = re.compile(r"(\D)\1+")
MIN_TERM = 3  # a term that collapses shorter than this ("kkk") is matched as typed


def _variants(name: str, letters: Mapping[str, str]) -> list[_Folded]:
    """The name folded as words (leetspeak read as letters, "1" once as i and once as l), and
    split at letter/digit boundaries with digits kept ("Bot42" → bot, 42); each with repeated
    letters collapsed ("fuuuck") and as typed ("kkk")."""
    spaced = _CAMEL.sub(" ", name)
    raw_words = [w for w in _SEPARATORS.split(_fold_letters(spaced, letters)) if w]
    shapes = [[_leet(w, one) for w in raw_words] for one in _ONE]
    shapes.append([p for w in raw_words for p in _LETTER_DIGIT.split(w) if p])
    return [_join(words, collapse) for words in shapes for collapse in (True, False)]


def _join(words: list[str], collapse: bool) -> _Folded:
    """Merge runs of one-letter words ("f u c k" → "fuck"), collapsing repeated letters."""
    squeeze = _collapse if collapse else str
    merged: list[str] = []
    run = ""
    for word in words:
        if len(word) == 1:
            run += word
            continue
        if run:
            merged.append(squeeze(run))
            run = ""
        merged.append(squeeze(word))
    if run:
        merged.append(squeeze(run))
    return _Folded(tuple(merged), squeeze("".join(merged)))


def _leet(word: str, one: str) -> str:
    if not any(ch.isalpha() for ch in word):
        return word  # a number stays a number: "88", "1488"
    table = {**_LEET, "1": one, "!": one, "|": one}
    return "".join(table.get(ch, ch) for ch in word)


def _collapse(word: str) -> str:
    """Repeated letters once ("fuuuck" → "fuck"); digits stay as they are ("88")."""
    return _REPEATS.sub(r"\1", word)


def _mask(text: str, exceptions: frozenset[str]) -> str:
    for word in sorted(exceptions, key=len, reverse=True):
        if word in text:
            text = text.replace(word, "\0" * len(word))
    return text


def _fold_letters(text: str, letters: Mapping[str, str]) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(letters.get(ch, ch) for ch in text)
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return unicodedata.normalize("NFC", kept)


def latin_letters(confusables: Confusables) -> dict[str, str]:
    """Each character that looks like an ASCII letter or digit → that letter or digit, following
    chains (Cyrillic "в" → small capital "ʙ" → "B") and trying the upper case too."""
    table = {}
    for ch in confusables:
        if ch.isascii() or len(ch) != 1:
            continue
        target = _ascii_look_alike(ch, confusables) or _ascii_look_alike(ch.upper(), confusables)
        if target is not None:
            table[ch] = target
    return table


def _ascii_look_alike(ch: str, confusables: Confusables) -> str | None:
    seen: set[str] = set()
    queue = [ch]
    while queue and len(seen) < 12:
        current = queue.pop(0)
        if current in seen:
            continue
        seen.add(current)
        for glyph in confusables.get(current, ()):
            target = glyph["c"]
            if len(target) != 1:
                continue
            folded = target.casefold()
            if folded.isascii() and folded.isalnum():
                return folded
            queue.append(target)
    return None


def _fake_tag(name: str) -> bool:
    """Does the name end with something shaped like the public tag shown beside a name
    ("Calm Otter 42 k3f9"), so that it would read as another player's name and tag?"""
    words = [w for w in _SEPARATORS.split(name.casefold()) if w]
    if len(words) < 2:
        return False
    last = words[-1]
    return (
        4 <= len(last) <= 5
        and all(ch in TAG_ALPHABET for ch in last)
        and any(ch.isdigit() for ch in last)
        and any(ch.isalpha() for ch in last)
    )
