"""House rules of PartyPoker as its hands show them (ROOMS.md section 4; the corpus's PartyPoker folder).

- No flop, no drop: every hand of the corpus that ended before the flop kept no rake (`Player2 wins $0.06
  USD` for blinds of 0.02 and 0.04, `neohacks wins $45 USD` for blinds of 5 and 10 and a raise of 30 of which
  20 came back, the 2026 walk's `Rake: $0.0`).
- Fixed-limit cash tables post a small blind that is not always half the small bet: $15/$30 posts 10 and 15
  (`LHE-6max-USD-15-30-201104`), $20/$40 posts 10 and 20 (`LO8-USD-20-40`); the other rows are those of
  fpdb's PartyPoker converter (its `Lim_Blinds` table, by small bet: 0.02 posts 0.01, 0.05 posts 0.02, 0.15
  posts 0.07, 0.25 posts 0.10, ..., 250 posts 125).
- Rake caps: no schedule is cited and the hands do not show one, so none is checked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules

_FL_BLINDS: Final = tuple(
    (Decimal(bet), Decimal(blind))
    for bet, blind in (
        ("0.02", "0.01"),
        ("0.05", "0.02"),
        ("0.10", "0.05"),
        ("0.15", "0.07"),
        ("0.25", "0.10"),
        ("0.50", "0.25"),
        ("1", "0.50"),
        ("2", "1"),
        ("3", "1"),
        ("5", "2"),
        ("10", "5"),
        ("15", "10"),
        ("20", "10"),
        ("30", "15"),
        ("50", "25"),
        ("100", "50"),
        ("250", "125"),
    )
)

PARTYPOKER: Final = HouseRules(
    name="partypoker",
    no_flop_no_drop=True,
    fl_small_blinds=_FL_BLINDS,
    notes="PartyPoker: no flop no drop; fixed-limit small blinds as the room posts them ($15/$30 posts 10/15); "
    "no rake caps known.",
)

PRESETS: Final = (PARTYPOKER,)
BY_ROOM: Final = {"partypoker": PARTYPOKER}
