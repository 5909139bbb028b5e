"""House rules of the Winning Poker Network as its old text (2014-2018) shows them (ROOMS.md section 7;
the corpus's WinningPoker-ACR folder).

- No flop, no drop: the network's cash hands that ended before the flop took no rake (`Pot: 42. Rake 0`
  at $3/$6, `Pot: 2. Rake 0`, `Pot: 10. Rake 0`, ...); the one exception in the corpus is the fpdb sample
  `PLO8-6max-USD-20-40-201609.no.flop`, whose names do not fit its own actions (it is reported).
- Fixed limit posts half the small bet as the small blind (`40/80` posts 20 and 40, `2/4` posts 1 and 2):
  the default rule.
- Rake caps: the hands show the rake and the jackpot fee together stopping at $3.00 on big pots (`Rake 2.76.
  JP fee 0.24` at $5/$10 and at $40/$80), but no published schedule is cited, so none is checked.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

WPN: Final = HouseRules(
    name="wpn",
    no_flop_no_drop=True,
    button_mode="moving",  # CT-1: every consecutive pair of the corpus (the "dead" reading fails one)
    notes="Winning Poker Network (old text, 2014-2018): no flop no drop; a jackpot fee (JP fee) is taken "
    "besides the rake; CAP tables cap a hand at 30 big blinds; no rake caps known.",
)

PRESETS: Final = (WPN,)
BY_ROOM: Final = {"wpn": WPN}
