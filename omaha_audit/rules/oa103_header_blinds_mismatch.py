"""OA103 header-blinds-mismatch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def header_disagrees(ctx: HandContext) -> bool:
    """True when both blinds were posted in full and both differ from the header's stakes: then the header,
    not the posts, is the odd one out (OA309 reports single wrong posts)."""
    hand = ctx.hand
    if hand.structure is Structure.FIXED_LIMIT or hand.stakes.big_blind is None:
        return False
    small, big = ctx.small_blind_post, ctx.big_blind_post
    if small is None or big is None or small.all_in or big.all_in:
        return False
    return small.amount != hand.stakes.small_blind and big.amount != hand.stakes.big_blind


def check(ctx: HandContext) -> Iterator[Finding]:
    """The header's stakes disagree with the blinds the players posted (BL-4).

    Bad: header `Omaha Pot Limit ($0.25/$0.50 USD)` with `posts small blind $0.50` / `posts big blind $1`.
    Good: header `($0.50/$1 USD)` with those posts.
    Why: every pot-limit maximum and minimum raise is measured from the stakes; if the header is wrong the
    room's records (and anything computed from them, such as bb/100) are wrong.
    """
    if not header_disagrees(ctx):
        return
    hand = ctx.hand
    small, big = ctx.small_blind_post, ctx.big_blind_post
    assert small is not None and big is not None
    header = f"{ctx.money(hand.stakes.small_blind)}/{ctx.money(hand.stakes.big_blind)}"
    posted = f"{ctx.money(small.amount)}/{ctx.money(big.amount)}"
    yield RULE.finding(
        ctx, f"Header stakes {header} but the blinds posted were {posted}", hand.source, expected=header, actual=posted
    )


RULE: Final[Rule] = Rule("OA103", "header-blinds-mismatch", Severity.WARNING, ("BL-4",), check, needs_replay=False)
