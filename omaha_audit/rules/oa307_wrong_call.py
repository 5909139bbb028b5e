"""OA307 wrong-call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.engine.replay import Step
from omaha_audit.model import ActionKind, Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A call of the wrong amount: a call puts in exactly what is needed to match the high bet, or the
    whole stack if that is less.

    Bad: high bet $1.00, Player3 has $0.25 in and `Player3: calls $1`.
    Good: `Player3: calls $0.75`, or `calls $0.40 and is all-in` with $0.40 behind.
    Why: a wrong call amount means chips went into the pot that nobody owed, or were missing.
    Over a big blind all in for less than the blind, before any raise, the call may also be the full big
    blind (PL-6: the required call stays the full blind; the excess then comes back as uncalled).
    """
    big_blind = ctx.hand.stakes.big_blind
    for step in ctx.replay.calls:
        if step.action.kind is not ActionKind.CALL:
            continue
        owed = min(step.to_call, max(step.stack_before, 0))
        if step.added != owed and not _full_blind_call(step, big_blind):
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) called {ctx.money(step.added)}; to match the "
                f"high bet of {ctx.money(step.high_bet_before)} the call was {ctx.money(owed)}",
                expected=ctx.money(owed),
                actual=ctx.money(step.added),
            )


def _full_blind_call(step: Step, big_blind: int | None) -> bool:
    """A preflop call of the full big blind over a short all-in big blind (PL-6)."""
    if big_blind is None or step.street is not Street.PREFLOP or step.high_bet_before >= big_blind:
        return False
    return step.added == min(big_blind - step.bet_before, max(step.stack_before, 0))


RULE: Final[Rule] = Rule("OA307", "wrong-call", Severity.ERROR, ("PL-6",), check, stud=True, draw=True)
