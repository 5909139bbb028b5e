"""Bovada's words for shown hands: the category only (`Two pair`, `Full House`), in brackets after the cards
(`Showdown [..] (Straight)`, `Mucks [..] (One pair)`); a hi/lo hand is named by its high hand alone.

Every worded showdown line of the corpus (650 shown, 163 mucked, 2012-2022) names the category the cards
make, so the words are checked (OA507). No royal flush is in the corpus: it is taken to be named as the
straight flush it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model import Game
from omaha_audit.model.hand_value import Low, high_game_words

CATEGORIES: Final = (
    "High Card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a kind",
    "Straight Flush",
)
_SHIFT: Final = 20  # a high key is `category << 20` then five 4-bit ranks (model.hand_value)


_STUD_DRAW_GAMES: Final = frozenset({Game.STUD, Game.STUD_HI_LO, Game.FIVE_CARD_DRAW})


class BovadaWords:
    """Bovada's words for the hands shown at one showdown (the `Words` protocol of model.hand_value)."""

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None:
        """Its words for stud and five-card draw hands (`One pair`), and for stud hi/lo by the high hand
        alone (`Straight`), as its corpus hands print them; its other stud and draw words are not known."""
        return high_game_words(self, game, value, _STUD_DRAW_GAMES)

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        return [CATEGORIES[key >> _SHIFT] for key in highs]


BOVADA_WORDS: Final = BovadaWords()
