"""OA604 rake-no-flop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """Rake was taken on a hand that ended before the flop, in a room with "no flop, no drop" (RK-1).

    Bad: raise, all fold, `Total pot $10 | Rake $0.50`.
    Good: `Total pot $10 | Rake $0`.
    Why: PokerStars charges no rake when the hand ends in the first betting round.
    """
    hand = ctx.hand
    summary = hand.pot
    if summary is None or not ctx.house.no_flop_no_drop or summary.rake == 0:
        return
    if ctx.replay.ended_preflop and not hand.truncated:
        yield RULE.finding(
            ctx,
            f"Rake {ctx.money(summary.rake)} was taken though the hand ended before the flop",
            summary.source,
            expected=ctx.money(0),
            actual=ctx.money(summary.rake),
        )


RULE: Final[Rule] = Rule("OA604", "rake-no-flop", Severity.ERROR, ("RK-1",), check)
