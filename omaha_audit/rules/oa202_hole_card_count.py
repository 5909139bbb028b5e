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
    game = hand.game
    flop = game.hole_cards
    most = flop if flop is not None else game.cards_held
    if most is None:
        return  # (a game the readers do not name: its deal is not known)
    exact = flop is not None or game.is_draw  # (stud and razz: up to seven, as the streets are dealt)
    for dealt in hand.dealt:
        # a stud or draw line holds [the cards kept] [the cards new]
        held = len(dealt.cards) if flop is not None else len(dealt.cards) + len(dealt.new_cards)
        if held and (held != most if exact else held > most):
            verb = "was dealt" if flop is not None else "holds"
            yield RULE.finding(
                ctx,
                f"{dealt.player} {verb} {held} cards in {hand.game_text}; the game deals "
                + (f"{most}" if exact else f"at most {most}"),
                dealt.source,
                player=dealt.player,
                expected=most,
                actual=held,
            )
    for line in hand.showdown:
        shown = len(line.cards)
        if line.kind is not ShowdownKind.SHOWS:
            continue
        if flop is not None:
            # a one-card voluntary show after winning ("shows [As]") is allowed; a showdown hand is complete
            wrong = (line.description is not None or shown > most) and shown != most
        else:
            wrong = shown > most  # (stud and draw: a player may show part of a hand)
        if wrong:
            yield RULE.finding(
                ctx,
                f"{line.player} showed {shown} cards in {hand.game_text}; the game deals "
                + (f"{most}" if flop is not None else f"at most {most}"),
                line.source,
                player=line.player,
                expected=most,
                actual=shown,
            )


RULE: Final[Rule] = Rule(
    "OA202", "hole-card-count", Severity.ERROR, ("OM-3",), check, needs_replay=False, any_game=True
)
