"""Winamax's words for shown hands (ROOMS.md 5.5), for the generator's writer.

Winamax names ranks two to nine by their digit and the others by word, plural where several cards share
the rank, as its hands since 2011 do: `One pair : Jacks`, `One pair : 8`, `Two pairs : Aces and 7`,
`Trips of Kings`, `Straight Ace high`, `Flush King high`, `Full of Kings and Tens`, `High card : Ace`.
(Its 2010 hands print the words singular, `One pair : Jack`, `Full of King and Jack`.) A low is named by
its highest card: `High card : 7` for 7-5-4-2-A. Four of a kind (`Quads of Jack`, 2010) is written
`Quads of Jacks`; no straight flush is in the corpus: `Straight flush King high` is this module's guess.

The audit does not check these words (the format's `words()` is None): Winamax's are not evidence.
`WINAMAX_WORDS` has the `Words` shape all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

Low = tuple[int, ...]

_WORDS: Final = {10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace", 1: "Ace"}
_SHIFT: Final = 20


def rank(value: int) -> str:
    """One card of a rank: `8`, `King`, `Ace`."""
    return _WORDS.get(value, str(value))


def ranks(value: int) -> str:
    """Several cards of a rank: `Kings`, `Tens`; digits stay digits (`8`)."""
    word = _WORDS.get(value)
    return f"{word}s" if word is not None else str(value)


def high_words(key: int) -> str:
    """Winamax's words for a high hand's key (`category << 20` then five 4-bit ranks, as the engine's)."""
    category = key >> _SHIFT
    top, third, fourth = (key >> 16) & 15, (key >> 8) & 15, (key >> 4) & 15
    if category == 0:
        return f"High card : {rank(top)}"
    if category == 1:
        return f"One pair : {ranks(top)}"
    if category == 2:
        return f"Two pairs : {ranks(top)} and {ranks(third)}"
    if category == 3:
        return f"Trips of {ranks(top)}"
    if category == 4:
        return f"Straight {rank(top)} high"
    if category == 5:
        return f"Flush {rank(top)} high"
    if category == 6:
        return f"Full of {ranks(top)} and {ranks(fourth)}"
    if category == 7:
        return f"Quads of {ranks(top)}"
    return f"Straight flush {rank(top)} high"


def low_words(low: Low) -> str:
    """A low (its ranks from the highest down, ace as 1): `High card : 7`."""
    return f"High card : {rank(low[0])}"


class WinamaxWords:
    """Winamax's words for the hands of one showdown, in show order: the high hand's words, and for a
    hi/lo game `HI : <high>; LO : <low>` where the hand has a low (Winamax prints that as two lines)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        texts = [high_words(key) for key in highs]
        if lows is None:
            return texts
        return [
            f"HI : {text}" if low is None else f"HI : {text}; LO : {low_words(low)}"
            for text, low in zip(texts, lows, strict=True)
        ]


WINAMAX_WORDS: Final = WinamaxWords()
