"""Interpretation of a PokerStars-format header line's fields: room, game, structure, stakes, unit, time.

Re-exports in upper case (PokerTracker 2: `POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT ($2/$4)`) are
read with the same words, compared without regard to case.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Tournament, Unit
from omaha_audit.model.frozen import fast_init
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.kit.amounts import SIGNS, read_amount

# The word a header starts with -> the room that dealt the hand (the brand; the format is PokerStars').
ROOMS: Final = {
    "POKERSTARS": "pokerstars",
    "RUN IT ONCE POKER": "run-it-once",
    "MPLPOKER": "mpl",
    "POKERBROS": "pokerbros",
    "POKERMASTER": "pokermaster",
    "FULL TILT": "fulltilt",
}

GAMES: Final = {
    "Hold'em": Game.HOLDEM,
    "6+ Hold'em": Game.SIX_PLUS_HOLDEM,
    "Split Hold'em": Game.OTHER,
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "5 Card Omaha": Game.OMAHA5,
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HI_LO,
    "Omaha 5 Cards": Game.OMAHA5,
    "Omaha 5 Cards Hi/Lo": Game.OMAHA5_HI_LO,
    "6 Card Omaha": Game.OMAHA6,
    "6 Card Omaha Hi/Lo": Game.OMAHA6_HI_LO,
    "Omaha 6 Cards": Game.OMAHA6,
    "Omaha 6 Cards Hi/Lo": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel Hi/Lo": Game.COURCHEVEL_HI_LO,
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi/Lo": Game.STUD_HI_LO,
    "Razz": Game.RAZZ,
    "Triple Draw 2-7 Lowball": Game.TRIPLE_DRAW_2_7,
    "Single Draw 2-7 Lowball": Game.SINGLE_DRAW_2_7,
    "5 Card Draw": Game.FIVE_CARD_DRAW,
    "Badugi": Game.BADUGI,
}
_GAMES_ANY_CASE: Final = {text.upper(): game for text, game in GAMES.items()}

STRUCTURES: Final = {
    "POT LIMIT": Structure.POT_LIMIT,
    "NO LIMIT": Structure.NO_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
    "FIXED LIMIT": Structure.FIXED_LIMIT,
    "POT LIMIT PRE-FLOP, NO LIMIT POST-FLOP": Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP,
}
_KINDS: Final = {"ZOOM": "zoom", "HOME GAME": "home-game"}

_ISO: Final = re.compile(r"\s*\b([A-Z]{3})\s*$")
_CAP: Final = re.compile(r"\s*-\s*(\S+)\s+Cap\s*-\s*")
_BUTTON_BLIND: Final = re.compile(r"Button Blind\s+(\S+)\s+-\s+Ante\s+(\S+)")
_SYMBOL: Final = re.compile(r"^([^\d\s.,])")


@dataclass(frozen=True, slots=True, init=False)
class HeaderInfo:
    room: str
    kind: str
    hand_id: str
    game: Game
    game_text: str
    structure: Structure
    mixed: str | None
    club: str | None
    tournament: Tournament | None
    stakes_text: str
    currency: str  # ISO code, or "chips"
    started_local: str
    started: datetime | None

    def __init__(
        self,
        room: str,
        kind: str,
        hand_id: str,
        game: Game,
        game_text: str,
        structure: Structure,
        mixed: str | None,
        club: str | None,
        tournament: Tournament | None,
        stakes_text: str,
        currency: str,
        started_local: str,
        started: datetime | None,
    ) -> None:
        self.room, self.kind, self.hand_id, self.game = room, kind, hand_id, game  # type: ignore[misc]
        self.game_text, self.structure, self.mixed, self.club = game_text, structure, mixed, club  # type: ignore[misc]
        self.tournament, self.stakes_text, self.currency = tournament, stakes_text, currency  # type: ignore[misc]
        self.started_local, self.started = started_local, started  # type: ignore[misc]


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """Fields of the HEADER terminal to a HeaderInfo; raises ValueError for an unknown game."""
    game_text = fields["game"] or ""
    game = GAMES.get(game_text) or _GAMES_ANY_CASE.get(game_text.upper())
    if game is None:
        raise ValueError(f"unknown game {game_text!r}")
    structure = STRUCTURES[(fields["limit"] or "").upper()]
    stakes_text = (fields["mixed_stakes"] or fields["stakes"] or "").replace("\xa0", " ")
    tournament = None
    if fields["tournament_id"]:
        tournament = _tournament(fields["tournament_id"], fields["buy_in"], fields["level"], fields["match_round"])
    kind = _KINDS.get((fields["kind"] or fields.get("tournament_kind") or "").upper(), "hand")
    started_local = fields["started"] or ""
    currency = _currency(stakes_text, tournament is not None)
    return HeaderInfo(
        room=ROOMS.get((fields["room"] or "").upper(), (fields["room"] or "").lower()),
        kind=kind,
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=game_text,
        structure=structure,
        mixed=fields["mixed"],
        club=fields["club"],
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=started_local,
        started=parse_started(started_local),
    )


# The helpers below are cached: a file's hands share their stakes, tournament and unit.


@functools.lru_cache(maxsize=1024)
def _tournament(tournament_id: str, buy_in: str | None, level: str | None, match_round: str | None) -> Tournament:
    return Tournament(
        tournament_id=tournament_id, buy_in=(buy_in or "").rstrip(","), level=level, match_round=match_round
    )


@functools.lru_cache(maxsize=1024)
def _currency(stakes_text: str, tournament: bool) -> str:
    iso = _ISO.search(stakes_text)
    if iso and not tournament:
        return iso.group(1)
    if tournament:
        return "chips"
    symbol = _SYMBOL.match(stakes_text.strip())
    if symbol:
        # any other sign is money of a currency not known (the kit's signs: kit/amounts.py)
        return SIGNS.get(symbol.group(1), "XXX")
    return "chips"


def unit_for(info: HeaderInfo, play_money: bool, decimals: int | None = None) -> Unit:
    return _unit(info.currency, play_money, decimals)


@functools.lru_cache(maxsize=256)
def _unit(currency: str, play_money: bool, decimals: int | None) -> Unit:
    if play_money:
        return Unit("play", decimals or 0)
    if currency == "chips":
        return Unit("chips", decimals or 0)
    return Unit(currency, 2 if decimals is None else decimals)


def _amount(text: str, decimals: int) -> int:
    """A stake as the header prints it (`$0.25`, `€0.02`, `₹100`, `¥2`, `1,500`): PokerStars' English,
    a decimal point and thousands by comma, read by the kit; raises AmountError (a ValueError)."""
    return read_amount(text.strip(), decimals, decimal=".")


def read_stakes(info: HeaderInfo, unit: Unit) -> Stakes:
    """Stakes from the header's parenthesis. Fixed limit: the pair is small bet / big bet."""
    return _stakes(info.stakes_text, info.structure, unit.decimals)


@functools.lru_cache(maxsize=1024)
def _stakes(stakes_text: str, structure: Structure, decimals: int) -> Stakes:
    text = _ISO.sub("", stakes_text)
    cap = None
    cap_match = _CAP.search(text)
    if cap_match:
        cap = _amount(cap_match.group(1), decimals)
        text = text[: cap_match.start()] + text[cap_match.end() :]
    button = _BUTTON_BLIND.search(text)
    if button:
        blind = _amount(button.group(1), decimals)
        return Stakes(None, blind, ante=_amount(button.group(2), decimals), cap=cap)
    low, _, high = text.strip().partition("/")
    if not high:
        raise ValueError(f"stakes {stakes_text!r} are not 'small/big'")
    small, big = _amount(low, decimals), _amount(high, decimals)
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=small, big_bet=big, cap=cap)
    return Stakes(small, big, cap=cap)


fast_init(HeaderInfo)
