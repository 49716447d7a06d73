"""Days of the Solar Hijri (Persian) calendar, the calendar of Persian pages.

Babel formats only Gregorian dates, so the server converts here. The arithmetic is ICU's
(the 33-year cycle of its PersianCalendar), which the browser's Intl uses for `fa`: a date
reads the same on a server page and in the client. Month names are CLDR's for `fa`.
"""

from __future__ import annotations

import datetime as dt

# Julian day number of 1 Farvardin 1 AP (19 March 622).
EPOCH_JDN = 1948320
# Gregorian ordinal (date.toordinal) + this = Julian day number.
ORDINAL_TO_JDN = 1721425
# Days before each month: six months of 31 days, five of 30, Esfand 29 (30 in a leap year).
MONTH_START = (0, 31, 62, 93, 124, 155, 186, 216, 246, 276, 306, 336)
MONTHS = (
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
)


def is_leap(year: int) -> bool:
    """Whether Esfand of `year` has 30 days (8 leap years in every 33)."""
    return (25 * year + 11) % 33 < 8


def from_gregorian(day: dt.date) -> tuple[int, int, int]:
    """(year, month 1–12, day 1–31) in the Solar Hijri calendar."""
    days = day.toordinal() + ORDINAL_TO_JDN - EPOCH_JDN
    year = 1 + (33 * days + 3) // 12053
    day_of_year = days - (365 * (year - 1) + (8 * year + 21) // 33)
    month = day_of_year // 31 if day_of_year < 216 else (day_of_year - 6) // 30
    return year, month + 1, day_of_year - MONTH_START[month] + 1


def to_gregorian(year: int, month: int, day: int) -> dt.date:
    """The Gregorian day of a Solar Hijri date (the inverse of from_gregorian)."""
    if not 1 <= month <= 12 or not 1 <= day <= month_length(year, month):
        raise ValueError(f"no such day: {year}/{month}/{day}")
    days = 365 * (year - 1) + (8 * year + 21) // 33 + MONTH_START[month - 1] + day - 1
    return dt.date.fromordinal(days + EPOCH_JDN - ORDINAL_TO_JDN)


def month_length(year: int, month: int) -> int:
    if month <= 6:
        return 31
    if month <= 11:
        return 30
    return 30 if is_leap(year) else 29


def format_day(day: dt.date, style: str | None, weekday: str = "") -> str:
    """A day in CLDR's `fa` patterns of the Persian calendar (digits left Latin, as Babel's):
    short "1403/1/1", medium and long "1 فروردین 1403", full with the weekday first."""
    year, month, dom = from_gregorian(day)
    if style == "short":
        return f"{year}/{month}/{dom}"
    text = f"{dom} {MONTHS[month - 1]} {year}"
    return f"{weekday} {text}" if style == "full" and weekday else text
