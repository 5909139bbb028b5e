"""House rules of Global Poker (sweepstakes poker: Sweeps Coins and Gold Coins tables), as far as its
hand records show them.

- Rake: the records print it (`results.totalRake`), taken from the main pot. The three records in the
  corpus take 5% of the pot rounded down to the cent (0.48 of 9.76; 0.16 of 3.36) and 5.50 of a 5,564.50
  pot at 10/20 (a cap: 5% would be 278.22). The schedule of caps by stakes and players is not published
  with the records and two hands do not make one: no cap is checked.
- No flop, no drop: no record shows a raked pot that ended before the flop, nor a pot of that kind large
  enough for 5% to reach a cent, so RULES.md's default (no rake) stands, unconfirmed.
- Missed blinds: the server's actions say what a returning player posts (`BIG_BLIND_PLUS_DEAD_SMALL_BLIND`,
  `DEAD_SMALL_BLIND`, `ENTRY_BET`, `WAIT_FOR_BIG_BLIND`): RULES.md's defaults.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

GLOBALPOKER: Final = HouseRules(
    name="globalpoker",
    no_flop_no_drop=True,
    rake_caps=(),
    notes="Global Poker (Sweeps Coins XSD): rake 5% rounded down, from the main pot; caps not known (5.50 "
    "seen at 10/20); no flop, no drop not shown by the records (RULES.md's default).",
)

PRESETS: Final = (GLOBALPOKER,)
BY_ROOM: Final = {"globalpoker": GLOBALPOKER}
