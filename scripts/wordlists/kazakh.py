"""Kazakh answers for the build (scripts/wordlists/build.py). No package ships Kazakh
frequencies; tesseract's Kazakh word list (the words of a large web crawl) shows how many of a
word's forms are in use, and hunspell-kk's paradigms tell nouns and adjectives from verbs."""

from __future__ import annotations

import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from scripts.wordlists.dictionaries import Built, dic_lines, is_lowercase_word
from wordlists import selection
from wordlists.language import Language

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
