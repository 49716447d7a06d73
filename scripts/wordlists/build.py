"""Rebuild the shipped word lists from Debian's hunspell dictionaries and frequency data.

A developer tool, not run in CI (it needs Debian packages and takes minutes); the exact commands
are in wordlists/SOURCES.md:

    python -m scripts.wordlists.build [CODE ...] [--naughty-words naughty-words-1.2.0.tgz]

Allowed guesses are every form the language's hunspell dictionary accepts (expanded with spylls
and checked by Debian's own `hunspell -G`, see wordlists/hunspell.py). Answers are chosen by
wordlists/selection.py: lemmas of common words ranked by real frequency (wordfreq with
simplemma or pymorphy3; for Uzbek the ZirhUzMorph lexicon's corpus counts; for Kazakh, which no
package covers, the inflected forms hunspell-kk lists). wordlists/SOURCES.md has every rule.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordlists import LANGUAGE_CODES, LENGTHS, default_folder, read_blocklist, selection, uzbek
from wordlists.blocklist import BLOCKLIST_FILE, with_generated_part
from wordlists.hunspell import expand
from wordlists.language import Language, load_definition

HUNSPELL = Path("/usr/share/hunspell")
DICT = Path("/usr/share/dict")
#: generated forms are kept for checking only within these code-point lengths (ß/œ folding and
#: Uzbek digraphs change lengths, so the window is wider than 4..6)
MIN_CP, MAX_CP = 3, 8

#: code -> hunspell dictionaries whose forms are allowed (an answer must be in all of them)
DICTIONARIES: dict[str, tuple[str, ...]] = {
    "en": ("en_US",), "id": ("id_ID",), "de": ("de_DE",), "es": ("es_ES",), "fr": ("fr",),
    "it": ("it_IT",), "nl": ("nl",), "uz": ("uz_UZ",), "pl": ("pl_PL",),
    "pt": ("pt_BR", "pt_PT"), "kk": ("kk_KZ",), "ru": ("ru_RU",), "uk": ("uk_UA",),
}  # fmt: skip
ENGLISH_EXTRA = ("american-english-large", "american-english-huge", "british-english-large")
#: naughty-words (LDNOOBW) file of each language it covers
NAUGHTY = {c: f"{c}.json" for c in ("en", "de", "es", "fr", "it", "nl", "pl", "pt", "ru")}
NAUGHTY_SOURCE = "naughty-words {version}, LDNOOBW, CC BY 4.0"
#: build-time only: words the audit found bad as secrets (they stay accepted guesses)
REJECTED_FILE = "rejected.txt"
INCLUDED_FILE = "included.txt"  # everyday words a reviewer made answers: a rebuild keeps them
#: insults, ethnonyms, nationality and faith nouns: never answers, always accepted guesses
PEOPLE_FILE = "people.txt"


# --------------------------------------------------------------------------------------------
# hunspell


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


# --------------------------------------------------------------------------------------------
# Kazakh: no package ships Kazakh frequencies; tesseract's Kazakh word list (the words of a large
# web crawl) shows how many of a word's forms are in use

TESSDATA = Path("/usr/share/tesseract-ocr/5/tessdata")
KK_PLURAL = ("", "лар", "лер", "дар", "дер", "тар", "тер")
KK_POSSESSIVE = (
    "", "ым", "ім", "м", "ың", "ің", "ң", "ы", "і", "сы", "сі", "ымыз", "іміз", "мыз", "міз",
    "ыңыз", "іңіз", "ңыз", "ңіз",
)  # fmt: skip
KK_CASE = (
    "", "ның", "нің", "дың", "дің", "тың", "тің", "ға", "ге", "қа", "ке", "на", "не", "а", "е",
    "ны", "ні", "ды", "ді", "ты", "ті", "н", "да", "де", "та", "те", "нда", "нде", "дан", "ден",
    "тан", "тен", "нан", "нен", "мен", "бен", "пен", "менен", "бенен", "пенен",
)  # fmt: skip
KK_ENDINGS = frozenset(p + q + c for p in KK_PLURAL for q in KK_POSSESSIVE for c in KK_CASE) - {""}
KK_VOICED = {"қ": "ғ", "к": "г", "п": "б"}  # final consonants voiced before a vowel
#: endings that make a listed word an inflected form of a shorter one (сөздер, жолда, салған)
KK_FORM_ENDINGS = frozenset(
    e
    for e in KK_ENDINGS | {"ған", "ген", "қан", "кен", "уы", "уі", "уға", "уге"}
    if (len(e) >= 2 or e in ("ы", "і"))
    # the second person possessive (-ың, -ңіз) makes no listed forms, only coincidences: теңіз
    and not e.startswith(("ың", "ің", "ңыз", "ңіз", "ыңыз", "іңіз"))
)
KK_NOUN_FLAGS = frozenset("AB")  # the nominal paradigms of hunspell-kk (verbs have M)


def tesseract_words(lang_code: str) -> list[str]:
    """The words of Debian's tesseract-ocr-<lang> model (by combine_tessdata, dawg2wordlist)."""
    with tempfile.TemporaryDirectory() as tmp:
        prefix = str(Path(tmp) / lang_code) + "."
        subprocess.run(
            ["combine_tessdata", "-u", str(TESSDATA / f"{lang_code}.traineddata"), prefix],
            check=True, capture_output=True,
        )  # fmt: skip
        out = Path(tmp) / "words.txt"
        subprocess.run(
            ["dawg2wordlist", prefix + "lstm-unicharset", prefix + "lstm-word-dawg", str(out)],
            check=True, capture_output=True,
        )  # fmt: skip
        return out.read_text(encoding="utf-8").split()


