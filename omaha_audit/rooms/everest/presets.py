"""House rules of Everest Poker, as the corpus's four hands show them (ROOMS.md section 11).

- No flop, no drop: the corpus has no Everest hand that ended before the flop with money in it (the
  uncontested hands end on the flop); RULES.md's default is kept.
- A tax is taken with the rake (`<SWEEP rake="150" tax="100">` at €5/€10): it is a fee taken from the pot.
- Rake caps: none known.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

EVEREST: Final = HouseRules(
    name="everest",
    no_flop_no_drop=True,
    notes="Everest Poker (2010-2012 XML): amounts in cents; a tax is taken from the pot with the rake; "
    "no rake caps known.",
)

PRESETS: Final = (EVEREST,)
BY_ROOM: Final = {"everest": EVEREST}
