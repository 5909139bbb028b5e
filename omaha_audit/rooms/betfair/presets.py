"""House rules of Betfair Poker (one hand in the corpus: nothing of its own is seen in it)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

BETFAIR: Final = HouseRules(
    name="betfair",
    notes="Betfair Poker: no rake printed, no rake caps known; the one hand of the corpus keeps 5% of the whole "
    "pot, taken from the main pot.",
)

PRESETS: Final = (BETFAIR,)
BY_ROOM: Final = {"betfair": BETFAIR}
