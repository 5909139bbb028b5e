"""OA402 pot-breakdown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import PotBasis, Refunds
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """The printed main and side pots disagree with the pots built from the contributions (SP-2, SP-3).

    Pots are built per hand from each player's total contribution after the uncalled bet: one level per
    all-in amount. PokerStars prints them net of rake, and how it spreads the rake over the pots varies
    (SP-4), so each printed pot must lie between its gross amount less the whole rake and its gross amount,
    and together they must make the total pot less the rake.
    Bad: contributions 1.05, 0.59 (all-in), 0.90 (all-in), 1.05, 0.08, 0.01, 0.02 and
    `Main pot $2.35. Side pot-1 $1.00. Side pot-2 $0.17.`
    Good: `Total pot $3.70 Main pot $2.35. Side pot-1 $0.88. Side pot-2 $0.29. | Rake $0.18`.
    Why: a wrong side pot gives chips to players who could not win them (SP-1).
    """
    hand = ctx.hand
    summary = hand.pot
    if summary is None or summary.main is None or hand.truncated or hand.cash_outs:
        return
    pots = ctx.settlement.pots
    printed = [summary.main, *summary.sides]
    computed = [pot.amount for pot in pots]
    refund = ctx.settlement.refund
    if hand.refunds is Refunds.IN_COLLECTED and refund is not None and computed:
        # the room leaves the uncalled bet in the pot it pays it back from: the last the player is in
        last = max((pot.index for pot in pots if refund[0] in pot.eligible), default=pots[-1].index)
        computed[last] += refund[1]
    show = " + ".join(ctx.money(v) for v in printed)
    want = " + ".join(ctx.money(v) for v in computed)
    if len(printed) != len(pots):
        yield RULE.finding(
            ctx,
            f"The summary lists {len(printed)} pots ({show}); the contributions make {len(pots)} ({want} before rake)",
            summary.source,
            expected=want,
            actual=show,
        )
        return
    deduction = (summary.rake or 0) + hand.fees_taken
    net = summary.pots_basis is PotBasis.NET
    for index, (shown, gross) in enumerate(zip(printed, computed, strict=True)):
        low = gross - deduction if net else gross
        if not low <= shown <= gross:
            name = "Main pot" if index == 0 else f"Side pot-{index}"
            yield RULE.finding(
                ctx,
                f"{name} is printed as {ctx.money(shown)}; built from the contributions it "
                f"is {ctx.money(gross)} before a rake of {ctx.money(deduction)}",
                summary.source,
                expected=f"{ctx.money(max(low, 0))} to {ctx.money(gross)}",
                actual=ctx.money(shown),
            )
            return
    if summary.total is None or summary.total_basis not in (PotBasis.GROSS, PotBasis.GROSS_WITH_REFUNDS):
        return
    expected_total = summary.total - (deduction if net else 0) - (hand.stp if not net else 0)
    if net and sum(printed) != expected_total:
        yield RULE.finding(
            ctx,
            f"The printed pots add up to {ctx.money(sum(printed))}; total pot less rake is {ctx.money(expected_total)}",
            summary.source,
            expected=ctx.money(expected_total),
            actual=ctx.money(sum(printed)),
        )


RULE: Final[Rule] = Rule(
    "OA402", "pot-breakdown", Severity.ERROR, ("SP-2", "SP-3", "SP-4", "RK-4"), check, stud=True, draw=True
)
