"""Automatic nicknames, nickname validation and public tags (pure: no database)."""

from __future__ import annotations

import itertools
import random

import pytest

from models import nicknames
from models.nicknames import NicknameError

# Fragments that must never appear in an automatic nickname, spaces removed, any case.
OFFENSIVE = [
    "anal", "anus", "arse", "ass", "bitch", "boob", "butt", "chink", "cock", "coon", "crap",
    "cum", "cunt", "damn", "dick", "dumb", "dyke", "fag", "fart", "fat", "fuck", "gay",
    "gook", "hell", "homo", "jap", "kike", "kill", "nazi", "negro", "nig", "paki", "penis",
    "piss", "poo", "porn", "pussy", "rape", "retard", "sex", "shit", "slut", "spic", "stupid",
    "tit", "turd", "twat", "ugly", "wank", "whore",
]  # fmt: skip


def test_no_pairing_contains_an_offensive_fragment():
    for adjective, animal in itertools.product(nicknames.ADJECTIVES, nicknames.ANIMALS):
        joined = (adjective + animal).lower()
        bad = [word for word in OFFENSIVE if word in joined]
        assert not bad, f"{adjective} {animal}: {bad}"
    assert not set(nicknames.NUMBERS) & nicknames.BANNED_NUMBERS


def test_lists_have_no_duplicates_and_enough_variety():
    assert len(set(nicknames.ADJECTIVES)) == len(nicknames.ADJECTIVES) >= 50
    assert len(set(nicknames.ANIMALS)) == len(nicknames.ANIMALS) >= 50


def test_generated_nicknames_are_valid_readable_and_seeded():
    rng = random.Random(3)
    names = [nicknames.generate(rng) for _ in range(500)]
    assert names == [nicknames.generate(r) for r in [random.Random(3)] for _ in range(500)]
    for name in names:
        adjective, animal, number = name.split(" ")
        assert adjective in nicknames.ADJECTIVES and animal in nicknames.ANIMALS
        assert int(number) in nicknames.NUMBERS
        assert nicknames.validate(name) == name
    assert len(set(names)) > 450
    longest = max(nicknames.ADJECTIVES, key=len) + " " + max(nicknames.ANIMALS, key=len) + " 99"
    assert len(longest) <= nicknames.MAX_LENGTH


@pytest.mark.parametrize(
    "raw, stored",
    [
        ("  Ana   María  ", "Ana María"),
        ("O'Brien-Smith_2.0", "O'Brien-Smith_2.0"),
        ("Zoe\u0308", "Zoë"),  # NFC: e + combining diaeresis becomes one letter
        ("東京タワー", "東京タワー"),
        ("Ωμέγα", "Ωμέγα"),
        ("हिन्दी", "हिन्दी"),  # combining vowel signs are part of the script
        ("ab", "ab"),
        ("x" * 24, "x" * 24),
    ],
)
def test_valid_nicknames(raw, stored):
    assert nicknames.validate(raw) == stored


@pytest.mark.parametrize(
    "raw, message",
    [
        ("a", "2 to 24"),
        ("   a   ", "2 to 24"),
        ("x" * 25, "2 to 24"),
        ("", "2 to 24"),
        ("tab\there", "control"),
        ("new\nline", "control"),
        ("nul\x00", "control"),
        ("zero\u200bwidth", "invisible"),
        ("evil\u202eman", "invisible"),  # right-to-left override
        ("join\u2060er", "invisible"),
        ("no\u00a0break", "invisible"),
        ("soft\u00adhyphen", "invisible"),
        ("\u3164\u3164\u3164", "invisible characters \\(U\\+3164\\)"),  # Hangul filler
        ("\uffa0\uffa0", "invisible"),  # halfwidth Hangul filler
        ("\u115f\u1160ab", "invisible"),  # Hangul choseong and jungseong fillers
        ("Lea\u3164", "invisible"),
        ("a\ufe0fb", "invisible"),  # variation selector after a letter
        ("a\u034fb", "invisible"),  # combining grapheme joiner
        ("\u2800\u2800", "only letters"),  # braille blank
        ("\u200b" + "a" * 5000, "2 to 24 characters long \\(it has 5001\\)"),
        ("private\ue000", "unassigned"),
        ("lone\ud800", "unassigned"),
        ("smile 😀", "only letters"),
        ("<script>", "only letters"),
        ("a@b", "only letters"),
        ("1234", "at least one letter"),
        ("-- ..", "at least one letter"),
        ("\u0301ab", "not on a letter"),
        ("Zalgo\u0301\u0302\u0303\u0304\u0305", "too many marks"),
        (None, "string"),
        (12, "string"),
    ],
)
def test_invalid_nicknames_are_refused_with_a_clear_message(raw, message):
    with pytest.raises(NicknameError, match=message):
        nicknames.validate(raw)


def test_tags_are_short_distinct_and_unreadable_as_a_counter():
    tags = [nicknames.tag(i) for i in range(1, 1 << 16)]
    assert len(set(tags)) == len(tags)
    assert all(len(t) == 4 and set(t) <= set(nicknames.TAG_ALPHABET) for t in tags)
    assert nicknames.tag(1)[:3] != nicknames.tag(2)[:3]
    big = [nicknames.tag(i) for i in (1 << 20, (1 << 20) + 1, 1 << 25, 2**31 - 1)]
    assert len(set(big)) == 4 and all(len(t) > 4 for t in big)
    with pytest.raises(ValueError):
        nicknames.tag(-1)


def test_a_huge_nickname_is_refused_before_its_characters_are_walked(monkeypatch):
    """The length is checked first: a megabyte of text is not normalised or inspected."""
    walked = []
    monkeypatch.setattr(nicknames.unicodedata, "normalize", lambda *a: walked.append(a) or a[1])
    with pytest.raises(NicknameError, match="2 to 24"):
        nicknames.validate("\u200b" * 1_000_000)
    assert walked == []
