#!/usr/bin/env python3
"""Rebuild the shipped word lists from Debian's hunspell dictionaries and wordfreq.

A developer tool, not run in CI (it needs Debian packages and takes minutes):

    apt-get install -y hunspell hunspell-en-us hunspell-id hunspell-de-de hunspell-es \\
        hunspell-fr hunspell-it hunspell-nl hunspell-uz hunspell-pl hunspell-pt-br \\
        hunspell-pt-pt hunspell-kk hunspell-ru hunspell-uk wamerican-large wamerican-huge \\
        wbritish-large
    .venv/bin/pip install 'wordfreq>=3.1' 'spylls>=0.1.7'
    .venv/bin/python scripts/build_wordlists.py [CODE ...] [--check-only]

Why not `unmunch`: it reads one-byte flags and tests affix conditions byte by byte, so for the
UTF-8 and long-flag dictionaries it invents forms and misses real ones. Here every .aff/.dic is
parsed by spylls (which honours SET, FLAG, IGNORE, FULLSTRIP, NEEDAFFIX, CIRCUMFIX ...), the
affixes are applied generously (a superset of the real forms), and every candidate is then
checked by Debian's own `hunspell -G`, so only forms hunspell accepts are kept.

Each language's answers are its common headwords (dictionary stems, not generated forms),
ranked by wordfreq, or for Uzbek and Kazakh (not in wordfreq) by how many of the word's
inflected forms the dictionary lists; see wordlists/SOURCES.md for every rule.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordlists import LANGUAGE_CODES  # noqa: E402
from wordlists.hunspell import expand  # noqa: E402
from wordlists.language import Language, load_definition  # noqa: E402

HUNSPELL = Path("/usr/share/hunspell")
DICT = Path("/usr/share/dict")
LENGTHS = (4, 5, 6)
#: generated forms are kept for checking only within these code-point lengths (ß/œ folding and
#: Uzbek digraphs change lengths, so the window is wider than 4..6)
MIN_CP, MAX_CP = 3, 8
ANSWER_TARGET = 2300  # per length; the well-known English game has about 2,300 answers
ANSWER_MIN_ZIPF = 2.5  # at least ~0.3 occurrences per million words
#: a word much more frequent in English than in the language is an English intruder there
ENGLISH_MARGIN = 1.0
FAMILY_TARGET = 1000  # per length, for the languages ranked by dictionary family size
ANSWER_FLOOR = 500  # the minimum number of answers per length

# code -> (hunspell dictionaries whose forms are allowed, dictionaries an answer must be in,
#          wordfreq language or None)
SOURCES: dict[str, tuple[tuple[str, ...], tuple[str, ...], str | None]] = {
    "en": (("en_US",), ("en_US",), "en"),
    "id": (("id_ID",), ("id_ID",), "id"),
    "de": (("de_DE",), ("de_DE",), "de"),
    "es": (("es_ES",), ("es_ES",), "es"),
    "fr": (("fr",), ("fr",), "fr"),
    "it": (("it_IT",), ("it_IT",), "it"),
    "nl": (("nl",), ("nl",), "nl"),
    "uz": (("uz_UZ",), ("uz_UZ",), None),
    "pl": (("pl_PL",), ("pl_PL",), "pl"),
    "pt": (("pt_BR", "pt_PT"), ("pt_BR", "pt_PT"), "pt"),
    "kk": (("kk_KZ",), ("kk_KZ",), None),
    "ru": (("ru_RU",), ("ru_RU",), "ru"),
    "uk": (("uk_UA",), ("uk_UA",), "uk"),
}
ENGLISH_EXTRA = ("american-english-large", "american-english-huge", "british-english-large")

VOWELS = set("aeiouyäöüąęóàâéèêëîïôûùáíúãõаеиоуыэюяіїєәөұүё")


# --------------------------------------------------------------------------------------------
# Expanding a hunspell dictionary


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


# --------------------------------------------------------------------------------------------
# Proper nouns and other non-words


def is_lowercase_word(stem: str) -> bool:
    return stem == stem.lower() and any(ch.isalpha() for ch in stem)


GERMAN_NAME_FLAGS = frozenset("Smdhnw")  # genitive -s, compounding-only and bookkeeping flags
GERMAN_COMPOUND_FLAGS = frozenset("ij")  # may start a compound (Milch-, Kaffee-)


def german_common_noun(entry, capitalised_elsewhere: set[str]) -> bool:
    """Whether a capitalised German stem is a common noun rather than a name or a brand.

    German capitalises every noun, so case cannot tell "Haus" from "Anna". In igerman98 the
    entries differ by their flags: persons' names get only the genitive -s (``Jürgen/S``),
    nothing (``Adidas``) or lack the ``m`` flag every noun has (``Georg/EST``); nouns get
    plural and case suffixes (``Hund/EPSTm``). Places and many nouns share ``/Sm`` or ``/m``
    (``Sylt/Sm``, ``Sofa/Sm``): those count as nouns unless the word is capitalised in one of
    the other languages' dictionaries (Europa, Paris, Iran). What still slips through was
    found by reading the answer candidates and is listed in ``wordlists/de/excluded.txt``.
    """
    stem = entry.stem
    if not stem[:1].isupper() or not stem[1:].islower():
        return False
    flags = set(entry.flags)
    if "m" not in flags and not flags & GERMAN_COMPOUND_FLAGS:
        return False  # every noun may end a hyphenated compound (m); Georg/EST, Anna/S may not
    if flags - GERMAN_NAME_FLAGS - GERMAN_COMPOUND_FLAGS:
        return True
    return stem.lower() not in capitalised_elsewhere


def capitalised_stems(names: Iterable[str]) -> set[str]:
    """Lower-cased capitalised stems of other dictionaries (proper nouns there)."""
    out: set[str] = set()
    for name in names:
        for line in _dic_lines(name):
            stem = line.split("/", 1)[0].strip()
            if stem[:1].isupper() and stem[1:].islower():
                out.add(stem.lower())
    return out


def _dic_lines(name: str) -> list[str]:
    raw = (HUNSPELL / f"{name}.dic").read_bytes()
    aff = (HUNSPELL / f"{name}.aff").read_bytes()
    m = re.search(rb"^\s*SET\s+(\S+)", aff.lstrip(b"\xef\xbb\xbf"), re.M)
    enc = m.group(1).decode() if m else "latin-1"
    enc = {"ISO8859-2": "iso8859-2", "ISO8859-1": "iso8859-1", "UTF-8": "utf-8-sig"}.get(enc, enc)
    return raw.decode(enc).splitlines()[1:]


# --------------------------------------------------------------------------------------------
# Uzbek: the Debian dictionary is Cyrillic only


UZ_VOWELS = set("аеёиоуўэюя")
UZ_MAP = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ё": "yo", "ж": "j", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
    "т": "t", "у": "u", "ф": "f", "х": "x", "ч": "ch", "ш": "sh", "э": "e", "ю": "yu",
    "я": "ya", "ў": "oʻ", "қ": "q", "ғ": "gʻ", "ҳ": "h", "ь": "",
}  # fmt: skip


def uzbek_latin(cyr: str) -> str | None:
    """Transliterate one lower-case Uzbek Cyrillic word to the official Latin alphabet.

    None for words the Latin lists leave out: the tutuq belgisi (ъ, and с+ҳ which Latin writes
    sʼh to keep it apart from sh) and letters Uzbek does not use (щ, ы). е is "ye" at the start
    of a word and after a vowel or ь/ъ, else "e"; ц is "ts" after a vowel, else "s".
    """
    if any(ch in cyr for ch in "ъщы") or "сҳ" in cyr:
        return None
    out: list[str] = []
    for i, ch in enumerate(cyr):
        prev = cyr[i - 1] if i else ""
        if ch == "е":
            out.append("ye" if not prev or prev in UZ_VOWELS or prev in "ьъ" else "e")
        elif ch == "ц":
            out.append("ts" if prev and prev in UZ_VOWELS else "s")
        elif ch in UZ_MAP:
            out.append(UZ_MAP[ch])
        else:
            return None
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Building one language


@dataclass
class Built:
    allowed: set[str]
    headwords: set[str]  # normalised stems (not generated forms) that are allowed words
    answer_ok: set[str]  # words an answer may be (in every dictionary named for answers)
    nosuggest: set[str]
    family: Counter[str] = field(default_factory=Counter)
    stats: dict[str, int] = field(default_factory=dict)


def _keep(lang: Language, word: str) -> str | None:
    norm = lang.normalize(word)
    n = lang.length(norm)
    return norm if n in LENGTHS else None


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
    lang: Language, name: str, capitalised_elsewhere: set[str], excluded: set[str]
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
    stems_kept: dict[str, object] = {}
    nosuggest: set[str] = set()
    skipped = Counter()
    for entry in dictionary.dic.words:
        stem = unicodedata.normalize("NFC", entry.stem.strip().lstrip("\ufeff"))
        if not stem or set(entry.flags) & bad_flags:
            skipped["forbidden or compound-only"] += 1
            continue
        if any(ch.isdigit() or ch in ".-_ " for ch in stem):
            skipped["digits or punctuation"] += 1
            continue
        if is_lowercase_word(stem):
            pass
        elif lang.code == "de" and german_common_noun(entry, capitalised_elsewhere):
            pass
        else:
            skipped["capitalised (proper noun or abbreviation)"] += 1
            continue
        if len(stem) - 2 * max_strip > MAX_CP + 2:
            continue  # no form of this stem can be short enough
        if is_headword(aff, stem, entry.flags):
            stems_kept[stem] = entry
        if aff.NOSUGGEST and aff.NOSUGGEST in entry.flags:
            nosuggest.add(stem)
        for form in expand(aff, stem, entry.flags):
            # only words of the alphabet go to hunspell (it splits "l'abaco" at the apostrophe)
            if MIN_CP <= len(form) <= MAX_CP and _keep(lang, form) is not None:
                candidates.setdefault(form, set()).add(stem)
    t1 = time.time()
    accepted = hunspell_accepts(name, candidates)
    t2 = time.time()
    allowed: set[str] = set()
    headwords: set[str] = set()
    nosug_norm: set[str] = set()
    for form in accepted:
        norm = _keep(lang, form)
        if norm is None or norm in excluded:
            continue
        allowed.add(norm)
        if form in stems_kept:
            headwords.add(norm)
        if candidates[form] & nosuggest:
            nosug_norm.add(norm)
    family: Counter[str] = Counter()
    if lang.code == "kk":
        family = dictionary_family(lang, [e.stem for e in dictionary.dic.words], KK_INFLECTIONS)
    print(
        f"  {name}: {len(dictionary.dic.words)} stems, {len(candidates)} candidates, "
        f"{len(accepted)} accepted by hunspell, {len(allowed)} of 4-6 letters "
        f"(expand {t1 - t0:.0f}s, check {t2 - t1:.0f}s); skipped {dict(skipped)}",
        flush=True,
    )
    return Built(allowed, headwords, set(allowed), nosug_norm, family)


KK_INFLECTIONS = (
    "лар", "лер", "дар", "дер", "тар", "тер", "ы", "і", "сы", "сі", "ға", "ге", "қа", "ке",
    "на", "не", "а", "е", "да", "де", "та", "те", "дан", "ден", "тан", "тен", "нан", "нен",
    "ның", "нің", "дың", "дің", "тың", "тің", "ды", "ді", "ты", "ті", "ны", "ні", "мен", "бен",
    "пен", "ған", "ген", "қан", "кен", "ып", "іп", "п", "у", "й", "сыз", "сіз", "лы", "лі",
)  # fmt: skip
UZ_INFLECTIONS = (
    "lar", "ni", "ga", "ka", "qa", "da", "dan", "ning", "im", "ing", "i", "si", "miz",
    "ingiz", "di", "gan", "sa", "ib", "moq", "mi", "chi", "roq", "ta", "dagi", "cha", "lik",
    "siz", "li", "ning", "imiz", "ish", "ay", "adi", "yapti",
)  # fmt: skip


def dictionary_family(
    lang: Language, stems: Iterable[str], inflections: tuple[str, ...]
) -> Counter[str]:
    """For each normalised word, how many of its inflected forms the dictionary lists.

    Used instead of corpus frequency for languages wordfreq does not cover. Both dictionaries
    were compiled from text, so a word that it lists with many case, number and verb endings
    (шарт -> шарттар, шарты, шартқа, шартта ...) is a basic, well-known word, while a rare word,
    a bound root or an ideophone (дүрк, only derived as дүркіре ...) has none. The score is
    ten times the number of inflected forms plus the number of longer entries starting with
    the word (capped at nine), which breaks ties.
    """
    words = sorted({lang.normalize(s.strip()) for s in stems if is_lowercase_word(s.strip())})
    present = set(words)
    family: Counter[str] = Counter()
    for i, w in enumerate(words):
        j = i + 1
        while j < len(words) and j - i <= 9 and words[j].startswith(w):
            j += 1
        inflected = sum(1 for ending in inflections if w + ending in present)
        family[w] = 10 * inflected + (j - i - 1)
    return family


UZ_SUFFIXES = (
    "lar", "ni", "ga", "ka", "qa", "da", "dan", "ning", "im", "ing", "si", "i", "miz", "ingiz",
    "di", "gan", "sa", "ib", "moq", "mi", "chi", "roq", "ta", "dagi", "cha", "lik", "siz",
)  # fmt: skip


def build_uzbek(lang: Language, excluded: set[str]) -> Built:
    """Uzbek: transliterate the Cyrillic word list (it has no affix rules) to Latin."""
    lines = _dic_lines("uz_UZ")
    latin: set[str] = set()
    skipped = Counter()
    for line in lines:
        word = line.split("/", 1)[0].strip()
        if not word:
            continue
        if not is_lowercase_word(word):
            skipped["capitalised (proper noun)"] += 1
            continue
        lat = uzbek_latin(word)
        if lat is None:
            skipped["tutuq belgisi or non-Uzbek letter"] += 1
            continue
        latin.add(lang.normalize(lat))
    allowed = {w for w in latin if lang.length(w) in LENGTHS} - excluded
    family = dictionary_family(lang, latin, UZ_INFLECTIONS)
    # headwords: forms that are not a shorter listed word plus a common inflection
    headwords = {
        w for w in allowed
        if not any(w.endswith(s) and w[: -len(s)] in latin for s in UZ_SUFFIXES)
    }  # fmt: skip
    print(f"  uz_UZ: {len(lines)} words, {len(allowed)} of 4-6 letters; skipped {dict(skipped)}")
    return Built(allowed, headwords, set(allowed), set(), family)


def english_extra(lang: Language) -> set[str]:
    """Debian's larger English word lists (SCOWL), for allowed guesses only."""
    out: set[str] = set()
    for name in ENGLISH_EXTRA:
        for line in (DICT / name).read_text(encoding="utf-8").splitlines():
            word = line.strip()
            if is_lowercase_word(word) and word.isalpha():
                norm = _keep(lang, word)
                if norm:
                    out.add(norm)
    return out


