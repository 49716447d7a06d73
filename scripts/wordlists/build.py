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
import shutil
import sys
import tarfile
from pathlib import Path

from scripts.wordlists.dictionaries import (
    Built,
    attested_forms,
    build_hunspell,
    dic_lines,
    english_extra,
    german_names,
    is_lowercase_word,
)
from scripts.wordlists.kazakh import choose_kazakh
from wordlists import LANGUAGE_CODES, LENGTHS, default_folder, read_blocklist, selection, uzbek
from wordlists.blocklist import BLOCKLIST_FILE, with_generated_part
from wordlists.language import Language, load_definition

#: code -> hunspell dictionaries whose forms are allowed (an answer must be in all of them)
DICTIONARIES: dict[str, tuple[str, ...]] = {
    "en": ("en_US",), "id": ("id_ID",), "de": ("de_DE",), "es": ("es_ES",), "fr": ("fr",),
    "it": ("it_IT",), "nl": ("nl",), "uz": ("uz_UZ",), "pl": ("pl_PL",),
    "pt": ("pt_BR", "pt_PT"), "kk": ("kk_KZ",), "ru": ("ru_RU",), "uk": ("uk_UA",),
}  # fmt: skip
#: naughty-words (LDNOOBW) file of each language it covers
NAUGHTY = {c: f"{c}.json" for c in ("en", "de", "es", "fr", "it", "nl", "pl", "pt", "ru")}
NAUGHTY_SOURCE = "naughty-words {version}, LDNOOBW, CC BY 4.0"
#: build-time only: words the audit found bad as secrets (they stay accepted guesses)
REJECTED_FILE = "rejected.txt"
INCLUDED_FILE = "included.txt"  # everyday words a reviewer made answers: a rebuild keeps them
#: insults, ethnonyms, nationality and faith nouns: never answers, always accepted guesses
PEOPLE_FILE = "people.txt"


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
