"""OA317 bring-in-amount."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind, Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_BRING_IN: Final = ActionKind.BRING_IN


def check(ctx: HandContext) -> Iterator[Finding]:
    """Stud: a bring-in of nothing, or of more than the small bet (a bring-in is at most one small bet: a
    player who wants more completes to the small bet and may be raised), not all-in (ST-1).

    Bad: 7 Card Stud ($0.04/$0.08), `Player6: brings in for $0.06`.
    Good: `Player6: brings in for $0.02` (the room's bring-in), or `brings in for $0.04` (the full small bet).
    Why: the bring-in is a forced bet of a fixed size: more takes chips the player did not have to put in,
    and sets a price the others did not expect.
    Bring-in sizes are not printed in the headers, so one below the room's usual size is not judged.
    """
    if not ctx.stud:
        return
    small = ctx.hand.stakes.small_bet
    for action in ctx.hand.actions:
        if action.kind is not _BRING_IN or action.all_in:
            continue
        if action.amount <= 0 or (small is not None and action.amount > small):
            yield RULE.finding(
                ctx,
                f"{action.player} brought in for {ctx.money(action.amount)}; a bring-in is more than nothing and"
                f" at most the small bet of {ctx.money(small)}",
                action.source,
                street=Street.THIRD,
                player=action.player,
                expected=f"at most {ctx.money(small)}",
                actual=ctx.money(action.amount),
            )


RULE: Final[Rule] = Rule("OA317", "bring-in-amount", Severity.ERROR, ("ST-1",), check, stud=True)
