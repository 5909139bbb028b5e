"""OA311 out-of-turn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player acted out of turn. Preflop the action starts left of the big blind (or the straddle), on
    later streets with the first live player left of the button; heads-up the button acts first preflop and
    last after the flop (BL-1, BL-2). In stud, left of the bring-in on third street, then the best hand
    showing (ST-2, ST-3).

    Bad: `Seat #1 is the button`, blinds seats 2 and 3, and seat 2 (the small blind) acts first preflop.
    Good: seat 4 (first left of the big blind) acts first, then 5, 6, 1, 2, 3.
    Why: acting out of turn gives information to players who have yet to act and can change the pot.
    """
    if ctx.hand.button is None and not ctx.stud:  # (stud has no button: ST-2, ST-3 set the order)
        return
    for step in ctx.replay.voluntary:
        if step.was_folded or step.was_all_in or not step.known_player:
            continue
        if step.expected_actor is not None and step.expected_actor != step.player:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) acted on the {step.street.value} while it was "
                f"{step.expected_actor}'s turn",
                expected=step.expected_actor,
                actual=step.player,
            )
        elif step.expected_actor is None:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) acted on the {step.street.value} after the "
                f"betting was already complete",
                expected="no action",
                actual=step.action.kind.value,
            )


RULE: Final[Rule] = Rule(
    "OA311",
    "out-of-turn",
    Severity.ERROR,
    ("BL-1", "BL-2", "BL-8", "ST-2", "ST-3", "ST-6", "ST-7", "DR-1"),
    check,
    stud=True,
    draw=True,
)
