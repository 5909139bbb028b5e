"""Absolute Poker's and UltimateBet's `Stage #` header (ROOMS.md 20).

`Stage #736661180: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)`: the hand id (some with a `C`
before the digits, kept as printed), the game, the limit (`Normal` is fixed limit), the stakes and the
Eastern time. The stakes are a pair in fixed limit (the small and the big bet: `$25/$50` posts 15 and 25)
and one figure otherwise, the big blind (`$1, $0.25 ante`, `$4 (7-2)`, `$0.10 Turbo`, a tournament's
`10`). A tournament names its id (`Tourney ID 5945889`) and prints chips without a currency sign.
"""

from __future__ import annotations

import functools
import re
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Tournament
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo

GAMES: Final = {"HOLDEM": Game.HOLDEM, "OMAHA": Game.OMAHA, "OMAHA HI/LO": Game.OMAHA_HI_LO}
STRUCTURES: Final = {
    "NO LIMIT": Structure.NO_LIMIT,
    "POT LIMIT": Structure.POT_LIMIT,
    "NORMAL": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
SYMBOLS: Final = {"$": "USD", "\u20ac": "EUR"}
# `$25/$50`, `$1, $0.25 ante`, `$4 (7-2)`, `$0.10 Turbo`, `10`, ` €0.25` (each figure read by the kit)
_NUMBER: Final = r"\d(?:[\d,.]*\d)?"
_STAKES: Final = re.compile(
    rf"(?P<symbol>[$\u20ac]?)(?P<first>{_NUMBER})(?:/ ?[$\u20ac]?(?P<second>{_NUMBER}))?"
    rf"(?:, ?[$\u20ac]?(?P<ante>{_NUMBER}) ante)?(?P<rest>.*)"
)
_FRACTION: Final = re.compile(r"(\d\d:\d\d:\d\d)\.\d+")  # `05:08:53.010`: milliseconds, which the zone follows


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo; raises ValueError for stakes it cannot read."""
    game_text = fields["game"] or ""
    limit = fields["limit"] or ""
    stakes_text = fields["stakes"] or ""
    match = _STAKES.fullmatch(stakes_text)
    if match is None:
        raise ValueError(f"stakes {stakes_text!r} are not read")
    tournament_id = fields["tournament_id"]
    tournament = Tournament(tournament_id, "", None) if tournament_id else None
    currency = "chips" if tournament is not None else SYMBOLS.get(match["symbol"], "chips")
    extra = match["rest"].strip()
    started_local = fields["started"] or ""
    return HeaderInfo(
        room="absolute",
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=GAMES[game_text.upper()],
        game_text=" ".join(part for part in (game_text, limit, extra) if part),
        structure=STRUCTURES[limit.upper()],
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=started_local,
        started=parse_started(_FRACTION.sub(r"\1", started_local)),
    )


def read_stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    """The stakes in units: fixed limit's small and big bet, or the big blind and the ante (the small blind
    is not printed: the posts show it). Raises ValueError."""
    return _stakes(stakes_text, structure, decimals)


@functools.lru_cache(maxsize=256)
def _stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    match = _STAKES.fullmatch(stakes_text)
    if match is None:
        raise ValueError(f"stakes {stakes_text!r} are not read")
    first = read_amount(match["first"], decimals, decimal=".")
    second = read_amount(match["second"], decimals, decimal=".") if match["second"] else None
    ante = read_amount(match["ante"], decimals, decimal=".") if match["ante"] else None
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=first, big_bet=second if second is not None else 2 * first, ante=ante)
    if second is not None:
        return Stakes(first, second, ante=ante)
    return Stakes(None, first, ante=ante)
