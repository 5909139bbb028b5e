"""House rules of BetOnline (Chico network) and Gear Poker, as their hands show them (ROOMS.md 21)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

BETONLINE: Final = HouseRules(
    name="betonline",
    # RK-1: the hands that end before the flop keep no rake (`Total pot 0.07 | Rake 0.00` is a flop hand;
    # none of the corpus's raked hands ends before the flop): RULES.md's default is kept.
    no_flop_no_drop=True,
    # RK-2: about 5% (0.78 of 15.61, 1.91 of 38.25, 0.22 of 3.97); no published cap is cited, so none is
    # checked.
    rake_caps=(),
    notes="BetOnline (Chico network): no rake caps known; the summary's Total pot is net of the rake.",
)

GEAR: Final = HouseRules(
    name="gear",
    notes="Gear Poker (play money in the corpus): no rake; RULES.md's defaults.",
)

PRESETS: Final = (BETONLINE, GEAR)
BY_ROOM: Final = {"betonline": BETONLINE, "gear": GEAR}
