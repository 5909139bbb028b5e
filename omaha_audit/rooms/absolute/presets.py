"""House rules of Absolute Poker and UltimateBet (the Cereus network), as their hands show them (ROOMS.md 20).

- Fixed limit posts a small blind that is not half the small bet: `$25/$50` posts 15 and 25, `$5/$10`
  posts 3 and 5, `$0.25/$0.50` posts 0.10 and 0.25 (the corpus's three limit tables). The rest of the
  table is the one fpdb's AbsoluteToFpdb converter carries (`Lim_Blinds`), read here as small bet ->
  small blind (its 0.50 -> 0.10/0.25 row is the $0.25/$0.50 table, its 10 -> 3/5 the $5/$10 table).
- No flop, no drop: the corpus's cash hands that end before the flop print no rake (`Total Pot($4)`).
- Rake caps: none published in the hands (`Rake ($3)` from $165 and $125 at $25/$50, `Rake ($2)` from $68
  at $5/$10), so none is checked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules

_FL_BLINDS: Final = tuple(
    (Decimal(bet), Decimal(blind))
    for bet, blind in (
        ("0.02", "0.01"),
        ("0.04", "0.02"),
        ("0.10", "0.05"),
        ("0.20", "0.10"),
        ("0.25", "0.10"),
        ("0.50", "0.25"),
        ("1", "0.50"),
        ("2", "1"),
        ("3", "2"),
        ("4", "2"),
        ("5", "3"),
        ("10", "5"),
        ("15", "10"),
        ("20", "10"),
        ("25", "15"),
        ("30", "15"),
        ("40", "20"),
        ("50", "25"),
        ("75", "50"),
        ("100", "50"),
        ("200", "100"),
        ("300", "150"),
        ("400", "200"),
        ("500", "250"),
        ("1000", "500"),
    )
)

ABSOLUTE: Final = HouseRules(
    name="absolute",
    no_flop_no_drop=True,
    fl_small_blinds=_FL_BLINDS,
    notes="Absolute Poker / UltimateBet (Cereus): no flop no drop; fixed-limit small blinds by table "
    "($25/$50 posts $15, $5/$10 posts $3); a jackpot rake besides the rake on some tables; no rake caps known.",
)

PRESETS: Final = (ABSOLUTE,)
BY_ROOM: Final = {"absolute": ABSOLUTE}
