"""OA502 hi-lo-split."""

from __future__ import annotations

from collections.abc import Iterator

from omaha_audit.rules.awards import HI_LO_SPLIT, award_diffs, describe_amounts, pot_label
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A hi/lo pot was split wrongly between the high and the low hands: each half goes to its winners, and
    the odd chip between the halves goes to the high half (HL-4, OC-3).

    Bad: $0.39 pot, high to A, low to B: `A collected $0.19`, `B collected $0.20`.
    Good: `A collected $0.20 from pot`, `B collected $0.19 from pot`.
    Why: the low half belongs to the best qualifying low; moving chips between halves pays the wrong hand.
    """
    for diff in award_diffs(ctx):
        if diff.code != HI_LO_SPLIT:
            continue
        where = pot_label(diff.pot) + (f" on board {diff.run}" if diff.run else "")
        expected = describe_amounts(ctx, diff.expected)
        actual = describe_amounts(ctx, diff.actual)
        yield RULE.finding(ctx, f"{where.capitalize()} was split wrongly between high and low: it should pay {expected}; the hand pays {actual}",
                           ctx.hand.source.at(diff.line), expected=expected, actual=actual)


RULE = Rule("OA502", "hi-lo-split", Severity.ERROR, ('HL-4', 'OC-3'), check)
