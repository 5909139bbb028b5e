"""Winamax's header line: the kind of table, the three-part hand id, the game, the stakes and the time.

`Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo pot limit (1€/2€) - 2016/11/11
14:30:00 UTC`. The stakes hold the currency after each amount (`1€/2€`), none for play money and
tournaments (`0.10/0.20`, `10/20`), and three numbers where there is an ante: `(15/75/150)` = ante /
small blind / big blind in a tournament, `(5€/25€/50€)` = ante / small bet / big bet in stud. Times are
printed in UTC. The printed id `a-b-c` is kept as the hand id (fpdb joins parts of it into one number).
"""

from __future__ import annotations

import functools
import re
from typing import Final

from omaha_audit.model import Game, Structure, Tournament
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.pokerstars.header import HeaderInfo

# The game words of the header (the corpus's, and those fpdb's Winamax reader knows).
GAMES: Final = {
    "Holdem": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "Omaha8": Game.OMAHA_HI_LO,
    "Omaha5": Game.OMAHA5,
    "5 Card Omaha": Game.OMAHA5,
    # (hands labelled so are dealt hi-only too: the reader decides from the awards, ROOMS.md 5.7)
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HI_LO,
    # games Winamax does not deal, in the words the generator's writer gives them
    "6 Card Omaha": Game.OMAHA6,
    "6 Card Omaha Hi/Lo": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel Hi/Lo": Game.COURCHEVEL_HI_LO,
    "7-Card Stud": Game.STUD,
    "7stud": Game.STUD,
    "7-Card Stud Hi/Lo": Game.STUD_HI_LO,
    "7stud8": Game.STUD_HI_LO,
    "Razz": Game.RAZZ,
    "Lowball27": Game.TRIPLE_DRAW_2_7,
    "2-7 Triple Draw": Game.TRIPLE_DRAW_2_7,
}
# A hi/lo game read as its high-only game when the awards show no low half.
HIGH_ONLY: Final = {
    Game.OMAHA_HI_LO: Game.OMAHA,
    Game.OMAHA5_HI_LO: Game.OMAHA5,
    Game.OMAHA6_HI_LO: Game.OMAHA6,
    Game.COURCHEVEL_HI_LO: Game.COURCHEVEL,
}
STRUCTURES: Final = {
    "no limit": Structure.NO_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "fixed limit": Structure.FIXED_LIMIT,
}
SIGNS: Final = {"€": "EUR", "$": "USD", "£": "GBP"}
_SIGN: Final = re.compile("[€$£]")


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo; raises ValueError for a game or stakes it cannot read.

    The HeaderInfo's stakes text is `small/big` without signs; the builder reads the amounts of the
    printed stakes, the ante of three numbers included (reader.py `read_stakes`). The tournament is
    provisional: its number is in the table line, which the builder reads."""
    game_text = fields["game"] or ""
    game = GAMES.get(game_text)
    if game is None:
        raise ValueError(f"unknown game {game_text!r}")
    stakes = fields["stakes"] or ""
    small_big, currency = _stakes(stakes)
    tournament = None
    if fields["tournament_name"] is not None:
        tournament = Tournament(tournament_id="", buy_in=fields["buy_in"] or "", level=fields["level"])
        currency = "chips"
    started_local = fields["started"] or ""
    return HeaderInfo(
        room="winamax",
        kind="zoom" if fields["go_fast"] is not None else "hand",  # Go Fast: Winamax's fast-fold tables
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=game_text,
        structure=STRUCTURES[fields["limit"] or ""],
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=small_big,
        currency=currency,
        started_local=started_local,
        started=parse_started(started_local, "UTC"),
    )


@functools.lru_cache(maxsize=256)
def _stakes(text: str) -> tuple[str, str]:
    """(`small/big` without signs, currency) of the header's stakes; `chips` where no sign is printed."""
    sign = _SIGN.search(text)
    currency = SIGNS[sign.group()] if sign else "chips"
    parts = _SIGN.sub("", text).split("/")
    if len(parts) not in (2, 3):
        raise ValueError(f"stakes {text!r} are not 'small/big' or 'ante/small/big'")
    return "/".join(parts[-2:]), currency


_TOURNAMENT_TABLE: Final = re.compile(r"\((\d+)\)#(\d+)$")


def tournament_table(table: str) -> tuple[str, str] | None:
    """(tournament number, table number) of a tournament table's name `No Limit Hold'em(1853325)#0`."""
    match = _TOURNAMENT_TABLE.search(table)
    return (match.group(1), match.group(2)) if match else None
