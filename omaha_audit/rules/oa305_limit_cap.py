"""OA305 limit-cap."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.engine.replay import FL_CAP_BETS
from omaha_audit.model import ActionKind, Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """In fixed limit, a raise after betting was capped: one bet and three raises a round (FL-2). PokerStars
    caps at four bets even heads-up (FL-3, house rule `hu_cap`).

    Bad: `bets 30`, `raises 30 to 60`, `raises 30 to 90`, `raises 30 to 120`, `Betting is capped`,
    `raises 30 to 150`.
    Good: after `Betting is capped` the others only call or fold.
    Why: the cap limits how much one round can cost; a fifth bet breaks the game's structure.
    """
    if ctx.hand.structure is not Structure.FIXED_LIMIT:
        return
    for step in ctx.replay.wagers:
        if step.action.kind is ActionKind.RAISE and step.capped:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) raised to {ctx.money(step.bet_after)} after "
                f"betting was capped at {FL_CAP_BETS} bets; they could only call or fold",
                expected="call or fold",
                actual=f"raise to {ctx.money(step.bet_after)}",
            )


RULE: Final[Rule] = Rule("OA305", "limit-cap", Severity.ERROR, ("FL-2", "FL-3", "ST-2"), check, stud=True, draw=True)
