"""OA502 hi-lo-split."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A hi/lo pot was split wrongly between the high and the low hands: each half goes to its winners, and
    the odd chip between the halves goes to the high half (HL-4, OC-3).

    Bad: $0.39 pot, high to A, low to B: `A collected $0.19`, `B collected $0.20`.
    Good: `A collected $0.20 from pot`, `B collected $0.19 from pot`.
    Why: the low half belongs to the best qualifying low; moving chips between halves pays the wrong hand.
    """
    return award_findings(RULE, ctx, "was split wrongly between high and low")


RULE: Final[Rule] = Rule("OA502", "hi-lo-split", Severity.ERROR, ("HL-4", "OC-3"), check, stud=True)
