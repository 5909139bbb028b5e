"""House rules of the Cake Poker network, as its hands show them (ROOMS.md 16)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

CAKE: Final = HouseRules(
    name="cake",
    # RK-1: the corpus's hands that end before the flop keep no rake (`Hero wins $1` of a $1.00 pot,
    # `1UIG***8 wins $0.15` of the blinds), so no flop no drop is checked.
    no_flop_no_drop=True,
    # RK-2: Cake prints no rake; what its pots keep is about a fifteenth, rounded down to the cent ($0.25
    # of $3.80, $0.56 of $8.50, $0.04 of $0.60): an observation, not a published schedule with caps, so
    # no cap is checked.
    rake_caps=(),
    notes="Cake Poker: no rake printed (what the pot keeps is checked for being negative); no rake caps "
    "known; no flop no drop; fixed-limit small blind half the small bet ($2.50 at $5/$10).",
)

PRESETS: Final = (CAKE,)
BY_ROOM: Final = {"cake": CAKE}