def read_blocklist(path: Path, lang: Language) -> set[str]:
    out: set[str] = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                out.add(lang.normalize(line))
    return out


_ENGLISH_NAMES: set[str] = set()


def english_names() -> set[str]:
    """Lower-cased proper nouns of en_US (capitalised there, never lower case)."""
    if not _ENGLISH_NAMES:
        caps, lower = set(), set()
        for line in _dic_lines("en_US"):
            stem = line.split("/", 1)[0].strip()
            (lower if is_lowercase_word(stem) else caps).add(stem.lower())
        _ENGLISH_NAMES.update(caps - lower)
    return _ENGLISH_NAMES


def pick_answers(
    lang: Language, built: Built, freq_lang: str | None, blocked: set[str]
) -> dict[int, list[str]]:
    """Common headwords per length: by wordfreq rank, or by dictionary family size."""
    pool = (built.headwords & built.answer_ok & built.allowed) - blocked - built.nosuggest
    if lang.code != "en":  # names the dictionary lists in lower case: Kenya, Sumba in Indonesian
        pool -= english_names()
    pool = {w for w in pool if VOWELS & set(w)}
    by_len: dict[int, list[str]] = {n: [] for n in LENGTHS}
    if freq_lang is not None:
        import wordfreq

        score = {}
        for w in pool:
            z = wordfreq.zipf_frequency(w, freq_lang, wordlist="best")
            if z < ANSWER_MIN_ZIPF:
                continue
            # corpora of every language carry English text ("black", "cover" in Polish)
            if freq_lang != "en" and wordfreq.zipf_frequency(w, "en") - z >= ENGLISH_MARGIN:
                continue
            score[w] = z
        target = ANSWER_TARGET
    else:
        score = {w: float(built.family[w]) for w in pool if built.family[w] >= 1}
        target = FAMILY_TARGET
    ranked = sorted(score, key=lambda w: (-score[w], w))
    for w in ranked:
        n = lang.length(w)
        if n not in by_len or len(by_len[n]) >= target:
            continue
        # family ranking: words with no inflected form listed (bound roots, ideophones) only
        # when needed to reach the minimum of answers
        if freq_lang is None and score[w] < 10 and len(by_len[n]) >= ANSWER_FLOOR:
            continue
        by_len[n].append(w)
    return {n: sorted(ws) for n, ws in by_len.items()}


