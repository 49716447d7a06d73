"""Draw a seeded random sample of answers per language and length, for a native speaker to review.

    python -m scripts.wordlists.audit [CODE ...] [--seed N] [--per-length 50] [--words-only]

Each sampled answer is printed with its frequency and the reason the build chose it (the rules
of wordlists/selection.py, evaluated again), as a Markdown table to copy into a review. The same
seed gives the same sample for the same lists. Needs the build-time packages of the `admin`
extra (and Debian's hunspell-kk for Kazakh); `--words-only` prints the same sample as plain
word lists and needs none of them (the third review read its samples so, see AUDIT.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

from wordlists import (
    LANGUAGE_CODES,
    LENGTHS,
    WordList,
    default_folder,
    load_all,
    read_blocklist,
    selection,
    uzbek,
)
from wordlists.language import Language


def wordfreq_evidence(lang: Language) -> Callable[[str], tuple[str, str, str]]:
    """Frequency and reason of an answer of a language wordfreq covers."""
    code = selection.WORDFREQ[lang.code]
    spellings: dict[str, tuple[str, float]] = {}
    for raw, z in selection.frequent_words(code, selection.MIN_ZIPF - 0.5):
        spellings.setdefault(lang.normalize(raw), (raw, z))

    def evidence(word: str) -> tuple[str, str, str]:
        raw, z = spellings.get(word, (word, selection.zipf(word, code)))
        verdict = selection.judge_wordfreq_word(
            raw, z, code, word, lambda w: True, lambda r: [r, r.capitalize()], frozenset()
        )
        if verdict.choice is None:
            return raw, f"Zipf {z:.2f}", f"NOW REJECTED: {verdict.rejected}"
        return raw, f"Zipf {z:.2f}", verdict.choice.reason

    return evidence


def uzbek_evidence(lang: Language) -> Callable[[str], tuple[str, str, str]]:
    by_word = {}
    for h in uzbek.lexicon_headwords(uzbek.lexicon_folder() / "lexicon.tsv"):
        if h.word not in by_word or h.frequency > by_word[h.word].frequency:
            by_word[h.word] = h

    def evidence(word: str) -> tuple[str, str, str]:
        h = by_word.get(word)
        if h is None:
            return word, "-", "NOT IN THE LEXICON"
        kind = "verb, infinitive" if h.verb else "noun or adjective"
        return word, f"{h.frequency} in corpus", f"{kind}, {h.forms} forms, section {h.section}"

    return evidence


def kazakh_evidence(lang: Language) -> Callable[[str], tuple[str, str, str]]:
    from scripts.wordlists.kazakh import kazakh_nouns, kazakh_usage

    usage, _lower, _capital_only = kazakh_usage(lang)
    nouns = kazakh_nouns(lang)

    def evidence(word: str) -> tuple[str, str, str]:
        kind = "noun or adjective" if word in nouns else "NOT A NOMINAL HEADWORD"
        return word, f"{usage[word]} forms in use", f"{kind} (hunspell-kk, tesseract kaz)"

    return evidence


def evidence_for(lang: Language) -> Callable[[str], tuple[str, str, str]]:
    if lang.code == "uz":
        return uzbek_evidence(lang)
    if lang.code == "kk":
        return kazakh_evidence(lang)
    return wordfreq_evidence(lang)


def sample(wordlist: WordList, seed: int, per_length: int) -> dict[int, list[str]]:
    """The same answers for the same seed and lists: one random generator per length."""
    out = {}
    for n in LENGTHS:
        words = sorted(wordlist.answers[n])
        rng = random.Random(f"{seed}:{wordlist.language.code}:{n}")
        out[n] = sorted(rng.sample(words, min(per_length, len(words))))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", help="languages (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-length", type=int, default=50)
    parser.add_argument(
        "--words-only",
        action="store_true",
        help="print the sampled words only (no frequency sources needed)",
    )
    args = parser.parse_args(argv)
    lists = load_all()
    for code in args.codes or LANGUAGE_CODES:
        wordlist = lists[code]
        if args.words_only:
            for n, words in sample(wordlist, args.seed, args.per_length).items():
                print(f"{code} {n}: {' '.join(words)}")
            continue
        evidence = evidence_for(wordlist.language)
        included = read_blocklist(default_folder() / code / "included.txt", wordlist.language)
        print(f"## {code} ({wordlist.language.name}), seed {args.seed}\n")
        for n, words in sample(wordlist, args.seed, args.per_length).items():
            print(f"### {n} letters: {len(words)} of {len(wordlist.answers[n])} answers\n")
            print("| # | answer | source spelling | frequency | why it was chosen |")
            print("|---|---|---|---|---|")
            for i, word in enumerate(words, 1):
                raw, freq, why = evidence(word)
                if word in included:
                    why = "included by a reviewer"
                print(f"| {i} | {word} | {raw} | {freq} | {why} |")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
