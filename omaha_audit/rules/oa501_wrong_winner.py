"""OA501 wrong-winner."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A pot (or a share of it) went to a player who did not have the best hand, or the best hand got nothing.

    Hands are compared with exactly two hole cards and three board cards (OM-1); equal hands split (OM-2).
    Bad: board [6c Kc Qc Jc 4c], `Player4: shows [9c 9d 7d 7h]` (no flush: one club in hand) and
    `Player4 collected $2.35 from main pot` while `Player0: shows [Ks Ad 7s Tc]` (a straight).
    Good: `Player0 collected $2.35 from main pot`.
    Why: this is the error that costs a player the pot.
    """
    return award_findings(RULE, ctx, "went to the wrong player")


RULE: Final[Rule] = Rule(
    "OA501",
    "wrong-winner",
    Severity.ERROR,
    ("OM-1", "OM-2", "SP-1", "ST-5", "ST-6", "ST-7", "DR-4", "SG-1", "SG-2"),
    check,
    stud=True,
    draw=True,
)
