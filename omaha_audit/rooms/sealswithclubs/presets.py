"""House rules of Seals With Clubs (bitcoin poker, 2013), as its hands show them (ROOMS.md 24).

- Blinds may be equal (`Blinds 1/1`: both blinds post 1), as the header's stakes and the posts agree.
- Rake: about 2.5% of the pot where one is taken (`Rake (0.30)` of 12, `Rake (0.17)` of 7, `Rake (0.16)` of
  6.50); the `1/1` tables of the corpus take none (`Rake (0)` of 10 after a flop). No caps are known.
- No flop, no drop: RULES.md's default (no hand of the corpus ends before the flop with a rake).
- Fixed limit: `Stakes 2/4` posts 1 and 2 (half the small bet, the default rule).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

SEALS: Final = HouseRules(
    name="sealswithclubs",
    notes="Seals With Clubs (mBTC, 2013): equal blinds on some tables; rake about 2.5%, none on the 1/1 "
    "tables; no rake caps known; RULES.md's defaults otherwise.",
)

PRESETS: Final = (SEALS,)
BY_ROOM: Final = {"sealswithclubs": SEALS}
