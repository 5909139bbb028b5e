"""OA403 ineligible-collect."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ALL_POTS
from omaha_audit.rules.awards import refund_in_collected
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player collected from a pot they were not eligible for: they folded, or put in less than the level
    of that side pot (SP-1).

    Bad: Hero all-in for $0.59; `Hero collected $0.88 from side pot-1` (side pot-1 is above $0.59).
    Good: `Player0 collected $0.88 from side pot-1` (Player0 put in $0.90).
    Why: a player can win from each opponent at most what they put in themselves.
    """
    hand = ctx.hand
    if hand.truncated:
        return
    pots = ctx.settlement.pots
    refund_line = refund_in_collected(ctx)
    for item in hand.collected:
        if item.amount == 0 or (refund_line is not None and item is refund_line[0] and item.amount <= refund_line[1]):
            continue  # nothing, or only the player's own uncalled bet coming back (a walk with a dead small blind)
        if item.pot == ALL_POTS:  # a total over every pot: the player must be in one of them
            if pots and not any(item.player in pot.eligible for pot in pots):
                yield RULE.finding(
                    ctx,
                    f"{item.player} collected {ctx.money(item.amount)} but is in none of the pots",
                    item.source,
                    player=item.player,
                    expected=", ".join(sorted({name for pot in pots for name in pot.eligible})),
                    actual=item.player,
                )
            continue
        if item.pot >= len(pots):
            yield RULE.finding(
                ctx,
                f"{item.player} collected from {item.pot_text}, but the contributions make only {len(pots)} pot(s)",
                item.source,
                player=item.player,
                expected=f"{len(pots)} pot(s)",
                actual=item.pot_text,
            )
            continue
        pot = pots[item.pot]
        if item.player not in pot.eligible:
            reason = (
                "folded"
                if item.player in ctx.replay.folded
                else (
                    f"put in {ctx.money(ctx.settlement.contributions.get(item.player, 0))}, less than the "
                    f"{ctx.money(pot.level)} this pot needs"
                )
            )
            yield RULE.finding(
                ctx,
                f"{item.player} collected {ctx.money(item.amount)} from {item.pot_text} but {reason}",
                item.source,
                player=item.player,
                expected=", ".join(pot.eligible),
                actual=item.player,
            )


RULE: Final[Rule] = Rule("OA403", "ineligible-collect", Severity.ERROR, ("SP-1",), check)
