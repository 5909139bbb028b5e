"""Kings Club's header block (ROOMS.md 18): `#39969304: Pot Limit Omaha Hi-Lo - 5/10`, then the time
(`2021-01-02 15:45:10`, no zone) and the table on lines of their own."""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Game, Structure
from omaha_audit.rooms.pokerstars.header import HeaderInfo

# The club's games, its mixed games among them (the names fpdb's KingsClubToFpdb.py knows): `Big O` is
# five-card Omaha hi/lo, `2-7 Razz` deuce-to-seven razz (not the ace-to-five razz of Game.RAZZ), `Badeucey`
# badugi and 2-7 triple draw split, `2-7 Drawmaha` five-card Omaha high and 2-7 single draw split. The names
# the model has no game for (`A-5 Single Draw`; `Badacey`, badugi and A-5 split; `Captain`) are Game.OTHER:
# read, not replayed (OA102).
GAMES: Final = {
    "Holdem": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi-Lo": Game.OMAHA_HI_LO,
    "Omaha 5 Card": Game.OMAHA5,
    "Omaha 5 Card Hi-Lo": Game.OMAHA5_HI_LO,
    "Big O": Game.OMAHA5_HI_LO,
    "Omaha 6 Card": Game.OMAHA6,
    "2-7 Single Draw": Game.SINGLE_DRAW_2_7,
    "2-7 Triple Draw": Game.TRIPLE_DRAW_2_7,
    "A-5 Triple Draw": Game.TRIPLE_DRAW_A_5,
    "5 Card Draw": Game.FIVE_CARD_DRAW,
    "Badugi": Game.BADUGI,
    "Seven Card Stud": Game.STUD,
    "Seven Card Stud Hi-Lo": Game.STUD_HI_LO,
    "Razz": Game.RAZZ,
    "2-7 Razz": Game.RAZZ_2_7,
    "Badeucey": Game.BADEUCEY,
    "2-7 Drawmaha": Game.DRAWMAHA_2_7,
}
_ALL_IN_OR_FOLD: Final = re.compile(r"\bAOF\b|\bAoF\b|All-?in or Fold", re.IGNORECASE)
STRUCTURES: Final = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
}


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo (the time is added from the next line)."""
    game_text = fields["game"] or ""
    return HeaderInfo(
        room="kingsclub",
        kind="hand",
        hand_id=fields["hand_id"] or "",
        game=GAMES.get(game_text, Game.OTHER),
        game_text=game_text,
        structure=STRUCTURES[fields["limit"] or "No Limit"],
        mixed=None,
        club=None,
        tournament=None,
        stakes_text=fields["stakes"] or "",
        currency="chips",  # no currency is printed anywhere
        started_local="",
        started=None,
    )


def with_table(info: HeaderInfo, started_local: str, table: str) -> HeaderInfo:
    """The header with the time of the block's second line (local, no zone: `started` stays None) and
    what the table's name adds: an all-in-or-fold table (`MAD AOF PLO`) lets a player only fold or go all
    in, whatever the game's limit, so its hands are read as no limit (no pot-limit maximum applies)."""
    structure = Structure.NO_LIMIT if _ALL_IN_OR_FOLD.search(table) else info.structure
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
        started_local=started_local,
        started=None,
    )
