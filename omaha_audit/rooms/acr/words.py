"""ACR's words for shown hands, as its text prints them (2019 on): what the generator's ACR writer prints.

Seen in the corpus and in public ACR hands: `two pair, Eights and Threes`, `two pair, Sixs and Deuces`
(ACR's plural of Six), `three of a kind, Set of Sevens` (for trips made with one hole card too), `a straight,
Five high` (a straight is named by its top card, the wheel included), `a flush, Queen high`, `a full house,
Eights full of Threes`, `a pair of Aces`; hi/lo `HI - <high> | LO - [8,7,5,2,1]` (ranks from the top, the
ace as 1). ACR prints `| LO - []` when no shown hand at that showdown has a low, and leaves the part out for
a hand without a low when another hand has one (the only two showdowns in the corpus that show it).

High card, four of a kind and straight flushes are not in any ACR hand seen: their words here are
guesses in the same style. That, the low part printed two ways, and `Set of Sixes` on a summary line beside
`Set of Sixs` on the shows line of the same public hand are why OA507 does not check ACR's words (the
format's `words()` gives None): a mismatch would say more about this table than about the room.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

_SINGULAR: Final = {
    1: "Ace",
    2: "Deuce",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Jack",
    12: "Queen",
    13: "King",
    14: "Ace",
}
_PLURAL: Final = {
    1: "Aces",
    2: "Deuces",
    3: "Threes",
    4: "Fours",
    5: "Fives",
    6: "Sixs",
    7: "Sevens",
    8: "Eights",
    9: "Nines",
    10: "Tens",
    11: "Jacks",
    12: "Queens",
    13: "Kings",
    14: "Aces",
}
_SHIFT: Final = 20


def describe_high(key: int) -> str:
    """ACR's words for a high hand's key (`category << 20` then five 4-bit ranks, see model.hand_value)."""
    category = key >> _SHIFT
    top = (key >> 16) & 15
    third = (key >> 8) & 15
    fourth = (key >> 4) & 15
    if category == 0:
        return f"high card, {_SINGULAR[top]} high"
    if category == 1:
        return f"a pair of {_PLURAL[top]}"
    if category == 2:
        return f"two pair, {_PLURAL[top]} and {_PLURAL[third]}"
    if category == 3:
        return f"three of a kind, Set of {_PLURAL[top]}"
    if category == 4:
        return f"a straight, {_SINGULAR[top]} high"
    if category == 5:
        return f"a flush, {_SINGULAR[top]} high"
    if category == 6:
        return f"a full house, {_PLURAL[top]} full of {_PLURAL[fourth]}"
    if category == 7:
        return f"four of a kind, {_PLURAL[top]}"
    if top == 14:
        return "a royal flush"
    return f"a straight flush, {_SINGULAR[top]} high"


def describe_low(ranks: Sequence[int]) -> str:
    """`[8,7,5,2,1]`: the low's ranks from the top, the ace as 1; `[]` for none."""
    return "[" + ",".join(str(rank) for rank in ranks) + "]"


class AcrWords:
    """ACR's words for the hands shown at one showdown (the `Words` protocol of model.hand_value)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[tuple[int, ...] | None] | None) -> list[str]:
        if lows is None:
            return [describe_high(key) for key in highs]
        any_low = any(low is not None for low in lows)
        texts = []
        for key, low in zip(highs, lows, strict=True):
            text = f"HI - {describe_high(key)}"
            if low is not None:
                text += f" | LO - {describe_low(low)}"
            elif not any_low:
                text += " | LO - []"
            texts.append(text)
        return texts


ACR_WORDS: Final = AcrWords()
