"""OA309 blind-amount."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from omaha_audit.model import ActionKind, Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity
from omaha_audit.rules.oa103_header_blinds_mismatch import header_disagrees

_ANTE: Final = ActionKind.POST_ANTE


def _fixed_limit_small_blind(ctx: HandContext) -> int | None:
    """Limit small blinds vary by room (FL-1): the house table for cash games, else half the small bet."""
    hand = ctx.hand
    small_bet = hand.stakes.small_bet
    if small_bet is None:
        return None
    if hand.tournament is None and hand.unit.decimals:
        scale = Decimal(10) ** hand.unit.decimals
        listed = ctx.house.fl_small_blind(Decimal(small_bet) / scale)
        if listed is not None:
            return int(listed * scale)
    return small_bet // 2


def _expected(ctx: HandContext, kind: ActionKind) -> int | None:
    stakes = ctx.hand.stakes
    fixed = ctx.hand.structure is Structure.FIXED_LIMIT
    if kind is ActionKind.POST_BIG_BLIND:
        return stakes.small_bet if fixed else stakes.big_blind
    if kind is ActionKind.POST_SMALL_BLIND:
        if not fixed:
            return stakes.small_blind
        return _fixed_limit_small_blind(ctx)
    if kind is ActionKind.POST_SMALL_AND_BIG_BLIND and not fixed and stakes.small_blind and stakes.big_blind:
        return stakes.small_blind + stakes.big_blind
    return None


def check(ctx: HandContext) -> Iterator[Finding]:
    """A blind or ante of the wrong amount for the stakes (BL-4, BL-5, BL-7, FL-1).

    Bad: `Omaha Pot Limit ($0.10/$0.25 USD)` and `Player2: posts big blind $0.50`.
    Good: `posts small blind $0.10`, `posts big blind $0.25`, `posts small & big blinds $0.35` for missed
    blinds; a short stack posting `... and is all-in` for less. In fixed limit the big blind is the small
    bet; antes are all the same size.
    Why: the blinds set the price of the game; a wrong blind takes chips the player did not owe.
    """
    hand = ctx.hand
    if header_disagrees(ctx):
        return  # reported once as OA103
    posts = ctx.posts
    antes = [a.amount for a in posts if a.kind is _ANTE and not a.all_in]
    ante = hand.stakes.ante or (max(set(antes), key=antes.count) if antes else None)
    for action in posts:
        expected = ante if action.kind is _ANTE else _expected(ctx, action.kind)
        if expected is None:
            continue
        short_all_in = action.all_in and action.amount < expected
        if action.amount != expected and not short_all_in:
            what = action.kind.value.removeprefix("post-").replace("-", " ")
            yield RULE.finding(
                ctx,
                f"{action.player} posted a {what} of {ctx.money(action.amount)}; the stakes "
                f"call for {ctx.money(expected)}",
                action.source,
                street=action.street,
                player=action.player,
                expected=ctx.money(expected),
                actual=ctx.money(action.amount),
            )


RULE: Final[Rule] = Rule(
    "OA309", "blind-amount", Severity.ERROR, ("BL-4", "BL-5", "BL-7", "FL-1"), check, needs_replay=False, draw=True
)
