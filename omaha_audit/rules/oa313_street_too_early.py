"""OA313 street-too-early."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A street was dealt (or the showdown began) before the betting round was complete.

    A round is complete when every player who can still act has acted and matched the high bet.
    Bad: `Player1: raises $2 to $4`, then `*** FLOP ***` before the big blind called or folded.
    Good: `Player2: calls $2`, then `*** FLOP ***`.
    Why: dealing early skips a player's decision and can deal cards the hand never should have seen.
    """
    for start in ctx.replay.street_starts:
        if not start.pending:
            continue
        what = "showdown" if start.street is Street.SHOWDOWN else start.street.value
        names = ", ".join(start.pending)
        yield RULE.finding(
            ctx,
            f"The {what} began before the betting was complete: {names} still had to act",
            ctx.hand.source.at(start.line),
            street=start.street,
            expected="betting complete",
            actual=f"{names} to act",
        )


RULE: Final[Rule] = Rule("OA313", "street-too-early", Severity.ERROR, (), check, stud=True, draw=True)
