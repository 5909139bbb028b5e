"""OA401 uncalled-bet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Refunds
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """The uncalled part of a bet was not returned, or was returned with the wrong amount or to the wrong
    player (UC-1): the excess of the largest contribution over the second largest goes back.

    Bad: Hero bets $10,800 all-in, the caller has $8,386.36: `Uncalled bet ($2400) returned to Hero`.
    Good: `Uncalled bet ($2413.64) returned to Hero`.
    Why: an unreturned excess is taken into the pot (and raked) though nobody could win it.
    Rooms whose text prints no returned-bet line (Winamax, PokerStars before 2008) are not judged here.
    Judged in every game: the excess is found from the replay, or, in stud, razz and draw, from what
    each player's lines put in (engine/ledger.py).
    """
    hand = ctx.hand
    if hand.truncated or hand.cancelled or hand.refunds is not Refunds.LINE:
        return  # a room that prints no such line returns the excess silently: OA602/OA601 check the sums
    expected = ctx.settlement.refund if ctx.replayable else ctx.ledger.uncalled
    printed: dict[str, int] = {}
    for item in hand.uncalled:
        printed[item.player] = printed.get(item.player, 0) + item.amount
    source = hand.uncalled[0].source if hand.uncalled else hand.source
    if expected is None:
        for player, amount in printed.items():
            yield RULE.finding(
                ctx,
                f"{ctx.money(amount)} was returned to {player} as uncalled, but their bet was called in full",
                source,
                player=player,
                expected="no return",
                actual=ctx.money(amount),
            )
        return
    player, amount = expected
    got = printed.get(player, 0)
    if got != amount or len(printed) > 1 or (printed and player not in printed):
        actual = ", ".join(f"{ctx.money(v)} to {k}" for k, v in printed.items()) or "nothing returned"
        yield RULE.finding(
            ctx,
            f"The uncalled {ctx.money(amount)} of {player}'s bet should have been returned "
            f"to them; the hand shows {actual}",
            source,
            player=player,
            expected=f"{ctx.money(amount)} to {player}",
            actual=actual,
        )


RULE: Final[Rule] = Rule("OA401", "uncalled-bet", Severity.ERROR, ("UC-1",), check, needs_replay=False, any_game=True)
