"""House rules for the hands PokerTracker 4 re-exported (ROOMS.md 26), by the room that dealt them. The
exports are third-party text; these presets say only what their hands show, never the source room's
published schedules (none is cited for these hands):

- iPoker (`pt4-ipoker`): `Rake $2.00` on $8,400 and $1,020 heads-up pots at $50/$100, `Rake $3.00` of $65.50
  at $0.50/$1, `Rake €0.53` of €8.05: no cap schedule is known; no rake in tournaments;
- Merge (`pt4-merge`): no rake printed; what a pot keeps is checked for being at least nothing;
- Microgaming (`pt4-microgaming`): `Rake: €0.15` of €4.50, `Rake: €1.50` of €98.27; no caps known;
- Everest (`pt4-everest`): no rake printed; the cash table's returning players post dead small blinds; the
  limit sit-and-go raises without a cap heads-up.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

PT4_IPOKER: Final = HouseRules(
    name="pt4-ipoker", notes="iPoker hands as PokerTracker 4 exports them: RULES.md's defaults; no rake caps known."
)
PT4_MERGE: Final = HouseRules(
    name="pt4-merge", notes="Merge hands as PokerTracker 4 exports them: no rake printed; no rake caps known."
)
PT4_MICROGAMING: Final = HouseRules(
    name="pt4-microgaming",
    notes="Microgaming hands as PokerTracker 4 exports them: RULES.md's defaults; no rake caps known.",
)
PT4_EVEREST: Final = HouseRules(
    name="pt4-everest",
    # FL-3: the limit sit-and-go's heads-up raising goes on past four bets (`raises to $3,000.00` on the turn,
    # the sixth bet, in 7164376991; five hands of the corpus): no cap heads-up.
    hu_cap="unlimited",
    notes="Everest hands as PokerTracker 4 exports them: no rake printed; no rake caps known; fixed limit is not "
    "capped heads-up.",
)

PRESETS: Final = (PT4_IPOKER, PT4_MERGE, PT4_MICROGAMING, PT4_EVEREST)
BY_ROOM: Final = {"ipoker": PT4_IPOKER, "merge": PT4_MERGE, "microgaming": PT4_MICROGAMING, "everest": PT4_EVEREST}
