"""Word lists of every language, loaded once at start-up.

Each language lives in a folder ``wordlists/<code>/`` with:

* ``language.json`` - the language definition (alphabet, keyboard, normalisation), see FORMAT.md;
* ``answers.txt``   - possible secrets, one normalised word per line;
* ``allowed.txt``   - every accepted guess (``allowed.txt.gz`` is read as well);
* ``blocklist.txt`` - words never used as secrets, even if listed in answers (optional).

Pure Python, no gevent/Flask/Peewee: the engine, the web layer and the admin scripts share it.
Allowed guesses are kept as one sorted string per word length and searched by bisection, which
keeps all 13 languages in a few MB instead of a few hundred MB of Python sets.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass, field
from pathlib import Path

from wordlists.language import DEFINITION_FILE, Language, LanguageError, load_definition

__all__ = [
    "LANGUAGE_CODES",
    "LENGTHS",
    "Language",
    "WordList",
    "WordListError",
    "default_folder",
    "load_all",
    "load_language",
]

#: The shipped languages, in the order players see them.
LANGUAGE_CODES: tuple[str, ...] = (
    "en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk",
)  # fmt: skip
#: Secret lengths the game plays, in letters.
LENGTHS: tuple[int, ...] = (4, 5, 6)

ANSWERS_FILE = "answers.txt"
ALLOWED_FILE = "allowed.txt"
BLOCKLIST_FILE = "blocklist.txt"


class WordListError(Exception):
    """A word list or language definition is missing or broken; the message names the file."""


class _SortedWords:
    """A set of equal-length words stored as one sorted string; membership by bisection.

    A Python ``set`` costs about 60-90 bytes per word; this costs the word's characters only.
    """

    __slots__ = ("_blob", "_width", "_count")

    def __init__(self, words: list[str], width: int) -> None:
        words.sort()  # linear when the file was already sorted (timsort finds the run)
        self._blob = "".join(words)
        self._width = width
        self._count = len(words)

    def __len__(self) -> int:
        return self._count

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or len(word) != self._width:
            return False
        blob, width = self._blob, self._width
        lo, hi = 0, self._count
        while lo < hi:
            mid = (lo + hi) // 2
            start = mid * width
            probe = blob[start : start + width]
            if probe < word:
                lo = mid + 1
            elif probe > word:
                hi = mid
            else:
                return True
        return False

    def __iter__(self):
        blob, width = self._blob, self._width
        return (blob[i : i + width] for i in range(0, len(blob), width))


@dataclass(frozen=True)
class WordList:
    """One language's secrets and accepted guesses, all in normalised form."""

    language: Language
    answers: dict[int, tuple[str, ...]]
    _allowed: dict[int, _SortedWords] = field(repr=False)

    def is_allowed(self, word: str) -> bool:
        """Whether a normalised word is an accepted guess (answers are always accepted)."""
        store = self._allowed.get(len(word))
        return store is not None and word in store

    def allowed_count(self) -> int:
        """Number of accepted guesses of every length (for reports and the admin page)."""
        return sum(len(s) for s in self._allowed.values())

    def allowed_words(self) -> list[str]:
        """All accepted guesses, sorted (slow; for the admin tools, not the game)."""
        return sorted(w for store in self._allowed.values() for w in store)


def default_folder() -> Path:
    """The package's own folder, where the shipped languages live."""
    return Path(__file__).resolve().parent


def _read_text(path: Path) -> str:
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rb") as fh:
                raw = fh.read()
        else:
            raw = path.read_bytes()
    except OSError as exc:
        raise WordListError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise WordListError(f"{path}:{line}: not UTF-8") from None


def _first_bad_line(lines: list[str], lang: Language) -> tuple[int, str] | None:
    for number, word in enumerate(lines, 1):
        if lang.letters(word) is None:
            return number, word
    return None


def _split_checked(path: Path, lang: Language, allowed_chars: frozenset[str]) -> list[str]:
    """The file's words; a line that is not a normalised word of the alphabet raises."""
    text = _read_text(path)
    if text.startswith("\ufeff"):
        text = text[1:]
    words = text.split("\n")
    if words and words[-1] == "":
        words.pop()
    if not allowed_chars.issuperset(text.replace("\n", "")) or "" in words:
        bad = _first_bad_line(words, lang)
        if bad is not None:
            number, word = bad
            raise WordListError(
                f"{path}:{number}: {word!r} is not a word of the {lang.name} alphabet"
            )
    return words


