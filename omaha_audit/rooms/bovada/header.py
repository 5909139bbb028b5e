"""Bovada's hand header: the brand, the game and its limit, the tournament, and the time.

Cash tables print no stakes (the MVS tables of 2021 on print them on a `Table Info:` line): the blinds are
read from the posts. Tournament headers print the level's blinds (`Level 5 (50/100)`) and, in some files,
a speed word where the limit belongs (`Normal- Level 5`, `Turbo- Level 1`): such a Hold'em tournament is no
limit, as every Bovada Hold'em tournament of the corpus that names its limit is (fpdb decides the same).
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
}
GAMES: Final = {
    ("HOLDEM", False): Game.HOLDEM,
    ("OMAHA", False): Game.OMAHA,
    ("OMAHA", True): Game.OMAHA_HI_LO,
    ("7CARD", False): Game.STUD,
    ("7CARD", True): Game.STUD_HI_LO,
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
# MVS: `Stakes: $0.50-$1`
_STAKES: Final = re.compile(r"Stakes: \$?([\d,]+(?:\.\d+)?)-\$?([\d,]+(?:\.\d+)?)")


@dataclass(frozen=True, slots=True, init=False)
class BovadaHeader:
    room: str
    hand_id: str
    game: Game
    game_text: str
    structure: Structure
    limit_printed: bool  # False: the tournament header names a speed, not a limit
    table: str
    tournament: Tournament | None
    level_stakes: tuple[str, str] | None  # the tournament level's (small blind, big blind) as printed
    started_local: str
    started: datetime | None

    def __init__(
        self,
        room: str,
        hand_id: str,
        game: Game,
        game_text: str,
        structure: Structure,
        limit_printed: bool,
        table: str,
        tournament: Tournament | None,
        level_stakes: tuple[str, str] | None,
        started_local: str,
        started: datetime | None,
    ) -> None:
        self.room, self.hand_id, self.game, self.game_text = room, hand_id, game, game_text  # type: ignore[misc]
        self.structure, self.limit_printed, self.table = structure, limit_printed, table  # type: ignore[misc]
        self.tournament, self.level_stakes = tournament, level_stakes  # type: ignore[misc]
        self.started_local, self.started = started_local, started  # type: ignore[misc]


def read_header(fields: dict[str, str | None]) -> BovadaHeader:
    """The HEADER terminal's fields to a BovadaHeader; raises ValueError when they make no sense."""
    tournament_id = fields["tournament_id"]
    if tournament_id:
        game = GAMES[(fields["t_game"] or "", bool(fields["t_hilo"]))]
        limit = (fields["t_limit"] or "").strip()
        table = fields["t_table"] or ""
        low, _, high = (fields["level_stakes"] or "").partition("/")
        if not high:
            raise ValueError(f"tournament level stakes {fields['level_stakes']!r} are not 'small/big'")
        level_stakes: tuple[str, str] | None = (low, high)
        tournament: Tournament | None = Tournament(tournament_id, "", fields["level"])
    else:
        game = GAMES[(fields["game"] or "", bool(fields["hilo"]))]
        limit = fields["limit"] or ""
        table = fields["table"] or ""
        level_stakes, tournament = None, None
    structure = STRUCTURES.get(limit)
    limit_printed = structure is not None
    if structure is None:
        if game is not Game.HOLDEM:
            raise ValueError(f"no limit printed for {game.value} ({limit!r})")
        structure = Structure.NO_LIMIT
    if game in (Game.STUD, Game.STUD_HI_LO):
        structure = Structure.FIXED_LIMIT
    started_local = fields["started"] or ""
    return BovadaHeader(
        room=ROOMS[fields["room"] or "Bovada"],
        hand_id=fields["hand_id"] or "",
        game=game,
        game_text=f"{GAME_TEXTS[game]} {limit}" if limit else GAME_TEXTS[game],
        structure=structure,
        limit_printed=limit_printed,
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
