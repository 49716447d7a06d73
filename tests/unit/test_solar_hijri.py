"""The Solar Hijri calendar of Persian pages (web/solar_hijri.py) on days whose Persian date
is known: Nowruz of several years, the leap day 30 Esfand, month ends, an old and a far day."""

from __future__ import annotations

import datetime as dt

import pytest

from web import solar_hijri

KNOWN = [
    (dt.date(2024, 3, 20), (1403, 1, 1)),  # Nowruz 1403
    (dt.date(2023, 3, 21), (1402, 1, 1)),  # Nowruz 1402
    (dt.date(2025, 3, 21), (1404, 1, 1)),  # Nowruz 1404
    (dt.date(2021, 3, 21), (1400, 1, 1)),
    (dt.date(2025, 3, 20), (1403, 12, 30)),  # 1403 is a leap year: Esfand has 30 days
    (dt.date(2024, 3, 19), (1402, 12, 29)),  # 1402 is not: 29 Esfand, then Nowruz
    (dt.date(2021, 3, 20), (1399, 12, 30)),  # 1399 is a leap year
    (dt.date(2024, 9, 21), (1403, 6, 31)),  # the last day of Shahrivar (31 days)
    (dt.date(2024, 9, 22), (1403, 7, 1)),  # Mehr, the first 30-day month
    (dt.date(2025, 1, 1), (1403, 10, 12)),  # 12 Dey
    (dt.date(1979, 2, 11), (1357, 11, 22)),  # 22 Bahman 1357
    (dt.date(2000, 1, 1), (1378, 10, 11)),
    (dt.date(2100, 3, 21), (1479, 1, 1)),
]


@pytest.mark.parametrize(("gregorian", "persian"), KNOWN)
def test_known_days(gregorian, persian):
    assert solar_hijri.from_gregorian(gregorian) == persian
    assert solar_hijri.to_gregorian(*persian) == gregorian


def test_leap_years_follow_the_33_year_cycle():
    assert [y for y in range(1395, 1413) if solar_hijri.is_leap(y)] == [
        1395,
        1399,
        1403,
        1408,
        1412,
    ]
    # the year's length is 366 days exactly in its leap years
    for year in range(1350, 1450):
        length = solar_hijri.to_gregorian(year + 1, 1, 1) - solar_hijri.to_gregorian(year, 1, 1)
        assert length.days == (366 if solar_hijri.is_leap(year) else 365)


def test_every_day_of_a_century_round_trips_without_gaps():
    day, previous = dt.date(1950, 1, 1), solar_hijri.from_gregorian(dt.date(1949, 12, 31))
    while day < dt.date(2050, 1, 1):
        y, m, d = solar_hijri.from_gregorian(day)
        py, pm, pd = previous
        assert (y, m, d) in {(py, pm, pd + 1), (py, pm + 1, 1), (py + 1, 1, 1)}
        assert 1 <= d <= solar_hijri.month_length(y, m)
        assert solar_hijri.to_gregorian(y, m, d) == day
        day, previous = day + dt.timedelta(days=1), (y, m, d)


def test_a_day_that_does_not_exist_is_refused():
    with pytest.raises(ValueError):
        solar_hijri.to_gregorian(1402, 12, 30)  # 1402 is not a leap year
    with pytest.raises(ValueError):
        solar_hijri.to_gregorian(1403, 13, 1)


def test_days_are_written_in_cldr_patterns_with_persian_month_names():
    nowruz = dt.date(2024, 3, 20)
    assert solar_hijri.format_day(nowruz, "medium") == "1 فروردین 1403"
    assert solar_hijri.format_day(nowruz, "long") == "1 فروردین 1403"
    assert solar_hijri.format_day(nowruz, "short") == "1403/1/1"
    assert solar_hijri.format_day(nowruz, "full", "چهارشنبه") == "چهارشنبه 1 فروردین 1403"
    assert solar_hijri.format_day(dt.date(2024, 12, 21), "medium") == "1 دی 1403"
