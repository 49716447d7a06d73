"""Reading Debian's hunspell dictionaries and word lists for scripts/wordlists/build.py:
every form a dictionary accepts (expanded with spylls, checked by Debian's own `hunspell -G`),
which capitalised German stems are common nouns, and the larger English lists (SCOWL)."""

from __future__ import annotations

import re
import subprocess
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordlists import LENGTHS
from wordlists.hunspell import expand
from wordlists.language import Language

HUNSPELL = Path("/usr/share/hunspell")
DICT = Path("/usr/share/dict")
#: generated forms are kept for checking only within these code-point lengths (ß/œ folding and
#: Uzbek digraphs change lengths, so the window is wider than 4..6)
MIN_CP, MAX_CP = 3, 8

ENGLISH_EXTRA = ("american-english-large", "american-english-huge", "british-english-large")


def read_dictionary(name: str):
    """Parse a Debian hunspell dictionary with spylls (encoding from its SET line)."""
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(HUNSPELL / name))


def hunspell_accepts(name: str, words: Iterable[str]) -> set[str]:
    """The subset of `words` that Debian's hunspell itself accepts (`hunspell -G`)."""
    words = sorted(set(words))
    proc = subprocess.run(
        ["hunspell", "-d", str(HUNSPELL / name), "-G", "-i", "UTF-8"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    good = set(proc.stdout.split("\n")) - {""}
    unknown = good - set(words)
    if unknown:  # OCONV may rewrite output; we never rely on that
        raise RuntimeError(f"hunspell -G returned words it was not given: {sorted(unknown)[:5]}")
    return good


def is_lowercase_word(stem: str) -> bool:
    return stem == stem.lower() and any(ch.isalpha() for ch in stem)


GERMAN_NAME_FLAGS = frozenset("Smdhnw")  # genitive -s, compounding-only and bookkeeping flags
GERMAN_COMPOUND_FLAGS = frozenset("ij")  # may start a compound (Milch-, Kaffee-)


def german_common_noun(entry, names: set[str]) -> bool:
    """Whether a capitalised German stem is a common noun rather than a name or a brand.

    German capitalises every noun, so case cannot tell "Haus" from "Anna". In igerman98 the
    entries differ by their flags: persons' names get only the genitive -s (``Jürgen/S``),
    nothing (``Adidas``) or lack the ``m`` flag every noun has (``Georg/EST``); nouns get
    plural and case suffixes (``Hund/EPSTm``). Places and many nouns share ``/Sm`` or ``/m``
    (``Sylt/Sm``, ``Sofa/Sm``): those count as nouns unless they are in `names` (see
    german_names). What still slips through, mostly German places, was found by reading the
    lists and is listed in ``wordlists/de/excluded.txt``.
    """
    stem = entry.stem
    if not stem[:1].isupper() or not stem[1:].islower():
        return False
    flags = set(entry.flags)
    if "m" not in flags and not flags & GERMAN_COMPOUND_FLAGS:
        return False  # every noun may end a hyphenated compound (m); Georg/EST, Anna/S may not
    if flags - GERMAN_NAME_FLAGS - GERMAN_COMPOUND_FLAGS:
        return True
    return stem.lower() not in names


#: Latin-script dictionaries whose capitalised entries are names (pl_PL is left out: it lists
#: thousands of German surnames, Zoll, Vogel and Musik among them)
NAME_DICTIONARIES = ("en_US", "fr", "es_ES", "it_IT", "nl", "pt_PT", "pt_BR", "id_ID")


def german_names() -> set[str]:
    """Lower-cased words that are names to German: capitalised in at least two of the other
    Latin-script dictionaries (Berlin, Paris, Anna), unless simplemma's German data lists a
    form of them other than a genitive (Hammer -> Hämmer: a noun)."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    counts: Counter[str] = Counter()
    for name in NAME_DICTIONARIES:
        capitalised = set()
        for line in dic_lines(name):
            stem = line.split("/", 1)[0].strip()
            if stem[:1].isupper() and stem[1:].islower():
                capitalised.add(stem.lower())
        counts.update(capitalised)
    nouns = set()
    for form, lemma in DefaultDictionaryFactory().get_dictionary("de").items():
        if form != lemma and form not in (lemma + "s", lemma + "es") and lemma[:1].isupper():
            nouns.add(lemma.lower())
    return {w for w, n in counts.items() if n >= 2} - nouns


def dic_lines(name: str) -> list[str]:
    """The entry lines of a .dic file, decoded by the SET of its .aff."""
    raw = (HUNSPELL / f"{name}.dic").read_bytes()
    aff = (HUNSPELL / f"{name}.aff").read_bytes()
    m = re.search(rb"^\s*SET\s+(\S+)", aff.lstrip(b"\xef\xbb\xbf"), re.M)
    enc = m.group(1).decode() if m else "latin-1"
    enc = {"ISO8859-2": "iso8859-2", "ISO8859-1": "iso8859-1", "UTF-8": "utf-8-sig"}.get(enc, enc)
    return raw.decode(enc).splitlines()[1:]


@dataclass
class Built:
    """What one language's sources give: guesses and the spellings behind them."""

    allowed: set[str]
    sources: dict[str, set[str]] = field(default_factory=dict)  # normalised -> source spellings
    nosuggest: set[str] = field(default_factory=set)
    stems: set[str] = field(default_factory=set)  # every kept dictionary entry, any length


def keep(lang: Language, word: str) -> str | None:
    """The normalised word if it has a playable length, else None."""
    norm = lang.normalize(word)
    return norm if lang.length(norm) in LENGTHS else None


def is_headword(aff, stem: str, flags: Iterable[str]) -> bool:
    """Whether the stem is a word by itself: not a NEEDAFFIX stem ("brems/hke", "Kipp/hij"
    are bases for affixes and compounds), unless one of its own suffixes adds nothing and
    is not compound-only (French gives "maison/S.()" its singular by an empty suffix)."""
    flags = set(flags)
    if not (aff.NEEDAFFIX and aff.NEEDAFFIX in flags):
        return True
    only_parts = {f for f in (aff.ONLYINCOMPOUND, aff.NEEDAFFIX) if f}
    return any(
        not s.add and not s.strip and not s.flags & only_parts and s.cond_regexp.search(stem)
        for f in flags
        for s in aff.SFX.get(f, ())
    )


def build_hunspell(
    lang: Language, name: str, german_names: set[str], excluded: frozenset[str]
) -> Built:
    """All verified forms of one hunspell dictionary, normalised and filtered."""
    t0 = time.time()
    dictionary = read_dictionary(name)
    aff = dictionary.aff
    bad_flags = {f for f in (aff.FORBIDDENWORD, aff.ONLYINCOMPOUND) if f}
    max_strip = max(
        [len(a.strip) for table in (aff.SFX, aff.PFX) for lst in table.values() for a in lst] or [0]
    )
    candidates: dict[str, set[str]] = {}  # form -> stems it came from
    stems_kept: set[str] = set()
    nosuggest: set[str] = set()
    skipped: Counter[str] = Counter()
    for entry in dictionary.dic.words:
        stem = unicodedata.normalize("NFC", entry.stem.strip().lstrip("\ufeff"))
        if not stem or set(entry.flags) & bad_flags:
            skipped["forbidden or compound-only"] += 1
            continue
        if any(ch.isdigit() or ch in ".-_ " for ch in stem):
            skipped["digits or punctuation"] += 1
            continue
        if not is_lowercase_word(stem) and not (
            lang.code == "de" and german_common_noun(entry, german_names)
        ):
            skipped["capitalised (proper noun or abbreviation)"] += 1
            continue
        if len(stem) - 2 * max_strip > MAX_CP + 2:
            continue  # no form of this stem can be short enough
        if is_headword(aff, stem, entry.flags):
            stems_kept.add(stem)
        if aff.NOSUGGEST and aff.NOSUGGEST in entry.flags:
            nosuggest.add(stem)
        for form in expand(aff, stem, entry.flags):
            # only words of the alphabet go to hunspell (it splits "l'abaco" at the apostrophe)
            if MIN_CP <= len(form) <= MAX_CP and keep(lang, form) is not None:
                candidates.setdefault(form, set()).add(stem)
    t1 = time.time()
    accepted = hunspell_accepts(name, candidates)
    t2 = time.time()
    built = Built(allowed=set(), stems={lang.normalize(s) for s in stems_kept})
    for form in accepted:
        norm = keep(lang, form)
        if norm is None or norm in excluded:
            continue
        built.allowed.add(norm)
        built.sources.setdefault(norm, set()).add(form)
        if candidates[form] & nosuggest:
            built.nosuggest.add(norm)
    print(
        f"  {name}: {len(dictionary.dic.words)} stems, {len(candidates)} candidates, "
        f"{len(accepted)} accepted by hunspell, {len(built.allowed)} of 4-6 letters "
        f"(expand {t1 - t0:.0f}s, check {t2 - t1:.0f}s); skipped {dict(skipped)}",
        flush=True,
    )
    return built


def attested_forms(lang: Language, name: str, built: Built) -> set[str]:
    """Inflected forms simplemma's data lists for lemmas the dictionary already has, that
    hunspell accepts (German: igerman98 makes most forms by compounding at check time, so its
    affix rules alone give few 4-letter words)."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    forms = DefaultDictionaryFactory().get_dictionary(lang.code)
    candidates: dict[str, str] = {}
    for form, lemma in forms.items():
        norm = keep(lang, form)
        if norm is None or norm in built.allowed or not form[:1].isalpha():
            continue
        if lang.normalize(lemma) in built.stems and form[1:] == form[1:].lower():
            candidates[form] = norm
    accepted = hunspell_accepts(name, candidates)
    return {candidates[f] for f in accepted}


def english_extra(lang: Language) -> set[str]:
    """Debian's larger English word lists (SCOWL), for allowed guesses only."""
    out: set[str] = set()
    for name in ENGLISH_EXTRA:
        for line in (DICT / name).read_text(encoding="utf-8").splitlines():
            word = line.strip()
            if is_lowercase_word(word) and word.isalpha():
                norm = keep(lang, word)
                if norm:
                    out.add(norm)
    return out