def build_language(code: str, out_root: Path) -> dict[str, object]:
    lang = load_definition(out_root / code / "language.json")
    names, answer_names, freq_lang = SOURCES[code]
    print(f"{code}: building from {', '.join(names)}", flush=True)
    excluded = read_blocklist(out_root / code / "excluded.txt", lang)
    if code == "uz":
        built = build_uzbek(lang, excluded)
    else:
        others = ("en_US", "fr", "es_ES", "it_IT", "nl", "pl_PL", "pt_PT", "pt_BR", "id_ID")
        others = others if code == "de" else ()
        caps = capitalised_stems(others) if others else set()
        parts = [build_hunspell(lang, name, caps, excluded) for name in names]
        built = parts[0]
        for extra in parts[1:]:
            built.allowed |= extra.allowed
            built.headwords |= extra.headwords
            built.nosuggest |= extra.nosuggest
            built.family.update(extra.family)
        if len(parts) > 1:  # an answer must be a word in every variety (pt_BR and pt_PT)
            built.answer_ok = set.intersection(*(p.answer_ok for p in parts))
        if code == "en":
            built.allowed |= english_extra(lang) - excluded
    blocked = read_blocklist(out_root / code / "blocklist.txt", lang)
    answers = pick_answers(lang, built, freq_lang, blocked)
    allowed = sorted(built.allowed)
    folder = out_root / code
    write_list(folder / "allowed.txt", allowed)
    write_list(folder / "answers.txt", sorted(w for ws in answers.values() for w in ws))
    counts = {n: (len(answers[n]), sum(1 for w in allowed if lang.length(w) == n)) for n in LENGTHS}
    print(f"{code}: answers/allowed per length {counts}", flush=True)
    return {"code": code, "counts": counts}


