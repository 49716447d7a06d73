"""Blocklists: words that are never secrets (slurs, obscenities), read by the loader and the tools.

``<code>/blocklist.txt`` holds one word per line; ``#`` starts a comment. Part of each file is
generated from the LDNOOBW lists (the ``naughty-words`` npm package, CC BY 4.0) between two
marker lines; the rest is curated by hand and kept as it is when the lists are rebuilt. A hand
line ``!word`` keeps an everyday word that the generated part lists (Italian *pesce*, fish)
out of the blocklist: the exceptions win over every other line.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from wordlists.language import Language

BLOCKLIST_FILE = "blocklist.txt"
GENERATED_BEGIN = "# --- begin naughty-words"
GENERATED_END = "# --- end naughty-words ---"


def blocklist_words(text: str, lang: Language) -> frozenset[str]:
    """The normalised words of a blocklist's text (comments and blank lines skipped), less
    the words of its ``!word`` exception lines."""
    out, kept = set(), set()
    for line in text.splitlines():
        word = line.split("#", 1)[0].strip()
        if word.startswith("!"):
            kept.add(lang.normalize(word[1:].strip()))
        elif word:
            out.add(lang.normalize(word))
    return frozenset(out - kept)


def read_blocklist(path: Path, lang: Language) -> frozenset[str]:
    """The words of a blocklist file, normalised; a missing file is an empty list."""
    if not path.exists():
        return frozenset()
    return blocklist_words(path.read_text(encoding="utf-8-sig"), lang)


def hand_curated_part(text: str) -> str:
    """The file's text without its generated section (what a rebuild must keep)."""
    lines = text.splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        if line.startswith(GENERATED_BEGIN):
            inside = True
        elif line.startswith(GENERATED_END):
            inside = False
        elif not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def with_generated_part(text: str, source: str, words: Iterable[str]) -> str:
    """The file's hand-curated text followed by a fresh generated section of `words`."""
    body = "".join(f"{w}\n" for w in sorted(set(words)))
    return (
        hand_curated_part(text)
        + f"\n{GENERATED_BEGIN} ({source}); rebuilt by scripts/wordlists/build.py ---\n"
        + body
        + GENERATED_END
        + "\n"
    )
