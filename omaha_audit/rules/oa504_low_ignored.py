"""OA504 low-ignored."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A qualifying low was shown, but the whole pot went to the high hand (HL-1, HL-4).

    Bad: board [5h 4d 2d Jd 6h], `UnderMeSensi: shows [7c 6s 7h As] (HI: a pair of Sevens; LO: 6,5,4,2,A)`,
    and only the high hand collects.
    Good: the high hand collects the high half, the low hand the low half.
    Why: the low hand is owed half the pot.
    """
    return award_findings(RULE, ctx, "ignored a qualifying low")


RULE: Final[Rule] = Rule("OA504", "low-ignored", Severity.ERROR, ("HL-1", "HL-4"), check, stud=True)
