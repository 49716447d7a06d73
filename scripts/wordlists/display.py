"""Recover the display forms of the shipped answers (``<code>/display.txt``) from hunspell.

The lists were folded when they were built (*inútil* became ``inutil``). The hunspell
dictionaries the build reads list every lemma as written, so each folded answer gets back its
written form when exactly one dictionary entry folds to it and the folded spelling is not itself
an entry (Spanish *papa* / *papá* stay folded: the game cannot know which was meant). Entries
that differ from the answer only by capitals are proper names, except in German, where nouns are
written with a capital (*Haus*). A developer tool like build.py (needs the Debian packages):

    python -m scripts.wordlists.display [CODE ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from scripts.wordlists.build import DICTIONARIES
from scripts.wordlists.dictionaries import HUNSPELL, dic_lines
from wordlists import default_folder, load_language
from wordlists.display import DISPLAY_FILE

#: languages whose folded answers lose something the language writes (accents, noun capitals)
CODES: tuple[str, ...] = ("de", "es", "fr", "it", "pl", "pt")
#: languages that write common nouns with a capital letter
CAPITALISED: frozenset[str] = frozenset({"de"})


#: the accented letters each language writes, by the letter they fold to
ACCENTS: dict[str, dict[str, str]] = {
    "es": {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "úü"},
    "fr": {"a": "àâ", "c": "ç", "e": "éèêë", "i": "îï", "o": "ô", "u": "ùûü"},
    "it": {"a": "à", "e": "èé", "i": "ì", "o": "ò", "u": "ù"},
    "pt": {"a": "áâãà", "c": "ç", "e": "éê", "i": "í", "o": "óôõ", "u": "úü"},
}


def variants(word: str, accents: dict[str, str]) -> list[str]:
    """`word` with one or two of its letters accented (ação, élève)."""
    spots = [i for i, c in enumerate(word) if c in accents]
    out = []
    for n, i in enumerate(spots):
        for a in accents[word[i]]:
            one = word[:i] + a + word[i + 1 :]
            out.append(one)
            for j in spots[n + 1 :]:
                out.extend(one[:j] + b + one[j + 1 :] for b in accents[word[j]])
    return out


def recover(code: str, folder: Path) -> tuple[dict[str, str], int]:
    """folded answer -> written form, and how many answers were ambiguous."""
    words = load_language(folder, code)
    lang = words.language
    answers = {w for ws in words.answers.values() for w in ws}
    written: dict[str, set[str]] = {}
    plain: set[str] = set()
    for name in DICTIONARIES[code]:
        for line in dic_lines(name):
            stem = line.split("/")[0].split("\t")[0].strip()
            if not stem:
                continue
            folded = lang.normalize(stem)
            if folded not in answers:
                continue
            if stem == folded:
                if code not in CAPITALISED:  # igerman98 lists verb stems (abbau) beside nouns
                    plain.add(folded)
            elif stem != stem.lower() and code not in CAPITALISED:
                continue  # a name (Paris, Acosó), not the common word
            else:
                written.setdefault(folded, set()).add(stem)
    # words no entry spells alone (es *inútil* is *útil* with a prefix): try each answer with
    # one or two accented letters, and keep what the dictionary accepts
    tried = {v: f for f in answers - written.keys() for v in variants(f, ACCENTS.get(code, {}))}
    ok = accepted(DICTIONARIES[code], sorted(tried))
    for variant in ok:
        written.setdefault(tried[variant], set()).add(variant)
    plain |= accepted(DICTIONARIES[code], sorted(written))
    forms: dict[str, str] = {}
    ambiguous = 0
    for folded, spellings in written.items():
        if folded in plain or len(spellings) != 1:
            ambiguous += 1
            continue
        forms[folded] = next(iter(spellings))
    return forms, ambiguous


def accepted(names: tuple[str, ...], words: list[str]) -> set[str]:
    """The words some dictionary accepts as spelt, inflected forms too (``hunspell -G``): a
    folded answer that is itself a word (French *accuse* beside *accusé*) stays folded."""
    ok: set[str] = set()
    for name in names:
        out = subprocess.run(
            ["hunspell", "-d", str(HUNSPELL / name), "-G"],
            input="\n".join(words),
            capture_output=True,
            text=True,
            check=True,
        )
        ok.update(out.stdout.split())
    return ok


def write(code: str, folder: Path, forms: dict[str, str]) -> Path:
    path = folder / code / DISPLAY_FILE
    lines = [f"{f}\t{w}\n" for f, w in sorted(forms.items())]
    path.write_text("".join(lines), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", default=list(CODES))
    args = parser.parse_args(argv)
    folder = default_folder()
    for code in args.codes:
        missing = [n for n in DICTIONARIES[code] if not (HUNSPELL / f"{n}.dic").exists()]
        if missing:
            print(f"{code}: {', '.join(missing)}.dic not installed", file=sys.stderr)
            return 1
        forms, ambiguous = recover(code, folder)
        path = write(code, folder, forms)
        total = sum(len(ws) for ws in load_language(folder, code).answers.values())
        print(
            f"{code}: {len(forms)} of {total} answers written differently, "
            f"{ambiguous} ambiguous left folded -> {path}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
