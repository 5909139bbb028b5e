"""OA102 unsupported-game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A hand of a game the engine does not replay (stud, razz, draw): read, but not audited.

    Bad (not audited): `... 8-Game (Razz Limit) - Match Round I, Level IV (30/60) ...`
    Good (audited): Hold'em and every Omaha game (4/5/6 cards, hi and hi/lo, Courchevel).
    Why: the report must say which hands were checked; a stud hand passing silently would look clean.
    """
    hand = ctx.hand
    if not hand.game.is_flop_game or hand.game.value == "other":
        yield RULE.finding(
            ctx, f"{hand.game_text} is not audited: only Hold'em and Omaha games are replayed", actual=hand.game_text
        )


RULE: Final[Rule] = Rule("OA102", "unsupported-game", Severity.INFO, (), check, needs_replay=False)
