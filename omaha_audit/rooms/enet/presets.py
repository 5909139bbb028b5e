"""House rules of Enet Poker, as its hands show them (ROOMS.md 19)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

ENET: Final = HouseRules(
    name="enet",
    # RK-1: the one hand that ends before the flop keeps no rake (`Total pot €0,30 | Rake €0`).
    no_flop_no_drop=True,
    # RK-2: no published schedule is cited (the corpus: €0.67 of an €11.24 pot, 6%), so no cap is checked.
    rake_caps=(),
    notes="Enet Poker: rake printed per betting round and summed in the summary; no rake caps known; the "
    "summary's total pot is not the pot and is not used.",
)

PRESETS: Final = (ENET,)
BY_ROOM: Final = {"enet": ENET}
