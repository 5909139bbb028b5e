"""BetOnline's and Gear Poker's header line (ROOMS.md 21).

`BetOnline Poker Game #1606125823: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight
Time`: the brand, the hand id, the game, the limit, the blinds and the local time with a Windows zone
name. Tournaments print `Tournament #4157956: Hold'em $10.00/$20.00`: no limit word, and figures that
are not the blinds (`$40.00/$80.00` over blinds of 50/100); Gear prints only `Hold'em` and a time with
no zone. Where the header gives no blinds, the reader takes them from the posts; where it names no limit
the game is no limit (a Gear hand's raise of 1,000 over a big blind of 20, a tournament's raise to 1,600
over 400).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Game, Structure, Tournament
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.pokerstars.header import HeaderInfo

ROOMS: Final = {"BetOnline Poker": "betonline", "Gear Poker": "gear"}
GAMES: Final = {"Hold'em": Game.HOLDEM, "Omaha": Game.OMAHA, "Omaha Hi/Lo": Game.OMAHA_HI_LO}
STRUCTURES: Final = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT, "Limit": Structure.FIXED_LIMIT}


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo."""
    game_text = fields["game"] or ""
    tournament_id = fields["tournament_id"]
    tournament = Tournament(tournament_id, "", None) if tournament_id else None
    stakes_text = fields["stakes"] or ""
    if tournament is not None:
        currency = "chips"
        stakes_text = ""  # (not the blinds: see the module's docstring)
    else:
        currency = "USD" if stakes_text.startswith("$") else "chips"
    started_local = fields["started"] or ""
    return HeaderInfo(
        room=ROOMS.get(fields["room"] or "", "betonline"),
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=GAMES[game_text],
        game_text=game_text,
        structure=STRUCTURES.get(fields["limit"] or "", Structure.NO_LIMIT),
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=started_local,
        started=parse_started(started_local),
    )
