"""Full Tilt's header line: the table, the game, the stakes and the start time, all on one line.

`Full Tilt Poker Game #31319837969: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 18:33:09 CET -
2012/11/06 [12:33:09 ET - 2012/11/06]`. What differs from PokerStars' header:

- the table is named here (there is no `Table '...'` line): `Table NAME (options)` for ring games, where the
  options say the seats (`6 max`, `heads up`) and the stack depth (`deep`, `shallow`); `TOURNAMENT (id),
  Table N` (Matrix: `Match N`) for tournaments;
- the stakes and the game come in either order (`$2/$4 - Pot Limit Omaha Hi`, `PL Omaha H/L - $0.05/$0.10`),
  with the limit written out or abbreviated (`PL`, `NL`, `FL`), an ante after the stakes (`$0.10/$0.20 Ante
  $0.05`), a capped game as `$2,000 Cap Pot Limit` or plain `CAP NL`, and K, M or B for thousands, millions
  and billions in tournament stakes (`50K/100K Ante 10000`, a Flipout's `2B/2B Ante 2B`): the reading kit reads
  them (the only amounts of Full Tilt's text with a suffix);
- the time comes before the date, and a second time in ET in brackets; one month of 2010 printed
  `15:13 ET - Wed, July 21, 2010`;
- ring games without a currency sign are play chips (`.COM Play 6118`, `Play Chip 2409`, `King of the Hill`).
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Any, Final

from omaha_audit.model import Game, Stakes, Structure, Tournament
from omaha_audit.model.money import CURRENCY_SYMBOLS
from omaha_audit.parse.times import utc_time
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo

# The game words after the limit, as Full Tilt prints them (fpdb's FulltiltToFpdb.py lists the same names).
GAMES: Final = {
    "Hold'em": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi": Game.OMAHA,
    "Omaha H/L": Game.OMAHA_HI_LO,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "5 Card Omaha": Game.OMAHA5,
    "5 Card Omaha Hi": Game.OMAHA5,
    "5 Card Omaha H/L": Game.OMAHA5_HI_LO,
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HI_LO,
    "6 Card Omaha Hi": Game.OMAHA6,
    "6 Card Omaha H/L": Game.OMAHA6_HI_LO,
    "6 Card Omaha Hi/Lo": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel Hi": Game.COURCHEVEL,
    "Courchevel H/L": Game.COURCHEVEL_HI_LO,
    "Courchevel Hi/Lo": Game.COURCHEVEL_HI_LO,
    "Stud Hi": Game.STUD,
    "7 Card Stud": Game.STUD,
    "Stud H/L": Game.STUD_HI_LO,
    "7 Card Stud Hi/Lo": Game.STUD_HI_LO,
    "Razz": Game.RAZZ,
    "5 Card Stud": Game.FIVE_CARD_STUD,
    "5-Card Stud Hi": Game.FIVE_CARD_STUD,
    "2-7 Triple Draw": Game.TRIPLE_DRAW_2_7,
    "2-7 Single Draw": Game.SINGLE_DRAW_2_7,
    "A-5 Triple Draw": Game.TRIPLE_DRAW_A_5,
    "5 Card Draw": Game.FIVE_CARD_DRAW,
    "Badugi": Game.BADUGI,
    "Irish": Game.OTHER,
}
LIMITS: Final = {
    "No Limit": Structure.NO_LIMIT,
    "NL": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "PL": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "FL": Structure.FIXED_LIMIT,
}
# A `CAP NL` table with no amount printed caps each player's money in a hand at 30 big blinds (Full Tilt's
# page on its Cap games: a $1/$2 table capped at $60; safdar.net 2006: $0.50/$1, "nobody may bet more
# than $30").
CAP_BIG_BLINDS: Final = 30

# a figure of the header: a currency sign, digits with thousands commas and a decimal point, K, M or B (the
# whole text, read by the kit: `$0.10`, `$2,000`, `50K`)
_NUMBER: Final = r"[^\d\s/]?\d(?:[\d,.]*\d)?[KMB]?"
_STAKES: Final = re.compile(rf"(?P<small>{_NUMBER})/(?P<big>{_NUMBER})(?: Ante (?P<ante>{_NUMBER}))?")
_GAME: Final = re.compile(
    rf"(?:(?P<cap>{_NUMBER}) Cap |(?P<cap_word>CAP) )?(?P<limit>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game>.+)"
)
_SEATS: Final = re.compile(r"(\d+) max")
_TIME: Final = re.compile(
    r"(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))? (?P<zone>[A-Za-z]+) - "
    r"(?:(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})|[A-Za-z]+, (?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<year>\d{4}))"
)
_MONTHS: Final = {
    name: number
    for number, name in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        1,
    )
}


class GameStakes:
    """The header's game and stakes part, read: its two pieces in whichever order they come."""

    __slots__ = ("ante", "big", "cap", "cap_word", "game", "game_text", "small", "structure", "symbol")

    def __init__(self, text: str) -> None:
        pieces = text.split(" - ")
        stakes = next((_STAKES.fullmatch(piece) for piece in pieces if _STAKES.fullmatch(piece)), None)
        game = next((_GAME.fullmatch(piece) for piece in pieces if _GAME.fullmatch(piece)), None)
        if stakes is None or game is None or len(pieces) != 2:
            raise ValueError(f"cannot read the game and stakes {text!r}")
        self.game_text = game.group(0)
        found = GAMES.get(game["game"])
        if found is None:
            raise ValueError(f"unknown game {game['game']!r}")
        self.game: Game = found
        self.structure: Structure = LIMITS[game["limit"]]
        self.cap: str | None = game["cap"]
        self.cap_word = game["cap_word"] is not None
        self.small: str = stakes["small"]
        self.big: str = stakes["big"]
        self.ante: str | None = stakes["ante"]
        first = self.small[:1]
        self.symbol = first if first and not first.isdigit() and first != "." else ""


