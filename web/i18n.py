"""Interface languages: their catalogs, choosing one for a request, and messages for server pages.

The catalogs are JSON files of ICU-style messages in web/static/i18n/<code>.json, one per
interface language; the browser client reads the same files (web/static/js/i18n.js). The
interface language is the player's own choice, independent of the word language of a lobby.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from flask import Request

from web import icu

CATALOGS = Path(__file__).resolve().parent / "static" / "i18n"
DEFAULT = "en"
# code -> (its own name, text direction); the order of the language menu.
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("English", "ltr"),
    "id": ("Bahasa Indonesia", "ltr"),
    "de": ("Deutsch", "ltr"),
    "es": ("Español", "ltr"),
    "fr": ("Français", "ltr"),
    "it": ("Italiano", "ltr"),
    "nl": ("Nederlands", "ltr"),
    "uz": ("Oʻzbekcha", "ltr"),
    "pl": ("Polski", "ltr"),
    "pt": ("Português (Brasil)", "ltr"),  # Brazilian: also for pt-BR and any other Portuguese
    "pt-PT": ("Português (Portugal)", "ltr"),
    "kk": ("Қазақша", "ltr"),
    "ru": ("Русский", "ltr"),
    "uk": ("Українська", "ltr"),
    "ko": ("한국어", "ltr"),
    "ja": ("日本語", "ltr"),
    "fa": ("فارسی", "rtl"),
    "da": ("Dansk", "ltr"),
}
# a language tag in lower case -> its interface language ("pt-pt" -> "pt-PT")
_CODES = {code.lower(): code for code in LANGUAGES}
LANGUAGE_COOKIE = "wt_lang"  # also written by the client when the player picks a language
CONTRAST_COOKIE = "wt_contrast"  # "more" when the player chose high-contrast colours


@cache
def catalog(code: str) -> dict[str, str]:
    """The messages of one interface language (read once per process)."""
    with open(CATALOGS / f"{code}.json", encoding="utf-8") as f:
        return json.load(f)


def known(code: str) -> str | None:
    """The interface language a code names, in any case ("pt-pt", "pt_PT" -> "pt-PT"), or None."""
    return _CODES.get(code.strip().lower().replace("_", "-"))


def negotiate(tags: Iterable[str]) -> str | None:
    """The first interface language among language tags in order of preference ("de-AT", "fa"),
    matching the whole tag first, then ever shorter prefixes of it: "pt-PT" is European
    Portuguese, "pt-BR", "pt-AO" and "pt" the Brazilian page, "uz-Latn-UZ" Uzbek."""
    for tag in tags:
        parts = tag.strip().lower().replace("_", "-").split("-")
        for n in range(len(parts), 0, -1):
            code = _CODES.get("-".join(parts[:n]))
            if code:
                return code
    return None


def choose(request: Request) -> str:
    """The interface language of a request: ?lang=, then the player's cookie, then the browser's
    Accept-Language, then English."""
    asked = known(request.args.get("lang", ""))
    if asked:
        return asked
    saved = known(request.cookies.get(LANGUAGE_COOKIE, ""))
    if saved:
        return saved
    accepted = sorted(request.accept_languages, key=lambda item: -item[1])
    return negotiate(tag for tag, _quality in accepted) or DEFAULT


@dataclass(frozen=True)
class Translator:
    """Messages, numbers and lists of one interface language, for templates."""

    code: str

    @property
    def dir(self) -> str:
        return LANGUAGES[self.code][1]

    @property
    def name(self) -> str:
        return LANGUAGES[self.code][0]

    @property
    def formatter(self) -> icu.Formatter:
        return _formatter(self.code)

    def __call__(self, key: str, **params: Any) -> str:
        message = catalog(self.code).get(key)
        if message is None:
            message = catalog(DEFAULT).get(key, key)
        return icu.format_message(message, params, self.formatter)

    def message(self, key: str) -> str:
        """The message itself, unformatted, for a page's script to format (web/static/js/icu.js)."""
        return catalog(self.code).get(key) or catalog(DEFAULT).get(key, key)

    def number(self, n: float) -> str:
        return self.formatter.number(n)

    def date(self, when: dt.datetime) -> str:
        """A day the language's way ("12 Mar 2026", "۱۲ مارس ۲۰۲۶")."""
        return self.formatter.date(when.timestamp() * 1000, "date", "medium")

    def signed(self, n: int) -> str:
        """A rating change with its sign, as the game shows it: +18, −11, ±0."""
        return self.formatter.number(n, "signed")

    def language_name(self, code: str) -> str:
        """A word language's name in this interface language (CLDR), e.g. "Deutsch" in Japanese."""
        return self.formatter.locale.languages.get(code) or code

    def join(self, items: list[str]) -> str:
        """ "a, b and c" the language's way."""
        return format_list(items, locale=self.formatter.locale)


@cache
def _formatter(code: str) -> icu.Formatter:
    return icu.Formatter(code)


def locale_of(code: str) -> Locale:
    return _formatter(code).locale
