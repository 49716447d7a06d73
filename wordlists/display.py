"""Display forms: each secret as the language writes it (*inútil*, *Haus*) beside its folded form.

The lists are folded for typing and matching (``inutil``, ``haus``); a player should still see the
word as written when it is revealed. ``display.txt`` (optional, see FORMAT.md) maps a folded
answer to its written form, one ``folded<TAB>written`` line each. Pure Python, like the loader.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

DISPLAY_FILE = "display.txt"


class DisplayError(ValueError):
    """A line of display.txt is broken; the message is ``path:line: why``."""


def parse_display(
    text: str, path: Path | str, normalize: Callable[[str], str], is_word: Callable[[str], bool]
) -> dict[str, str]:
    """The folded -> written mapping of a display.txt text; a bad line raises with path:line.

    A line is ``folded<TAB>written``: `folded` must be a normalised word of the alphabet,
    `written` must normalise back to it and differ from it, and each folded form appears once.
    Empty lines and lines starting with ``#`` are skipped."""
    if text.startswith("\ufeff"):
        text = text[1:]
    forms: dict[str, str] = {}
    for number, line in enumerate(text.split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not all(parts):
            raise DisplayError(f"{path}:{number}: expected 'folded<TAB>written', got {line!r}")
        folded, written = parts
        if not is_word(folded):
            raise DisplayError(f"{path}:{number}: {folded!r} is not a normalised word")
        if written.strip() != written or normalize(written) != folded:
            raise DisplayError(
                f"{path}:{number}: {written!r} does not fold to {folded!r} "
                f"(it folds to {normalize(written)!r})"
            )
        if written == folded:
            raise DisplayError(f"{path}:{number}: {written!r} is already the folded form")
        if folded in forms:
            raise DisplayError(f"{path}:{number}: {folded!r} is listed twice")
        forms[folded] = written
    return forms


def read_display(
    path: Path, normalize: Callable[[str], str], is_word: Callable[[str], bool]
) -> dict[str, str]:
    """The display forms of ``path``, or none when the language has no display.txt."""
    if not path.exists():
        return {}
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DisplayError(f"{path}: cannot read ({exc})") from None
    return parse_display(text, path, normalize, is_word)


def display_letters(
    written: str, folded_letters: tuple[str, ...], normalize: Callable[[str], str]
) -> list[str]:
    """The written form cut into tiles, one per letter of the folded form (*inútil*: i n ú t i l).

    Each tile is the shortest run of written characters that folds to the next letter; when the
    two do not line up (German *ß* folds to two letters) the folded letters are the tiles."""
    tiles: list[str] = []
    rest = written
    for letter in folded_letters:
        for end in range(1, len(rest) + 1):
            if normalize(rest[:end]) == letter:
                tiles.append(rest[:end])
                rest = rest[end:]
                break
        else:
            return list(folded_letters)
    return tiles if not rest else list(folded_letters)
