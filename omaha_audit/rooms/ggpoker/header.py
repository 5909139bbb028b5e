"""GGPoker's header line: game label, structure, stakes, tournament and start time (ROOMS.md 1.1).

`Poker Hand #OM232657303: PLO ($2/$5) - 2021/01/21 02:41:55`, `Poker Hand #TM2697462: Tournament
#25942319, Omaholic Bounty $8.40 Omaha (NL postflop) - Level18(1,250/2,500) - 2021/04/15 11:12:42`,
`Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - ...` (one stake: the ante and button blind).

GG prints no time zone: `started` is None and the printed time is kept as `started_local`.
"""

from __future__ import annotations

import functools
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Tournament, Unit
from omaha_audit.rooms.kit.amounts import SIGNS, read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo

# GG's game labels -> (game, the structure when the header names none)
GAMES: Final = {
    "PLO": Game.OMAHA,
    "PLO-5": Game.OMAHA5,
    "PLO-6": Game.OMAHA6,
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "Hold'em": Game.HOLDEM,
    # 36-card deck, ante and button blind, flush beats full house: not a game the engine replays
    "ShortDeck": Game.OTHER,
    # the generator's labels for games GG does not deal (omaha_audit/generate/writers/ggpoker.py)
    "PLO-5 Hi/Lo": Game.OMAHA5_HI_LO,
    "PLO-6 Hi/Lo": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel Hi/Lo": Game.COURCHEVEL_HI_LO,
}
STRUCTURES: Final = {
    None: Structure.POT_LIMIT,  # `PLO ($2/$5)`, `PLO-5 (...)`: pot limit without the word (fpdb: 'pl')
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "(NL postflop)": Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP,
}
# Hand number prefixes: Rush & Cash is GG's fast-fold pool (the model's "zoom").
KINDS: Final = {"RC": "zoom"}


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo; raises ValueError for a label it does not know."""
    game_text = fields["game"] or ""
    game = GAMES.get(game_text)
    limit = fields["limit"]
    structure = STRUCTURES.get(limit)
    if game is None or structure is None:
        raise ValueError(f"unknown game {game_text!r} {limit or ''}".rstrip())
    tournament = None
    if fields["tournament_id"]:
        tournament = _tournament(fields["tournament_id"], fields["buy_in"] or "", fields["level"])
    stakes_text = fields["stakes"] or ""
    label = game_text if limit is None else f"{game_text} {limit}"
    started_local = fields["started"] or ""
    return HeaderInfo(
        room="ggpoker",
        kind=KINDS.get(fields["prefix"] or "", "hand"),
        # the number without its prefix (`OM232657303` -> 232657303), as fpdb's GG converter reads it
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=label,
        structure=structure,
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency(stakes_text, tournament is not None),
        started_local=started_local.strip(),
        started=None,
    )


@functools.lru_cache(maxsize=1024)
def _tournament(tournament_id: str, name: str, level: str | None) -> Tournament:
    # GG's tournament name holds its buy-in (`Omaholic Bounty $8.40`): kept whole as the printed buy-in
    return Tournament(tournament_id=tournament_id, buy_in=name.strip().rstrip(","), level=level)


@functools.lru_cache(maxsize=256)
def currency(stakes_text: str, tournament: bool) -> str:
    """USD for `$` stakes, CNY for `¥` (a sign the kit knows: kit/amounts.py); tournament chips otherwise."""
    if tournament:
        return "chips"
    text = stakes_text.strip()
    if text and not text[0].isdigit():
        return SIGNS.get(text[0], "XXX")
    return "chips"


def read_stakes(stakes_text: str, structure: Structure, unit: Unit) -> Stakes:
    """`$2/$5`, `1,250/2,500` (fixed limit: the small and big bet); ShortDeck's single `$100` is its ante
    and button blind. Raises ValueError."""
    return _stakes(stakes_text, structure, unit.decimals)


@functools.lru_cache(maxsize=1024)
def _stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    low, slash, high = stakes_text.partition("/")
    if not slash:
        blind = _amount(low, decimals)
        return Stakes(None, blind, ante=blind)
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=_amount(low, decimals), big_bet=_amount(high, decimals))
    return Stakes(_amount(low, decimals), _amount(high, decimals))


def _amount(text: str, decimals: int) -> int:
    """A stake (`$0.5`, `¥2`, `1,250`): GG's decimal point and thousands by comma, read by the kit; raises
    AmountError (a ValueError) for a text in no style."""
    return read_amount(text.strip(), decimals, decimal=".")
