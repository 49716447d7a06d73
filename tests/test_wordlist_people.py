"""Words about people are never secrets, in every language: insults (mild ones too),
ethnonyms, nationality and faith nouns. Each language lists them in ``<code>/people.txt``;
they stay accepted guesses (a player may type *idiot*, nobody loses a duel to it)."""

from __future__ import annotations

import pytest

from wordlists import LANGUAGE_CODES, LENGTHS, default_folder, load_all, read_blocklist

FOLDER = default_folder()

#: Per language, words each group of the rule must hold: an insult (the mild ones the issue
#: named among them), a people or nationality, a faith. They were all secrets before the rule
#: or are the first words a reader looks for.
EXPECTED: dict[str, list[str]] = {
    "en": ["idiot", "moron", "jerk", "loser", "dummy", "pagan", "gypsy"],
    "id": ["tolol", "goblok", "sialan", "muslim", "kafir", "murtad", "yahudi"],
    "de": ["Idiot", "Depp", "Jude", "Penner", "Türke", "Araber", "Christ", "Ketzer"],
    "es": ["idiota", "tonto", "bobo", "ruso", "chino", "judío", "ateo", "hereje"],
    "fr": ["idiot", "crétin", "débile", "russe", "juif", "turc", "athée", "païen"],
    "it": ["idiota", "scemo", "fesso", "russo", "ebreo", "cinese", "ateo", "pagano"],
    "nl": ["idioot", "sukkel", "eikel", "jood", "moslim", "heiden", "ketter"],
    "uz": ["ahmoq", "tentak", "oʻzbek", "qozoq", "nemis", "kofir", "islom"],
    "pl": ["idiota", "kretyn", "dureń", "głupek", "frajer", "cygan", "ateusz", "kalwin"],
    "pt": ["idiota", "tolo", "otário", "russo", "judeu", "cigano", "ateu", "herege"],
    "kk": ["ақымақ", "қазақ", "орыс", "өзбек", "дінсіз", "кәпір"],
    "ru": ["идиот", "дурак", "дура", "болван", "еврей", "немец", "цыган", "атеист"],
    "uk": ["ідіот", "дурень", "бовдур", "йолоп", "єврей", "циган", "єретик"],
}


@pytest.fixture(scope="module")
def wordlists():
    return load_all()


def people(code: str, wordlists) -> frozenset[str]:
    return read_blocklist(FOLDER / code / "people.txt", wordlists[code].language)


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_people_words_are_guesses_but_never_secrets(code, wordlists):
    wl = wordlists[code]
    words = people(code, wordlists)
    assert len(words) >= 30, f"{code}/people.txt is too thin: {len(words)} words"
    answers = {w for n in LENGTHS for w in wl.answers[n]}
    assert not words & answers, sorted(words & answers)
    playable = {w for w in words if wl.language.length(w) in LENGTHS}
    assert playable == words, sorted(words - playable)  # every line a playable word
    not_guesses = sorted(w for w in words if not wl.is_allowed(w))
    assert not not_guesses, not_guesses
    # a reviewer's included.txt must not make one of them an answer again
    included = read_blocklist(FOLDER / code / "included.txt", wl.language)
    assert not words & included, sorted(words & included)


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_people_lists_cover_insults_peoples_and_faiths(code, wordlists):
    lang = wordlists[code].language
    words = people(code, wordlists)
    missing = [w for w in EXPECTED[code] if lang.normalize(w) not in words]
    assert not missing, (code, missing)
