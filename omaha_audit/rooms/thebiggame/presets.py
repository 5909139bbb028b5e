"""House rules of The Big Game (PokerStars' television cash game, 2008-2009; ROOMS.md 27), as its hands
show them: one ante for the table, posted by the dealer (`Ante:600` over blinds of 200 and 400: the
stacks from hand to hand say who paid it); live straddles (`Straddles 800`); boards run two, three and four
times after an all-in; no rake (the show prints no pot and no rake), so no cap and no flop-no-drop check
applies."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

THE_BIG_GAME: Final = HouseRules(
    name="thebiggame",
    straddle_sets_min_raise=True,
    notes="The Big Game (PokerStars TV, no-limit Hold'em): a table ante posted by the dealer; live "
    "straddles; boards run up to four times; no rake.",
)

PRESETS: Final = (THE_BIG_GAME,)
BY_ROOM: Final = {"thebiggame": THE_BIG_GAME}
