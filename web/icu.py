"""A small subset of ICU MessageFormat, the format of the catalogs in web/static/i18n/.

The same formatter as the client's web/static/js/icu.js (both pass tests/fixtures/icu_cases.json),
so a message reads the same on a server page and in the game: `{name}`, `{n, number}`,
`{n, number, signed}` (+18, −11, ±0),
`{n, plural, one {# life} other {# lives}}`, `{n, selectordinal, …}`, `{x, select, …}`,
`{t, date, medium}`, `{t, time, short}`; ICU quoting ('' and '{…}'). Plural categories come from
Babel's CLDR data, as the browser's come from Intl.PluralRules. Persian dates are Solar Hijri
(web/solar_hijri.py: Babel knows only the Gregorian calendar), as Intl writes them for `fa`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal

from web import solar_hijri

TYPES = {"number", "date", "time", "plural", "selectordinal", "select"}
# Digits of the numbering systems our locales default to besides Latin (Babel formats the
# symbols of a numbering system but leaves the digits Latin).
DIGITS = {"arabext": "۰۱۲۳۴۵۶۷۸۹", "arab": "٠١٢٣٤٥٦٧٨٩"}


class MessageError(ValueError):
    """A message that is not valid in the subset (a catalog error, caught by the tests)."""


@dataclass(frozen=True)
class Arg:
    name: str
    type: str | None = None
    style: str | None = None
    options: Mapping[str, tuple] = field(default_factory=dict)


POUND = object()  # '#' in a plural branch


@lru_cache(maxsize=4096)
def parse(src: str) -> tuple:
    """The parts of a message: strings, Arg and POUND."""
    parts, pos = _parts(src, 0, nested=False, in_plural=False)
    if pos != len(src):
        raise MessageError(f"unmatched }} at {pos}: {src}")
    return parts


def _parts(src: str, pos: int, nested: bool, in_plural: bool) -> tuple[tuple, int]:
    parts: list[Any] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            parts.append("".join(text))
            text.clear()

    while pos < len(src):
        ch = src[pos]
        nxt = src[pos + 1] if pos + 1 < len(src) else ""
        if ch == "'":
            if nxt == "'":
                text.append("'")
                pos += 2
            elif nxt in ("{", "}") or (in_plural and nxt == "#"):
                pos += 1
                while pos < len(src):
                    if src[pos] == "'":
                        if src[pos + 1 : pos + 2] != "'":
                            break
                        text.append("'")
                        pos += 2
                    else:
                        text.append(src[pos])
                        pos += 1
                pos += 1
            else:
                text.append("'")
                pos += 1
        elif ch == "{":
            flush()
            arg, pos = _arg(src, pos + 1, in_plural)
            parts.append(arg)
        elif ch == "}":
            if not nested:
                raise MessageError(f"unmatched }} at {pos}: {src}")
            break
        elif ch == "#" and in_plural:
            flush()
            parts.append(POUND)
            pos += 1
        else:
            text.append(ch)
            pos += 1
    flush()
    return tuple(parts), pos


def _space(src: str, pos: int) -> int:
    while pos < len(src) and src[pos].isspace():
        pos += 1
    return pos


def _word(src: str, pos: int) -> tuple[str, int]:
    start = pos
    while pos < len(src) and not src[pos].isspace() and src[pos] not in ",{}":
        pos += 1
    return src[start:pos], pos


def _expect(src: str, pos: int, chars: str) -> str:
    ch = src[pos : pos + 1]
    if not ch or ch not in chars:
        raise MessageError(f"expected {' or '.join(chars)} at {pos}: {src}")
    return ch


def _arg(src: str, pos: int, in_plural: bool) -> tuple[Arg, int]:
    name, pos = _word(src, _space(src, pos))
    if not name:
        raise MessageError(f"argument name missing at {pos}: {src}")
    pos = _space(src, pos)
    if _expect(src, pos, ",}") == "}":
        return Arg(name), pos + 1
    kind, pos = _word(src, _space(src, pos + 1))
    if kind not in TYPES:
        raise MessageError(f"unknown type {kind!r}: {src}")
    pos = _space(src, pos)
    if _expect(src, pos, ",}") == "}":
        if kind in {"plural", "selectordinal", "select"}:
            raise MessageError(f"{kind} without options: {src}")
        return Arg(name, kind), pos + 1
    pos = _space(src, pos + 1)
    if kind in {"number", "date", "time"}:
        style, pos = _word(src, pos)
        pos = _space(src, pos)
        _expect(src, pos, "}")
        return Arg(name, kind, style), pos + 1
    options: dict[str, tuple] = {}
    while True:
        pos = _space(src, pos)
        if src[pos : pos + 1] == "}":
            break
        key, pos = _word(src, pos)
        if not key:
            raise MessageError(f"option name missing at {pos}: {src}")
        pos = _space(src, pos)
        _expect(src, pos, "{")
        branch, pos = _parts(src, pos + 1, nested=True, in_plural=in_plural or kind != "select")
        _expect(src, pos, "}")
        options[key] = branch
        pos += 1
    if "other" not in options:
        raise MessageError(f'{kind} without an "other" option: {src}')
    return Arg(name, kind, options=options), pos + 1


def arg_names(parts: tuple, into: set[str] | None = None) -> set[str]:
    """Every value name a message uses, in any branch."""
    into = set() if into is None else into
    for part in parts:
        if isinstance(part, Arg):
            into.add(part.name)
            for branch in part.options.values():
                arg_names(branch, into)
    return into


class Formatter:
    """Numbers, plural categories and dates of one locale, from Babel's CLDR data."""

    def __init__(self, code: str) -> None:
        self.locale = Locale.parse(code.replace("-", "_"))
        self.digits = DIGITS.get(self.locale.default_numbering_system)
        self.rtl = self.locale.character_order == "right-to-left"
        # CLDR's calendar preference: Iran's Persian is written in the Solar Hijri calendar.
        self.persian = self.locale.language == "fa" and self.locale.territory in (None, "IR")

    def number(self, n: float, style: str | None = None) -> str:
        if style == "signed":  # a rating change: +18, −11, ±0 (a LRM first in RTL languages)
            sign = "+" if n > 0 else "\u2212" if n < 0 else "\u00b1"
            return ("\u200e" if self.rtl else "") + sign + self.number(abs(n))
        if style == "integer":
            n = round(n)
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        text = format_decimal(
            n,
            locale=self.locale,
            group_separator=abs(n) >= 10000,  # "min2": a rating of 1000 stays "1000"
            numbering_system="default",
        )
        return self._digits(text)

    def plural(self, n: float, ordinal: bool = False) -> str:
        return self.locale.ordinal_form(n) if ordinal else self.locale.plural_form(n)

    def date(self, ms: float, kind: str, style: str | None) -> str:
        when = dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
        if kind != "date":
            text = format_time(when, format=style or "short", locale=self.locale)
        elif self.persian:
            weekday = format_date(when, "EEEE", locale=self.locale)
            text = solar_hijri.format_day(when.date(), style or "medium", weekday)
        else:
            text = format_date(when, format=style or "medium", locale=self.locale)
        return self._digits(text)

    def _digits(self, text: str) -> str:
        """The locale's own digits (Babel writes dates and numbers with Latin ones)."""
        return text.translate(str.maketrans("0123456789", self.digits)) if self.digits else text


