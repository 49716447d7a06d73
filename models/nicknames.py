"""Automatic nicknames, nickname validation and the public tag shown beside a nickname.

Pure: the generator takes a random.Random, so tests can seed it. Nicknames need not be unique;
the tag (derived from the player's id by a bijection) is what tells two "Calm Otter 42" apart,
so nobody can pass for somebody else by copying their nickname.
"""

from __future__ import annotations

import random
import unicodedata

MIN_LENGTH = 2
MAX_LENGTH = 24
MAX_INPUT = 4 * MAX_LENGTH  # characters sent, before trimming: longer is refused unread
MAX_COMBINING_RUN = 3  # combining marks on one letter; more is "zalgo" text, not a script
PUNCTUATION = frozenset("-_'.")

# Curated to read kindly on their own and in any pairing: no colours (ethnic slurs), no body,
# weight, intelligence or smell words, no animals used as insults. A test checks every
# pairing against a list of offensive fragments, and that every result is a valid nickname.
ADJECTIVES = (
    "Agile", "Amber", "Ancient", "Bold", "Brave", "Breezy", "Bright", "Calm", "Clever",
    "Cosmic", "Curious", "Daring", "Dapper", "Eager", "Early", "Epic", "Fabled", "Fearless",
    "Festive", "Fluffy", "Friendly", "Gentle", "Gleaming", "Glowing", "Graceful", "Happy",
    "Hardy", "Helpful", "Honest", "Humble", "Jolly", "Joyful", "Keen", "Kind", "Lively",
    "Lucky", "Lunar", "Merry", "Mighty", "Misty", "Modest", "Noble", "Patient", "Peaceful",
    "Playful", "Polite", "Proud", "Quick", "Quiet", "Radiant", "Rapid", "Rustic", "Serene",
    "Sharp", "Shiny", "Sincere", "Sleepy", "Smart", "Snowy", "Solar", "Speedy", "Spry",
    "Starry", "Steady", "Stellar", "Sunny", "Swift", "Tidy", "Tranquil", "Trusty", "Valiant",
    "Vivid", "Wandering", "Warm", "Wise", "Witty", "Zesty",
)  # fmt: skip
ANIMALS = (
    "Albatross", "Alpaca", "Antelope", "Badger", "Bison", "Bobcat", "Capybara", "Caribou",
    "Chameleon", "Cheetah", "Chinchilla", "Condor", "Coyote", "Crane", "Dingo", "Dolphin",
    "Eagle", "Egret", "Falcon", "Ferret", "Finch", "Flamingo", "Fox", "Gazelle", "Gecko",
    "Heron", "Hedgehog", "Ibex", "Jaguar", "Kingfisher", "Koala",
    "Lemur", "Leopard", "Lion", "Llama", "Lynx", "Manatee", "Marmot", "Meerkat", "Mongoose",
    "Moose", "Narwhal", "Ocelot", "Octopus", "Orca", "Osprey", "Otter", "Owl", "Panda",
    "Panther", "Pelican", "Penguin", "Puffin", "Quokka", "Quail", "Raven", "Reindeer",
    "Robin", "Salamander", "Sparrow", "Squirrel", "Starling", "Stork", "Swan",
    "Tapir", "Tiger", "Toucan", "Turtle", "Walrus", "Wolf", "Wombat", "Wren", "Yak", "Zebra",
)  # fmt: skip
# Numbers with a hateful or crude reading are never drawn.
BANNED_NUMBERS = frozenset({13, 14, 18, 28, 69, 88})
NUMBERS = tuple(n for n in range(10, 100) if n not in BANNED_NUMBERS)

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that show
# nothing. Some are letters or marks by category (the Hangul fillers U+115F, U+1160, U+3164,
# U+FFA0; variation selectors), so the category checks below would let them through.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip

# Public tag: Crockford's base32 in lower case (no i, l, o, u: nothing to misread, no words).
TAG_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
TAG_CHARS = 4
_TAG_MULTIPLIER = 0x5BD1E995 | 1  # odd, so multiplication is a bijection modulo 2**bits
_TAG_MASK = 0x9E3779B9


class NicknameError(ValueError):
    """A nickname was refused; the message says why, in words a player understands."""


def generate(rng: random.Random) -> str:
    """A readable automatic nickname such as "Calm Otter 42"."""
    return f"{rng.choice(ADJECTIVES)} {rng.choice(ANIMALS)} {rng.choice(NUMBERS)}"


def validate(text: object) -> str:
    """The nickname as stored (NFC, trimmed, inner spaces collapsed), or NicknameError.

    Letters of any script (with their combining marks), digits, spaces and - _ ' . are
    allowed; control, invisible and formatting characters (zero-width, bidi overrides) are
    refused by name, because they can make two different names look alike.
    """
    if not isinstance(text, str):
        raise NicknameError("nickname must be a string")
    if len(text) > MAX_INPUT:  # before looking at each character of a huge input
        raise NicknameError(_length_message(len(text)))
    name = unicodedata.normalize("NFC", text)
    for ch in name:
        category = unicodedata.category(ch)
        if invisible(ch):
            raise NicknameError(f"nickname must not contain invisible characters ({_code(ch)})")
        if category == "Cc":
            raise NicknameError(f"nickname must not contain control characters ({_code(ch)})")
        if category in {"Cf", "Zl", "Zp"} or (category == "Zs" and ch != " "):
            raise NicknameError(
                f"nickname must not contain invisible or formatting characters ({_code(ch)})"
            )
        if category in {"Co", "Cn", "Cs"}:
            raise NicknameError(f"nickname must not contain unassigned characters ({_code(ch)})")
    name = " ".join(part for part in name.split(" ") if part)  # trim, collapse runs
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise NicknameError(_length_message(len(name)))
    run = 0
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if category[0] == "M":
            run += 1
            if i == 0 or unicodedata.category(name[i - 1])[0] not in {"L", "M"}:
                raise NicknameError("nickname has an accent or mark that is not on a letter")
            if run > MAX_COMBINING_RUN:
                raise NicknameError("nickname has too many marks on one letter")
            continue
        run = 0
        if category[0] == "L" or category == "Nd" or ch == " " or ch in PUNCTUATION:
            continue
        raise NicknameError(
            f"nickname may contain only letters, digits, spaces and - _ ' . (not {ch!r})"
        )
    if not any(unicodedata.category(ch)[0] == "L" for ch in name):
        raise NicknameError("nickname must contain at least one letter")
    return name


def tag(player_id: int) -> str:
    """Short public tag for a player id, e.g. "k3f9"; different ids always get different tags.

    Four characters (20 bits) cover the first million ids; larger ids get longer tags. The
    id is scrambled by a bijection so neighbours do not read as a counter.
    """
    if player_id < 0:
        raise ValueError("player ids are not negative")
    chars = TAG_CHARS
    while player_id >= 1 << (5 * chars):
        chars += 1
    bits = 5 * chars
    mask = (1 << bits) - 1
    value = ((player_id * _TAG_MULTIPLIER) & mask) ^ (_TAG_MASK & mask)
    out = []
    for _ in range(chars):
        out.append(TAG_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def invisible(ch: str) -> bool:
    """Is `ch` a character that shows nothing (Default_Ignorable_Code_Point)?"""
    code = ord(ch)
    return any(low <= code <= high for low, high in INVISIBLE_RANGES)


def _length_message(length: int) -> str:
    return f"nickname must be {MIN_LENGTH} to {MAX_LENGTH} characters long (it has {length})"


def _code(ch: str) -> str:
    return f"U+{ord(ch):04X}"