def kazakh_usage(lang: Language) -> tuple[Counter[str], set[str], set[str]]:
    """For each lower-case word of the tesseract list: how many of its case, number and
    possessive forms the list has (бала -> балалар, баланың, баласы, балаға ...); and the words
    the list has only capitalised (names: Алматы, Абай)."""
    words = tesseract_words("kaz")
    lower = {lang.normalize(w) for w in words if w == w.lower()}
    capital_only = {lang.normalize(w) for w in words if w[:1].isupper()} - lower
    usage: Counter[str] = Counter()
    for form in lower:
        for cut in range(2, min(len(form), 12)):
            ending = form[-cut:]
            if ending not in KK_ENDINGS:
                continue
            stem = form[:-cut]
            usage[stem] += 1
            if ending[0] in "аеыіә" and stem[-1:] in KK_VOICED.values():
                for plain, voiced in KK_VOICED.items():  # балығы -> балық
                    if stem.endswith(voiced):
                        usage[stem[:-1] + plain] += 1
    return usage, lower, capital_only


def kazakh_nouns(lang: Language) -> set[str]:
    """Nouns and adjectives of hunspell-kk: entries with its nominal paradigms, and entries
    without flags (its rules cannot voice a final қ к п, so балық and кітап-like words ending
    in them are listed bare); verbs have the verbal paradigms (M ...)."""
    out = set()
    for line in dic_lines("kk_KZ"):
        stem, _, flags = line.partition("/")
        stem, flags = stem.strip(), flags.strip()
        if is_lowercase_word(stem) and (not flags or KK_NOUN_FLAGS & set(flags)):
            out.add(lang.normalize(stem))
    return out


def kazakh_inflected(word: str, stems: set[str]) -> bool:
    """Whether a listed word is a shorter listed word plus an ending (hunspell-kk lists many
    forms bare: сөздер, жауабы, баста, салған)."""
    for cut in range(1, len(word) - 1):
        ending, stem = word[-cut:], word[:-cut]
        if ending not in KK_FORM_ENDINGS:
            continue
        bases = [stem] + [
            stem[:-1] + plain for plain, voiced in KK_VOICED.items() if stem.endswith(voiced)
        ]
        if any(base in stems for base in bases):
            return True
    return False


