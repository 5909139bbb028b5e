"""House rules of the iPoker network's skins, as their XML shows them (ROOMS.md 6).

- No flop, no drop: the corpus's cash hands that ended before the flop kept nothing (what the players put
  in, less the uncalled bet, is what they won), so RULES.md's default stands.
- Rake caps: the XML prints no rake at all (it is what the pot keeps), and the skins' schedules are not
  published with the files: none is checked.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

IPOKER: Final = HouseRules(
    name="ipoker",
    no_flop_no_drop=True,
    rake_caps=(),
    notes="iPoker network: no rake printed (what the pot keeps is checked for being negative, and nothing "
    "before the flop); no rake caps known.",
)

PRESETS: Final = (IPOKER,)
BY_ROOM: Final = {"ipoker": IPOKER}
