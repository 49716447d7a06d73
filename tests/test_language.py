"""Normalisation and letter splitting of the shipped language definitions, rule by rule."""

from __future__ import annotations

import json

import pytest

from wordlists import LANGUAGE_CODES, default_folder
from wordlists.language import Language, LanguageError, language_from_dict, load_definition


@pytest.fixture(scope="module")
def langs() -> dict[str, Language]:
    return {c: load_definition(default_folder() / c / "language.json") for c in LANGUAGE_CODES}


def norm(langs: dict[str, Language], code: str, text: str) -> str:
    return langs[code].normalize(text)


@pytest.mark.parametrize(
    "code, typed, expected",
    [
        # German: ß is written ss (changes the length), umlauts are letters of their own
        ("de", "Straße", "strasse"),
        ("de", "GROẞ", "gross"),
        ("de", "Über", "über"),
        ("de", "Mädchen", "mädchen"),
        ("de", "Café", "cafe"),
        # Russian: ё folded into е, stress marks dropped
        ("ru", "Ёлка", "елка"),
        ("ru", "ещё", "еще"),
        ("ru", "за́мок", "замок"),
        # Spanish: accents folded, ñ kept
        ("es", "Canción", "cancion"),
        ("es", "pingüino", "pinguino"),
        ("es", "AÑO", "año"),
        # French: accents, cedilla and ligatures folded (œ -> oe changes the length)
        ("fr", "Cœur", "coeur"),
        ("fr", "français", "francais"),
        ("fr", "être", "etre"),
        ("fr", "Ex æquo", "ex aequo"),
        # Portuguese and Italian
        ("pt", "Coração", "coracao"),
        ("pt", "avô", "avo"),
        ("it", "Città", "citta"),
        ("it", "perché", "perche"),
        # Dutch: ĳ written out, diaereses folded
        ("nl", "ĳs", "ijs"),
        ("nl", "ideeën", "ideeen"),
        # Polish letters kept
        ("pl", "ŻÓŁW", "żółw"),
        ("pl", "źródło", "źródło"),
        # Kazakh letters kept, ё folded, Latin look-alikes read as Kazakh letters
        ("kk", "Қазақ", "қазақ"),
        ("kk", "ӘЛЕМ", "әлем"),
        ("kk", "бiлiм", "білім"),
        ("kk", "ұлы", "ұлы"),
        # Ukrainian letters kept, apostrophe look-alikes unified to U+02BC
        ("uk", "Ґанок", "ґанок"),
        ("uk", "ЇЖАК", "їжак"),
        ("uk", "м'ясо", "мʼясо"),
        ("uk", "м’ясо", "мʼясо"),
        ("uk", "м`ясо", "мʼясо"),
        ("uk", "бiлий", "білий"),
        # Uzbek: every apostrophe look-alike is the same mark U+02BB
        ("uz", "o'g'il", "oʻgʻil"),
        ("uz", "oʻgʻil", "oʻgʻil"),
        ("uz", "o’g‘il", "oʻgʻil"),
        ("uz", "o`g`il", "oʻgʻil"),
        ("uz", "oʼgʼil", "oʻgʻil"),
        ("uz", "O'ZBEK", "oʻzbek"),
        # ... and elsewhere it is the tutuq belgisi ʼ (U+02BC), a letter of its own
        ("uz", "ma'no", "maʼno"),
        ("uz", "sanʻat", "sanʼat"),
        ("uz", "SHE’R", "sheʼr"),
        ("uz", "mo''jiza", "moʻʼjiza"),
        # everywhere: surrounding blanks and case
        ("en", "  Crane \n", "crane"),
        ("en", "naïve", "naive"),
    ],
)
def test_normalize(langs, code, typed, expected):
    assert norm(langs, code, typed) == expected


@pytest.mark.parametrize(
    "code, word, letters",
    [
        ("uz", "oʻgʻil", ("oʻ", "gʻ", "i", "l")),
        ("uz", "shahar", ("sh", "a", "h", "a", "r")),
        ("uz", "choy", ("ch", "o", "y")),
        ("uz", "maʼno", ("m", "a", "ʼ", "n", "o")),
        ("uz", "moʻʼjiza", ("m", "oʻ", "ʼ", "j", "i", "z", "a")),
        ("uz", "tong", ("t", "o", "n", "g")),  # ng is two tiles
        ("uk", "мʼясо", ("м", "ʼ", "я", "с", "о")),
        ("de", "strasse", ("s", "t", "r", "a", "s", "s", "e")),
        ("kk", "әлем", ("ә", "л", "е", "м")),
        ("pl", "żółw", ("ż", "ó", "ł", "w")),
    ],
)
def test_letters_split(langs, code, word, letters):
    assert langs[code].letters(word) == letters