def kazakh_verbs(lang: Language) -> set[str]:
    """Verb stems of hunspell-kk: the entries with its verbal paradigms are verbal nouns in -у
    (бару, тарту, жасау); their stems (бар, тарт, жаса) and converbs (бара, бере) are listed
    with the nominal flags as well, so they are told apart by the verbal noun."""
    out = set()
    for line in dic_lines("kk_KZ"):
        stem, _, flags = line.partition("/")
        stem = lang.normalize(stem.strip())
        if "M" in flags and stem.endswith("у"):
            out.add(stem[:-1])
    return out


def choose_kazakh(
    lang: Language, built: Built, blocked: frozenset[str]
) -> dict[int, list[selection.Choice]]:
    """Kazakh nouns and adjectives of hunspell-kk, by how many of their forms are in use."""
    usage, lower, capital_only = kazakh_usage(lang)
    stems = {
        lang.normalize(line.split("/", 1)[0].strip())
        for line in dic_lines("kk_KZ")
        if is_lowercase_word(line.split("/", 1)[0].strip())
    }
    nouns = {
        w for w in kazakh_nouns(lang) & built.allowed & lower if not kazakh_inflected(w, stems)
    }
    verbs = kazakh_verbs(lang)

    def verb_form(w: str) -> bool:  # a verb stem or converb, unless much used as a noun (қара)
        stem = w[:-1] if w[-1:] in ("а", "е", "ы", "і") else w
        return (w in verbs or stem in verbs) and usage[w] < selection.KK_NOUN_FORMS

    choices = [
        selection.Choice(w, usage[w], "forms in use", "noun or adjective (hunspell-kk)")
        for w in nouns - capital_only - blocked - built.nosuggest
        if usage[w] >= selection.KK_MIN_FORMS and selection.has_vowel(w) and not verb_form(w)
    ]
    return selection.top_by_length(choices, lang.length)


# --------------------------------------------------------------------------------------------
# Uzbek: hunspell-uz (Cyrillic, no affix rules) + ZirhUzMorph's lexicon + UzEduCorpus words


def build_uzbek(lang: Language, excluded: frozenset[str]) -> tuple[Built, list]:
    """Uzbek guesses: hunspell-uz's lower-case words, transliterated; the explanatory
    dictionary's headwords (ZirhUzMorph); and the school-book words of UzEduCorpus that
    ZirhUzMorph reads as forms of one of those headwords."""
    latin: set[str] = set()
    for line in dic_lines("uz_UZ"):
        word = line.split("/", 1)[0].strip()
        if is_lowercase_word(word):
            lat = uzbek.from_cyrillic(word)
            if lat is not None:
                latin.add(lang.normalize(lat))
    data = uzbek.lexicon_folder()
    headwords = list(uzbek.lexicon_headwords(data / "lexicon.tsv"))
    stems = {h.word for h in headwords}
    stems |= {h.word[: -len("moq")] for h in headwords if h.verb}  # the imperative: bor, kel
    latin |= {lang.normalize(w) for w in stems}
    latin |= uzedu_forms(lang, data / "lexicon.tsv")
    allowed = {w for w in latin if lang.length(w) in LENGTHS} - excluded
    print(f"  uz: {len(allowed)} of 4-6 letters", flush=True)
    return Built(allowed=allowed), headwords


def uzedu_forms(lang: Language, lexicon: Path) -> set[str]:
    """UzEduCorpus words that ZirhUzMorph analyses as a headword of the explanatory dictionary
    plus suffixes (names and unknown words are left out)."""
    from importlib.resources import files

    from zirhuzmorph import Analyzer
    from zirhuzmorph.translit import to_new

    known = {line.split("\t", 1)[0] for line in lexicon.read_text(encoding="utf-8").splitlines()}
    analyzer = Analyzer()
    out: set[str] = set()
    for csv_file in files("UzEduCorpus").iterdir():
        if not csv_file.name.endswith(".csv"):
            continue
        for word in csv_file.read_text(encoding="utf-8-sig").split():
            new = to_new(word.strip().lower())
            latin = uzbek.from_lexicon(new)
            if latin is None or not 3 <= len(new) <= 8:
                continue
            best = analyzer.best(new)
            if best is not None and best.lemma in known:
                norm = lang.normalize(latin)
                if lang.letters(norm) is not None:
                    out.add(norm)
    return out


