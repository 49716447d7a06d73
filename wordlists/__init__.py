"""Word lists of every language, loaded once at start-up.

Each language lives in a folder ``wordlists/<code>/`` with:

* ``language.json`` - the language definition (alphabet, keyboard, normalisation), see FORMAT.md;
* ``answers.txt``   - possible secrets, one normalised word per line;
* ``allowed.txt``   - every accepted guess (``allowed.txt.gz`` is read as well);
* ``blocklist.txt`` - words never used as secrets, even if listed in answers (optional);
* ``display.txt``   - secrets as written, ``folded<TAB>written`` (optional, wordlists/display.py).

Pure Python, no gevent/Flask/Peewee: the engine, the web layer and the admin scripts share it.
Allowed guesses are kept as one sorted string per word length and searched by bisection, which
keeps all 13 languages in a few MB instead of a few hundred MB of Python sets.
"""

from __future__ import annotations

import bisect
import gzip
import re
from dataclasses import dataclass, field
from pathlib import Path

from wordlists.blocklist import BLOCKLIST_FILE, read_blocklist
from wordlists.display import DISPLAY_FILE, DisplayError, display_letters, read_display
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
    "read_blocklist",
]

#: The shipped languages, in the order players see them.
LANGUAGE_CODES: tuple[str, ...] = (
    "en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk",
)  # fmt: skip
#: Secret lengths the game plays, in letters.
LENGTHS: tuple[int, ...] = (4, 5, 6)

ANSWERS_FILE = "answers.txt"
ALLOWED_FILE = "allowed.txt"


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


@dataclass(frozen=True, eq=False)
class WordList:
    """One language's secrets and accepted guesses, all in normalised form."""

    language: Language
    answers: dict[int, tuple[str, ...]]
    _allowed: dict[int, _SortedWords] = field(repr=False)
    #: folded answer -> the word as the language writes it (accents, German capitals)
    display: dict[str, str] = field(default_factory=dict, repr=False)

    def shown(self, word: str) -> str:
        """A secret as players see it revealed: its display form, else the word itself."""
        return self.display.get(word, word)

    def shown_letters(self, word: str) -> list[str]:
        """The revealed secret's tiles: its display form cut by the folded letters."""
        letters = self.language.letters(word) or tuple(word)
        written = self.display.get(word)
        if written is None:
            return list(letters)
        return display_letters(written, letters, self.language.normalize)

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


def _split_checked(path: Path, lang: Language, stray: re.Pattern[str]) -> list[str]:
    """The file's words; a line that is not a normalised word of the alphabet raises."""
    text = _read_text(path)
    if text.startswith("\ufeff"):
        text = text[1:]
    words = text.split("\n")
    if words and words[-1] == "":
        words.pop()
    if stray.search(text) or "" in words:
        bad = _first_bad_line(words, lang)
        if bad is not None:
            number, word = bad
            raise WordListError(
                f"{path}:{number}: {word!r} is not a word of the {lang.name} alphabet"
            )
    return words


def _stray_char_pattern(lang: Language) -> re.Pattern[str]:
    """Matches any character that no letter of the alphabet uses (a regex scans in C)."""
    chars = "".join(sorted(set("".join(lang.alphabet))))
    return re.compile("[^" + re.escape(chars) + "\n]")


def _word_pattern(lang: Language) -> re.Pattern[str]:
    """Newline-separated words of the alphabet's letters, for multi-code-point alphabets."""
    alts = "|".join(re.escape(a) for a in sorted(lang.alphabet, key=len, reverse=True))
    return re.compile(f"(?:(?:{alts})+\n)*(?:{alts})+")


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
    chars = _stray_char_pattern(lang)
    multi = any(len(letter) > 1 for letter in lang.alphabet)

    allowed_path = base / ALLOWED_FILE
    if not allowed_path.exists() and (base / (ALLOWED_FILE + ".gz")).exists():
        allowed_path = base / (ALLOWED_FILE + ".gz")
    allowed_words = _split_checked(allowed_path, lang, chars)
    if multi and allowed_words:  # letters of several code points ("oʻ"): a regex checks, in C
        word_re = _word_pattern(lang)
        if not word_re.fullmatch("\n".join(allowed_words)):
            number, word = _first_bad_line(allowed_words, lang) or (0, "")
            raise WordListError(
                f"{allowed_path}:{number}: {word!r} is not a word of the {lang.name} alphabet"
            )
    # Group by width without a Python-level loop: a stable sort by length keeps each group in
    # file order, then bisection finds where each length starts.
    allowed_words.sort(key=len)
    by_width: dict[int, list[str]] = {}
    start = 0
    while start < len(allowed_words):
        width = len(allowed_words[start])
        end = bisect.bisect_right(allowed_words, width, lo=start, key=len)
        by_width[width] = allowed_words[start:end]
        start = end
    del allowed_words

    answers_path = base / ANSWERS_FILE
    answer_words = _split_checked(answers_path, lang, chars)
    try:
        blocked = read_blocklist(base / BLOCKLIST_FILE, lang)
    except (OSError, UnicodeDecodeError) as exc:
        raise WordListError(f"{base / BLOCKLIST_FILE}: cannot read ({exc})") from None
    answers: dict[int, list[str]] = {n: [] for n in LENGTHS}
    for number, word in enumerate(answer_words, 1):
        # single-code-point alphabets: the regex check above already proved the letters
        n = lang.length(word) if multi else len(word)
        if n is None:
            raise WordListError(
                f"{answers_path}:{number}: {word!r} is not a word of the {lang.name} alphabet"
            )
        if n not in answers:
            raise WordListError(
                f"{answers_path}:{number}: {word!r} has {n} letters; answers must have "
                f"{', '.join(map(str, LENGTHS))}"
            )
        if word not in blocked:
            answers[n].append(word)
    # answers are always accepted guesses, even if an admin forgot to list them in allowed.txt
    for words in answers.values():
        missing = set(words)
        if missing:
            width_groups = {len(w) for w in missing}
            for width in width_groups:
                missing.difference_update(by_width.get(width, ()))  # iterates in C
            for word in missing:
                by_width.setdefault(len(word), []).append(word)
    allowed = {width: _SortedWords(words, width) for width, words in by_width.items()}
    del by_width
    try:
        display = read_display(
            base / DISPLAY_FILE, lang.normalize, lambda w: lang.letters(w) is not None
        )
    except DisplayError as exc:
        raise WordListError(str(exc)) from None
    return WordList(
        language=lang,
        answers={n: tuple(sorted(set(ws))) for n, ws in answers.items()},
        _allowed=allowed,
        display=display,
    )


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
