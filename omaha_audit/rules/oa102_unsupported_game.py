"""OA102 unsupported-game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A hand of a game the engine does not replay (Short Deck, Kings Club's A-5 single draw, Badacey and
    Captain, and the other games the readers do not name): read, and judged only by the checks that need no
    betting structure.

    Those are the input checks (OA1xx), the cards dealt (OA202) and duplicate cards (OA201), stacks
    (OA308), the uncalled bet (OA401), a player collecting what they could not win (OA403), collected plus
    rake against the pot (OA601), the pot against what the lines put in (OA602) and the summary against
    the collected lines (OA605), all from what each player's lines put in (engine/ledger.py). The order of
    play, bet sizes, blinds, side pots and winners are not judged.
    Bad (partly audited): `#45381020: Limit Badacey - 60/120` (Kings Club: badugi and A-5 split, no game of
    the model).
    Good (audited): Hold'em, every Omaha game (4/5/6 cards, hi and hi/lo, Courchevel), seven-card and
    five-card stud, stud hi/lo, razz, 2-7 razz, 2-7 and A-5 triple draw, 2-7 single draw, five-card draw,
    badugi, Badeucey, 2-7 Drawmaha.
    Why: the report must say which hands were checked; a draw hand passing silently would look clean.
    """
    hand = ctx.hand
    if not (hand.game.is_flop_game or ctx.stud or ctx.draw) or hand.game.value == "other":
        yield RULE.finding(
            ctx,
            f"{hand.game_text} is not replayed: only the checks that need no betting structure judge it (the pot,"
            " the uncalled bet, stacks, the awards against the stakes and the summary, the cards dealt)",
            actual=hand.game_text,
        )


RULE: Final[Rule] = Rule("OA102", "unsupported-game", Severity.INFO, (), check, needs_replay=False)