# --------------------------------------------------------------------------------------------
# Blocklists


def naughty_words(archive: Path) -> tuple[str, dict[str, list[str]], str]:
    """The naughty-words npm package (``npm pack naughty-words``): its version, word lists and
    licence text (CC BY 4.0, shipped in wordlists/LICENSES with the blocklists made from it)."""
    lists: dict[str, list[str]] = {}
    version, licence = "?", ""
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = member.name.split("/", 1)[-1]
            fh = tar.extractfile(member) if member.isfile() else None
            if fh is None:
                continue
            if name == "package.json":
                version = json.load(io.TextIOWrapper(fh, encoding="utf-8"))["version"]
            elif name == "LICENSE":
                licence = fh.read().decode("utf-8")
            elif name in NAUGHTY.values():
                lists[name] = json.load(io.TextIOWrapper(fh, encoding="utf-8"))
    return version, lists, licence


def update_blocklist(path: Path, lang: Language, version: str, words: list[str]) -> None:
    """Replace the generated part of a blocklist with the single words of the LDNOOBW list."""
    single = set()
    for phrase in words:
        norm = lang.normalize(phrase)
        if lang.letters(norm) is not None:  # phrases and words with digits are left out
            single.add(norm)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    write_text(path, with_generated_part(text, NAUGHTY_SOURCE.format(version=version), single))


# --------------------------------------------------------------------------------------------
# One language


def reviewed_words(folder: Path, lang: Language) -> tuple[frozenset[str], frozenset[str]]:
    """The reviewers' decisions a rebuild keeps: the words that are never answers (blocklist,
    rejected.txt, people.txt: insults, peoples, faiths) and the words that stay accepted
    guesses even where the dictionary lacks them (rejected.txt and people.txt of a playable
    length: Portuguese pre-reform spellings such as "actual", "óptimo")."""
    people = read_blocklist(folder / PEOPLE_FILE, lang)
    rejected = read_blocklist(folder / REJECTED_FILE, lang)
    blocked = read_blocklist(folder / BLOCKLIST_FILE, lang) | rejected | people
    guesses = frozenset(w for w in rejected | people if lang.length(w) in LENGTHS)
    return blocked, guesses


def build_language(code: str, out_root: Path) -> dict[int, tuple[int, int]]:
    folder = out_root / code
    lang = load_definition(folder / "language.json")
    print(f"{code}: building from {', '.join(DICTIONARIES[code])}", flush=True)
    excluded = read_blocklist(folder / "excluded.txt", lang)
    blocked, guesses = reviewed_words(folder, lang)
    if code == "uz":
        built, headwords = build_uzbek(lang, excluded)
        answers = selection.choose_uzbek(headwords, lang.length, blocked | excluded)
    else:
        caps = german_names() if code == "de" else set()
        parts = [build_hunspell(lang, name, caps, excluded) for name in DICTIONARIES[code]]
        built = parts[0]
        for extra in parts[1:]:
            built.allowed |= extra.allowed
            built.nosuggest |= extra.nosuggest
            for word, spellings in extra.sources.items():
                built.sources.setdefault(word, set()).update(spellings)
        # an answer must be a word in every variety (pt_BR and pt_PT)
        answer_ok = set.intersection(*(p.allowed for p in parts))
        if code == "en":
            built.allowed |= english_extra(lang) - excluded
        if code == "de":
            built.allowed |= attested_forms(lang, "de_DE", built) - excluded
        if code == "kk":
            answers = choose_kazakh(lang, built, blocked)
        else:
            answers = choose_frequent(lang, built, answer_ok, blocked)
    for word in sorted(read_blocklist(folder / INCLUDED_FILE, lang) - blocked):
        n = lang.length(word)
        chosen = answers.setdefault(n, [])
        if word in built.allowed and n in LENGTHS and word not in {c.word for c in chosen}:
            chosen.append(selection.Choice(word, 0.0, "", "included by a reviewer"))
    allowed = sorted(built.allowed | guesses | {c.word for cs in answers.values() for c in cs})
    write_list(folder / "allowed.txt", allowed)
    write_list(folder / "answers.txt", sorted(c.word for cs in answers.values() for c in cs))
    counts = {
        n: (len(answers.get(n, ())), sum(1 for w in allowed if lang.length(w) == n))
        for n in LENGTHS
    }
    print(f"{code}: answers/allowed per length {counts}", flush=True)
    return counts


