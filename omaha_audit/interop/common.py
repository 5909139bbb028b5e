"""What every hand-history writer of `omaha-audit convert` shares (`phh.py`, `ohh.py`, `pokerstars_text.py`).

A writer module exposes:

* `NAME` (the `--to` value) and `SUFFIX` (the output file's suffix, dot included);
* `convert(hand) -> str | Unconvertible`: one read hand in the target format, or why it cannot be
  written there (a short, stable reason: the command counts hands by it);
* `entry(index, text) -> str`: the text as it goes into a file holding many hands (`index` counts the
  file's converted hands from 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_audit.engine.ledger import ledger
from omaha_audit.model import Hand, Refunds


@dataclass(frozen=True, slots=True)
class Unconvertible:
    """A hand the target format cannot express; `reason` is one short line, the same for every hand
    that fails for the same cause (no hand id or amount in it)."""

    reason: str


def returned_bets(hand: Hand) -> dict[str, int]:
    """The uncalled bets given back, by player: the room's own lines where it prints them, else the bet
    nobody matched as the audit computes it (UC-1, engine/ledger.py), for rooms that imply the return or
    pay it back inside `collected`."""
    returned: dict[str, int] = {}
    if hand.refunds is Refunds.LINE:
        for line in hand.uncalled:
            returned[line.player] = returned.get(line.player, 0) + line.amount
    else:
        uncalled = ledger(hand).uncalled
        if uncalled is not None:
            returned[uncalled[0]] = uncalled[1]
    return {player: amount for player, amount in returned.items() if amount}
