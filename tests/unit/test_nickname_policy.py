"""The nickname policy against a table of innocent and abusive names (both must hold)."""

from __future__ import annotations

import pytest

from models.nickname_policy import Reason, compile_policy
from models.nicknames import generate, validate
from wordlists.nickname_terms import SHIPPED, TermFileError, entries, policy

INNOCENT = [
    # place names and surnames that contain a term
    "Scunthorpe", "Penistone", "Cassandra", "Hancock", "Matsushita", "Dickens", "Dickinson",
    "Cockburn", "Sussex Fan", "Middlesex", "Essex Girl", "Bassett", "Montenegro", "Nigeria",
    "Semenov", "Shitake Lover", "Badminton Pro", "The Therapist", "Analyst", "Sexton",
    "Arsenal FC", "Peacock", "Cumbria", "Titicaca", "Fickel", "Nazim", "Aryan Patel",
    "Classic Cat", "Assassin", "Cocktail Queen", "Glasshouse", "Merdeka 45", "Ashley",
    "Bassam", "Kadir", "Hui Min", "Richard Dickerson", "Sukarno", "Puteri", "Kontoleon",
    # ordinary names in the page's languages
    "Jürgen Müller", "Élodie", "Łukasz", "Дмитрий", "Олександра", "Zoë", "Ngozi", "Siddharth",
    "Оксана", "Kazbek", "Dilnoza", "Айгерим", "김민준", "さくら", "佐藤", "مریم", "Søren",
    "Niels Bohr", "Botticelli", "Robotnik Fan", "Abbot", "Admiral Ackbar",
    # automatic nicknames and numbers that are fine
    "Calm Otter 42", "Brave Lynx 17", "Team 2024", "R2D2", "Agent 47",
]  # fmt: skip

ABUSIVE = {
    Reason.OFFENSIVE: [
        "fuck", "FUCK YOU", "fuckface", "MotherFucker", "shit", "bullshit king", "cunt",
        "Cock", "dickhead", "penis", "asshole", "Big Ass", "bitch", "Bastard", "whore",
        "slut", "twat", "wanker", "bollocks", "dildo", "blowjob", "jizz", "pornstar",
        "milf hunter", "rapist", "Pedo", "kill yourself", "kys", "nigger", "nigga", "Niger",
        "chink", "spic", "kike", "faggot", "fag", "retard", "paki", "raghead", "ching chong",
        "Fotze", "Wichser", "Hurensohn", "Arschloch", "Schlampe", "Schwuchtel", "Neger",
        "Kanake", "Scheiße", "Leck mich", "putain", "salope", "connard", "enculé", "fils de pute",
        "Bougnoule", "Pédé", "ta gueule", "puta", "Hijo de puta", "cabrón", "gilipollas",
        "pendejo", "maricón", "mierda", "chinga tu madre", "culero", "cazzo", "stronzo",
        "vaffanculo", "puttana", "frocio", "minchia", "Porco Dio", "kut", "klootzak", "kanker",
        "Teringlijer", "mongool", "flikker", "fisse", "kælling", "Røvhul", "luder", "caralho",
        "porra", "buceta", "Filho da puta", "arrombado", "vai tomar no cu", "kurwa",
        "Kurwa mać", "chuj", "jebać", "pierdolę", "Spierdalaj", "skurwysyn", "dziwka",
        "хуй", "хуйло", "пизда", "ебать", "Блядь", "сука", "мудак", "пидор", "гандон",
        "шлюха", "blyat", "cyka blyat", "курва", "йобаний", "підор", "кацап", "bangsat",
        "kontol", "memek", "ngentot", "jancok", "goblok", "bajingan", "jalab", "qoʻtoq",
        "dalbayob", "жалап", "қотақ", "씨발", "병신", "개새끼", "존나", "지랄", "ㅅㅂ",
        "死ね", "ちんこ", "まんこ", "キチガイ", "肉便器", "کیر", "کسکش", "جنده", "حرومزاده",
        "شرموطة", "זונה",
    ],
    Reason.HATE: [
        "Heil Hitler 88", "Hitler", "Sieg Heil", "Nazi", "White Power", "KKK", "K.K.K",
        "Hans 1488", "Aryan 1488", "14 88 Crew", "Combat 18", "Gas the Jews", "Auschwitz", "Гитлер",
        "Зиг хайль", "히틀러", "ヒトラー",
    ],
    Reason.BOT: ["Bot Fox 96", "bot", "BOT", "Bot Otter 42", "B0T 12", "Robot", "бот", "나는 봇"],
    Reason.STAFF: [
        "Admin", "ADMIN", "Administrator", "Moderator", "SYSTEM", "System", "Mod", "Staff",
        "Official", "Wordle Tournament", "TheAdmin", "Админ", "Модератор", "관리자", "管理者",
    ],
    Reason.TAG: ["Calm Otter 42 k3f9", "Brave Lynx 17 x7kq", "Swift Fox m9pa"],
}  # fmt: skip


