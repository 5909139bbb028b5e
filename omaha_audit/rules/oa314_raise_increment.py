"""OA314 raise-increment."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """In `raises X to Y`, X must be Y minus the previous high bet.

    Rooms where X is the chips the raise adds (ACR, BetOnline) are checked the same way: the reader gives
    the raise size their two numbers imply. A raise printed with one number has nothing to cross-check.

    Bad: high bet $0.08, `Hero: raises $0.08 to $0.14`.
    Good: `Hero: raises $0.06 to $0.14`.
    Why: the two numbers disagree, so the record is inconsistent about what the raise was.
    """
    for step in ctx.replay.wagers:
        action = step.action
        stated = action.increment
        if action.kind is not ActionKind.RAISE or action.raise_to is None or stated is None:
            continue
        increment = action.raise_to - step.high_bet_before
        if stated != increment:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) raised to {ctx.money(action.raise_to)}, a raise of "
                f"{ctx.money(increment)} over the high bet of {ctx.money(step.high_bet_before)}, but the line's "
                f"numbers state a raise of {ctx.money(stated)}",
                expected=ctx.money(increment),
                actual=ctx.money(stated),
            )


RULE: Final[Rule] = Rule("OA314", "raise-increment", Severity.WARNING, (), check, stud=True, draw=True)
