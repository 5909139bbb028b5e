"""Cake's header line and its numbers (ROOMS.md 16).

`Hand#2999013495000096 - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58`: the hand
id, the table (name, size, number) or the tournament (name and `T<id>`, then buy-in kind, buy-in, size and
table number), the stakes, the limit (NL, PL, FL), the game and the local time with no zone.

Cake writes amounts with a comma or a dot for decimals, by file (`$21,89`, `$53.55`), and commas or
no-break spaces between thousands of tournament chips (`3,158`, `2 477`). The reading kit tells them apart by
the text alone (kit/amounts.py), so an amount's value never depends on the file it came from: with both marks
the last is the decimal one; one mark followed by exactly three digits groups thousands; any other single mark
is the decimal one (`$0,10`, `$1.5`).
"""

from __future__ import annotations

import functools
import re
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Tournament
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo

GAMES: Final = {
    "Hold'em": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "OmahaHiLo": Game.OMAHA_HI_LO,
}
LIMITS: Final = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
SYMBOLS: Final = {"$": "USD", "\u20ac": "EUR"}

# `Odesa (6-Max) 13495`, `Paris (6-max, shallow) 15946`, `Play Money 21 14254`, `$5 Bounty T11244010`
_TABLE: Final = re.compile(r"(?P<name>.*?)(?: \((?P<size>\d+)-[Mm]ax[^)]*\))? (?:T(?P<tournament>\d+)|(?P<number>\d+))")


class TableInfo:
    """What the header says of the table: its name, number (cash) or tournament table number, size, and
    the tournament's id ("" at a cash table)."""

    __slots__ = ("max_seats", "name", "number", "tournament_id")

    def __init__(self, name: str, number: str, max_seats: str | None, tournament_id: str = "") -> None:
        self.name = name
        self.number = number
        self.max_seats = max_seats
        self.tournament_id = tournament_id


@functools.lru_cache(maxsize=1024)
def read_table(table_text: str, table_number: str | None, tournament_max: str | None) -> TableInfo:
    """The header's table part: `Odesa (6-Max) 13495` (cash: name, size, number) or `$5 Bounty T11244010`
    (a tournament: its name and id; the table number and size follow as their own fields)."""
    found = _TABLE.fullmatch(table_text)
    if found is None:
        return TableInfo(table_text, "", None)
    if found["tournament"]:
        return TableInfo(found["name"], table_number or "", tournament_max, found["tournament"])
    return TableInfo(found["name"], found["number"] or "", found["size"])


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo; raises ValueError for an unknown game."""
    game_text = fields["game"] or ""
    game = GAMES.get(game_text)
    if game is None:
        raise ValueError(f"unknown game {game_text!r}")
    structure = LIMITS[fields["limit"] or "NL"]
    stakes_text = fields["stakes"] or ""
    table = read_table(fields["table"] or "", fields["table_number"], fields["tournament_max"])
    tournament = None
    if table.tournament_id:
        tournament = Tournament(table.tournament_id, fields["buy_in"] or "", None)
        currency = "chips"
    elif "Play Money" in table.name:
        currency = "chips"  # (the reader makes it play money: whole chips, read in hundredths if need be)
    else:
        # a cash table plays in dollars even where the header shows the stakes in euros (the reader
        # checks the seats' amounts)
        currency = "USD" if stakes_text[:1] in SYMBOLS else "chips"
    return HeaderInfo(
        room="cake",
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=game_text,
        structure=structure,
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=fields["started"] or "",
        started=None,  # no time zone is printed
    )


def cake_amount(text: str, decimals: int) -> int:
    """An amount as Cake prints it (`$21,89`, `$1.63`, `3,158`, `2\u00a0477`) in units of `decimals` places;
    raises AmountError (a ValueError) for a text in no number style, or with a minus (`$-0,10`)."""
    return read_amount(text, decimals)


def read_stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    """`€0,04/€0,08`, `$5/$10` (fixed limit: small bet / big bet), `1/2`, or a tournament's
    `ante/small blind/big blind` (`0/10/20`, `-1/50/100`: no ante)."""
    parts = stakes_text.split("/")
    if len(parts) == 3:
        ante_text, small_text, big_text = parts
        ante = None if ante_text.startswith("-") else cake_amount(ante_text, decimals)
        return Stakes(cake_amount(small_text, decimals), cake_amount(big_text, decimals), ante=ante or None)
    if len(parts) != 2:
        raise ValueError(f"stakes {stakes_text!r} are not 'small/big'")
    small, big = cake_amount(parts[0], decimals), cake_amount(parts[1], decimals)
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=small, big_bet=big)
    return Stakes(small, big)
