"""GGPoker's words for a hand, as its hand histories print them (ROOMS.md 1.5), for the generator's writer.

GG names hands in its own phrases, in two styles. The exports of 2020-2022 (`describe`): `Pair of Aces`,
`Pair of Kings and Pair of Tens`, `Three Twos`, `Aces-High Straight`, `Ace High Flush`, `Sevens Full over
Fives`, `Four Tens`, `King-High Straight Flush`, `Queen-High`; the threes are `Treys` in the plural (`Three
Treys`, `Pair of Treys`), twos are `Twos`. Given the hand as Omaha ranks it, these words are what those
files print on 172 of their 178 descriptions. The 2025 exports (Rush & Cash, `describe_2025`): `Ace high`,
`a pair of Eights`, `two pair, Queens and Tens`, `three of a kind, Threes`, `a straight, King to Nine`
(the wheel `a straight, Ace to Five`), `a flush Ace high`, `a full house, Kings full of Fours`, `four of a
kind, Jacks`, `a straight flush, Six to Two`; what the 2025 files print on every description.

The words are NOT evidence for an audit: on the other six GG ranked the hand wrongly (PLO-5 hands ranked
Hold'em style with three or more hole cards, an impossible wheel in `Omaha (NL postflop)`, a second board
described on its own two cards), so the format's `words()` is None and OA507 does not check GG. The royal
flush (`Royal Flush`) and the hi/lo form (`HI: <high>; LO: <low>`, PokerStars'), which the corpus does not
show, are this module's choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

Low = tuple[int, ...]

_NAMES: Final = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
NAME: Final[dict[int, str]] = dict(zip(range(2, 15), _NAMES, strict=True))
NAME[1] = "Ace"  # the ace of a five-high straight
PLURAL: Final[dict[int, str]] = {rank: f"{name}s" for rank, name in NAME.items()}
PLURAL[3] = "Treys"
PLURAL[6] = "Sixes"
PLURAL_2025: Final[dict[int, str]] = {**PLURAL, 3: "Threes"}

_SHIFT: Final = 20  # a high key: category << 20, then five ranks of 4 bits (model/hand_value.py)


def _ranks(key: int) -> tuple[int, int, int, int, int]:
    return ((key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15)


def describe(key: int) -> str:
    """GG's words for a high hand's key (see model/hand_value.py)."""
    category = key >> _SHIFT
    r0, _, r2, r3, _ = _ranks(key)
    if category == 0:
        return f"{NAME[r0]}-High"
    if category == 1:
        return f"Pair of {PLURAL[r0]}"
    if category == 2:
        return f"Pair of {PLURAL[r0]} and Pair of {PLURAL[r2]}"
    if category == 3:
        return f"Three {PLURAL[r0]}"
    if category == 4:
        return f"{PLURAL[r0]}-High Straight"
    if category == 5:
        return f"{NAME[r0]} High Flush"
    if category == 6:
        return f"{PLURAL[r0]} Full over {PLURAL[r3]}"
    if category == 7:
        return f"Four {PLURAL[r0]}"
    if r0 == 14:
        return "Royal Flush"
    return f"{NAME[r0]}-High Straight Flush"


def describe_2025(key: int) -> str:
    """GG's words of its 2025 exports for a high hand's key: the straights from their top card down, but
    the wheel `Ace to Five`. (The royal flush, which the files do not show, is this module's choice.)"""
    category = key >> _SHIFT
    r0, _, r2, r3, r4 = _ranks(key)
    plural = PLURAL_2025
    if category == 0:
        return f"{NAME[r0]} high"
    if category == 1:
        return f"a pair of {plural[r0]}"
    if category == 2:
        return f"two pair, {plural[r0]} and {plural[r2]}"
    if category == 3:
        return f"three of a kind, {plural[r0]}"
    if category == 5:
        return f"a flush {NAME[r0]} high"
    if category == 6:
        return f"a full house, {plural[r0]} full of {plural[r3]}"
    if category == 7:
        return f"four of a kind, {plural[r0]}"
    run = "Ace to Five" if r0 == 5 else f"{NAME[r0]} to {NAME[r4]}"
    if category == 4:
        return f"a straight, {run}"
    if r0 == 14:
        return "a royal flush"
    return f"a straight flush, {run}"


def describe_hole(ranks: Sequence[int]) -> str:
    """GG's words for hole cards shown before the flop: the highest pair (`Pair of Aces` for [6s As 6d 4s
    Ad], `Pair of Kings` for [Kh 9s Kd 9h 2h]), else the highest card (`Ace-High`)."""
    pairs = [rank for rank in set(ranks) if list(ranks).count(rank) >= 2]
    if pairs:
        return f"Pair of {PLURAL[max(pairs)]}"
    return f"{NAME[max(ranks)]}-High"


def describe_low(ranks: Low) -> str:
    return ",".join("A" if rank == 1 else str(rank) for rank in ranks)


class GGWords:
    """GG's words as a room's `Words` (no kicker clauses: GG prints none)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        texts = [describe(key) for key in highs]
        if lows is None:
            return texts
        return [
            f"HI: {text}" if low is None else f"HI: {text}; LO: {describe_low(low)}"
            for text, low in zip(texts, lows, strict=True)
        ]


GG_WORDS: Final = GGWords()
