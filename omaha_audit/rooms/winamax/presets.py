"""House rules of Winamax (what its hands show; RULES.md's defaults elsewhere)."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rooms.pokerstars.presets import POKERSTARS

WINAMAX: Final = HouseRules(
    name="winamax",
    # RK-1: no rake when no flop is dealt (`Total pot 56€ | No rake` on a pot won preflop,
    # fpdb-chaz/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt; ROOMS.md 5.6).
    no_flop_no_drop=True,
    # FL-1: the small blind of the 0.05€/0.10€ fixed-limit table is 0.02€ (fpdb-3/cash/Flop/
    # LHE-2max-EUR-0.05-0.10-201204.txt); the play-money 0.50/1 draw table posts half the small bet.
    # Winamax publishes no table for its other limits: PokerStars' (RULES.md FL-1) is assumed for them.
    fl_small_blinds=((Decimal("0.05"), Decimal("0.02")), *POKERSTARS.fl_small_blinds),
    # No rake caps: Winamax's schedule is not printed in its hands and no published figure was found to
    # cite (3€ is the most raked in the corpus, on 2€/4€ pots of 170€ and 474€), so caps are not checked.
    # CT-1: a dead button: it goes to the previous small blind's seat even when that player has left or
    # sits out, and the big blind advances one seat (every consecutive pair of the corpus; the "moving"
    # reading fails 6, e.g. fpdb-chaz/PLO-FR-EUR-0.02-0.05-201009.Sample lines 861 and 1302).
    button_mode="dead",
    # BL-5: a player back from sitting out posts a big blind only, whatever they missed (`posts big blind
    # 0.05€ out of position` after missing both: PLO-FR-EUR-0.02-0.05-201009.Sample lines 174-176).
    missed_small_blind_owed=False,
    notes="Winamax: no flop no drop; rake caps not known (not checked); times printed in UTC.",
)

PRESETS: Final = (WINAMAX,)
BY_ROOM: Final = {"winamax": WINAMAX}
