"""OA312 acted-when-out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player acted after folding, or after going all-in.

    Bad: `Player3: folds` ... later `Player3: calls $2`; or `Player1: calls $4 and is all-in` then
    `Player1: bets $3` on the next street.
    Good: a folded or all-in player takes no further action in the hand.
    Why: a folded hand is dead; an all-in player has no chips to bet.
    """
    for step in ctx.replay.voluntary:
        if step.was_folded:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) acted after folding",
                expected="no action (folded)",
                actual=step.action.kind.value,
            )
        elif step.was_all_in and step.action.kind is not ActionKind.FOLD:
            # PokerStars folds a sitting-out player who went all-in on a blind or the ante: a forfeit.
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) acted after being all-in",
                expected="no action (all-in)",
                actual=step.action.kind.value,
            )


RULE: Final[Rule] = Rule("OA312", "acted-when-out", Severity.ERROR, (), check, stud=True, draw=True)
