"""OA503 low-without-qualifier."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """Half a hi/lo pot was paid to a low although no hand made an eight-or-better low: the best high hand
    should have scooped (HL-1). A low needs five different ranks of eight or lower, using exactly two hole
    and three board cards (HL-3).

    Bad: board [Kd Qs 9h 8c 2d] (only two low ranks), yet the pot is split between two players.
    Good: `No low hand qualified` and the high hand collects the whole pot.
    Why: without a qualifying low the high hand wins everything.
    """
    return award_findings(RULE, ctx, "paid a low half although no low qualified")


RULE: Final[Rule] = Rule("OA503", "low-without-qualifier", Severity.ERROR, ("HL-1", "HL-2", "HL-3"), check, stud=True)
