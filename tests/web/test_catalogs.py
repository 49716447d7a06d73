"""The message catalogs (web/static/i18n/<code>.json): one per interface language, each with every
key of the English one and nothing else, every message valid ICU with the placeholders of its
English original, and every English key used by the client or a server page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from models.nickname_policy import Reason
from protocol import texts
from web import i18n, icu
from web.parties import STATUS

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
ENGLISH = i18n.catalog("en")
# Keys made from a server code at run time (codeText, apiErrorText): used when the code exists.
DYNAMIC = {
    "code": set(texts.TEXTS) | {"replaced"},
    "party_code": set(STATUS),
    "nickname_reason": {reason.value for reason in Reason},
}


def sources() -> str:
    files = [*(WEB / "static" / "js").rglob("*.js"), *(WEB / "templates").glob("*.html")]
    files += [WEB / "pages.py", WEB / "history.py"]
    return "\n".join(f.read_text("utf-8") for f in files)


def test_there_is_one_catalog_per_interface_language():
    files = {p.stem for p in i18n.CATALOGS.glob("*.json")}
    assert files == set(i18n.LANGUAGES)
    assert len(i18n.LANGUAGES) == 18  # Portuguese twice: Brazil (pt) and Portugal (pt-PT)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_catalog_has_exactly_the_english_keys(code):
    keys = set(i18n.catalog(code))
    assert not set(ENGLISH) - keys, f"{code} lacks {sorted(set(ENGLISH) - keys)}"
    assert not keys - set(ENGLISH), f"{code} has extra {sorted(keys - set(ENGLISH))}"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_messages_are_valid_and_keep_their_placeholders(code):
    problems = []
    for key, english in ENGLISH.items():
        message = i18n.catalog(code).get(key, "")
        try:
            names = icu.arg_names(icu.parse(message))
        except icu.MessageError as exc:
            problems.append(f"{key}: {exc}")
            continue
        want = icu.arg_names(icu.parse(english))
        if names != want:
            problems.append(f"{key}: placeholders {sorted(names)}, English has {sorted(want)}")
        if not message.strip():
            problems.append(f"{key}: empty")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_plural_messages_have_the_languages_categories(code):
    """A plural of a language with several forms (Russian: one, few, many) names each of them."""
    locale = i18n.locale_of(code)
    # the categories of the numbers a player sees (0 to 1000, and tenths such as 1.5 seconds)
    samples = [*range(1001), *(n / 10 for n in range(100))]
    needed = {locale.plural_form(n) for n in samples}
    problems = []

    def walk(parts, key):
        for part in parts:
            if isinstance(part, icu.Arg):
                if part.type == "plural":
                    missing = needed - set(part.options)
                    if missing:
                        problems.append(f"{key}: {{{part.name}, plural}} lacks {sorted(missing)}")
                for branch in part.options.values():
                    walk(branch, key)

    for key, message in i18n.catalog(code).items():
        walk(icu.parse(message), key)
    assert not problems, "\n".join(problems)


def test_every_english_key_is_used():
    text = sources()
    unused = []
    for key in ENGLISH:
        family, _, code = key.partition(".")
        if family in DYNAMIC:
            if code not in DYNAMIC[family]:
                unused.append(key)
        elif not re.search(rf"['\"]{re.escape(key)}['\"]", text):
            unused.append(key)
    assert not unused, unused


def test_every_key_the_sources_name_exists():
    """A literal key in the client or a template that no catalog has would show as the key."""
    text = sources()
    families = {k.split(".")[0] for k in ENGLISH}
    pattern = r"['\"]((?:" + "|".join(families) + r")\.[a-z_0-9]+)['\"]"
    named = set(re.findall(pattern, text))
    named = {name for name in named if not name.endswith((".html", ".css"))}  # file names
    assert not named - set(ENGLISH), sorted(named - set(ENGLISH))


def test_uzbek_is_written_in_latin_script():
    """The interface speaks Uzbek in Latin script, as the Uzbek word lists are: no Cyrillic."""
    cyrillic = re.compile("[\u0400-\u04ff]")
    slips = {k: v for k, v in i18n.catalog("uz").items() if cyrillic.search(v)}
    assert not slips, slips
