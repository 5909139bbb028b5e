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
    if not ctx.house.no_flop_no_drop or hand.truncated:
        return
    rake = ctx.rake_taken
    if not rake or rake < 0:  # (a negative one is chips created: OA601)
        return
    if ctx.replay.ended_preflop:
        yield RULE.finding(
            ctx,
            f"Rake {ctx.money(rake)} was taken though the hand ended before the flop"
            + ("" if summary is not None and summary.rake is not None else " (what the pot kept; no rake printed)"),
            summary.source if summary is not None else hand.source,
            expected=ctx.money(0),
            actual=ctx.money(rake),
        )


RULE: Final[Rule] = Rule("OA604", "rake-no-flop", Severity.ERROR, ("RK-1",), check)
