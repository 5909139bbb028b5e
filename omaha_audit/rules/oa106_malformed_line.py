"""OA106 malformed-line: a line of the hand the reader did not read whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A line inside a hand was not read whole: garbled text, a line of a kind the reader does not know, or an
    amount or a card in it that fits no form the room writes; the rest of the hand is read.

    Bad: `*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]`, `*** FLOP *** [2s] [2s3d 3c]`,
    `Player1: raises $1,7,0.0 to $2` (an amount in no number style).
    Good: `*** PRE-FLOP *** [2s]`, `*** FLOP *** [2s 3d 3c]`, `Player1: raises $1,700 to $2,000`.
    Why: a misread is the reader's, not the dealer's. It is said once, here, with the line quoted; the
    dealer's checks that read what the line holds are withheld on that hand (those of the betting after the
    line, and those of the cards, pots, awards and rake, which read the whole hand) and named in this
    finding, which is then a warning. Where no check is withheld, the hand is whole without the line and the
    finding is info.
    """
    for defect in ctx.hand.defects:
        if not defect.not_read:
            continue
        yield RULE.finding(
            ctx,
            f"Line {defect.line} was not read ({defect.reason}): {defect.text!r}",
            ctx.hand.source.at(defect.line),
            actual=defect.text,
            severity=Severity.INFO,
        )


RULE: Final[Rule] = Rule("OA106", "malformed-line", Severity.WARNING, (), check, needs_replay=False)
