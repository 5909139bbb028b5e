"""Full Tilt's words for a shown hand, as its hands print them (checked against every Hold'em and Omaha
showdown of the corpus; OA507 compares them with the printed descriptions).

Close to PokerStars' but not the same: a high card names the top two cards (`Ace King high`), a straight
and a straight flush their top card (`a straight, King high`, `a straight flush, Jack high`), deuces are
`Twos`, no kicker is ever named, and a hi/lo hand is `two pair, Aces and Sevens, for high and 8,7,6,2,A,
for low`, or `a flush, Ace high, for high` with no low. A royal flush is not in the corpus: `a royal flush`
is a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model import Game
from omaha_audit.model.hand_value import LOWBALL_GAMES, Low, badugi_ranks, describe_low, five_ranks, rank_list

_NAMES: Final = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
NAME: Final[dict[int, str]] = {rank: name for rank, name in zip(range(2, 15), _NAMES, strict=True)}
NAME[1] = "Ace"  # the ace of a five-high straight
PLURAL: Final[dict[int, str]] = {rank: name + ("es" if name == "Six" else "s") for rank, name in NAME.items()}
_SHIFT: Final = 20


def describe(key: int) -> str:
    """Full Tilt's words for a high hand's key (model/hand_value.py: category, then five ranks)."""
    category = key >> _SHIFT
    r0, r1, r2, r3 = (key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15
    if category == 0:
        return f"{NAME[r0]} {NAME[r1]} high"
    if category == 1:
        return f"a pair of {PLURAL[r0]}"
    if category == 2:
        return f"two pair, {PLURAL[r0]} and {PLURAL[r2]}"
    if category == 3:
        return f"three of a kind, {PLURAL[r0]}"
    if category == 4:
        return f"a straight, {NAME[r0]} high"
    if category == 5:
        return f"a flush, {NAME[r0]} high"
    if category == 6:
        return f"a full house, {PLURAL[r0]} full of {PLURAL[r3]}"
    if category == 7:
        return f"four of a kind, {PLURAL[r0]}"
    if r0 == 14:
        return "a royal flush"
    return f"a straight flush, {NAME[r0]} high"


class FullTiltWords:
    """Full Tilt's words, as a room's `Words` and `StudDrawWords` (model/hand_value.py)."""

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None:
        return describe_stud_draw(game, value, low)

    def showdown(self, highs: Sequence[int], lows: Sequence[tuple[int, ...] | None] | None) -> list[str]:
        texts: list[str] = []
        for index, key in enumerate(highs):
            text = describe(key)
            if lows is not None:
                low = lows[index]
                text = f"{text}, for high" if low is None else f"{text}, for high and {describe_low(low)}, for low"
            texts.append(text)
        return texts


WORDS: Final = FullTiltWords()


def describe_stud_draw(game: Game, value: int, low: Low | None) -> str:
    """Full Tilt's words for a shown stud or draw hand (model/hand_value.py `StudDrawWords`), as its corpus
    hands print them: the high games as its flop games (`a flush, King high`; stud hi/lo `..., for high and
    8,7,6,2,A, for low`); a lowball hand's ranks alone, `J,T,7,4,A`, or its pair `a pair of Twos`; badugi
    `a Badugi: Q, 4, 3, 2`, `a 3-Card: 7, 2, A`."""
    if game is Game.STUD_HI_LO:
        return WORDS.showdown([value], [low])[0]
    if game in LOWBALL_GAMES:
        return rank_list(five_ranks(value)) if value >> _SHIFT == 0 else describe(value)
    if game is Game.BADUGI:
        ranks = badugi_ranks(value)
        return f"a {'Badugi' if len(ranks) == 4 else f'{len(ranks)}-Card'}: {rank_list(ranks, ', ')}"
    return describe(value)
