"""What PartyPoker's game lines say: the game, the limit, the stakes, the money, the start time.

Both texts put the game on the line after the banner (docs/ROOMS.md section 4.1):

- the "Dealing" text of 2010-2016: `$100 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST 2014`, whose
  leading amount is the table's maximum buy-in (the blinds are then the posted ones), or the blinds
  (`$0.05/$0.10 USD NL ...`), or, in fixed limit, the bets (`$20/$40 USD FL ...`); no limit word means
  fixed limit (`$15/$30 USD Texas Hold'em`). Tournaments print their level's blinds (`Blinds(20/40)`), or
  the bets (`Stakes(200/400)`, and the ante: `Stakes-Antes(60/120-10)`);
- the balance-summary text of 2013, 2021 and 2026: `0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26
  EST 2026`, always the blinds (in fixed limit, the writer's, the bets).

Times carry a zone word, some of them localised (`MESZ`, `MSKS`, `YEKST`, `ICT`): the shared table of
parse/times.py knows most; the few it does not are fixed offsets here.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Final

from omaha_audit.model import Game, Structure
from omaha_audit.parse.times import offset_time, utc_time
from omaha_audit.rooms.kit.amounts import read_amount

GAMES: Final = {
    "Omaha": Game.OMAHA,
    "Omaha Hi": Game.OMAHA,
    "Omaha Hi-Lo": Game.OMAHA_HI_LO,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "Texas Hold'em": Game.HOLDEM,
    "Texas Holdem": Game.HOLDEM,
    "Hold'em": Game.HOLDEM,
    "Holdem": Game.HOLDEM,
    "Short Deck": Game.SIX_PLUS_HOLDEM,
    "Double Hold'em": Game.OTHER,
    "Double Holdem": Game.OTHER,
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi-Lo": Game.STUD_HI_LO,
    # the generator's writer names the games PartyPoker does not deal (its own words)
    "5 Card Omaha Hi": Game.OMAHA5,
    "5 Card Omaha Hi-Lo": Game.OMAHA5_HI_LO,
    "6 Card Omaha Hi": Game.OMAHA6,
    "6 Card Omaha Hi-Lo": Game.OMAHA6_HI_LO,
    "Courchevel Hi": Game.COURCHEVEL,
    "Courchevel Hi-Lo": Game.COURCHEVEL_HI_LO,
}
LIMITS: Final = {
    "NL": Structure.NO_LIMIT,
    "PL": Structure.POT_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
STUD_GAMES: Final = (Game.STUD, Game.STUD_HI_LO)
CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}

_MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
# `Friday, December 03, 23:16:02 CET 2013`, `Saturday,February 18, 01:10:59 EST 2012`, `Mon Feb 09 12:55:26 EST 2026`
_DATE: Final = re.compile(
    r"(?:[A-Za-z]+,? ?)?(?P<month>[A-Za-z]+) (?P<day>\d{1,2}),? (?P<H>\d{1,2}):(?P<M>\d{2}):(?P<S>\d{2})"
    r" (?P<zone>[A-Z]+) (?P<year>\d{4})"
)
# Zone words parse/times.py does not know: fixed offsets in minutes (summer times where the word says so).
_OFFSETS: Final = {"YEKT": 300, "YEKST": 360, "ICT": 420}


@functools.lru_cache(maxsize=1024)
def started(text: str) -> datetime | None:
    """The UTC start time of a game line's date, or None (an unknown zone, an impossible date)."""
    match = _DATE.search(text)
    if match is None:
        return None
    month = _MONTHS.get(match["month"])
    if month is None:
        return None
    fields = (int(match["year"]), month, int(match["day"]), int(match["H"]), int(match["M"]), int(match["S"]))
    zone = match["zone"]
    offset = _OFFSETS.get(zone)
    if offset is None:
        return utc_time(*fields, zone)
    return offset_time(*fields, offset)


def amount(text: str, decimals: int) -> int:
    """An amount as Party prints it, in units, read by the kit (kit/amounts.py) with the text deciding its
    marks: `$2,288.50`, `$26,02` (the "Mac format"'s decimal comma), `€10`, `3,000`, `2.0`, `1'500` (an
    apostrophe grouping thousands), `1.5K`, `2M` (K, M and B multipliers: the converters' number class).
    Raises AmountError (FinerThanUnit for tournament chips with decimals)."""
    return read_amount(text, decimals, suffixes=True)


def currency_of(text: str | None) -> str | None:
    """The ISO code a sign or a code in `text` names, or None."""
    if not text:
        return None
    for word in ("USD", "EUR", "GBP"):
        if word in text:
            return word
    if "DOL" in text:  # (Party's own word for dollars after an amount: `[$5 DOL]`)
        return "USD"
    for sign, code in CURRENCIES.items():
        if sign in text:
            return code
    return None
