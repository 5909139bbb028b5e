"""House rules of the rooms that write Bovada's text: Bovada, Ignition and Bodog, one network's software.

No rake schedule is published in the hands, and none is relied on here: the rake is checked only for "no
flop, no drop" (every hand of the corpus that ends before the flop keeps nothing: `Rake ($0)`, or a win of
the whole pot).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

BOVADA: Final = HouseRules(
    name="bovada",
    notes="Bovada / Ignition / Bodog: no rake caps known (the cash text of 2012 prints the rake, later text "
    "does not); no flop, no drop.",
)

PRESETS: Final = (BOVADA,)
BY_ROOM: Final = {"bovada": BOVADA, "ignition": BOVADA, "bodog": BOVADA}
