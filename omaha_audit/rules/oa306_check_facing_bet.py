"""OA306 check-facing-bet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player checked while there was a bet to call.

    Bad: `Player1: bets $2` then `Player2: checks`.
    Good: `Player2: calls $2`, `folds` or `raises ...`.
    Why: a check facing a bet takes a free card the other players paid for.
    """
    for step in ctx.replay.checks:
        if step.action.kind is ActionKind.CHECK and step.to_call > 0 and not step.was_all_in:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) checked facing {ctx.money(step.to_call)} to call",
                expected=f"call {ctx.money(step.to_call)} or fold",
                actual="check",
            )


RULE: Final[Rule] = Rule("OA306", "check-facing-bet", Severity.ERROR, (), check, stud=True, draw=True)
