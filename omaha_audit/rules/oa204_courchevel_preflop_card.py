"""OA204 courchevel-preflop-card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """In Courchevel the card shown before the preflop betting must be the first card of the flop (OM-3).

    Bad: `*** PRE-FLOP *** [7h]` then `*** FLOP *** [5d 7h 3s]`, or no pre-flop card at all.
    Good: `*** PRE-FLOP *** [7h]` then `*** FLOP *** [7h 5d 3s]`.
    Why: players bet preflop knowing that card; a different flop is a different game (PS-COUR).
    """
    hand = ctx.hand
    if not hand.game.is_courchevel:
        return
    preflop = next((deal for deal in hand.streets if deal.street is Street.PREFLOP), None)
    flops = [deal for deal in hand.streets if deal.street is Street.FLOP]
    if preflop is None:
        if flops:
            yield RULE.finding(
                ctx,
                "No pre-flop card was shown before the preflop betting",
                flops[0].source,
                expected="*** PRE-FLOP *** [card]",
                actual="none",
            )
        return
    for flop in flops:
        if preflop.cards and flop.cards and flop.cards[0] != preflop.cards[0]:
            yield RULE.finding(
                ctx,
                f"The flop starts {flop.cards[0]} but the pre-flop card was {preflop.cards[0]}",
                flop.source,
                street=Street.FLOP,
                expected=str(preflop.cards[0]),
                actual=str(flop.cards[0]),
            )


RULE: Final[Rule] = Rule("OA204", "courchevel-preflop-card", Severity.ERROR, ("OM-3",), check, needs_replay=False)
