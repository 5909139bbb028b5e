"""Global Poker's words for a shown hand: the `handType` of its `PlayerBestHand` record, an enumeration
name (`PAIR`, `STRAIGHT`, `FLUSH`, ...). The record names the category only, so the words are the
category of the hand the engine ranks best (OA507 compares them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# The categories in the engine's order (model/hand_value.py: a key's category is `key >> 20`). Seen in
# records: PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH; TWO_PAIRS is the spelling the records' converter
# (mr-feek/global-poker-hand-history-converter) maps; the others are the names of the room's poker
# server (Cubeia), seen in no record.
CATEGORY_NAMES: Final = (
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIRS",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
)
ROYAL: Final = "ROYAL_STRAIGHT_FLUSH"
HAND_TYPES: Final = frozenset((*CATEGORY_NAMES, ROYAL))
_SHIFT: Final = 20
_ACE: Final = 14


def words_for(key: int) -> str:
    """The `handType` of a high hand's key (see model/hand_value.py)."""
    category = key >> _SHIFT
    if category == 8 and (key >> 16) & 15 == _ACE:
        return ROYAL
    return CATEGORY_NAMES[category]


class GlobalPokerWords:
    """The room's words, as OA507 asks for them: one `handType` per hand shown, in show order."""

    def showdown(self, highs: Sequence[int], lows: Sequence[tuple[int, ...] | None] | None) -> list[str]:
        return [words_for(key) for key in highs]


WORDS: Final = GlobalPokerWords()
