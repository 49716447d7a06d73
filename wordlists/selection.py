"""Which words are secrets: common lemmas, ranked by real frequency (admin and build tools only).

The server never imports this module. It needs the build-time packages of the ``admin`` extra
(wordfreq, simplemma, pymorphy3 with its Russian and Ukrainian dictionaries, ZirhUzMorph); each
is imported only where a language needs it.

A secret is a word a native speaker would pick: a lemma (dictionary form) of a common word,
accepted by the language's dictionary, not a name, an abbreviation or another language's word,
and not blocklisted. Every rule below says why a word is or is not chosen, so that the audit
(``scripts/wordlists/audit.py``) can print the reason next to each word.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordlists.uzbek import Headword

#: wordfreq's code for each language it covers (Uzbek and Kazakh it does not)
WORDFREQ = {
    "en": "en", "id": "id", "de": "de", "es": "es", "fr": "fr", "it": "it", "nl": "nl",
    "pl": "pl", "pt": "pt", "ru": "ru", "uk": "uk",
}  # fmt: skip
#: answers per length at most; the well-known English game has 2,309 five-letter answers
TARGET = 2000
#: a secret occurs at least once per million words (Zipf 3.0) ...
MIN_ZIPF = 3.0
#: ... and a word simplemma does not list must be ten times as frequent (a word it does not know
#: and that is rare is usually a name, an abbreviation or a foreign word: digli, napo, rozdz)
MIN_ZIPF_UNLISTED = 4.0
#: a word ten times as frequent in another language's corpus is that language's word
#: (German sich, nach and French nous in Polish text, English black in every corpus)
FOREIGN_MARGIN = 1.0
#: pymorphy3 grammemes that mark names: such a word is an answer only if it also has a reading
#: as a common noun (голова is also a surname, любовь also a first name; засл, москва are not)
NAME_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "prop"})
#: pymorphy3 grammemes of words a player would not expect: any such reading rules a word out
RU_UK_BAD_GRAMMEMES = frozenset(
    {"Abbr", "Init", "Arch", "Erro", "Dist", "Infr", "Slng", "Litr", "Fixd", "abbr", "bad",
     "slang", "rare", "alt", "arch"}
)  # fmt: skip
#: Uzbek: the ZirhUzMorph corpus has 6.4 million words; 50 occurrences is about 8 per million
UZ_MIN_COUNT = 50
#: ... in at least this many different forms (one form only is a name or a fixed phrase)
UZ_MIN_FORMS = 2
#: Kazakh: a noun needs this many of its case, number and possessive forms in tesseract's list
KK_MIN_FORMS = 6
#: ... and a word that is also a verb stem (тарт, жаса, қара) this many, to count as a noun
KK_NOUN_FORMS = 15


@dataclass(frozen=True)
class Choice:
    """An answer and why it was chosen (printed by the audit)."""

    word: str
    frequency: float
    unit: str  # what `frequency` counts
    reason: str


# --------------------------------------------------------------------------------------------
# Lemma checks


@functools.cache
def _simplemma():
    import simplemma

    return simplemma


def simplemma_lemma(raw: str, code: str) -> str | None:
    """Why `raw` is a lemma by simplemma's data, or None when it is an inflected form.

    simplemma maps forms to lemmas; a word that maps to itself is a lemma. One it does not list
    at all passes only when frequent (the caller checks MIN_ZIPF_UNLISTED).
    """
    sm = _simplemma()
    # German simplemma data still spells some lemmas the old way (Fluss -> Fluß)
    if sm.lemmatize(raw, code).replace("ß", "ss") != raw.replace("ß", "ss"):
        return None
    return "lemma (simplemma)" if sm.is_known(raw, code) else "not in simplemma"


@functools.cache
def _morph(code: str):
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=code)


def pymorphy_noun(raw: str, code: str) -> str | None:
    """Why `raw` is a noun in the nominative singular by pymorphy3, or None.

    Russian and Ukrainian Wordle games use nouns in their dictionary form. Left out: a word with
    a reading as an abbreviation, archaism or slang (табл), a name that is no common noun (засл,
    москва), oblique forms (истцом, сможет), adjectives used as nouns (левый, второе, живе), and
    words that are a noun only as a plurale tantum while also the plural of another word (коти,
    белые).
    """
    word = raw.replace("ʼ", "'")  # pymorphy3's Ukrainian dictionary spells the apostrophe '
    parses = _morph(code).parse(word)
    if any(RU_UK_BAD_GRAMMEMES & set(p.tag.grammemes) for p in parses):
        return None
    same = word.replace("ё", "е")
    for p in parses:
        tag = p.tag
        if tag.POS in ("ADJF", "PRTF") and (
            p.normal_form.replace("ё", "е") == same or {"neut", "nomn"} <= set(tag.grammemes)
        ):
            return None
    nouns = [
        p
        for p in parses
        if p.tag.POS == "NOUN"
        and p.tag.case == "nomn"
        and p.normal_form.replace("ё", "е") == same
        and not NAME_GRAMMEMES & set(p.tag.grammemes)
    ]
    # the Ukrainian dictionary leaves the singular unmarked
    singular = [
        p for p in nouns if p.tag.number in ("sing", None) and "Pltm" not in p.tag.grammemes
    ]
    if singular:
        return f"noun, nominative (pymorphy3 {code}: {singular[0].tag.gender or 'singular'})"
    if any("Pltm" in p.tag.grammemes for p in nouns) and not any(
        "plur" in p.tag.grammemes and p.normal_form != word for p in parses
    ):
        return f"noun, plurale tantum (pymorphy3 {code})"
    return None


def dutch_noun(raw: str) -> bool:
    """A Dutch noun that simplemma reads as a verb's stem (fiets -> fietsen, ik fiets): the
    verb is the word plus -en, and the noun's diminutive leads back to it (fietsje -> fiets)."""
    sm = _simplemma()
    if raw.endswith(("je", "ie")) or sm.lemmatize(raw, "nl") not in (raw + "en", raw + "n"):
        return False
    return any(sm.lemmatize(raw + end, "nl") == raw for end in ("je", "tje", "pje", "etje"))


