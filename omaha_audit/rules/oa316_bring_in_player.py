"""OA316 bring-in-player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.engine.stud import bring_in_player, up_cards
from omaha_audit.model import Action, ActionKind, Card, Game, Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_BRING_IN: Final = ActionKind.BRING_IN
_ANTE: Final = ActionKind.POST_ANTE
_BET: Final = ActionKind.BET
_THIRD: Final = Street.THIRD


def check(ctx: HandContext) -> Iterator[Finding]:
    """Stud: the bring-in (or, where nobody posts it, the completion that opens third street) came from the
    wrong player. The lowest up card brings in, in stud and stud hi/lo (ace high; equal ranks by suit,
    clubs lowest, then diamonds, hearts, spades), the highest in razz (ace low; equal ranks by suit, spades
    highest). A player all in on the ante cannot bring in: the next card in that order does (ST-1).

    Bad: PokerStars 7 Card Stud, up cards `[Tc]`, `[2d]`, `[Jh]`, and `Player7: brings in for $0.02` (the
    Jh).
    Good: `Player6: brings in for $0.02` (the 2d).
    Why: the bring-in is a forced bet: the wrong player paid it, and the order of the street starts from it.
    Judged where every player dealt in shows a third-street up card.
    """
    hand = ctx.hand
    if not ctx.stud:
        return
    opener = _opener(ctx)
    if opener is None:
        return
    up = up_cards(hand)
    antes: dict[str, int] = {}
    for action in hand.actions:
        if action.kind is _ANTE:
            antes[action.player] = antes.get(action.player, 0) + action.amount
    third: dict[str, Card] = {}
    for name in ctx.replay.order:
        cards = up.get(name)
        if not cards:
            return  # a player's up card is not in the text
        seat = hand.seat_of(name)
        if seat is not None and seat.stack - antes.get(name, 0) <= 0:
            continue  # all in on the ante
        third[name] = cards[0]
    due = bring_in_player(hand.game, third)
    if due is None or due == opener.player:
        return
    which = "highest" if hand.game is Game.RAZZ or hand.game is Game.RAZZ_2_7 else "lowest"
    what = "brought in" if opener.kind is _BRING_IN else "opened third street"
    yield RULE.finding(
        ctx,
        f"{opener.player} ({third.get(opener.player, '?')}) {what}; the {which} up card was {due}'s"
        f" ({third[due]}), who had to bring in",
        opener.source,
        street=_THIRD,
        player=opener.player,
        expected=due,
        actual=opener.player,
    )


def _opener(ctx: HandContext) -> Action | None:
    """The bring-in post, or where there is none, a bet (a completion) as the first line of third street."""
    for action in ctx.hand.actions:
        if action.kind is _BRING_IN:
            return action
    for action in ctx.hand.actions:
        if action.street is _THIRD and not action.kind.is_post:
            return action if action.kind is _BET else None
    return None


RULE: Final[Rule] = Rule("OA316", "bring-in-player", Severity.ERROR, ("ST-1", "ST-6", "ST-7"), check, stud=True)
