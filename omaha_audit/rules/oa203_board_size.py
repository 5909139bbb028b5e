"""OA203 board-size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import BOARD_SIZE
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A street shows the wrong number of board cards: 3 on the flop, 4 after the turn, 5 after the river.

    Bad: `*** TURN *** [Jd 5c Kc] [4c 9d]`.
    Good: `*** TURN *** [Jd 5c Kc] [4c]`.
    Why: a card too many or too few changes every hand at showdown (OM-4).
    """
    hand = ctx.hand
    if not hand.game.is_flop_game:
        return
    empty_runs: set[int] = set()
    for deal in hand.streets:
        size = BOARD_SIZE.get(deal.street)
        if deal.empty_new_card:
            empty_runs.add(deal.run)
        if size is None or deal.empty_new_card or deal.run in empty_runs or 0 in empty_runs:
            continue  # an empty card, and the short board lines after it, are a printing defect (OA206)
        if len(deal.cards) != size:
            yield RULE.finding(
                ctx,
                f"The {deal.street.value} shows {len(deal.cards)} board cards; it should show {size}",
                deal.source,
                street=deal.street,
                expected=size,
                actual=len(deal.cards),
            )
    for number, board in enumerate(hand.boards, 1):
        if board and len(board) not in (3, 4, 5):
            label = f"Board {number}" if len(hand.boards) > 1 else "The board"
            yield RULE.finding(
                ctx, f"{label} in the summary has {len(board)} cards", hand.source, expected="3 to 5", actual=len(board)
            )


RULE: Final[Rule] = Rule("OA203", "board-size", Severity.ERROR, ("OM-4",), check, needs_replay=False)
