"""OA505 odd-chip."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.awards import award_findings
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """The odd chip of a split pot went to the wrong player: it goes to the tied winner first clockwise from
    the button; between a hi/lo pot's halves it goes to the high half; each pot has its own (OC-1..OC-6). In
    stud, stud hi/lo and razz, which have no button, it goes by the cards: to the tied player holding the
    highest card (ace high, equal ranks by suit, spades highest), or in razz and stud hi/lo's low half the
    lowest (ace low, clubs lowest), all of the player's cards counting; a second odd chip to the next (OC-7).

    Bad: button seat 5, a tied low of $0.19 between seat 2 and seat 3: `seat 3 collected $0.10`,
    `seat 2 collected $0.09`.
    Good: `seat 2 collected $0.10`, `seat 3 collected $0.09` (seat 2 is first left of the button).
    Bad (stud): Player3 [Ah ...] and Player5 [As ...] tie for $0.17: `Player3 collected $0.09`.
    Good: `Player5 collected $0.09` (the ace of spades is the highest card).
    Why: one chip per split, but on millions of hands the wrong rule moves real money.
    """
    return award_findings(RULE, ctx, "gave the odd chip to the wrong player")


RULE: Final[Rule] = Rule(
    "OA505",
    "odd-chip",
    Severity.ERROR,
    ("OC-1", "OC-2", "OC-3", "OC-4", "OC-5", "OC-6", "OC-7"),
    check,
    stud=True,
    draw=True,
)