def write_list(path: Path, words: list[str]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text("".join(w + "\n" for w in words), encoding="utf-8")
    tmp.replace(path)


def copy_licences(out_root: Path) -> None:
    """Ship the Debian copyright files (they carry or name each source's licence) and the
    licence texts they refer to, in wordlists/LICENSES/."""
    target = out_root / "LICENSES"
    target.mkdir(exist_ok=True)
    doc = Path("/usr/share/doc")
    copies = {
        # one copyright file covers every dictionary of the libreoffice-dictionaries source
        "libreoffice-dictionaries.copyright": "hunspell-es",  # id es it pl pt_BR pt_PT ru uk
        "hunspell-en-us.copyright": "hunspell-en-us",
        "scowl-wamerican-wbritish.copyright": "wamerican-huge",
        "hunspell-de-de.copyright": "hunspell-de-de",
        "hunspell-fr-classical.copyright": "hunspell-fr-classical",
        "hunspell-nl.copyright": "hunspell-nl",
        "hunspell-uz.copyright": "hunspell-uz",
        "hunspell-kk.copyright": "hunspell-kk",
    }
    for name, pkg in copies.items():
        shutil.copyfile(doc / pkg / "copyright", target / name)
    for lic in ("GPL-2", "GPL-3", "LGPL-2.1", "LGPL-3", "MPL-1.1", "MPL-2.0", "Apache-2.0"):
        shutil.copyfile(Path("/usr/share/common-licenses") / lic, target / f"{lic}.txt")
    from importlib.metadata import distribution

    for f in distribution("wordfreq").files or []:
        if f.name.upper().startswith("LICENSE"):
            shutil.copyfile(str(f.locate()), target / "wordfreq.LICENSE.txt")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", help="languages to build (default: all 13)")
    parser.add_argument("--out", type=Path, default=ROOT / "wordlists")
    parser.add_argument("--licences", action="store_true", help="copy licence texts too")
    args = parser.parse_args(argv)
    if shutil.which("hunspell") is None:
        print("hunspell is not installed: apt-get install -y hunspell", file=sys.stderr)
        return 2
    for code in args.codes or LANGUAGE_CODES:
        if code not in SOURCES:
            print(f"unknown language {code!r}", file=sys.stderr)
            return 2
        build_language(code, args.out)
    if args.licences:
        copy_licences(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
