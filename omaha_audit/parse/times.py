"""Start times as the rooms print them, to aware UTC datetimes.

Rooms print a local time with a zone abbreviation (`2014/01/16 13:17:20 CET`, `... ET`), sometimes two
(`... CET [2014/01/16 7:17:20 ET]`), sometimes only UTC, sometimes no zone at all (GGPoker, Cake, old
WPN): then the time cannot be placed in UTC and the reader keeps only the printed text. Abbreviations
that name a region with daylight saving (`ET`, `PT`, `CET`, `WET`...) are resolved with the IANA zone
database (`zoneinfo`) for that date, so `ET` is EST in January and EDT in July.
"""

from __future__ import annotations

import functools
import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Zone words seen in hand histories, and what they are: an IANA region (daylight saving by date) or a
# fixed offset in minutes.
_REGIONS: Final = {
    "ET": "America/New_York",
    "EST5EDT": "America/New_York",
    "PT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "AT": "America/Halifax",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "MEZ": "Europe/Berlin",
    "MESZ": "Europe/Berlin",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "BST": "Europe/London",
    "MSK": "Europe/Moscow",
    "MSKS": "Europe/Moscow",
    "AET": "Australia/Sydney",
    "AEST": "Australia/Sydney",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "NZT": "Pacific/Auckland",
    "IST": "Asia/Kolkata",
    "Eastern Daylight Time": "America/New_York",
    "Eastern Standard Time": "America/New_York",
    "GMT Standard Time": "Europe/London",
    "GMT Daylight Time": "Europe/London",
}
_FIXED: Final = {
    "UTC": 0,
    "GMT": 0,
    "Z": 0,
    "EST": -300,
    "EDT": -240,
    "PST": -480,
    "PDT": -420,
    "CST": -360,
    "CDT": -300,
    "MST": -420,
    "MDT": -360,
}

_DATE_TIME: Final = re.compile(
    r"(?P<y>\d{4})[/.-](?P<m>\d{1,2})[/.-](?P<d>\d{1,2})\D{1,4}?(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?"
)


@functools.cache
def _zone(word: str) -> tzinfo | None:
    offset = _FIXED.get(word)
    if offset is not None:
        return timezone(timedelta(minutes=offset))
    region = _REGIONS.get(word)
    if region is None:
        return None
    try:
        return ZoneInfo(region)
    except (ZoneInfoNotFoundError, ValueError):  # no zone database on this machine
        return None


def known_zone(word: str) -> bool:
    return _zone(word) is not None


def utc_time(year: int, month: int, day: int, hour: int, minute: int, second: int, zone: str | None) -> datetime | None:
    """The UTC time of a printed local time in zone `zone`; None when the zone is unknown or the date
    impossible (or, in UTC, before the year 1 or after 9999: `0001/01/01 00:30 IST`)."""
    where = _zone(zone.strip()) if zone else None
    if where is None:
        return None
    return _in_utc(year, month, day, hour, minute, second, where)


def offset_time(year: int, month: int, day: int, hour: int, minute: int, second: int, east: int) -> datetime | None:
    """The UTC time of a printed local time `east` minutes east of UTC (negative: west; `GMT+01:00` is 60);
    None when the date is impossible, the offset a day or more (`GMT+99:00`: no zone) or the time no date in
    UTC."""
    if not -24 * 60 < east < 24 * 60:
        return None
    return _in_utc(year, month, day, hour, minute, second, timezone(timedelta(minutes=east)))


def _in_utc(year: int, month: int, day: int, hour: int, minute: int, second: int, zone: tzinfo) -> datetime | None:
    try:
        return datetime(year, month, day, hour, minute, second, tzinfo=zone).astimezone(UTC)
    except (ValueError, OverflowError):  # (an impossible date; or, in UTC, before the year 1 or after 9999)
        return None


def unix_time(stamp: int, per_second: int = 1) -> datetime | None:
    """The UTC time of a Unix time stamp counted in 1/`per_second` seconds (1000: milliseconds); None when no
    date holds it (a stamp written wrong, 26 digits long, say), as for an impossible printed date."""
    try:
        return datetime.fromtimestamp(stamp / per_second, UTC)
    except (OverflowError, ValueError, OSError):
        return None


def parse_started(text: str, default_zone: str | None = None) -> datetime | None:
    """The UTC start time of a header's date text: `2014/01/16 13:17:20 CET [2014/01/16 7:17:20 ET]` gives
    the first date whose zone is known (here CET: 12:17:20 UTC). A date with no zone word is read in
    `default_zone` (None: unknown, the result is None)."""
    return _parse_started(text, default_zone)


@functools.lru_cache(maxsize=4096)
def _parse_started(text: str, default_zone: str | None) -> datetime | None:
    for match in _DATE_TIME.finditer(text):
        rest = text[match.end() :]
        zone_match = _ZONE_AFTER.match(rest)
        zone = zone_match.group(1) if zone_match else default_zone
        found = utc_time(
            int(match["y"]),
            int(match["m"]),
            int(match["d"]),
            int(match["H"]),
            int(match["M"]),
            int(match["S"] or 0),
            zone,
        )
        if found is not None:
            return found
    return None


_ZONE_AFTER: Final = re.compile(r"\s*\(?\s*([A-Z][A-Za-z]*(?: [A-Z][a-z]+)*(?:\d[A-Z]+)?)\)?")
