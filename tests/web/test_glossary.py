"""Each interface language's glossary (web/static/i18n/glossary/<code>.json) and its catalog agree:
every message that speaks of a game concept in English (the English glossary's forms) names it
with that language's term, unless the glossary exempts the message with a reason; no message
about a player (a player placeholder in English) uses a gendered form; and every glossary has
the thirteen concepts. The checks are functions so that they are tested on a tiny fake catalog.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from web import i18n, icu

GLOSSARIES = i18n.CATALOGS / "glossary"
CONCEPTS = (
    "tournament",
    "round",
    "duel",
    "turn",
    "guess",
    "secret",
    "life",
    "bye",
    "lobby",
    "party",
    "rating",
    "place",
    "bot",
)
# Every interface language has a glossary and a review record: a catalog without one fails.
REQUIRED = list(i18n.LANGUAGES)

Glossary = Mapping[str, Any]
Catalog = Mapping[str, str]


def plain_text(message: str) -> str:
    """A message's words, lower-cased: its literal text and that of every plural or select branch,
    with a space for each placeholder (so that no form matches across one)."""

    def walk(parts: tuple) -> str:
        out = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, icu.Arg):
                out.append(" ")
                out.extend(f"{walk(branch)} " for branch in part.options.values())
            else:  # the number of a plural branch
                out.append(" ")
        return "".join(out)

    return walk(icu.parse(message)).lower()


def mentions(text: str, forms: list[str]) -> bool:
    return any(re.search(form, text) for form in forms)


def structure_problems(glossary: Glossary, code: str, english: Catalog) -> list[str]:
    """What is missing or malformed in a glossary (the format of I18N glossaries)."""
    problems = []
    if glossary.get("language") != code:
        problems.append(f"language is {glossary.get('language')!r}, not {code!r}")
    for field in ("register", "source"):
        if not str(glossary.get(field, "")).strip():
            problems.append(f"no {field}")
    terms = glossary.get("terms", {})
    if set(terms) != set(CONCEPTS):
        missing, extra = set(CONCEPTS) - set(terms), set(terms) - set(CONCEPTS)
        problems.append(f"concepts: missing {sorted(missing)}, unknown {sorted(extra)}")
    for concept, entry in terms.items():
        if not str(entry.get("term", "")).strip():
            problems.append(f"{concept}: no term")
        if not entry.get("forms"):
            problems.append(f"{concept}: no forms")
        for form in entry.get("forms", []):
            if form != form.lower():
                problems.append(f"{concept}: form {form!r} is not lower-case")
            try:
                re.compile(form)
            except re.error as exc:
                problems.append(f"{concept}: form {form!r}: {exc}")
    for concept, keys in glossary.get("exempt", {}).items():
        if concept not in CONCEPTS:
            problems.append(f"exempt: unknown concept {concept!r}")
        for key, why in keys.items():
            if key not in english:
                problems.append(f"exempt {concept}: no message {key!r}")
            if not str(why).strip():
                problems.append(f"exempt {concept} {key}: no reason")
    for pattern in glossary.get("gendered", []):
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(f"gendered {pattern!r}: {exc}")
    return problems


def term_problems(
    english: Catalog, english_glossary: Glossary, catalog: Catalog, glossary: Glossary
) -> list[str]:
    """Messages that speak of a concept in English but not with the language's term, and
    exemptions that no longer exempt anything (the message names the term, or the English no
    longer speaks of the concept)."""
    problems = []
    exempt = glossary.get("exempt", {})
    for concept in CONCEPTS:
        english_forms = english_glossary["terms"][concept]["forms"]
        forms = glossary["terms"][concept]["forms"]
        excused = exempt.get(concept, {})
        for key, source in english.items():
            if not mentions(plain_text(source), english_forms):
                if key in excused:
                    problems.append(f"{concept}: {key} is exempt, but its English has no {concept}")
                continue
            named = mentions(plain_text(catalog.get(key, "")), forms)
            if not named and key not in excused:
                problems.append(f"{concept}: {key} lacks the term: {catalog.get(key, '')!r}")
            elif named and key in excused:
                problems.append(f"{concept}: {key} is exempt but names the term")
    return problems


def gender_problems(
    english: Catalog, english_glossary: Glossary, catalog: Catalog, glossary: Glossary
) -> list[str]:
    """Gendered forms in a message about a player whose gender nobody knows."""
    players = set(english_glossary["player_placeholders"])
    problems = []
    for key, source in english.items():
        if not players & icu.arg_names(icu.parse(source)):
            continue
        text = plain_text(catalog.get(key, ""))
        for pattern in glossary.get("gendered", []):
            found = re.search(pattern, text)
            if found:
                problems.append(f"{key}: gendered {found.group(0)!r} ({pattern}): {catalog[key]!r}")
    return problems


def load(code: str) -> dict[str, Any]:
    with open(GLOSSARIES / f"{code}.json", encoding="utf-8") as f:
        return json.load(f)


EXISTING = sorted(p.stem for p in GLOSSARIES.glob("*.json"))
ENGLISH = i18n.catalog("en")


def test_every_required_language_has_a_glossary():
    assert set(REQUIRED) <= set(i18n.LANGUAGES)
    missing = [code for code in REQUIRED if not (GLOSSARIES / f"{code}.json").exists()]
    assert not missing, f"no glossary for {missing}"


def test_glossaries_are_for_interface_languages():
    assert set(EXISTING) <= set(i18n.LANGUAGES), set(EXISTING) - set(i18n.LANGUAGES)


def test_the_english_glossary_names_the_player_placeholders():
    english = load("en")
    players = english.get("player_placeholders")
    assert players, "en.json lists no player_placeholders"
    used = set().union(*(icu.arg_names(icu.parse(m)) for m in ENGLISH.values()))
    assert set(players) <= used, set(players) - used
    # and each concept's English forms find the messages that speak of it (at least one)
    texts = [plain_text(m) for m in ENGLISH.values()]
    silent = [
        c for c, t in english["terms"].items() if not any(mentions(x, t["forms"]) for x in texts)
    ]
    assert not silent, f"English forms that match no message: {silent}"


@pytest.mark.parametrize("code", EXISTING)
def test_glossary_has_every_concept_in_the_format(code):
    problems = structure_problems(load(code), code, ENGLISH)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", EXISTING)
def test_catalog_names_each_concept_with_its_term(code):
    problems = term_problems(ENGLISH, load("en"), i18n.catalog(code), load(code))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", EXISTING)
def test_no_gendered_form_for_an_anonymous_player(code):
    problems = gender_problems(ENGLISH, load("en"), i18n.catalog(code), load(code))
    assert not problems, "\n".join(problems)


# --- the checks themselves, on a fake language ------------------------------------------------

FAKE_EN = {
    "a.lives": "{n, plural, one {# life} other {# lives}} left",
    "a.lost": "{name} lost a life.",
    "a.won": "{name} won the duel.",
    "a.plain": "Hello",
}
FAKE_EN_GLOSSARY = {
    "player_placeholders": ["name"],
    "terms": {c: {"term": c, "forms": [rf"\b{c}s?\b"]} for c in CONCEPTS}
    | {"life": {"term": "life", "forms": [r"\blives\b", r"\blife\b"]}},
}


def fake_glossary(**changes: Any) -> dict[str, Any]:
    glossary = {
        "language": "xx",
        "register": "du",
        "source": "made up",
        "terms": {c: {"term": c.upper(), "forms": [c.upper().lower()]} for c in CONCEPTS}
        | {"life": {"term": "Leben", "forms": ["leben"]}},
        "exempt": {},
        "gendered": [r"\bgewonnener\b"],
    }
    glossary.update(changes)
    return glossary


def test_the_plain_text_of_a_message_has_every_branch_and_no_placeholder():
    text = plain_text("{who} has {n, plural, one {# Leben} other {# Leben mehr}}")
    assert "leben mehr" in text and "who" not in text and "#" not in text


def test_a_message_without_the_term_is_caught():
    catalog = {"a.lives": "{n} Leben übrig", "a.lost": "{name} ist raus.", "a.won": "{name} siegt."}
    problems = term_problems(FAKE_EN, FAKE_EN_GLOSSARY, catalog, fake_glossary())
    assert any("life: a.lost lacks the term" in p for p in problems), problems
    assert any("duel: a.won lacks the term" in p for p in problems), problems
    assert not any("a.lives" in p or "a.plain" in p for p in problems), problems


def test_an_exempt_message_passes_and_a_stale_exemption_fails():
    catalog = {"a.lives": "{n} Leben", "a.lost": "{name} ist raus.", "a.won": "{name}: DUEL!"}
    exempt = {"life": {"a.lost": "says 'out' instead"}}
    assert term_problems(FAKE_EN, FAKE_EN_GLOSSARY, catalog, fake_glossary(exempt=exempt)) == []
    stale = {"life": {"a.lost": "x", "a.lives": "names it anyway", "a.plain": "no life here"}}
    problems = term_problems(FAKE_EN, FAKE_EN_GLOSSARY, catalog, fake_glossary(exempt=stale))
    assert any("a.lives is exempt but names the term" in p for p in problems), problems
    assert any("a.plain is exempt, but its English has no life" in p for p in problems), problems


def test_a_gendered_form_about_a_player_is_caught_and_elsewhere_allowed():
    catalog = {"a.won": "{name} ist gewonnener DUEL.", "a.plain": "gewonnener Tag"}
    problems = gender_problems(FAKE_EN, FAKE_EN_GLOSSARY, catalog, fake_glossary())
    assert len(problems) == 1 and problems[0].startswith("a.won: gendered 'gewonnener'"), problems


def test_a_glossary_missing_a_concept_or_with_a_bad_form_is_caught():
    glossary = fake_glossary()
    del glossary["terms"]["bye"]
    glossary["terms"]["bot"] = {"term": "Bot", "forms": ["Bot", "(unclosed"]}
    glossary["exempt"] = {"life": {"no.such": "x"}}
    problems = structure_problems(glossary, "xx", FAKE_EN)
    assert any("missing ['bye']" in p for p in problems), problems
    assert any("'Bot' is not lower-case" in p for p in problems), problems
    assert any("'(unclosed'" in p for p in problems), problems
    assert any("no message 'no.such'" in p for p in problems), problems
    assert structure_problems(fake_glossary(), "xx", FAKE_EN) == []


def test_the_review_index_links_every_catalogs_review_record():
    """web/static/i18n/REVIEW.md lists every catalog with a link to review/<code>.md; the
    languages whose glossary is required have their record already."""
    index = (i18n.CATALOGS / "REVIEW.md").read_text("utf-8")
    missing = [code for code in i18n.LANGUAGES if f"](review/{code}.md)" not in index]
    assert not missing, f"REVIEW.md has no line for {missing}"
    records = [code for code in REQUIRED if not (i18n.CATALOGS / "review" / f"{code}.md").exists()]
    assert not records, f"no review record for {records}"
