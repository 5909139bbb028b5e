"""OA601 collected-plus-rake."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """What the players collected plus the rake (and other fees) is not the total pot (RK-4, RK-5).

    PokerStars' `Total pot` is gross: `Σ collected + rake = total pot`. A winner who cashed out the hand
    collects nothing; their share is marked `(pot not awarded as player cashed out)` and counted here.
    Bad: `Total pot $35 | Rake $1` with `Player_7 collected $17 from pot` once.
    Good: `Player_7 collected $17 from pot` twice (high and low halves).
    Why: chips either vanished from the pot or were paid out twice.
    """
    hand = ctx.hand
    summary = hand.pot
    if summary is None or hand.truncated or hand.cancelled:
        return
    collected = sum(item.amount for item in hand.collected)
    unawarded = sum(sum(seat.won) for seat in hand.summary_seats if seat.pot_not_awarded)
    fees = summary.fees_total
    if not ctx.house.collected_net_of_rake:
        expected = summary.total - unawarded
    elif ctx.house.total_pot_is_gross:
        expected = summary.total - summary.rake - fees - unawarded
    else:
        expected = summary.total - unawarded
    if collected != expected:
        line = hand.collected[-1].source if hand.collected else summary.source
        yield RULE.finding(
            ctx,
            f"Players collected {ctx.money(collected)}; total pot {ctx.money(summary.total)} less "
            f"rake {ctx.money(summary.rake)}"
            + (f" and fees {ctx.money(fees)}" if fees else "")
            + (f" and {ctx.money(unawarded)} cashed out" if unawarded else "")
            + f" leaves {ctx.money(expected)}",
            line,
            expected=ctx.money(expected),
            actual=ctx.money(collected),
        )


RULE: Final[Rule] = Rule("OA601", "collected-plus-rake", Severity.ERROR, ("RK-4", "RK-5"), check, needs_replay=False)
