"""House rules of Kings Club (KCP club software), as its hands show them (ROOMS.md 18)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

KINGSCLUB: Final = HouseRules(
    name="kingsclub",
    # RK-1: the corpus has no hand ending before the flop with a rake line to judge it by: RULES.md's
    # default (no flop no drop) is kept.
    no_flop_no_drop=True,
    # RK-2: a private club's rake (`Rake 1` on a 179 pot, `Rake 4.50` on 90, `Rake 8` on 2,000): no
    # published schedule, so no cap is checked (the hands are in chips, which OA603 does not check).
    rake_caps=(),
    notes="Kings Club: club chips, no currency; no rake caps known; the summary prints the main pot's award "
    "only (side pots are read from the seats' nets).",
)

PRESETS: Final = (KINGSCLUB,)
BY_ROOM: Final = {"kingsclub": KINGSCLUB}
