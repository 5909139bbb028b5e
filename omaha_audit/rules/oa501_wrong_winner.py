"""OA501 wrong-winner."""

from __future__ import annotations

from collections.abc import Iterator

from omaha_audit.rules.awards import WRONG_WINNER, award_diffs, describe_amounts, pot_label
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A pot (or a share of it) went to a player who did not have the best hand, or the best hand got nothing.

    Hands are compared with exactly two hole cards and three board cards (OM-1); equal hands split (OM-2).
    Bad: board [6c Kc Qc Jc 4c], `Player4: shows [9c 9d 7d 7h]` (no flush: one club in hand) and
    `Player4 collected $2.35 from main pot` while `Player0: shows [Ks Ad 7s Tc]` (a straight).
    Good: `Player0 collected $2.35 from main pot`.
    Why: this is the error that costs a player the pot.
    """
    for diff in award_diffs(ctx):
        if diff.code != WRONG_WINNER:
            continue
        where = pot_label(diff.pot) + (f" on board {diff.run}" if diff.run else "")
        expected = describe_amounts(ctx, diff.expected)
        actual = describe_amounts(ctx, diff.actual)
        yield RULE.finding(ctx, f"{where.capitalize()} went to the wrong player: it should pay {expected}; the hand pays {actual}",
                           ctx.hand.source.at(diff.line), expected=expected, actual=actual)


RULE = Rule("OA501", "wrong-winner", Severity.ERROR, ('OM-1', 'OM-2', 'SP-1'), check)
