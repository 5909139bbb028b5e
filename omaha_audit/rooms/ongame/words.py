"""OnGame's words for shown hands, as its summary seat lines print them: an upper-case category and the
ranks that name the hand, `(PAIR QUEEN)`, `(TWO_PAIR KING, SEVEN)`, `(THREE_OF_A_KIND EIGHT)`, `(STRAIGHT
ACE)` (a straight by its top card), `(FLUSH ACE)` (a flush by its top card), `(FULL_HOUSE EIGHT, TEN)`,
`(HIGH_CARD ACE)`. A hi/lo hand is described by its high hand only (the PLO8 tournament's lines).

Every description in the corpus's Hold'em and Omaha hands is these words for the cards shown (the tests
check them all); four of a kind and straight flushes appear in none, so their words (`FOUR_OF_A_KIND
ACE`, `STRAIGHT_FLUSH KING`, `ROYAL_FLUSH`) are written in the same style, unconfirmed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model import Game
from omaha_audit.model.hand_value import Low, high_game_words

_RANKS: Final = {
    1: "ACE",
    2: "TWO",
    3: "THREE",
    4: "FOUR",
    5: "FIVE",
    6: "SIX",
    7: "SEVEN",
    8: "EIGHT",
    9: "NINE",
    10: "TEN",
    11: "JACK",
    12: "QUEEN",
    13: "KING",
    14: "ACE",
}
_SHIFT: Final = 20


def describe_high(key: int) -> str:
    """OnGame's words for a high hand's key (`category << 20` then five 4-bit ranks, model.hand_value)."""
    category = key >> _SHIFT
    top = _RANKS[(key >> 16) & 15]
    third = _RANKS[(key >> 8) & 15]
    fourth = _RANKS[(key >> 4) & 15]
    if category == 0:
        return f"HIGH_CARD {top}"
    if category == 1:
        return f"PAIR {top}"
    if category == 2:
        return f"TWO_PAIR {top}, {third}"
    if category == 3:
        return f"THREE_OF_A_KIND {top}"
    if category == 4:
        return f"STRAIGHT {top}"
    if category == 5:
        return f"FLUSH {top}"
    if category == 6:
        return f"FULL_HOUSE {top}, {fourth}"
    if category == 7:
        return f"FOUR_OF_A_KIND {top}"
    if top == "ACE":
        return "ROYAL_FLUSH"
    return f"STRAIGHT_FLUSH {top}"


_STUD_DRAW_GAMES: Final = frozenset({Game.STUD, Game.FIVE_CARD_DRAW})


class OnGameWords:
    """OnGame's words as a room's `Words` (model.hand_value): the high hand only, for hi/lo too."""

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None:
        """Its words for stud and five-card draw hands, as its flop games' (`TWO_PAIR EIGHT, SIX`), as its
        corpus hands print them; its other stud and draw words are not known."""
        return high_game_words(self, game, value, _STUD_DRAW_GAMES)

    def showdown(self, highs: Sequence[int], lows: Sequence[tuple[int, ...] | None] | None) -> list[str]:
        return [describe_high(key) for key in highs]


WORDS: Final = OnGameWords()
