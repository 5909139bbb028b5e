"""The first lines of an 888 hand: banner, game line, table or tournament line (ROOMS.md 3.1, 3.2).

- the banner's words name the brand: `Cassava` (until 2014) and `888poker` are 888poker, `888.ro` the
  Romanian site, `888poker.ca-on` the Ontario one; `BLAST` (lottery sit-and-go) and `Snap Poker` are kinds;
- `$25/$50 Blinds Pot Limit Omaha - *** 21 08 2015 15:17:55`: the blinds (fixed limit too: `15/30 Blinds Fix
  Limit OmahaHL` is a 30/60 game), the game, and the start time day-month-year with no zone (888.ro prints
  none at all); a zone word after the time, where one is printed, places it in UTC;
- `Table Helmond 6 Max (Real Money)`, `(Practice Play)` for play money; a tournament's line stands in its
  place: `Tournament #48749889 $1.80 + $0.20 - Table #19 (Real Money)`.

Two header figures are not what they look like: BLAST's game line puts the prize pool where the small blind
goes (`42.797,60 $/0 $ Blinds`: the hand posts antes only), and the Ontario client prints the $0.10/$0.25
table, whose small blind is $0.10 (888's stakes list), as `$0.12/$0.25`: half the big blind, cut to the
cent. Both are read as what they are, and the hand notes it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Tournament, Unit
from omaha_audit.parse.times import utc_time
from omaha_audit.rooms.poker888.language import amount, currency_of

GAMES: Final = {
    "Holdem": Game.HOLDEM,
    "Hold'em": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "OmahaHL": Game.OMAHA_HI_LO,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    # 888 deals none of these: the generator's writer names them so (the reader reads them back)
    "5 Card Omaha": Game.OMAHA5,
    "5 Card OmahaHL": Game.OMAHA5_HI_LO,
    "6 Card Omaha": Game.OMAHA6,
    "6 Card OmahaHL": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "CourchevelHL": Game.COURCHEVEL_HI_LO,
}
STRUCTURES: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Fix Limit": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
# The small blind 888 posts where its header prints half the big blind cut to the cent (in cents, by big
# blind): the $0.10/$0.25 table (888's stakes list, www.888poker.com/poker-software/limits-and-rake).
LISTED_SMALL_BLIND: Final = {25: 10}
_DATE: Final = re.compile(r"(\d{1,2}) (\d{1,2}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2})")


def room_of(brand: str, tld: str | None, region: str | None) -> str:
    """The brand a banner names: `888poker` (also `Cassava`), else the site's own name (`888.ro`)."""
    if not tld:
        return "888poker"
    return f"{'888poker' if brand == 'Cassava' else brand}{tld}{region or ''}"


def unit_of(money: str | None, tournament: bool, texts: list[str], decimals: int | None) -> Unit:
    """Tournament chips (whole, or hundredths when `decimals` says so), play money (`Practice Play`, with
    cents: `( 1,459.13 )`), or the cash currency the amounts' sign names (dollars when none does)."""
    if tournament:
        return Unit("chips", decimals or 0)
    if money in ("Practice Play", "Play Money"):
        return Unit("play", 2)
    for text in texts:
        code = currency_of(text)
        if code is not None:
            return Unit(code, 2)
    return Unit("USD", 2)


def read_stakes(
    small_text: str, big_text: str, structure: Structure, unit: Unit, blast: bool
) -> tuple[Stakes, str | None]:
    """The stakes of the game line, and a note where the header's figure is not the stake; ValueError for
    an amount that is not understood."""
    if blast:
        return Stakes(None, None), f"BLAST: the game line's first figure ({small_text}) is the prize pool"
    small, big = amount(small_text, unit.decimals), amount(big_text, unit.decimals)
    note = None
    if unit.decimals == 2 and unit.currency not in ("play", "chips") and big % 2 and small == big // 2:
        listed = LISTED_SMALL_BLIND.get(big)
        if listed is not None:
            note = (
                f"the header's small blind {small_text} is 888's display of its "
                f"{unit.format(listed)}/{unit.format(big)} table (half the big blind, cut to the cent)"
            )
            small = listed
    if structure is Structure.FIXED_LIMIT:  # the header gives the blinds: the bets are one and two big blinds
        return Stakes(small, big, small_bet=big, big_bet=2 * big), note
    return Stakes(small, big), note


def started(date: str | None, zone: str | None) -> tuple[str, datetime | None]:
    """(the start time as printed, the aware UTC time or None): 888 prints day, month, year."""
    if not date:
        return "", None
    found = _DATE.fullmatch(date)
    if found is None or not zone:
        return date + (f" {zone}" if zone else ""), None
    day, month, year, hour, minute, second = (int(part) for part in found.groups())
    return f"{date} {zone}", utc_time(year, month, day, hour, minute, second, zone)


def tournament_of(tournament_id: str | None, buy_in: str | None) -> Tournament | None:
    if tournament_id is None:
        return None
    return Tournament(tournament_id, (buy_in or "").strip(), None)


__all__ = ["GAMES", "STRUCTURES", "read_stakes", "room_of", "started", "tournament_of", "unit_of"]
