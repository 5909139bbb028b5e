"""OA207 draw-card-count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind, DealtCards
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_DISCARD: Final = ActionKind.DISCARD
_PAT: Final = ActionKind.STAND_PAT


def check(ctx: HandContext) -> Iterator[Finding]:
    """Draw: the cards a player got on a draw are not the number discarded, so that the hand after the draw
    keeps the wrong number of cards (DR-3). Judged on the lines that show the cards: the player's own.

    Bad: 2-7 Triple Draw, `Hero: discards 2 cards [9c 9h]` then `Dealt to Hero [4c 6h 5d] [5h Td Ks]`.
    Good: `Dealt to Hero [4c 6h 5d] [5h Td]`: three kept, two drawn, five held.
    Why: a draw replaces each discard with one card; any other number is a misdeal of the draw (and a hand
    of the wrong size cannot win the pot).
    """
    hand = ctx.hand
    held = hand.game.cards_held
    if not ctx.draw or held is None:
        return
    lines: dict[str, list[DealtCards]] = {}
    for dealt in hand.dealt:
        lines.setdefault(dealt.player, []).append(dealt)
    for action in hand.actions:
        if action.kind is not _DISCARD and action.kind is not _PAT:
            continue
        discarded = action.discarded or 0
        # (the cards after the draw: the next `Dealt to` line, or for a stand-pat the line itself, as Full
        # Tilt's `stands pat on [..]`; a discard's own line may list the cards before it, as Boss Media's)
        line = action.source.line
        pat = action.kind is _PAT
        after = next(
            (d for d in lines.get(action.player, []) if d.source.line > line or (pat and d.source.line == line)), None
        )
        if after is None or (not after.new_cards and not after.cards):
            continue
        if not after.new_cards:  # (a stand-pat, or a room that prints the whole hand after the draw)
            if action.kind is _PAT and len(after.cards) == held:
                continue
            drawn, kept = None, len(after.cards)
        else:
            drawn, kept = len(after.new_cards), len(after.cards)
        if drawn == discarded and kept + discarded == held:
            continue
        if drawn is None and kept == held:
            continue  # the whole hand again, at the right size
        yield RULE.finding(
            ctx,
            f"{action.player} discarded {discarded} and got {'?' if drawn is None else drawn} (kept {kept}): "
            f"a draw replaces each discard with one card, to {held} cards",
            after.source,
            street=action.street,
            player=action.player,
            expected=f"{discarded} drawn, {held - discarded} kept",
            actual=f"{'?' if drawn is None else drawn} drawn, {kept} kept",
        )


RULE: Final[Rule] = Rule("OA207", "draw-card-count", Severity.ERROR, ("DR-3",), check, draw=True)
