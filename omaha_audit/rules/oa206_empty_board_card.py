"""OA206 empty-board-card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A street line prints an empty card, a known PokerStars printing defect; the summary board is used.

    Bad: `*** TURN *** [3c Jd 6d] []`.
    Good: `*** TURN *** [3c Jd 6d] [Ts]`.
    Why: the hand record is incomplete on that line; the summary's `Board [...]` is then the only record.
    """
    for deal in ctx.hand.streets:
        if deal.empty_new_card:
            board = next(iter(ctx.hand.boards), ())
            yield RULE.finding(
                ctx,
                f"The {deal.street.value} line prints no card; the summary board is [{' '.join(map(str, board))}]",
                deal.source,
                street=deal.street,
                expected="one card",
                actual="[]",
            )


RULE: Final[Rule] = Rule("OA206", "empty-board-card", Severity.WARNING, (), check, needs_replay=False)
