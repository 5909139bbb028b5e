"""House rules of the Microgaming Poker Network (MPN), as the corpus's hands show them (ROOMS.md section 9).

- No flop, no drop: the walks and the hands that ended before the flop show `rake="0"` (`v5.secondsb`,
  `v5.post.both.raise`, `Walk.in.second.bb`, `Disconnected`).
- Rake caps: `rake="300"` (3.00) on a 139.36 pot at 3/6 and on a 2,020 pot at 5/10, `rake="106"` on 21.35
  at 0.05/0.10: a 3.00 cap looks likely at those stakes, but no published schedule is cited, so none is
  checked.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

MICROGAMING: Final = HouseRules(
    name="microgaming",
    no_flop_no_drop=True,
    notes="Microgaming Poker Network (2010-2016 XML): no flop no drop; the rake is printed in cents on the hand; "
    "a bad-beat jackpot contribution is paid outside the pot; no rake caps known.",
)

PRESETS: Final = (MICROGAMING,)
BY_ROOM: Final = {"microgaming": MICROGAMING}
