"""Rules of the build that need neither Debian packages nor the build-time Python packages:
Uzbek sources in Latin, the German proper-noun filter, Kazakh forms, headwords, the answer
ranking, and the affix expander on a small dictionary."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.wordlists import build, dictionaries, kazakh
from wordlists import default_folder, selection, uzbek
from wordlists.hunspell import entries, expand, open_dictionary
from wordlists.language import load_definition

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "wordlists"
UZ = load_definition(default_folder() / "uz" / "language.json")


@pytest.mark.parametrize(
    "cyrillic, latin",
    [
        ("ўғил", "oʻgʻil"),
        ("шаҳар", "shahar"),
        ("чой", "choy"),
        ("тонг", "tong"),
        ("қўшиқ", "qoʻshiq"),
        ("ер", "yer"),  # е at the start is ye
        ("поезд", "poyezd"),  # after a vowel
        ("кема", "kema"),  # after a consonant
        ("цирк", "sirk"),  # ц at the start is s
        ("милиция", "militsiya"),  # after a vowel ts
        ("ёз", "yoz"),
        ("юлдуз", "yulduz"),
        ("компьютер", "kompyuter"),  # ь dropped
        ("хато", "xato"),
        ("маъно", "maʼno"),  # ъ is the tutuq belgisi, a letter of its own
        ("санъат", "sanʼat"),
        ("шеър", "sheʼr"),
        ("мўъжиза", "moʻʼjiza"),
        ("асҳоб", "asʼhob"),  # s and h as two letters are written sʼh
        ("съезд", "syezd"),  # before е, Latin writes the y instead
    ],
)
def test_uzbek_from_cyrillic(cyrillic, latin):
    assert uzbek.from_cyrillic(cyrillic) == latin
    assert UZ.normalize(latin) == latin


@pytest.mark.parametrize("cyrillic", ["щётка", "мышь", "доъя"])
def test_uzbek_words_left_out(cyrillic):
    """Letters Uzbek lacks, and ъ after о or г, which Latin would write like oʻ and gʻ."""
    assert uzbek.from_cyrillic(cyrillic) is None


def test_transliterated_words_split_into_one_tile_per_cyrillic_letter():
    for cyr in ["ўғил", "шаҳар", "чироқ", "ғишт", "маъно", "таълим"]:
        assert UZ.length(uzbek.from_cyrillic(cyr)) == len(cyr)


@pytest.mark.parametrize(
    "stem, latin",
    [
        ("kitob", "kitob"),
        ("şahar", "shahar"),
        ("çoy", "choy"),
        ("öğil", "oʻgʻil"),
        ("ma'no", "maʼno"),
        ("ishoq", "isʼhoq"),  # a plain s and h are two letters
        ("a-", None),
        ("o'şa", None),  # an old spelling of oʻsha
    ],
)
def test_uzbek_lexicon_stems_in_latin(stem, latin):
    assert uzbek.from_lexicon(stem) == latin


def test_uzbek_lexicon_rows(tmp_path):
    lexicon = tmp_path / "lexicon.tsv"
    lexicon.write_text(
        "kitob\tN\tK\t900\t40\nbor\tV\tB\t15610\t334\nva\tN\tV\t202232\t55\n"
        "biri\tN\tB*\t5255\t1\nçoy\tN\tCh\t10\t3\nsuv\tN\tS\t9812\t138\n",
        encoding="utf-8",
    )
    rows = list(uzbek.lexicon_headwords(lexicon))
    assert [(h.word, h.verb) for h in rows][:2] == [("kitob", False), ("bormoq", True)]
    chosen = selection.choose_uzbek(rows, UZ.length, frozenset({"suv"}))
    words = {c.word for cs in chosen.values() for c in cs}
    # verbs as -moq infinitives; not: rare (choy, 10), a derived entry (biri), too short (va),
    # blocklisted (suv, here)
    assert words == {"kitob", "bormoq"}
    assert chosen[6][0].frequency == 15610


def entry(stem: str, flags: str) -> SimpleNamespace:
    return SimpleNamespace(stem=stem, flags=set(flags))


@pytest.mark.parametrize(
    "stem, flags, noun",
    [
        ("Hund", "EPSTm", True),
        ("Milch", "ijm", True),
        ("Sofa", "Sm", True),
        ("Anna", "S", False),
        ("Adidas", "", False),
        ("Georg", "EST", False),  # names lack the m flag
        ("Berlin", "Sm", False),  # a name by other dictionaries
        ("Musik", "ijm", True),
        ("NATO", "", False),
    ],
)
def test_german_proper_noun_filter(stem, flags, noun):
    assert dictionaries.german_common_noun(entry(stem, flags), {"berlin", "paris"}) is noun


def test_expander_and_headwords_on_a_small_dictionary():
    dictionary = open_dictionary(FIXTURES / "tiny_en.dic")
    aff = dictionary.aff
    assert expand(aff, "walk", ["S1", "P1", "D1"]) >= {
        "walk",
        "walks",
        "walked",
        "rewalk",
        "rewalks",
    }
    assert "ponies" in expand(aff, "pony", ["S1"])
    assert "ponys" not in expand(aff, "pony", ["S1"])
    assert not dictionaries.is_headword(aff, "play", {"S1", "D1", "Nx"})  # NEEDAFFIX
    assert dictionaries.is_headword(aff, "walk", {"S1"})
    stems = {e.stem for e in entries(dictionary)}
    assert "zzzz" not in stems  # FORBIDDENWORD
    assert {"walk", "Paris", "hello"} <= stems


def test_kazakh_inflected_forms_are_not_headwords():
    stems = {"сөз", "жол", "жауап", "бас", "бала", "қазақ"}
    for form in ("сөздер", "жолда", "жауабы", "баста", "балалар"):
        assert kazakh.kazakh_inflected(form, stems), form
    for word in ("қазақ", "бала", "сөзжұмбақ"):
        assert not kazakh.kazakh_inflected(word, stems), word


def test_answers_ranked_by_frequency_within_each_length():
    choices = [
        selection.Choice(w, f, "count", "")
        for w, f in [("kitob", 5), ("shahar", 9), ("daryo", 7), ("olma", 3), ("non", 99)]
    ]
    ranked = selection.top_by_length(choices, UZ.length)
    assert [c.word for c in ranked[5]] == ["shahar", "daryo", "kitob"]  # sh is one letter
    assert [c.word for c in ranked[4]] == ["olma"]


def test_audit_sample_is_seeded_and_needs_no_frequency_sources(capsys):
    """The review samples (AUDIT.md) are drawn again from the seed, without the admin extras."""
    from scripts.wordlists import audit as audit_wordlists

    assert audit_wordlists.main(["pl", "--seed", "6102", "--per-length", "5", "--words-only"]) == 0
    first = capsys.readouterr().out.splitlines()
    audit_wordlists.main(["pl", "--seed", "6102", "--per-length", "5", "--words-only"])
    assert capsys.readouterr().out.splitlines() == first
    assert [line.split(":")[0] for line in first] == ["pl 4", "pl 5", "pl 6"]
    assert all(len(line.split(": ")[1].split()) == 5 for line in first)
    audit_wordlists.main(["pl", "--seed", "6103", "--per-length", "5", "--words-only"])
    assert capsys.readouterr().out.splitlines() != first


def test_reviewed_words_are_never_answers_and_always_guesses(tmp_path):
    """What a rebuild keeps of the reviews: people.txt and rejected.txt words are never answers
    and stay guesses (even where the dictionary lacks them), blocklisted words are no guesses."""
    pt = load_definition(default_folder() / "pt" / "language.json")
    (tmp_path / "people.txt").write_text("# insults\nidiota\nJudeu\n", encoding="utf-8")
    (tmp_path / "rejected.txt").write_text("# pre-reform\nacção\nóptimo\nab\n", encoding="utf-8")
    (tmp_path / "blocklist.txt").write_text("merda\n", encoding="utf-8")
    blocked, guesses = build.reviewed_words(tmp_path, pt)
    assert blocked == {"idiota", "judeu", "accao", "optimo", "ab", "merda"}
    assert guesses == {"idiota", "judeu", "accao", "optimo"}  # "ab" is too short to play
