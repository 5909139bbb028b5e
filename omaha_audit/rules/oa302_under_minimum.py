"""OA302 under-minimum."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind, Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A bet below the big blind, or a raise smaller than the last full raise, by a player not all-in.

    Minimum raise-to = high bet + the largest full bet or raise on this street (MR-2); an incomplete all-in
    does not change the size (MR-3). NL $0.05/$0.10: UTG raises to $0.30 (raise $0.20): the next raise
    must be to at least $0.50.
    Bad: `Player2: raises $0.10 to $0.40` after a raise to $0.30.
    Good: `Player2: raises $0.20 to $0.50`, or any all-in.
    Why: an under-raise changes the price for everyone behind (MR-1, MR-2, MR-3).
    """
    if ctx.hand.structure is Structure.FIXED_LIMIT:
        return  # fixed sizes are OA304's
    for step in ctx.replay.wagers:
        if step.action.kind not in (ActionKind.BET, ActionKind.RAISE) or step.min_to is None:
            continue
        if step.stack_after <= 0 or step.action.all_in or step.action.cap_reached:
            continue
        if step.bet_after < step.min_to:
            what = "bet" if step.high_bet_before == 0 else "raised to"
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) {what} {ctx.money(step.bet_after)}; the "
                f"minimum was {ctx.money(step.min_to)} and the player was not all-in",
                expected=f"at least {ctx.money(step.min_to)}",
                actual=ctx.money(step.bet_after),
            )


RULE: Final[Rule] = Rule("OA302", "under-minimum", Severity.ERROR, ("MR-1", "MR-2", "MR-3", "MR-5"), check, draw=True)
