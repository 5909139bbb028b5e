"""House rules of the rooms that write Everleaf's text: Everleaf Gaming and its skins (Concord Gaming,
Grand Poker), one network's software.

No rake schedule is published in the hands (they print no rake): the rake is what the pot kept, checked for
"no flop, no drop" only (the corpus's hands that end before the flop keep nothing).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

EVERLEAF: Final = HouseRules(
    name="everleaf",
    notes="Everleaf Gaming (and Concord Gaming, Grand Poker): no rake printed, no rake caps known; no flop, no drop.",
)

PRESETS: Final = (EVERLEAF,)
BY_ROOM: Final = {"everleaf": EVERLEAF, "concord": EVERLEAF, "grand-poker": EVERLEAF}
