"""House rules of Americas Cardroom (the Winning Poker Network's text from 2019 on), from what its hands show
(ROOMS.md section 7; the corpus's WinningPoker-ACR folder).

- No flop, no drop: every hand of the corpus that ended before the flop took no rake (the walks'
  `Total pot $9.00`, the tournament and cash folds to a raise with no `| Rake` part), while every cash hand
  that saw a flop did (`Total pot $199.00 | Rake $0.96 | JP Fee $0.04`).
- Fixed limit posts half the small bet as the small blind (`$20.00/$40.00` posts $10.00 and $20.00): the
  default rule, no table needed.
- Rake caps: none is printed in the hands and no schedule is cited here, so none is checked.
- Run it twice: the board's halves are printed per board (`Main pot 1 $123.00 | Rake $1.50`), each board
  settled on its own: RULES.md's defaults.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

ACR: Final = HouseRules(
    name="acr",
    no_flop_no_drop=True,
    notes="Americas Cardroom (WPN, 2019 on): no flop no drop; rake includes a jackpot fee (JP Fee) printed "
    "apart; no rake caps known.",
)

PRESETS: Final = (ACR,)
BY_ROOM: Final = {"acr": ACR}