@functools.lru_cache(maxsize=1024)
def game_stakes(text: str) -> GameStakes:
    return GameStakes(text)


def figure(text: str, decimals: int) -> int:
    """A figure of the header in units of `decimals` places: `$0.10`, `1,500`, and tournament stakes with K, M
    or B for thousands, millions and billions (`50K`, a Flipout's `2B`); raises AmountError (a ValueError)."""
    return read_amount(text, decimals, decimal=".", suffixes=True)


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo; raises ValueError for an unknown game or stakes."""
    parts = game_stakes(fields["game_stakes"] or "")
    tournament = None
    if fields["tournament_id"]:
        tournament = _tournament(fields["tournament_id"], fields["tournament"] or "")
    started_local = fields["started"] or ""
    if tournament is not None:
        currency = "chips"
    else:
        currency = CURRENCY_SYMBOLS.get(parts.symbol, "XXX") if parts.symbol else "chips"
    return HeaderInfo(
        room="fulltilt",
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=parts.game,
        game_text=parts.game_text,
        structure=parts.structure,
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=f"{parts.small}/{parts.big}",
        currency=currency,
        started_local=started_local,
        started=started_utc(started_local),
    )


@functools.lru_cache(maxsize=1024)
def _tournament(tournament_id: str, name: str) -> Tournament:
    # Full Tilt names the tournament (`$2 + $0.25 Sit & Go`, `$7,000 KO Guarantee`): kept as the buy-in text
    return Tournament(tournament_id=tournament_id, buy_in=name, level=None)


@functools.lru_cache(maxsize=4096)
def started_utc(text: str) -> datetime | None:
    """The first time of the header whose zone is known, in UTC: `17:19:00 CCT - 2010/12/07 [04:19:00 ET -
    2010/12/07]` is read from its ET part (CCT is no zone the project knows)."""
    for match in _TIME.finditer(text):
        if match["y"]:
            year, month, day = int(match["y"]), int(match["m"]), int(match["d"])
        else:
            month_number = _MONTHS.get(match["month"])
            if month_number is None:
                continue
            year, month, day = int(match["year"]), month_number, int(match["day"])
        found = utc_time(year, month, day, int(match["H"]), int(match["M"]), int(match["S"] or 0), match["zone"])
        if found is not None:
            return found
    return None


def table_fields(fields: dict[str, str | None]) -> dict[str, str | Any]:
    """The table's fields from the header, in the names the PokerStars reader uses for its TABLE line."""
    options = fields["options"] or ""
    seats = _SEATS.search(options)
    max_seats = seats.group(1) if seats else ("2" if "heads up" in options else None)
    tournament = fields["tournament"]
    if fields["tournament_id"]:
        word = fields["table_word"] or "Table"
        name = fields["table_number"] or ""
        table = name if word == "Table" else f"{word} {name}"
        money = "Play Money" if tournament and "Play Money" in tournament else None
    else:
        table = fields["table"] or ""
        money = None if game_stakes(fields["game_stakes"] or "").symbol else "Play Money"
    return {"table": table, "table_id": None, "max_seats": max_seats, "button": None, "money": money}


@functools.lru_cache(maxsize=1024)
def header_stakes(text: str, structure: Structure, decimals: int, tournament: bool) -> Stakes:
    """The stakes of the header's game and stakes part, in units of `decimals` places: the blinds (fixed limit:
    the small and the big bet), the ante and the cap the header adds; raises AmountError (a ValueError)."""
    parts = game_stakes(text)
    small, big = figure(parts.small, decimals), figure(parts.big, decimals)
    ante = figure(parts.ante, decimals) if parts.ante else None
    cap: int | None = None
    if parts.cap:
        cap = figure(parts.cap, decimals)
    elif parts.cap_word and not tournament:
        cap = big * CAP_BIG_BLINDS
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=small, big_bet=big, ante=ante, cap=cap)
    return Stakes(small, big, ante=ante, cap=cap)
