"""OA307 wrong-call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A call of the wrong amount: a call puts in exactly what is needed to match the high bet, or the
    whole stack if that is less.

    Bad: high bet $1.00, Player3 has $0.25 in and `Player3: calls $1`.
    Good: `Player3: calls $0.75`, or `calls $0.40 and is all-in` with $0.40 behind.
    Why: a wrong call amount means chips went into the pot that nobody owed, or were missing.
    """
    for step in ctx.replay.calls:
        if step.action.kind is not ActionKind.CALL:
            continue
        owed = min(step.to_call, max(step.stack_before, 0))
        if step.added != owed:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) called {ctx.money(step.added)}; to match the "
                f"high bet of {ctx.money(step.high_bet_before)} the call was {ctx.money(owed)}",
                expected=ctx.money(owed),
                actual=ctx.money(step.added),
            )


RULE: Final[Rule] = Rule("OA307", "wrong-call", Severity.ERROR, (), check)
