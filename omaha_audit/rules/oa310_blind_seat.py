"""OA310 blind-seat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.engine.table import clockwise_from
from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_MISSED: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_BIG: Final = ActionKind.POST_BIG_BLIND
_DEAD: Final = ActionKind.POST_DEAD  # a missed blind posted dead (a returning player, out of position)


def check(ctx: HandContext) -> Iterator[Finding]:
    """A blind posted by the wrong seat: the small blind is the first player clockwise from the button and
    the big blind the next; heads-up the button posts the small blind (BL-1, BL-2).

    Bad: heads-up, `Table 'X' 2-max Seat #3 is the button`, and the seat-3 player `posts big blind`.
    Good: the button `posts small blind`, the other player `posts big blind`.
    Why: a blind on the wrong seat makes a player pay a blind out of turn and changes the order of action.
    New players posting an extra big blind and returning players posting missed blinds (dead or live) are not
    checked.
    """
    hand = ctx.hand
    button = hand.button
    if button is None or not (hand.game.is_flop_game or ctx.draw):
        return
    small, big = ctx.small_blind_post, ctx.big_blind_post
    extra = {a.player for a in ctx.posts if a.kind is _MISSED or a.kind is _DEAD or (a.kind is _BIG and a is not big)}
    seat = {s.player: s.seat for s in hand.seats}
    dealt = [seat[name] for name in ctx.replay.order if name not in extra and name in seat]
    if len(dealt) < 2:
        return
    order = clockwise_from(button, dealt)
    heads_up = len(dealt) == 2
    if small is not None and small.seat is not None:
        wanted = button if heads_up and button in dealt else order[0]
        if small.seat != wanted:
            yield RULE.finding(
                ctx,
                f"Seat {small.seat} ({small.player}) posted the small blind; with the button "
                f"on seat {button} it was seat {wanted}'s",
                small.source,
                player=small.player,
                expected=f"seat {wanted}",
                actual=f"seat {small.seat}",
            )
            return
    if big is not None and big.seat is not None:
        after_small = clockwise_from(small.seat, dealt)[0] if small is not None and small.seat else None
        allowed = {after_small} if after_small is not None else set(order[:2])
        if big.seat not in allowed:
            seats = sorted(s for s in allowed if s is not None)
            yield RULE.finding(
                ctx,
                f"Seat {big.seat} ({big.player}) posted the big blind; it was seat {' or '.join(map(str, seats))}'s",
                big.source,
                player=big.player,
                expected=f"seat {seats[0]}",
                actual=f"seat {big.seat}",
            )


RULE: Final[Rule] = Rule("OA310", "blind-seat", Severity.ERROR, ("BL-1", "BL-2"), check, draw=True)