def _allowed_chars(lang: Language) -> frozenset[str]:
    return frozenset("".join(lang.alphabet))


def load_language(folder: str | Path, code: str) -> WordList:
    """Load ``folder/<code>``; any missing or broken file raises WordListError naming it."""
    base = Path(folder) / code
    try:
        lang = load_definition(base / DEFINITION_FILE)
    except LanguageError as exc:
        raise WordListError(str(exc)) from None
    if lang.code != code:
        raise WordListError(
            f"{base / DEFINITION_FILE}: 'code' is {lang.code!r} but the folder is {code!r}"
        )
    chars = _allowed_chars(lang)
    multi = any(len(letter) > 1 for letter in lang.alphabet)

    allowed_path = base / ALLOWED_FILE
    if not allowed_path.exists() and (base / (ALLOWED_FILE + ".gz")).exists():
        allowed_path = base / (ALLOWED_FILE + ".gz")
    allowed_words = _split_checked(allowed_path, lang, chars)
    if multi:  # letters of several code points: check the split word by word
        bad = _first_bad_line(allowed_words, lang)
        if bad is not None:
            raise WordListError(
                f"{allowed_path}:{bad[0]}: {bad[1]!r} is not a word of the {lang.name} alphabet"
            )
    by_width: dict[int, list[str]] = {}
    for word in allowed_words:
        by_width.setdefault(len(word), []).append(word)
    del allowed_words

    answers_path = base / ANSWERS_FILE
    answer_words = _split_checked(answers_path, lang, chars)
    blocked = _read_blocklist(base / BLOCKLIST_FILE, lang)
    answers: dict[int, list[str]] = {n: [] for n in LENGTHS}
    for number, word in enumerate(answer_words, 1):
        split = lang.letters(word)
        if split is None:
            raise WordListError(
                f"{answers_path}:{number}: {word!r} is not a word of the {lang.name} alphabet"
            )
        if len(split) not in answers:
            raise WordListError(
                f"{answers_path}:{number}: {word!r} has {len(split)} letters; answers must have "
                f"{', '.join(map(str, LENGTHS))}"
            )
        if word in blocked:
            continue
        answers[len(split)].append(word)
    allowed = {width: _SortedWords(words, width) for width, words in by_width.items()}
    del by_width
    # answers are always accepted guesses, even if an admin forgot to list them in allowed.txt
    missing: dict[int, list[str]] = {}
    for words in answers.values():
        for word in words:
            store = allowed.get(len(word))
            if store is None or word not in store:
                missing.setdefault(len(word), []).append(word)
    for width, extra in missing.items():
        old = list(allowed[width]) if width in allowed else []
        allowed[width] = _SortedWords(sorted(set(old + extra)), width)
    return WordList(
        language=lang,
        answers={n: tuple(sorted(set(ws))) for n, ws in answers.items()},
        _allowed=allowed,
    )


def _read_blocklist(path: Path, lang: Language) -> frozenset[str]:
    if not path.exists():
        return frozenset()
    out = set()
    for line in _read_text(path).splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.add(lang.normalize(line))
    return frozenset(out)


def load_all(folder: str | Path | None = None) -> dict[str, WordList]:
    """Load every language folder that has a definition; the shipped 13 first, in order.

    Raises WordListError naming the file if any list is missing or broken, so that the server
    refuses to start rather than run a lobby without words.
    """
    base = Path(folder) if folder is not None else default_folder()
    if not base.is_dir():
        raise WordListError(f"{base}: word list folder not found")
    found = sorted(p.parent.name for p in base.glob(f"*/{DEFINITION_FILE}"))
    if not found:
        raise WordListError(f"{base}: no language folders (*/{DEFINITION_FILE})")
    order = [c for c in LANGUAGE_CODES if c in found]
    order += [c for c in found if c not in LANGUAGE_CODES]
    return {code: load_language(base, code) for code in order}