CLITICS = {
    "it": ("gli", "mi", "ti", "ci", "vi", "si", "lo", "la", "li", "le", "ne"),
    "es": ("me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les"),
}


def inflected_by_rule(raw: str, code: str) -> str | None:
    """Forms simplemma's data lists as lemmas of their own that a player would not take for one.

    Feminine adjectives (Italian, Spanish, Portuguese): a word in -a whose plural simplemma
    leads to the -o word is that word's feminine (nuova, bonita), unless it is a noun of its
    own: nouns keep their own plural (casa/case) or are more frequent than the -o word (porta).
    Infinitives with a pronoun attached (Italian dargli, farne; Spanish darle, verlo) are not in
    simplemma's data at all, nor Indonesian words with a possessive (anakku, hatimu, airnya).
    """
    sm = _simplemma()
    if code in ("it", "es", "pt") and raw.endswith("a") and len(raw) > 3:
        plural = raw[:-1] + "e" if code == "it" else raw + "s"
        masculine = raw[:-1] + "o"
        # porta is more frequent than porto: a noun of its own, whatever simplemma says
        if sm.lemmatize(plural, code) == masculine and zipf(masculine, code) >= zipf(raw, code):
            return "a feminine form"
    if code == "id":
        for clitic in ("nya", "ku", "mu"):
            stem = raw[: -len(clitic)]
            if raw.endswith(clitic) and len(stem) >= 3 and sm.is_known(stem, code):
                return "a word with a possessive pronoun"
    for clitic in CLITICS.get(code, ()):
        stem = raw[: -len(clitic)]
        infinitive = stem + "e" if code == "it" else stem
        if (
            raw.endswith(clitic)
            and stem.endswith("r")
            and sm.is_known(infinitive, code)
            and sm.lemmatize(infinitive, code) == infinitive
        ):
            return "an infinitive with a pronoun"
    return None


# --------------------------------------------------------------------------------------------
# Frequency: wordfreq for 11 languages


@functools.cache
def _wordfreq():
    import wordfreq

    return wordfreq


def zipf(word: str, code: str) -> float:
    """wordfreq's Zipf frequency (log10 of occurrences per billion words)."""
    return _wordfreq().zipf_frequency(word, code, wordlist="best")


def foreign_language(raw: str, code: str, own: float) -> str | None:
    """The language in whose corpus `raw` is FOREIGN_MARGIN more frequent, if any."""
    for other in WORDFREQ.values():
        if other != code and zipf(raw, other) - own >= FOREIGN_MARGIN:
            return other
    return None


def frequent_words(code: str, min_zipf: float = MIN_ZIPF) -> Iterator[tuple[str, float]]:
    """(word, Zipf) of a language's wordfreq list, most frequent first, down to `min_zipf`."""
    wf = _wordfreq()
    for word in wf.iter_wordlist(code, wordlist="best"):
        z = wf.zipf_frequency(word, code, wordlist="best")
        if z < min_zipf:
            return
        yield word, z


@dataclass
class Verdict:
    """The outcome of the rules for one word: a Choice, or why it was turned down."""

    choice: Choice | None
    rejected: str = ""


