"""Expanding a hunspell .dic/.aff pair into word forms (admin and build tools only).

The server never imports this module. It needs the pure-Python ``spylls`` package
(``pip install -e '.[admin]'``), which parses .aff/.dic files properly: the declared SET
encoding, long and numeric flags, IGNORE, FULLSTRIP, NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND.
`unmunch` from hunspell-tools does not (one-byte flags, byte-wise conditions), so it is not used.

Affixes are applied generously (a superset of the real forms) and each candidate is then
checked, either by spylls' own lookup or, much faster, by Debian's ``hunspell -G``.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def _sfx_ok(sfx: Any, word: str, fullstrip: bool) -> bool:
    if sfx.strip and not word.endswith(sfx.strip):
        return False
    if not fullstrip and len(sfx.strip) >= len(word):
        return False
    return bool(sfx.cond_regexp.search(word))


def _pfx_ok(pfx: Any, word: str, fullstrip: bool) -> bool:
    if pfx.strip and not word.startswith(pfx.strip):
        return False
    if not fullstrip and len(pfx.strip) >= len(word):
        return False
    return bool(pfx.cond_regexp.search(word))


def _apply_sfx(sfx: Any, word: str) -> str:
    return (word[: len(word) - len(sfx.strip)] if sfx.strip else word) + sfx.add


def _apply_pfx(pfx: Any, word: str) -> str:
    return pfx.add + word[len(pfx.strip) :]


def expand(aff: Any, stem: str, flags: Iterable[str]) -> set[str]:
    """Every form hunspell could accept for this stem (a superset, to be checked afterwards).

    Covers the stem, one or two suffixes (the second from the first one's continuation
    classes), one or two prefixes, and prefix+suffix cross products including circumfixes.
    """
    flags = set(flags)
    fullstrip = bool(aff.FULLSTRIP)
    sfx_table, pfx_table = aff.SFX, aff.PFX
    out = {stem}
    sfx1 = [s for f in flags for s in sfx_table.get(f, ()) if _sfx_ok(s, stem, fullstrip)]
    pfx1 = [p for f in flags for p in pfx_table.get(f, ()) if _pfx_ok(p, stem, fullstrip)]
    suffixed: list[tuple[Any, str]] = []
    for s in sfx1:
        form = _apply_sfx(s, stem)
        suffixed.append((s, form))
        out.add(form)
        for f2 in s.flags:
            for s2 in sfx_table.get(f2, ()):
                if _sfx_ok(s2, form, fullstrip):
                    form2 = _apply_sfx(s2, form)
                    out.add(form2)
                    suffixed.append((s2, form2))
            for p in pfx_table.get(f2, ()):  # a prefix named by the suffix (circumfixes)
                if _pfx_ok(p, form, fullstrip):
                    out.add(_apply_pfx(p, form))
    for p in pfx1:
        form = _apply_pfx(p, stem)
        out.add(form)
        for f2 in p.flags:
            for p2 in pfx_table.get(f2, ()):
                if _pfx_ok(p2, form, fullstrip):
                    out.add(_apply_pfx(p2, form))
            for s in sfx_table.get(f2, ()):
                if _sfx_ok(s, stem, fullstrip):
                    out.add(_apply_pfx(p, _apply_sfx(s, stem)))
        if p.crossproduct:
            for s, sform in suffixed:
                if s.crossproduct or s.flag in p.flags:
                    out.add(_apply_pfx(p, sform))
    return out


@dataclass
class Entry:
    """One .dic line as the tools need it."""

    stem: str
    flags: frozenset[str]
    forms: set[str]
    needs_affix: bool
    no_suggest: bool


def open_dictionary(path: str | Path) -> Any:
    """Parse ``path.aff`` + ``path.dic`` (path given with or without an extension)."""
    try:
        from spylls.hunspell import Dictionary
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError(
            "reading hunspell dictionaries needs spylls: pip install -e '.[admin]'"
        ) from exc
    base = Path(path)
    if base.suffix in (".dic", ".aff"):
        base = base.with_suffix("")
    for ext in (".dic", ".aff"):
        if not base.with_suffix(ext).exists():
            raise FileNotFoundError(f"{base.with_suffix(ext)}: not found")
    return Dictionary.from_files(str(base))


def entries(dictionary: Any, keep: Callable[[str], bool] = lambda form: True) -> Iterator[Entry]:
    """Each usable .dic entry with the candidate forms that `keep` accepts."""
    aff = dictionary.aff
    bad = {f for f in (aff.FORBIDDENWORD, aff.ONLYINCOMPOUND) if f}
    for word in dictionary.dic.words:
        stem = word.stem.strip().lstrip("\ufeff")
        if not stem or set(word.flags) & bad:
            continue
        forms = {f for f in expand(aff, stem, word.flags) if keep(f)}
        yield Entry(
            stem=stem,
            flags=frozenset(word.flags),
            forms=forms,
            needs_affix=bool(aff.NEEDAFFIX and aff.NEEDAFFIX in word.flags),
            no_suggest=bool(aff.NOSUGGEST and aff.NOSUGGEST in word.flags),
        )


def accepted(dictionary: Any, words: Iterable[str], dic_path: str | Path | None = None) -> set[str]:
    """The words the dictionary itself accepts.

    With `dic_path` and Debian's ``hunspell`` installed, ask ``hunspell -G`` (fast); otherwise
    use spylls' lookup (pure Python, slower on big dictionaries).
    """
    words = sorted(set(words))
    if dic_path is not None and shutil.which("hunspell"):
        base = Path(dic_path)
        if base.suffix in (".dic", ".aff"):
            base = base.with_suffix("")
        proc = subprocess.run(
            ["hunspell", "-d", str(base), "-G", "-i", "UTF-8"],
            input="\n".join(words) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=True,
        )
        return set(proc.stdout.split("\n")) & set(words)
    return {w for w in words if dictionary.lookup(w)}