def _evasions(name: str) -> list[str]:
    """What an abuser types to get past a word list: spacing, dots, leetspeak, repeats,
    another script's look-alike letters, and wrapping."""
    leet = name.translate(str.maketrans({"i": "1", "e": "3", "a": "4", "o": "0", "s": "5"}))
    cyrillic = name.translate(str.maketrans({"a": "а", "e": "е", "o": "о", "c": "с", "p": "р"}))
    return [
        " ".join(name),
        ".".join(name),
        leet,
        name[0] + name[1] * 4 + name[2:],
        cyrillic,
        f"xX{name.capitalize()}Xx",
        f"{name.upper()}_{name.upper()}",
    ]


EVADED = ["fuck", "cunt", "nigger", "faggot", "whore", "bitch", "asshole", "hitler", "kurwa",
          "cazzo", "admin", "wichser", "putain", "pendejo", "bangsat", "caralho"]  # fmt: skip
EVASIONS = [(base, name) for base in EVADED for name in _evasions(base)]


def test_the_tables_are_as_large_as_the_policy_promises():
    abusive = sum(len(names) for names in ABUSIVE.values()) + len(EVASIONS)
    assert len(INNOCENT) >= 50 and len(set(INNOCENT)) == len(INNOCENT)
    assert abusive >= 200


@pytest.mark.parametrize("name", INNOCENT)
def test_innocent_names_pass(name):
    assert policy().refusal(validate(name)) is None


@pytest.mark.parametrize(
    "reason,name", [(reason, name) for reason, names in ABUSIVE.items() for name in names]
)
def test_abusive_names_are_refused_for_their_reason(reason, name):
    assert policy().refusal(validate(name)) is reason


@pytest.mark.parametrize("base,name", EVASIONS)
def test_evasions_are_refused(base, name):
    assert policy().refusal(validate(name)) is not None, f"{name!r} passes (from {base!r})"


def test_automatic_nicknames_always_pass():
    import random

    rng = random.Random(7)
    for _ in range(2000):
        name = generate(rng)
        assert policy().refusal(name) is None, name


def test_marks_decide_how_a_term_matches():
    p = compile_policy(
        [("=toad", Reason.OFFENSIVE), ("*eel", Reason.OFFENSIVE), ("!steeler", Reason.OFFENSIVE),
         ("newtling", Reason.OFFENSIVE)]
    )  # fmt: skip
    assert p.refusal("Toad") is Reason.OFFENSIVE
    assert p.refusal("Toadstool") is None  # whole words only
    assert p.refusal("Peeled") is Reason.OFFENSIVE  # inside words
    assert p.refusal("Steeler") is None  # the exception masks its term
    assert p.refusal("Steeler Eel") is Reason.OFFENSIVE
    assert p.refusal("Bignewtlings") is Reason.OFFENSIVE  # five letters or more: inside words


def test_an_admin_file_extends_the_policy(tmp_path):
    extra = tmp_path / "local.txt"
    extra.write_text("# our community\nbadger\n!honeybadger\n[staff]\n=referee\n", "utf-8")
    p = policy(str(extra))
    assert p.refusal("Mad Badger") is Reason.OFFENSIVE
    assert p.refusal("Honeybadger") is None
    assert p.refusal("Referee") is Reason.STAFF
    assert policy().refusal("Mad Badger") is None  # the shipped policy is unchanged


def test_bad_term_files_are_reported_with_their_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("fine\n[nonsense]\n", "utf-8")
    with pytest.raises(TermFileError, match=r"bad.txt:2: unknown section"):
        list(entries(bad))
    with pytest.raises(TermFileError, match="not a file"):
        policy(str(tmp_path / "missing.txt"))


def test_every_language_of_the_page_has_a_term_file():
    codes = {"en", "de", "es", "fr", "it", "nl", "pt", "pl", "ru", "uk", "id", "uz", "kk",
             "ko", "ja", "fa", "da"}  # fmt: skip
    assert codes <= {p.stem for p in SHIPPED.glob("*.txt")}
