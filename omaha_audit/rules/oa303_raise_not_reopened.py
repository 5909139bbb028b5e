"""OA303 raise-not-reopened."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A raise by a player for whom betting was not re-opened: they had acted, and since then only
    all-ins smaller than a full raise came in, so they could only call or fold (MR-4, FL-4).

    Bad: `A: bets $100`, `B: raises $100 to $200`, `C: raises $50 to $250 and is all-in`, `A: calls $150`,
    `B: raises $250 to $500` (B faced only $50 more than the $200 B had made it).
    Good: `B: calls $50`; or A raising (A faced $150 more, a full raise).
    Why: an incomplete all-in must not give a player who already acted a second chance to raise (TDA 47).
    """
    for step in ctx.replay.wagers:
        if step.action.kind is not ActionKind.RAISE or step.may_raise or step.capped:
            continue  # (a raise past the fixed-limit cap is OA305's)
        yield step_finding(
            RULE,
            ctx,
            step,
            f"Seat {step.seat} ({step.player}) raised to {ctx.money(step.bet_after)}, but betting "
            f"was not re-opened for them: since they acted at {ctx.money(step.bet_before)} only "
            f"an incomplete all-in came in; they could only call "
            f"{ctx.money(step.to_call)} or fold",
            expected="call or fold",
            actual=f"raise to {ctx.money(step.bet_after)}",
        )


RULE: Final[Rule] = Rule("OA303", "raise-not-reopened", Severity.ERROR, ("MR-4", "FL-4"), check, stud=True, draw=True)
