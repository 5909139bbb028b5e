"""Everleaf's words for shown hands, as its `shows` lines print them after the cards: `two pairs, queens and
nines`, `a pair of kings`, `high card ace`, `three of a kind, twos`, `a straight, eight high`, `a flush,
queen high`, `a full house, nines full of fives` (ranks in lower case); a hi/lo hand is named by its high
hand alone (the low is named on the `wins  low` line).

Every worded `shows` line of the corpus with a full board names the hand the cards make. Four of a kind and
straight flushes are in no Everleaf hand seen: their words here follow the same style.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model import Game
from omaha_audit.model.hand_value import Low, high_game_words

_NAMES: Final = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_PLURALS: Final = {rank: "sixes" if name == "six" else f"{name}s" for rank, name in _NAMES.items()}
_SHIFT: Final = 20


def describe_high(key: int) -> str:
    """Everleaf's words for a high hand's key (`category << 20` then five 4-bit ranks, see model.hand_value)."""
    category = key >> _SHIFT
    top = (key >> 16) & 15
    third = (key >> 8) & 15
    fourth = (key >> 4) & 15
    if category == 0:
        return f"high card {_NAMES[top]}"
    if category == 1:
        return f"a pair of {_PLURALS[top]}"
    if category == 2:
        return f"two pairs, {_PLURALS[top]} and {_PLURALS[third]}"
    if category == 3:
        return f"three of a kind, {_PLURALS[top]}"
    if category == 4:
        return f"a straight, {_NAMES[top]} high"
    if category == 5:
        return f"a flush, {_NAMES[top]} high"
    if category == 6:
        return f"a full house, {_PLURALS[top]} full of {_PLURALS[fourth]}"
    if category == 7:
        return f"four of a kind, {_PLURALS[top]}"
    return f"a straight flush, {_NAMES[top]} high"


_STUD_DRAW_GAMES: Final = frozenset({Game.STUD, Game.FIVE_CARD_DRAW})


class EverleafWords:
    """Everleaf's words for the hands shown at one showdown (the `Words` protocol of model.hand_value)."""

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None:
        """Its words for stud and five-card draw hands, as its flop games' (`a pair of threes`), as its
        corpus hands print them; its other stud and draw words are not known."""
        return high_game_words(self, game, value, _STUD_DRAW_GAMES)

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        return [describe_high(key) for key in highs]


EVERLEAF_WORDS: Final = EverleafWords()
