"""The OnGame header block's meaning: the game and limit words, the money unit, the start time and the stakes.

The table line's pair is not always the blinds: pot-limit cash tables print two equal numbers (`POT_LIMIT
OMAHA_HI €1/€1` posting €0.50 and €1; `$0.50/$0.50` and `$5/$5` posting the same amount twice), fixed-limit
tables print the small and the big bet (`LIMIT OMAHA_HI $0.05/$0.10` posting $0.02 and $0.05), and only
tournament and no-limit tables print the blinds themselves. So the blinds of a pot- or no-limit hand are read
from its posts (`blinds_from_posts`), the pair serving only where a blind is not posted.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Unit
from omaha_audit.model.money import CURRENCY_SYMBOLS
from omaha_audit.parse.times import offset_time, utc_time

GAMES: Final = {
    "OMAHA_HI": Game.OMAHA,
    "OMAHA_HI_LO": Game.OMAHA_HI_LO,
    "TEXAS_HOLDEM": Game.HOLDEM,
    "SEVEN_CARD_STUD": Game.STUD,
    "SEVEN_CARD_STUD_HI_LO": Game.STUD_HI_LO,
    "RAZZ": Game.RAZZ,
    "FIVE_CARD_DRAW": Game.FIVE_CARD_DRAW,
}
STRUCTURES: Final = {
    "POT_LIMIT": Structure.POT_LIMIT,
    "NO_LIMIT": Structure.NO_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
_MONTH_NAMES: Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS: Final = {name: number for number, name in enumerate(_MONTH_NAMES, 1)}
# Sun Sep 11 17:58:25 EEST 2011 | Mon Feb 7 15:22:00 GMT+0100 2011
_STARTED: Final = re.compile(
    r"\w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<hour>\d{1,2}):(?P<minute>\d{2}):(?P<second>\d{2})"
    r" (?P<zone>\S+) (?P<year>\d{4})"
)
_OFFSET: Final = re.compile(r"(?:GMT|UTC)(?P<sign>[-+])(?P<hours>\d{1,2}):?(?P<minutes>\d{2})")
_SYMBOL: Final = re.compile(r"[$\u20ac\u00a3]")


@functools.lru_cache(maxsize=1024)
def started_at(text: str) -> datetime | None:
    """The UTC time of `Start hand:`'s text; None when its zone is not known (`GST`)."""
    match = _STARTED.fullmatch(text.strip())
    if match is None:
        return None
    month = _MONTHS.get(match["month"])
    if month is None:
        return None
    year, day = int(match["year"]), int(match["day"])
    hour, minute, second = int(match["hour"]), int(match["minute"]), int(match["second"])
    offset = _OFFSET.fullmatch(match["zone"])
    if offset is None:
        return utc_time(year, month, day, hour, minute, second, match["zone"])
    minutes = int(offset["hours"]) * 60 + int(offset["minutes"])
    return offset_time(year, month, day, hour, minute, second, minutes if offset["sign"] == "+" else -minutes)


def unit_for(money: str, low: str, rake: str | None, decimals: int | None) -> Unit:
    """Tournament chips (`TC`, `Chips`), play money, or the currency of the stakes' sign (else of the rake
    line's: `0.50/1` with `Rake taken: $0.15`)."""
    if money in ("TC", "Chips"):
        return Unit("chips", decimals or 0)
    if money == "Play money":
        return Unit("play", 2 if decimals is None else decimals)
    sign = _SYMBOL.search(low) or (_SYMBOL.search(rake) if rake else None)
    currency = CURRENCY_SYMBOLS.get(sign.group(), "XXX") if sign else "XXX"
    return Unit(currency, 2 if decimals is None else decimals)


def blinds_from_posts(
    structure: Structure, low: int, high: int, ante: int | None, small_posts: list[int], big_posts: list[int]
) -> Stakes:
    """The hand's stakes. Fixed limit: the pair is the small and big bet (the blinds are what the posts
    show). Otherwise the pair is the blinds, so that a post of another size is the dealer's to answer for
    (OA309); an equal pair names the big blind only: the small blind is the first posted in full, else the
    big blind (the equal-blind tables, whose small-blind seat posts a `big blind` of the same size)."""
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=low, big_bet=high, ante=ante)
    if low != high:
        return Stakes(low, high, ante=ante)
    # an equal pair (`€1/€1`) does not say the small blind: a small blind posted in full does (€0.50), else the
    # table's small-blind seat posts a big blind (the equal-blind tables)
    return Stakes(small_posts[0] if small_posts else high, high, ante=ante)
