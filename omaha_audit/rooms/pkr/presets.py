"""House rules of PKR as its text shows them (ROOMS.md section 17; the corpus's PKR folder).

- No flop, no drop: a cash hand that ends before the flop prints no `Taking Rake` line (`$3/$6`, the
  raise that took the blinds: `Pot sizes: $12`, `Hero wins $12`).
- Rake caps: none published in the hands or found; not checked.
- Disconnection protection: a player who disconnects is kept in the hand without acting and wins at most
  what the text says (`wins $0.04, disconnection protection limited from $0.17`): not a rule of RULES.md,
  so such a hand's award is reported.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

PKR: Final = HouseRules(
    name="pkr",
    no_flop_no_drop=True,
    notes="PKR (2009-2015): no flop no drop; the rake is taken from a named pot; no rake caps known.",
)

PRESETS: Final = (PKR,)
BY_ROOM: Final = {"pkr": PKR}
