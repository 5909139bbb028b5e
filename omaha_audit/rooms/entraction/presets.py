"""House rules of the Entraction network as its text shows them (ROOMS.md section 14; the corpus's
Entraction folder).

- No flop, no drop: the hands that ended before the flop print `Rake: EUR 0.00` (the €0.02/€0.04 tables'
  walks and steals).
- Fixed limit posts half the small bet as the small blind (`Omaha Hi/Lo Fixed Limit EUR 100.00/200.00`
  posting 50 and 100): the default rule.
- Rake caps: none published in the hands or found; not checked.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

ENTRACTION: Final = HouseRules(
    name="entraction",
    no_flop_no_drop=True,
    notes="Entraction network (Triobet, Gamebookers, Expekt, ...; 2011-2012): no flop no drop; no rake caps known.",
)

PRESETS: Final = (ENTRACTION,)
BY_ROOM: Final = {"entraction": ENTRACTION}
