"""OA301 pot-limit-overbet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind, Street, Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A bet or raise above the pot-limit maximum (PL-1..PL-9).

    The maximum raise-to is the high bet plus the pot after the raiser's call: at $0.10/$0.25, first in,
    pot 0.35 + call 0.25 = 0.60, so the most is 0.25 + 0.60 = **$0.85**.
    Bad: `Player1: raises $0.75 to $1` (first in at $0.10/$0.25).
    Good: `Player1: raises $0.60 to $0.85`.
    Why: an oversize wager must be reduced to the pot (RRoP-PL #1); letting it stand lets one player
    bet more than the game allows.
    """
    hand = ctx.hand
    for step in ctx.replay.wagers:
        if step.action.kind not in (ActionKind.BET, ActionKind.RAISE) or step.max_to is None:
            continue
        pot_limit = hand.structure is Structure.POT_LIMIT or (
            hand.structure is Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP and step.street is Street.PREFLOP
        )
        if not pot_limit or step.added > step.stack_before:
            continue  # more than the stack is OA308's
        if step.bet_after > step.max_to:
            verb = "bet" if step.high_bet_before == 0 else "raised to"
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) {verb} {ctx.money(step.bet_after)}; the "
                f"pot-limit maximum was {ctx.money(step.max_to)}",
                expected=f"at most {ctx.money(step.max_to)}",
                actual=ctx.money(step.bet_after),
            )


RULE: Final[Rule] = Rule(
    "OA301",
    "pot-limit-overbet",
    Severity.ERROR,
    ("PL-1", "PL-2", "PL-3", "PL-4", "PL-5", "PL-6", "PL-7", "PL-9"),
    check,
    draw=True,
)
