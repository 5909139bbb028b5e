"""Full Tilt Poker's dealing rules, as its hands show them (RULES.md's appendix lists the switches).

- Fixed-limit blinds (FL-1): the small blind is not always half the small bet. fpdb's Full Tilt reader
  carries Full Tilt's table (FulltiltToFpdb.py, `Lim_Blinds`: big bet -> small blind, big blind); the
  corpus's limit hands agree where they show it: $0.05/$0.10 posts $0.02/$0.05, $0.10/$0.20 $0.05/$0.10,
  $0.50/$1 $0.25/$0.50, $1/$2 $0.50/$1, $150/$300 $75/$150, $200/$400 $100/$200, $250/$500 $125/$250.
  Three rows of that table are left out: its $25/$50 row (an $8 small blind) and its two $1,000/$2,000
  rows (a $750 or a $1,000 big blind) contradict the rest or each other.
- No flop, no drop (RK-1): every hand of the corpus that ends before the flop is raked nothing.
- Odd chips (OC-2/OC-3, HL-4): a split hi/lo pot gives the odd chip to the high half ($9.43 split $4.72 high,
  $4.71 low).
- Rake caps: Full Tilt's schedule by stakes and players is not published in any source found (one page
  gives only "at most $4 with 5 or more players" at no-limit and pot-limit, while the corpus shows $3 raked
  from six-handed pots of $251 and $4,600): none is set, so caps are not checked.
- The fixed-limit cap heads-up (FL-3) is not shown by any hand of the corpus: RULES.md's default stays.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules

# (small bet, small blind), from fpdb's `Lim_Blinds` (keyed there by the big bet).
_FL_BLINDS: Final = tuple(
    (Decimal(bet), Decimal(blind))
    for bet, blind in (
        ("0.02", "0.01"),
        ("0.05", "0.02"),
        ("0.10", "0.05"),
        ("0.20", "0.10"),
        ("0.25", "0.10"),
        ("0.50", "0.25"),
        ("1", "0.50"),
        ("2", "1"),
        ("2.50", "1.25"),
        ("3", "1.50"),
        ("4", "2"),
        ("5", "2.50"),
        ("8", "4"),
        ("10", "5"),
        ("12", "6"),
        ("15", "10"),
        ("20", "10"),
        ("30", "15"),
        ("40", "20"),
        ("50", "25"),
        ("60", "30"),
        ("100", "50"),
        ("150", "75"),
        ("200", "100"),
        ("250", "125"),
        ("300", "150"),
        ("400", "200"),
        ("500", "250"),
        ("1500", "750"),
        ("2000", "1000"),
    )
)

FULL_TILT: Final = HouseRules(
    name="fulltilt",
    fl_small_blinds=_FL_BLINDS,
    # CT-1: a dead button (the corpus's Full Tilt tables and Matrix tournaments; the "moving" reading
    # fails 5 pairs, the "dead" one none but a test file of unrelated hands).
    button_mode="dead",
    notes="Full Tilt Poker (2006-2014): no flop no drop, fixed-limit blinds from fpdb's Full Tilt table, "
    "odd chip of a hi/lo split to the high half; no rake caps known.",
)
