"""OA109 inconsistent-record: a line read whole that contradicts the rest of the hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A line the reader read whole says something the hand's other lines contradict, where the reader
    itself can tell (the replay's rules judge the rest), or the record lacks a line the room always writes
    (a summary with no pot line).

    Bad: PartyPoker's summary `Player1 ... bet 2.50` when the hand's lines put in 3.00; a stack after the
    hand that is not the stack before plus the net the line prints; best five cards printed that are not
    the player's cards and the board's.
    Good: summary lines that agree with the lines of the hand.
    Why: the room wrote a record that cannot be true; the line is quoted with what contradicts it.
    """
    for defect in ctx.hand.defects:
        if not defect.inconsistent:
            continue
        yield RULE.finding(
            ctx,
            f"Line {defect.line} is wrong in the room's record ({defect.reason}): {defect.text!r}",
            ctx.hand.source.at(defect.line),
            actual=defect.text,
        )


RULE: Final[Rule] = Rule("OA109", "inconsistent-record", Severity.ERROR, (), check, needs_replay=False)
