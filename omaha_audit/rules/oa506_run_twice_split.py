"""OA506 run-twice-split."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A run-it-twice pot was split wrongly between the boards: each pot, net of rake, is halved with the odd
    chip to the first board, and each half is won on its own board (RIT-2).

    Bad: net $163.00: first board $81.00, second board $82.00.
    Good: $81.50 on each board; a $225.32 pot less $2.15 rake gives $111.59 to the first board and $111.58 to
    the second.
    Why: each board decides only its share; moving chips between boards pays the wrong run.
    """
    return award_findings(RULE, ctx, "was split wrongly between the two boards")


RULE: Final[Rule] = Rule("OA506", "run-twice-split", Severity.ERROR, ("RIT-1", "RIT-2"), check)
