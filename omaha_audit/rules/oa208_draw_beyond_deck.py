"""OA208 draw-beyond-deck."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_DISCARD: Final = ActionKind.DISCARD
_FOLD: Final = ActionKind.FOLD
DECK: Final = 52


def check(ctx: HandContext) -> Iterator[Finding]:
    """Draw: a player drew more cards than the deck can serve (DR-3). Cards come from the stub and, once it
    runs out, from the discards reshuffled (`The deck is reshuffled` is legal), but never from the cards
    the players still in hold, the drawing player's own discards among them: at most 52 less the cards
    held by the players not folded.

    Bad: ten-handed five-card draw, nobody folded, `Player1: discards 4 cards` (52 - 50 = 2 cards at most).
    Good: `Player1: discards 2 cards`, or four once enough players have folded.
    Why: the cards the player got cannot all have come from the deck: some were seen, or dealt twice.
    """
    hand = ctx.hand
    held = hand.game.cards_held
    if not ctx.draw or held is None:
        return
    dealt_in = len(ctx.replay.order)
    folded: set[str] = set()
    for action in hand.actions:
        if action.kind is _FOLD:
            folded.add(action.player)
            continue
        if action.kind is not _DISCARD or not action.discarded:
            continue
        most = DECK - (dealt_in - len(folded)) * held
        if action.discarded > most:
            yield RULE.finding(
                ctx,
                f"{action.player} drew {action.discarded} cards with {dealt_in - len(folded)} players holding"
                f" {held} each: the deck can serve at most {max(most, 0)}",
                action.source,
                street=action.street,
                player=action.player,
                expected=f"at most {max(most, 0)}",
                actual=action.discarded,
            )


RULE: Final[Rule] = Rule("OA208", "draw-beyond-deck", Severity.ERROR, ("DR-3",), check, draw=True)