ROMAN_NUMERAL = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def judge_wordfreq_word(
    raw: str,
    z: float,
    code: str,
    norm: str,
    allowed: Callable[[str], bool],
    lemma_forms: Callable[[str], Iterable[str]],
    blocked: frozenset[str],
) -> Verdict:
    """Apply every rule to one wordfreq word (`norm` is its normalised spelling).

    `allowed` says whether the dictionary accepts the word; `lemma_forms` gives the spellings
    to test as a lemma (the German dictionary's capitalised noun for a lower-case word).
    """
    if norm in blocked:
        return Verdict(None, "blocklisted")
    if not allowed(norm):
        return Verdict(None, "not in the dictionary (or a name there)")
    if not any(ch.isalpha() for ch in raw) or not has_vowel(norm):
        return Verdict(None, "no vowel (abbreviation)")
    if ROMAN_NUMERAL.fullmatch(norm):
        return Verdict(None, "a Roman numeral (xviii)")
    other = foreign_language(raw, code, z)
    if other:
        return Verdict(None, f"more frequent in {other}")
    if code in ("ru", "uk"):
        why = pymorphy_noun(raw, code)
        if why is None:
            return Verdict(None, "not a noun in the nominative singular")
    else:
        why = None
        for form in lemma_forms(raw):
            why = simplemma_lemma(form, code)
            if why:
                break
        if why is None and code == "nl" and dutch_noun(raw):
            why = "noun (a verb stem too: ik fiets)"
        if why is None:
            return Verdict(None, "an inflected form")
        rule = inflected_by_rule(raw, code)
        if rule:
            return Verdict(None, rule)
        if why == "not in simplemma" and z < MIN_ZIPF_UNLISTED:
            return Verdict(None, "not in simplemma and rare")
    return Verdict(Choice(norm, round(z, 2), "Zipf", why))


VOWELS = set("aeiouyäöüąęóàâéèêëîïôûùáíúãõаеиоуыэюяіїєәөұүё")


def has_vowel(word: str) -> bool:
    return bool(VOWELS & set(word))


def choose_wordfreq(
    code: str,
    length: Callable[[str], int | None],
    normalize: Callable[[str], str],
    allowed: Callable[[str], bool],
    lemma_forms: Callable[[str], Iterable[str]],
    blocked: frozenset[str],
    not_answers: Callable[[str], str | None] = lambda word: None,
) -> dict[int, list[Choice]]:
    """The most frequent words of each length that pass every rule, at most TARGET each."""
    out: dict[int, list[Choice]] = {}
    seen: set[str] = set()
    for raw, z in frequent_words(code):
        norm = normalize(raw)
        n = length(norm)
        if n is None or n not in (4, 5, 6) or norm in seen:
            continue
        # a word is judged once, by its most frequent spelling: "podría" (a verb form), not
        # the misspelt "podria" that simplemma does not know
        seen.add(norm)
        bucket = out.setdefault(n, [])
        if len(bucket) >= TARGET or not_answers(norm):
            continue
        verdict = judge_wordfreq_word(raw, z, code, norm, allowed, lemma_forms, blocked)
        if verdict.choice is not None:
            bucket.append(verdict.choice)
    return out


# --------------------------------------------------------------------------------------------
# Uzbek: the ZirhUzMorph lexicon (headwords of the explanatory dictionary, corpus counts)


def choose_uzbek(
    headwords: Iterable[Headword], length: Callable[[str], int | None], blocked: frozenset[str]
) -> dict[int, list[Choice]]:
    """Nouns, adjectives and verbs (as -moq infinitives) of the explanatory dictionary, by how
    often their forms occur in ZirhUzMorph's corpus; function words are left out."""
    best: dict[str, Choice] = {}
    for h in headwords:
        if h.section == "closed" or h.section.endswith("*") or h.word in blocked:
            continue  # function words; derived entries ("*": biri, uzil) are not headwords
        if h.frequency < UZ_MIN_COUNT or h.forms < UZ_MIN_FORMS:
            continue
        n = length(h.word)
        if n not in (4, 5, 6):
            continue
        kind = "verb, infinitive" if h.verb else "noun or adjective"
        why = f"{kind} (izohli lugʻat headword, {h.forms} forms in the corpus)"
        old = best.get(h.word)
        if old is None or h.frequency > old.frequency:
            best[h.word] = Choice(h.word, h.frequency, "corpus count", why)
    return top_by_length(best.values(), length)


def top_by_length(
    choices: Iterable[Choice], length: Callable[[str], int | None]
) -> dict[int, list[Choice]]:
    """The most frequent choices of each length, at most TARGET each, most frequent first."""
    out: dict[int, list[Choice]] = {}
    for choice in sorted(choices, key=lambda c: (-c.frequency, c.word)):
        bucket = out.setdefault(length(choice.word) or 0, [])
        if len(bucket) < TARGET:
            bucket.append(choice)
    return out
