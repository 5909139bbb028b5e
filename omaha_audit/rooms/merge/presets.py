"""House rules of the Merge Gaming network (Carbon Poker and its skins), as the corpus's hands show them
(ROOMS.md section 10).

- No flop, no drop: the hands that ended before the flop paid out the whole pot (`addCallandRaise.format`
  8.00 of 8.00, `none.dealtin` 0.23 of 0.23, `player.not.in.preamble`), the rake only appears once a flop is
  dealt (`NLO` 0.21 of 4.25, `colon.divider` 0.52 of 10.50: 5 %).
- Fixed limit: `Limit $0.25/$0.50` posts a small blind of 0.10, not half the small bet.
- Rake caps: no hand of the corpus reaches one (the largest rake, 2.92 on 58.59 at $0.25/$0.50, and 2.00 on
  167.84 at $1/$2); none is known, so none is checked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules

MERGE: Final = HouseRules(
    name="merge",
    no_flop_no_drop=True,
    # FL-1: `Limit $0.25/$0.50` posts 0.10 and 0.25 (`PLO8-USD-0.25-0.50-201111`; fpdb's Lim_Blinds); the
    # other limits of the corpus post half the small bet ($0.02/$0.04: 0.01, $1/$2: 0.50).
    fl_small_blinds=((Decimal("0.25"), Decimal("0.10")),),
    notes="Merge Gaming network (Carbon, 2008-2013 XML-like text): no flop no drop; about 5 % rake, never printed; "
    "no rake caps known.",
)

PRESETS: Final = (MERGE,)
BY_ROOM: Final = {"merge": MERGE}
