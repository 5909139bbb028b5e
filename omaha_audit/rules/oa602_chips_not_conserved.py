"""OA602 chips-not-conserved."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import PotBasis
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_BASIS_WORDS: Final = {
    PotBasis.GROSS: "",
    PotBasis.NET: " (printed net of the rake)",
    PotBasis.NET_WITH_REFUNDS: " (printed net of the rake, with the uncalled bet in it)",
    PotBasis.GROSS_WITH_REFUNDS: " (printed with the uncalled bet in it)",
}


def check(ctx: HandContext) -> Iterator[Finding]:
    """The chips the players put in, less the uncalled bet returned, are not the total pot: chips were
    created or destroyed (UC-1, RK-3).

    The total is compared in the terms the room prints it: gross (PokerStars), net of the rake (ACR), or
    net and still holding the uncalled bet (Winamax). Where the room prints no line for the returned bet,
    the excess the engine finds is the one returned (in stud, razz and draw, the ledger's: engine/ledger.py).
    Bad: blinds $0.01 + $0.02, `Player2: raises $0.05 to $0.07`, all fold, `Uncalled bet ($0.05) returned`,
    `Total pot $0.06`.
    Good: `Total pot $0.05` (0.01 + 0.02 + 0.02 matched).
    Why: the total pot is what is raked and paid out; it must be exactly what the players put in.
    """
    hand = ctx.hand
    summary = hand.pot
    if summary is None or summary.total is None or hand.truncated or hand.cancelled:
        return
    expected = ctx.expected_total()
    if expected != summary.total:
        put_in = ctx.put_in
        returned = ctx.returned
        yield RULE.finding(
            ctx,
            f"Players put in {ctx.money(put_in)}"
            + (f", {ctx.money(returned)} was returned" if returned else "")
            + (f", the site added {ctx.money(hand.stp)}" if hand.stp else "")
            + f": the total pot should be {ctx.money(expected)}{_BASIS_WORDS[summary.total_basis]}, the hand says "
            f"{ctx.money(summary.total)}",
            summary.source,
            expected=ctx.money(expected),
            actual=ctx.money(summary.total),
        )


RULE: Final[Rule] = Rule(
    "OA602", "chips-not-conserved", Severity.ERROR, ("UC-1", "RK-3"), check, needs_replay=False, any_game=True
)