def choose_frequent(
    lang: Language, built: Built, answer_ok: set[str], blocked: frozenset[str]
) -> dict[int, list[selection.Choice]]:
    """Answers of the languages wordfreq covers (see wordlists/selection.py)."""

    def lemma_forms(raw: str) -> list[str]:
        # German nouns are capitalised in the dictionary: test "Haus", not "haus" (simplemma
        # does not know lower-case "karten", and a word it does not know passes when frequent)
        if lang.code == "de":
            return sorted(built.sources.get(lang.normalize(raw), ())) or [raw]
        return [raw]

    def not_answers(word: str) -> str | None:
        if word in built.nosuggest:
            return "NOSUGGEST in the dictionary"
        spellings = built.sources.get(word, ())
        if lang.code == "de" and spellings and all("ß" in s for s in spellings):
            return "written with ß (an answer with ss would look misspelt)"
        return None

    return selection.choose_wordfreq(
        selection.WORDFREQ[lang.code],
        lang.length,
        lang.normalize,
        lambda w: w in answer_ok,
        lemma_forms,
        blocked,
        not_answers,
    )


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


def write_list(path: Path, words: list[str]) -> None:
    write_text(path, "".join(w + "\n" for w in words))


def write_text(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
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
        "tesseract-ocr-kaz.copyright": "tesseract-ocr-kaz",
    }
    for name, pkg in copies.items():
        shutil.copyfile(doc / pkg / "copyright", target / name)
    for lic in ("GPL-2", "GPL-3", "LGPL-2.1", "LGPL-3", "MPL-1.1", "MPL-2.0", "Apache-2.0"):
        shutil.copyfile(Path("/usr/share/common-licenses") / lic, target / f"{lic}.txt")
    from importlib.metadata import distribution

    for package, name in (
        ("wordfreq", "wordfreq.LICENSE.txt"),
        ("simplemma", "simplemma.LICENSE.txt"),
        ("pymorphy3", "pymorphy3.LICENSE.txt"),
        ("ZirhUzMorph", "ZirhUzMorph.LICENSE.txt"),
        ("UzEduCorpus", "UzEduCorpus.LICENSE.txt"),
    ):
        for f in distribution(package).files or []:
            if f.name.upper().startswith("LICENSE"):
                shutil.copyfile(str(f.locate()), target / name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", help="languages to build (default: all 13)")
    parser.add_argument("--out", type=Path, default=default_folder())
    parser.add_argument(
        "--naughty-words",
        type=Path,
        help="the naughty-words npm package (.tgz from `npm pack naughty-words`): refresh the "
        "generated part of the blocklists",
    )
    parser.add_argument("--licences", action="store_true", help="copy licence texts too")
    args = parser.parse_args(argv)
    if shutil.which("hunspell") is None:
        print("hunspell is not installed: apt-get install -y hunspell", file=sys.stderr)
        return 2
    codes = args.codes or list(LANGUAGE_CODES)
    unknown = [c for c in codes if c not in DICTIONARIES]
    if unknown:
        print(f"unknown language {unknown[0]!r}", file=sys.stderr)
        return 2
    if args.naughty_words:
        version, lists, licence = naughty_words(args.naughty_words)
        write_text(args.out / "LICENSES" / "naughty-words.LICENSE.txt", licence)
        for code in codes:
            if code in NAUGHTY:
                lang = load_definition(args.out / code / "language.json")
                update_blocklist(
                    args.out / code / BLOCKLIST_FILE, lang, version, lists[NAUGHTY[code]]
                )
    for code in codes:
        build_language(code, args.out)
    if args.licences:
        copy_licences(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
