"""House rules of GGPoker (GGNetwork), as its hands show them (ROOMS.md 1, RULES.md's appendix)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rooms.pokerstars.presets import POKERSTARS

GGPOKER: Final = HouseRules(
    name="ggpoker",
    # RK-1: GG rakes some hands that end before the flop (RULES.md: `Total pot $255 | Rake $12.75` on a
    # preflop-ending PLO-5 ante/straddle hand, fpdb's GG regression file), so no flop no drop is not a rule.
    no_flop_no_drop=False,
    # RK-2: no published cap schedule is cited, so none is checked. The corpus's hands show caps of about
    # $0.06 at $0.01/$0.02, $7.50 at $2/$5 and $50 at $25/$50 (5% below them): observations, not a schedule.
    rake_caps=(),
    # OC-2 and RIT-2 as RULES.md's defaults: odd chip to the first winner left of the button, and the odd
    # chip of a run-twice split on the first board (`Total pot $103 | Rake $5.15`: 48.93 then 48.92).
    odd_chip_rule="first_left_of_button",
    rit_remainder_to="first_board",
    # FL-1: GG deals no fixed limit in the corpus; fpdb's GG converter posts fixed-limit blinds by the same
    # table as PokerStars (GGPokerToFpdb.Lim_Blinds: $5/$10 posts $2/$5), so PokerStars' table is used.
    fl_small_blinds=POKERSTARS.fl_small_blinds,
    button_mode="moving",  # CT-1: every consecutive pair of the corpus (the "dead" reading fails one)
    notes="GGPoker: preflop rake allowed (no flop no drop is not checked); no rake caps known (none published "
    "and cited); odd chip to the first winner left of the button; run-it-twice remainder to the first board; "
    "EV Cashout and all-in insurance are outside the pot.",
)

PRESETS: Final = (GGPOKER,)
BY_ROOM: Final = {"ggpoker": GGPOKER}
