"""OA308 over-stack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player put in more chips than they had: their stack would go below zero (table stakes).

    Bad: `Seat 2: Player2 ($5 in chips)` then `Player2: raises $10 to $12`.
    Good: `Player2: raises $3 to $5 and is all-in`.
    Why: chips that a player did not have were put in the pot: the pot and the other players' wins are
    wrong by that much.
    """
    for step in ctx.replay.paying:
        if step.known_player and step.added > 0 and step.added > step.stack_before:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) put in {ctx.money(step.added)} with only "
                f"{ctx.money(step.stack_before)} left",
                expected=f"at most {ctx.money(step.stack_before)}",
                actual=ctx.money(step.added),
            )


RULE: Final[Rule] = Rule("OA308", "over-stack", Severity.ERROR, (), check)
