"""OA202 hole-card-count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ShowdownKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player was dealt, or showed down, the wrong number of hole cards for the game (OM-3).

    Bad: `Omaha Pot Limit` and `Dealt to Hero [8d As 2h]` (three cards), or `shows [..]` with five.
    Good: Omaha 4, 5 Card Omaha 5, 6 Card Omaha 6, Courchevel 5, Hold'em 2.
    Stud and razz: no player holds more than seven cards; 2-7 draw five and badugi four after every deal
    and draw, and no more at the showdown.
    Why: a wrong deal is a misdeal (RRoP 3.2 (e)); any pot it wins was won with an illegal hand.
    """
    hand = ctx.hand
    wanted = hand.game.hole_cards
    if wanted is None:
        yield from _stud_and_draw(ctx)
        return
    for dealt in hand.dealt:
        if dealt.cards and len(dealt.cards) != wanted:
            yield RULE.finding(
                ctx,
                f"{dealt.player} was dealt {len(dealt.cards)} cards in {hand.game_text}; the game deals {wanted}",
                dealt.source,
                player=dealt.player,
                expected=wanted,
                actual=len(dealt.cards),
            )
    for line in hand.showdown:
        # A one-card voluntary show after winning ("shows [As]") is allowed; a showdown hand is complete.
        showdown_hand = line.description is not None or len(line.cards) > wanted
        if line.kind is ShowdownKind.SHOWS and showdown_hand and len(line.cards) != wanted:
            yield RULE.finding(
                ctx,
                f"{line.player} showed {len(line.cards)} cards in {hand.game_text}; the game deals {wanted}",
                line.source,
                player=line.player,
                expected=wanted,
                actual=len(line.cards),
            )


def _stud_and_draw(ctx: HandContext) -> Iterator[Finding]:
    hand = ctx.hand
    game = hand.game
    most = game.cards_held
    if most is None:
        return  # (a game the readers do not name: its deal is not known)
    for dealt in hand.dealt:
        held = len(dealt.cards) + len(dealt.new_cards)  # a stud or draw line: [cards kept] [cards new]
        if held > most or (game.is_draw and held and held != most):
            yield RULE.finding(
                ctx,
                f"{dealt.player} holds {held} cards in {hand.game_text}; the game deals "
                + (f"{most}" if game.is_draw else f"at most {most}"),
                dealt.source,
                player=dealt.player,
                expected=most,
                actual=held,
            )
    for line in hand.showdown:
        if line.kind is ShowdownKind.SHOWS and len(line.cards) > most:
            yield RULE.finding(
                ctx,
                f"{line.player} showed {len(line.cards)} cards in {hand.game_text}; the game deals at most {most}",
                line.source,
                player=line.player,
                expected=most,
                actual=len(line.cards),
            )


RULE: Final[Rule] = Rule(
    "OA202", "hole-card-count", Severity.ERROR, ("OM-3",), check, needs_replay=False, any_game=True
)
