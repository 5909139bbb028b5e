"""OA403 ineligible-collect."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ALL_POTS, Collected, Refunds
from omaha_audit.rules.awards import refund_in_collected, refund_part
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player collected from a pot they were not eligible for: they folded, or put in less than the level
    of that side pot (SP-1).

    Bad: Hero all-in for $0.59; `Hero collected $0.88 from side pot-1` (side pot-1 is above $0.59).
    Good: `Player0 collected $0.88 from side pot-1` (Player0 put in $0.90).
    Why: a player can win from each opponent at most what they put in themselves.
    Judged in every game: in stud, razz and draw (no pots built, engine/ledger.py), a player who folded
    collected, or a player collected more than they could win from everyone's contributions.
    """
    hand = ctx.hand
    if hand.truncated or hand.cancelled:
        return
    if not ctx.replayable:
        yield from _from_lines(ctx)
        return
    pots = ctx.settlement.pots
    refunds = refund_in_collected(ctx)
    for item in hand.collected:
        if item.amount <= refund_part(refunds, item):
            continue  # nothing, or only the player's own uncalled bet coming back (a walk with a dead small blind)
        if item.pot == ALL_POTS:  # a total over every pot: the player must be in one of them
            if pots and not any(item.player in pot.eligible for pot in pots):
                yield RULE.finding(
                    ctx,
                    f"{item.player} collected {ctx.money(item.amount)} but is in none of the pots",
                    item.source,
                    player=item.player,
                    expected=", ".join(sorted({name for pot in pots for name in pot.eligible})),
                    actual=item.player,
                )
            continue
        if item.pot >= len(pots):
            yield RULE.finding(
                ctx,
                f"{item.player} collected from {item.pot_text}, but the contributions make only {len(pots)} pot(s)",
                item.source,
                player=item.player,
                expected=f"{len(pots)} pot(s)",
                actual=item.pot_text,
            )
            continue
        pot = pots[item.pot]
        if item.player not in pot.eligible:
            reason = (
                "folded"
                if item.player in ctx.replay.folded
                else (
                    f"put in {ctx.money(ctx.settlement.contributions.get(item.player, 0))}, less than the "
                    f"{ctx.money(pot.level)} this pot needs"
                )
            )
            yield RULE.finding(
                ctx,
                f"{item.player} collected {ctx.money(item.amount)} from {item.pot_text} but {reason}",
                item.source,
                player=item.player,
                expected=", ".join(pot.eligible),
                actual=item.player,
            )


def _from_lines(ctx: HandContext) -> Iterator[Finding]:
    """A game the engine does not replay: each player's collected total against the ledger."""
    hand = ctx.hand
    book = ctx.ledger
    totals: dict[str, int] = {}
    last: dict[str, Collected] = {}
    for item in hand.collected:
        totals[item.player] = totals.get(item.player, 0) + item.amount
        last[item.player] = item
    returned = book.uncalled if hand.refunds is Refunds.IN_COLLECTED else None
    for player, amount in totals.items():
        if amount <= 0:
            continue
        item = last[player]
        if player in book.folded:
            yield RULE.finding(
                ctx,
                f"{player} collected {ctx.money(amount)} but folded",
                item.source,
                player=player,
                expected="nothing",
                actual=ctx.money(amount),
            )
            continue
        most = book.most_won(player) + hand.stp
        if returned is not None and returned[0] == player:
            most += returned[1]  # their own uncalled bet, paid back inside the collected amount
        if amount > most:
            yield RULE.finding(
                ctx,
                f"{player} collected {ctx.money(amount)}, more than the {ctx.money(most)} they could win: from "
                "each player at most what they put in themselves",
                item.source,
                player=player,
                expected=f"at most {ctx.money(most)}",
                actual=ctx.money(amount),
            )


RULE: Final[Rule] = Rule(
    "OA403", "ineligible-collect", Severity.ERROR, ("SP-1",), check, needs_replay=False, any_game=True
)
