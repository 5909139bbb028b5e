"""House rules of the Boss Media network's skins, as the corpus's hands show them (ROOMS.md section 8).

- No flop, no drop: every cash hand that ended before the flop shows `RAKE="0.00"` (`Limit1`,
  `NoHoleCards`, `FoldedPreflop`, `secondsb`); the rake appears on the board after the flop's betting.
- Rake caps: the largest rakes are `15.00` at 100/200 (USD and SEK tables alike: `3BetHand`,
  `GeneralHand`, `River`), about 2.5 % below that; no published schedule is cited, so none is checked.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

BOSSMEDIA: Final = HouseRules(
    name="bossmedia",
    no_flop_no_drop=True,
    notes="Boss Media network (2010-2017 XML): no flop no drop; the rake is printed cumulatively on each street; "
    "no rake caps known.",
)

PRESETS: Final = (BOSSMEDIA,)
BY_ROOM: Final = {"bossmedia": BOSSMEDIA}