@pytest.mark.parametrize(
    "code, word",
    [
        ("en", "café"),  # not normalised
        ("en", "don't"),
        ("en", "ab1"),
        ("en", ""),
        ("uz", "cat"),  # c is not an Uzbek letter outside ch
        ("uz", "maʻno"),  # the mark of oʻ alone is not a letter (the tutuq is ʼ)
        ("uz", "wow"),
        ("ru", "ёлка"),  # ё is folded, so the raw form is not canonical
        ("ru", "їжак"),  # Ukrainian letter
        ("uk", "ёлка"),
        ("uk", "объект"),  # Russian ъ, ы
        ("de", "straße"),
        ("es", "canción"),
        ("kk", "word"),
        ("pl", "ü"),
    ],
)
def test_not_words_of_the_alphabet(langs, code, word):
    assert langs[code].letters(word) is None


def test_typed_uzbek_apostrophe_gives_one_letter(langs):
    uz = langs["uz"]
    assert uz.length(uz.normalize("O'g'il")) == 4
    assert uz.length(uz.normalize("kitob")) == 5


def test_folding_changes_length_by_word(langs):
    de, fr = langs["de"], langs["fr"]
    assert de.length(de.normalize("Fuß")) == 4
    assert fr.length(fr.normalize("œuf")) == 4
    assert fr.length(fr.normalize("sœur")) == 5


def test_languages_are_hashable_values(langs):
    again = load_definition(default_folder() / "de" / "language.json")
    assert again == langs["de"] and hash(again) == hash(langs["de"])
    assert len({lang for lang in langs.values()}) == len(langs)


def test_keyboards_cover_the_alphabet(langs):
    for code, lang in langs.items():
        keys = [k for row in lang.keyboard for k in row]
        assert sorted(keys) == sorted(lang.alphabet), code
        assert lang.code == code
        assert lang.name


def test_own_letters_have_keys(langs):
    for code, letters in {
        "de": "äöü",
        "es": "ñ",
        "pl": "ąćęłńóśźż",
        "uk": "ґєії",
        "kk": "әғқңөұүһі",
    }.items():
        keys = {k for row in langs[code].keyboard for k in row}
        assert set(letters) <= keys, code
    assert {"oʻ", "gʻ", "sh", "ch", "ʼ"} <= {k for row in langs["uz"].keyboard for k in row}


def test_layouts_start_as_players_expect(langs):
    assert langs["de"].keyboard[0][:6] == tuple("qwertz")
    assert langs["fr"].keyboard[0][:6] == tuple("azerty")
    assert langs["en"].keyboard[0][:6] == tuple("qwerty")
    assert langs["ru"].keyboard[0][:6] == tuple("йцукен")
    assert langs["uk"].keyboard[0][-1] == "ї"


def test_definition_errors_name_the_file(tmp_path):
    bad = tmp_path / "language.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LanguageError, match=str(bad)):
        load_definition(bad)
    with pytest.raises(LanguageError, match="cannot read"):
        load_definition(tmp_path / "missing.json")
    bad.write_text(json.dumps({"code": "xx", "name": "X", "alphabet": ["a"]}), encoding="utf-8")
    with pytest.raises(LanguageError, match="keyboard"):
        load_definition(bad)


def test_keyboard_must_match_alphabet():
    base = {"code": "xx", "name": "X", "alphabet": ["a", "b"], "keyboard": [["a"]]}
    with pytest.raises(LanguageError, match="without a key"):
        language_from_dict(base)
    base["keyboard"] = [["a", "b", "c"]]
    with pytest.raises(LanguageError, match="not in the alphabet"):
        language_from_dict(base)


def test_a_new_language_from_data_only():
    lang = language_from_dict(
        {
            "code": "sv",
            "name": "Svenska",
            "alphabet": list("abcdefghijklmnopqrstuvwxyzåäö"),
            "keyboard": [list("qwertyuiopå"), list("asdfghjklöä"), list("zxcvbnm")],
            "fold": {"é": "e"},
        }
    )
    assert lang.normalize("Café") == "cafe"
    assert lang.letters("åtta") == ("å", "t", "t", "a")
    assert lang.to_json()["keyboard"][0][-1] == "å"
