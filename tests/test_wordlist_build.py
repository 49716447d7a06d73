"""Rules of the build script that need no Debian packages: Uzbek transliteration, the German
proper-noun filter, headwords, and the affix expander on a small dictionary."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from wordlists import default_folder
from wordlists.hunspell import entries, expand, open_dictionary
from wordlists.language import load_definition

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "wordlists"

spec = importlib.util.spec_from_file_location(
    "build_wordlists", ROOT / "scripts" / "build_wordlists.py"
)
assert spec and spec.loader
build = importlib.util.module_from_spec(spec)
sys.modules["build_wordlists"] = build
spec.loader.exec_module(build)


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
    ],
)
def test_uzbek_transliteration(cyrillic, latin):
    assert build.uzbek_latin(cyrillic) == latin


@pytest.mark.parametrize("cyrillic", ["маъно", "асҳоб", "щётка", "мышь"])
def test_uzbek_words_left_out(cyrillic):
    """The tutuq belgisi (ъ, and сҳ written sʼh) and letters Uzbek lacks are not in the lists."""
    assert build.uzbek_latin(cyrillic) is None


def test_transliterated_words_split_into_one_tile_per_cyrillic_letter():
    uz = load_definition(default_folder() / "uz" / "language.json")
    for cyr in ["ўғил", "шаҳар", "чироқ", "ғишт"]:
        assert uz.length(build.uzbek_latin(cyr)) == len(cyr)


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
        ("Berlin", "Sm", False),  # capitalised in other dictionaries
        ("NATO", "", False),
    ],
)
def test_german_proper_noun_filter(stem, flags, noun):
    assert build.german_common_noun(entry(stem, flags), {"berlin", "paris"}) is noun


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
    assert not build.is_headword(aff, "play", {"S1", "D1", "Nx"})  # NEEDAFFIX
    assert build.is_headword(aff, "walk", {"S1"})
    stems = {e.stem for e in entries(dictionary)}
    assert "zzzz" not in stems  # FORBIDDENWORD
    assert {"walk", "Paris", "hello"} <= stems


def test_dictionary_family_prefers_inflected_words():
    kk = load_definition(default_folder() / "kk" / "language.json")
    stems = ["шарт", "шарттар", "шарты", "шартқа", "дүрк", "дүркін", "дүркіре", "дүркірет"]
    family = build.dictionary_family(kk, stems, build.KK_INFLECTIONS)
    assert family["шарт"] > family["дүрк"]
    assert family["дүрк"] < 10 <= family["шарт"]
