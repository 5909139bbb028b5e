"""OA314 raise-increment."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """In `raises X to Y`, X must be Y minus the previous high bet.

    Bad: high bet $0.08, `Hero: raises $0.08 to $0.14`.
    Good: `Hero: raises $0.06 to $0.14`.
    Why: the two numbers disagree, so the record is inconsistent about what the raise was.
    """
    for step in ctx.replay.wagers:
        action = step.action
        if action.kind is not ActionKind.RAISE or action.raise_to is None:
            continue
        increment = action.raise_to - step.high_bet_before
        if action.amount != increment:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) 'raises {ctx.money(action.amount)} to "
                f"{ctx.money(action.raise_to)}' but the high bet was "
                f"{ctx.money(step.high_bet_before)}: the raise was {ctx.money(increment)}",
                expected=ctx.money(increment),
                actual=ctx.money(action.amount),
            )


RULE: Final[Rule] = Rule("OA314", "raise-increment", Severity.WARNING, (), check)