def format_parts(
    parts: tuple, params: Mapping[str, Any], formatter: Formatter, pound: float | None = None
) -> str:
    """The message with `params` filled in; a missing value shows as {name}."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif part is POUND:
            out.append(formatter.number(pound if pound is not None else 0))
        elif part.name not in params:
            out.append("{" + part.name + "}")
        else:
            out.append(_format_arg(part, params, formatter, pound))
    return "".join(out)


def _format_arg(part: Arg, params: Mapping[str, Any], f: Formatter, pound: float | None) -> str:
    value = params[part.name]
    if part.type is None:
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        return f.number(value) if is_number else str(value)
    if part.type == "number":
        return f.number(float(value), part.style)
    if part.type in {"date", "time"}:
        return f.date(float(value), part.type, part.style)
    if part.type == "select":
        branch = part.options.get(str(value), part.options["other"])
        return format_parts(branch, params, f, pound)
    n = float(value)
    n = int(n) if n.is_integer() else n
    category = f.plural(n, ordinal=part.type == "selectordinal")
    branch = part.options.get(f"={n}") or part.options.get(category) or part.options["other"]
    return format_parts(branch, params, f, n)


def format_message(message: str, params: Mapping[str, Any], formatter: Formatter) -> str:
    return format_parts(parse(message), params, formatter)
