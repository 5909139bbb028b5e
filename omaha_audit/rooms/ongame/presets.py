"""House rules of the OnGame network as its text shows them (ROOMS.md section 13; the corpus's OnGame folder).

- No flop, no drop: the cash hands that ended before the flop print `Rake taken: $0.00` (`$5/$5` PLO8, the
  $0.05/$0.10 limit Omaha table's walks).
- Fixed limit posts half the small bet as the small blind, rounded down to the cent where half is not a
  cent: `LIMIT OMAHA_HI $0.05/$0.10` posts $0.02 and $0.05 (the corpus), and fpdb's OnGame converter maps
  $0.15 and $0.25 small bets to $0.07 and $0.12 small blinds (`Lim_Blinds`); other stakes post exact halves.
- Equal blinds: some pot-limit cash tables post the big blind's amount on the small-blind seat too (`$0.50/
  $0.50` PLO8, the small-blind seat posting `big blind ($0.50)`; `$5/$5` and `$0.25/$0.25` PLO posting the
  same amount as small and big blind); the raises that follow are measured from those blinds. Nothing in
  RULES.md forbids a table's blinds to be equal, so they are audited as posted.
- Rake caps: none published in the hands or found; not checked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules

# (small bet, small blind) where the small blind is not half the small bet
_FL_SMALL_BLINDS: Final = (("0.05", "0.02"), ("0.15", "0.07"), ("0.25", "0.12"))

ONGAME: Final = HouseRules(
    name="ongame",
    no_flop_no_drop=True,
    fl_small_blinds=tuple((Decimal(bet), Decimal(blind)) for bet, blind in _FL_SMALL_BLINDS),
    notes="OnGame network (Bwin, Betsson, ...; 2009-2014): no flop no drop; fixed-limit small blinds rounded "
    "down to the cent; some pot-limit tables post equal blinds; no rake caps known.",
)

PRESETS: Final = (ONGAME,)
BY_ROOM: Final = {"ongame": ONGAME}
