"""House rules of Unibet's own client (ROOMS.md 25): one hand in the corpus, a walk-free all-in preflop
taking no rake (`Rake €0`), which says nothing of a schedule: RULES.md's defaults, no rake caps known."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

UNIBET: Final = HouseRules(
    name="unibet",
    notes="Unibet (own client, 2021): RULES.md's defaults; no rake caps known (one hand in the corpus).",
)

PRESETS: Final = (UNIBET,)
BY_ROOM: Final = {"unibet": UNIBET}
