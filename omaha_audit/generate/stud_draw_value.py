"""What a stud or draw hand is worth at the showdown, for the generator's settlement (generate/showdown.py),
and the words the writers print for it.

The strength comes from the project's evaluators (engine/evaluate/games.py, checked against brute force):
`value` gives (the high or only value, higher is better; the eight-or-better low of stud hi/lo, lower is
better, or None). The words are PokerStars' (model/hand_value.py `describe_stud_draw`).
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_audit.engine.evaluate.games import showdown_key, stud_low8, word_value
from omaha_audit.model import Card, Game
from omaha_audit.model.hand_value import describe_stud_draw


def value(game: Game, cards: Sequence[Card]) -> tuple[int, int | None]:
    """(the high or only value, higher is better; the stud hi/lo low mask, lower is better, or None)."""
    low = stud_low8(cards) if game is Game.STUD_HI_LO else None
    return showdown_key(game, cards), low


def words(game: Game, cards: Sequence[Card]) -> str:
    """The words of a shown stud or draw hand, in PokerStars' English."""
    return describe_stud_draw(game, *word_value(game, cards))
