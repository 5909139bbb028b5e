"""OA315 all-in-flag."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """The `and is all-in` marker is wrong: present with chips left, or missing when the stack ran out.

    Bad: `Seat 1: P ($5 in chips)`, `P: raises $3 to $5` (no marker, stack now 0).
    Good: `P: raises $3 to $5 and is all-in`.
    Why: the marker tells players who may still act; a wrong one misleads them and the record.
    """
    for step in ctx.replay.paying:
        action = step.action
        if not step.known_player or step.added <= 0 or step.added > step.stack_before:
            continue
        flagged = action.all_in or action.cap_reached
        if flagged and step.stack_after > 0 and not action.cap_reached:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) is marked all-in with {ctx.money(step.stack_after)} left",
                expected="no all-in marker",
                actual="and is all-in",
            )
        elif not flagged and step.stack_after == 0:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) put in their last chips without the all-in marker",
                expected="and is all-in",
                actual="no marker",
            )


RULE: Final[Rule] = Rule("OA315", "all-in-flag", Severity.WARNING, ("MR-6",), check, stud=True, draw=True)
