"""Enet's header (ROOMS.md 19): `Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6`, and
its amounts: euros with a decimal comma (`€0,25`, `€129,20`, `€10`, thousands by points `€1.250,00`, a negative
rake `€-2,22`), read by the reading kit."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Game, Stakes, Structure
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo

GAMES: Final = {"Hold'em": Game.HOLDEM, "Omaha": Game.OMAHA, "Omaha Hi/Lo": Game.OMAHA_HI_LO}
STRUCTURES: Final = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
# (the header names no limit; where the table's name has none either: Omaha pot limit, Hold'em no limit)
_USUAL: Final = {Game.HOLDEM: Structure.NO_LIMIT}


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo (the limit is the table line's: `with_table`)."""
    game_text = fields["game"] or ""
    game = GAMES[game_text]
    return HeaderInfo(
        room="enet",
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=game_text,
        structure=_USUAL.get(game, Structure.POT_LIMIT),
        mixed=None,
        club=None,
        tournament=None,
        stakes_text=fields["stakes"] or "",
        currency="EUR" if "\u20ac" in (fields["stakes"] or "") else "chips",
        started_local=fields["started"] or "",
        started=None,  # local time, zone not printed
    )


def with_table(info: HeaderInfo, limit: str | None) -> HeaderInfo:
    """The header with the limit the table's name ends with (`SantElena 1 - Pot Limit`)."""
    structure = STRUCTURES.get(limit or "", info.structure)
    if structure is info.structure:
        return info
    return HeaderInfo(
        room=info.room,
        kind=info.kind,
        hand_id=info.hand_id,
        game=info.game,
        game_text=info.game_text,
        structure=structure,
        mixed=info.mixed,
        club=info.club,
        tournament=info.tournament,
        stakes_text=info.stakes_text,
        currency=info.currency,
        started_local=info.started_local,
        started=info.started,
    )


def enet_amount(text: str, decimals: int, signed: bool = False) -> int:
    """`€0,25`, `€10`, `€1.250,00` in units of `decimals` places (a decimal comma always; with `signed`, a
    minus allowed: `€-2,22`); raises AmountError (a ValueError) for a text in no number style."""
    return read_amount(text, decimals, decimal=",", signed=signed)


def read_stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    """`€0,25/€0,50`: the blinds (fixed limit: the small and big bet)."""
    small_text, _, big_text = stakes_text.partition("/")
    if not big_text:
        raise ValueError(f"stakes {stakes_text!r} are not 'small/big'")
    small, big = enet_amount(small_text, decimals), enet_amount(big_text, decimals)
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=small, big_bet=big)
    return Stakes(small, big)
