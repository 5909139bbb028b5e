"""PartyPoker's words for shown hands in its balance-summary text (2013, 2021, 2026; ROOMS.md 4.6), the
words OA507 checks and the generator's writer prints.

Party names the hand in lower case after the cards, then its best five: `[ a straight, seven to jack --
Jc,Ts,9c,8h,7d ]`, `two pairs, aces and jacks`, `three of a kind, eights`, `a flush, king high`, `a pair of
nines`. The rest follows the same pattern and the old client's capitalised words of 2010-2016 (`a full house,
Nines full of Fours`, `four of a kind, Nines`, `three of a kind, Twos`, `high card Ace`): `a full house,
nines full of fours`, `four of a kind, nines`, `three of a kind, twos` (Party's twos are not deuces),
`high card ace`. A straight flush and a royal one are not in the corpus: `a straight flush, nine to king` and
`a royal flush` are this module's. No kicker clause is printed (the best five says it).

Hi/lo, which the corpus does not show in this text, is the writer's: `HI: <high>` and, with a qualifying low,
`HI: <high>; LO: 7,5,3,2,A` (the low's ranks from the highest down, the ace as `A`), as the reader puts the
brackets together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

Low = tuple[int, ...]

_NAMES: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
NAME: Final[dict[int, str]] = dict(zip(range(2, 15), _NAMES, strict=True))
NAME[1] = "ace"  # the ace of a five-high straight
PLURAL: Final[dict[int, str]] = {rank: name + ("es" if name == "six" else "s") for rank, name in NAME.items()}
_SHIFT: Final = 20  # a high key: category << 20, then five ranks of 4 bits (model/hand_value.py)


def _ranks(key: int) -> tuple[int, int, int, int, int]:
    return ((key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15)


def describe(key: int) -> str:
    """Party's words for a high hand's key."""
    category = key >> _SHIFT
    r0, _, r2, r3, r4 = _ranks(key)
    if category == 0:
        return f"high card {NAME[r0]}"
    if category == 1:
        return f"a pair of {PLURAL[r0]}"
    if category == 2:
        return f"two pairs, {PLURAL[r0]} and {PLURAL[r2]}"
    if category == 3:
        return f"three of a kind, {PLURAL[r0]}"
    if category == 4:
        return f"a straight, {NAME[r4]} to {NAME[r0]}"
    if category == 5:
        return f"a flush, {NAME[r0]} high"
    if category == 6:
        return f"a full house, {PLURAL[r0]} full of {PLURAL[r3]}"
    if category == 7:
        return f"four of a kind, {PLURAL[r0]}"
    if r0 == 14:
        return "a royal flush"
    return f"a straight flush, {NAME[r4]} to {NAME[r0]}"


def describe_low(ranks: Low) -> str:
    return ",".join("A" if rank == 1 else str(rank) for rank in ranks)


def from_reference(text: str) -> str:
    """The project's reference words (model/hand_value.py: `two pair, Aces and Sixes`, `three of a kind,
    Deuces`, `HI: ...; LO: 7,5,3,2,A`) in Party's (`two pairs, aces and sixes`, `three of a kind, twos`)."""
    high, low_mark, low = text.partition("; LO: ")
    prefix = "HI: " if high.startswith("HI: ") else ""
    words = high.removeprefix("HI: ").split(" - ")[0]  # (no kicker clause)
    words = words.replace("two pair, ", "two pairs, ").replace("Deuces", "Twos").replace("Deuce", "Two").lower()
    return f"{prefix}{words}{low_mark}{low}"


class PartyWords:
    """Party's words for the hands of one showdown, in show order (no kicker clauses)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        texts = [describe(key) for key in highs]
        if lows is None:
            return texts
        return [
            f"HI: {text}" if low is None else f"HI: {text}; LO: {describe_low(low)}"
            for text, low in zip(texts, lows, strict=True)
        ]


PARTY_WORDS: Final = PartyWords()
