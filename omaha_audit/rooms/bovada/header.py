"""Bovada's hand header: the brand, the game and its limit, the table (or Zone Poker pool), the tournament,
and the time.

Cash tables print no stakes (the MVS tables of 2021 on print them on a `Table Info:` line): the blinds are
read from the posts. Zone Poker, the room's fast-fold pool, prints `Zone Poker ID#952` where a table prints
`TBL#`, and `ZonePoker` after the game word (`HOLDEMZonePoker`): every hand is dealt at a new table, so the
hand is the model's "zoom" kind. Tournament headers print the level's blinds (`Level 5 (50/100)`) and, in
some files, a speed word where the limit belongs (`Normal- Level 5`, `Turbo- Level 1`): such a Hold'em
tournament is no limit, as every Bovada Hold'em tournament of the corpus that names its limit is (fpdb
decides the same); `1 on 1` before the limit marks a heads-up tournament.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from omaha_audit.model import Game, Structure, Tournament
from omaha_audit.model.frozen import fast_init
from omaha_audit.parse.times import parse_started

ROOMS: Final = {
    "Bovada": "bovada",
    "Ignition": "ignition",
    "Bodog": "bodog",
    "Bodog.com": "bodog",
    "Bodog.eu": "bodog",
    "Bodog UK": "bodog",
    "Bodog Canada": "bodog",
    "Bodog88": "bodog",
}
GAMES: Final = {
    "HOLDEM": Game.HOLDEM,
    "OMAHA": Game.OMAHA,
    "OMAHA HiLo": Game.OMAHA_HI_LO,
    "OMAHA_HL": Game.OMAHA_HI_LO,
    "7CARD": Game.STUD,
    "7CARD HiLo": Game.STUD_HI_LO,
    "7CARD_HL": Game.STUD_HI_LO,
}
GAME_TEXTS: Final = {
    Game.HOLDEM: "Hold'em",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.STUD: "7 Card Stud",
    Game.STUD_HI_LO: "7 Card Stud Hi/Lo",
}
STRUCTURES: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
}
# the words a tournament header may print beside (or in place of) the limit: speeds, and heads-up
_TOURNAMENT_WORDS: Final = re.compile(r"\b(?:1 on 1|Normal|Turbo)\b")
_HEADS_UP: Final = "1 on 1"
# a level's blinds: `50/100`, `$1/$2`, `$1/$2 USD`
_LEVEL: Final = re.compile(r"(\$?\d(?:[\d,.]*\d)?)/(\$?\d(?:[\d,.]*\d)?)(?: ?USD)?")
# MVS: `Stakes: $0.50-$1`
_STAKES: Final = re.compile(r"Stakes: (\$?\d(?:[\d,.]*\d)?)-(\$?\d(?:[\d,.]*\d)?)")


@dataclass(frozen=True, slots=True, init=False)
class BovadaHeader:
    room: str
    hand_id: str
    kind: str  # "hand", or "zoom" for Zone Poker
    game: Game
    game_text: str
    structure: Structure
    limit_printed: bool  # False: the tournament header names a speed, not a limit
    heads_up: bool  # a `1 on 1` tournament
    table: str
    tournament: Tournament | None
    level_stakes: tuple[str, str] | None  # the tournament level's (small blind, big blind) as printed
    started_local: str
    started: datetime | None

    def __init__(
        self,
        room: str,
        hand_id: str,
        kind: str,
        game: Game,
        game_text: str,
        structure: Structure,
        limit_printed: bool,
        heads_up: bool,
        table: str,
        tournament: Tournament | None,
        level_stakes: tuple[str, str] | None,
        started_local: str,
        started: datetime | None,
    ) -> None:
        self.room, self.hand_id, self.kind = room, hand_id, kind  # type: ignore[misc]
        self.game, self.game_text = game, game_text  # type: ignore[misc]
        self.structure, self.limit_printed, self.heads_up = structure, limit_printed, heads_up  # type: ignore[misc]
        self.table = table  # type: ignore[misc]
        self.tournament, self.level_stakes = tournament, level_stakes  # type: ignore[misc]
        self.started_local, self.started = started_local, started  # type: ignore[misc]


def read_header(fields: dict[str, str | None]) -> BovadaHeader:
    """The HEADER terminal's fields to a BovadaHeader; raises ValueError when they make no sense."""
    tournament_id = fields["tournament_id"]
    heads_up = False
    if tournament_id:
        game = GAMES[fields["t_game"] or ""]
        printed = (fields["t_limit"] or "").strip()
        heads_up = _HEADS_UP in printed
        limit = " ".join(_TOURNAMENT_WORDS.sub(" ", printed).split())
        table = fields["t_table"] or ""
        level_stakes: tuple[str, str] | None = None
        if fields["level_stakes"] is not None:
            stakes = _LEVEL.fullmatch(fields["level_stakes"].strip())
            if stakes is None:
                raise ValueError(f"tournament level stakes {fields['level_stakes']!r} are not 'small/big'")
            level_stakes = (stakes.group(1), stakes.group(2))
        tournament: Tournament | None = Tournament(tournament_id, "", fields["level"])
    else:
        game = GAMES[fields["game"] or ""]
        printed = limit = fields["limit"] or ""
        table = fields["table"] or ""
        level_stakes, tournament = None, None
    structure = STRUCTURES.get(limit)
    limit_printed = structure is not None
    if structure is None:
        if limit or game is not Game.HOLDEM:
            raise ValueError(f"no limit printed for {game.value} ({printed!r})")
        structure = Structure.NO_LIMIT
    if game in (Game.STUD, Game.STUD_HI_LO):
        structure = Structure.FIXED_LIMIT
    zone = fields["zone"] is not None or fields["zone_game"] is not None
    started_local = fields["started"] or ""
    return BovadaHeader(
        room=ROOMS[fields["room"] or "Bovada"],
        hand_id=fields["hand_id"] or "",
        kind="zoom" if zone else "hand",
        game=game,
        game_text=f"{GAME_TEXTS[game]} {printed}" if printed else GAME_TEXTS[game],
        structure=structure,
        limit_printed=limit_printed,
        heads_up=heads_up,
        table=table,
        tournament=tournament,
        level_stakes=level_stakes,
        started_local=started_local,
        started=parse_started(started_local),
    )


def mvs_stakes(info: str) -> tuple[str, str] | None:
    """The (small blind, big blind) texts of an MVS `Table Info:` line, if it prints them."""
    match = _STAKES.search(info)
    return (match.group(1), match.group(2)) if match else None


fast_init(BovadaHeader)
