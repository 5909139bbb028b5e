"""Omaha eight-or-better lows (RULES.md HL-1..HL-3): five different ranks, each eight or lower (ace low),
made of exactly two hole cards and three board cards, chosen independently of the high hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import combinations
from operator import or_
from typing import Final

from omaha_audit.engine.evaluate.tables import (
    CARD_BITS_MASK,
    CODE_LOW_WORD,
    LOW_SHIFT,
    LOW_WORD_OF,
    NO_LOW,
    card_codes,
    low_masks,
)
from omaha_audit.model.cards import Card
from omaha_audit.model.hand_value import describe_low

__all__ = ["LowHand", "evaluate_low", "low_from_ranks"]

CardLike = Card | str


class LowHand:
    """A qualifying eight-or-better low. Lower is better, and the operators say so directly:

    - ``a < b`` means a is the lower, i.e. the **better**, low (``min(lows)`` is the winning low and
      ``sorted(lows)`` puts the best first); ``a == b`` means the low half splits;
    - ``a.beats(b)`` is the same as ``a < b`` and also accepts ``None`` (no low), which every low beats.

    There are only 56 possible lows; each is one shared object, so lows can also be compared with `is`.
    """

    __slots__ = ("mask", "ranks")

    mask: int
    """The ranks as bits (bit 0 = ace .. bit 7 = eight). A smaller mask is a better low."""
    ranks: tuple[int, ...]
    """The five ranks from highest to lowest, ace as 1: (7, 6, 5, 3, 1)."""

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self.ranks = tuple(rank for rank in range(8, 0, -1) if mask >> (rank - 1) & 1)

    @property
    def key(self) -> int:
        """The ordering key (the mask): smaller is better."""
        return self.mask

    @property
    def is_wheel(self) -> bool:
        return self.mask == 0b11111

    def describe(self) -> str:
        """The PokerStars words: `7,6,5,3,A`."""
        return describe_low(self.ranks)

    def beats(self, other: LowHand | None) -> bool:
        """True when this low wins against `other` outright (every low beats no low)."""
        return other is None or self.mask < other.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LowHand):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("low", self.mask))

    def __lt__(self, other: LowHand) -> bool:
        if isinstance(other, LowHand):
            return self.mask < other.mask
        return NotImplemented

    def __le__(self, other: LowHand) -> bool:
        if isinstance(other, LowHand):
            return self.mask <= other.mask
        return NotImplemented

    def __gt__(self, other: LowHand) -> bool:
        if isinstance(other, LowHand):
            return self.mask > other.mask
        return NotImplemented

    def __ge__(self, other: LowHand) -> bool:
        if isinstance(other, LowHand):
            return self.mask >= other.mask
        return NotImplemented

    def __repr__(self) -> str:
        return f"LowHand({self.describe()!r})"


_LOWS: Final[dict[int, LowHand]] = {
    sum(1 << bit for bit in bits): LowHand(sum(1 << bit for bit in bits)) for bits in combinations(range(8), 5)
}


def low_from_ranks(ranks: Iterable[int]) -> LowHand:
    """The low of five different ranks 1..8 (ace as 1 or 14): `low_from_ranks([7, 6, 5, 3, 1])`."""
    mask = 0
    for rank in ranks:
        rank = 1 if rank == 14 else rank
        if not 1 <= rank <= 8 or mask >> (rank - 1) & 1:
            raise ValueError(f"not five different ranks from ace to eight: {ranks!r}")
        mask |= 1 << (rank - 1)
    if mask.bit_count() != 5:
        raise ValueError(f"not five different ranks from ace to eight: {ranks!r}")
    return _LOWS[mask]


# _ROWS[board_mask][hole_mask]: the best low, filled one board mask at a time on first use.
_ROWS: Final[list[list[LowHand | None] | None]] = [None] * 256


def _row(board_mask: int) -> list[LowHand | None]:
    row = [None if mask == NO_LOW else _LOWS[mask] for mask in low_masks(board_mask)]
    _ROWS[board_mask] = row
    return row


def evaluate_low(hole: Sequence[CardLike], board: Sequence[CardLike]) -> LowHand | None:
    """The best Omaha eight-or-better low of exactly two hole cards (2 to 6 of them) and exactly three
    board cards (3 to 5), or None when none qualifies (RULES.md HL-1..HL-3). Cards are `Card` objects or
    text ("Ah"), or one string ("Ah 2h Kh 2s"). ValueError for a wrong count, an unknown card or a card
    given twice."""
    hole_word = 0
    board_word = 0
    try:  # the hot path: Card objects or text, all found in one dictionary
        n_hole = len(hole)
        n_board = len(board)
        words = LOW_WORD_OF
        for card in hole:
            hole_word |= words[card]
        for card in board:
            board_word |= words[card]
    except (KeyError, TypeError):  # e.g. one string "Ah 2h Kh 2s", or something that is not a card
        hole_codes = card_codes(hole)
        board_codes = card_codes(board)
        hole_word = reduce(or_, [CODE_LOW_WORD[code] for code in hole_codes], 0)
        board_word = reduce(or_, [CODE_LOW_WORD[code] for code in board_codes], 0)
        n_hole = len(hole_codes)
        n_board = len(board_codes)
    hole_cards = hole_word & CARD_BITS_MASK
    board_cards = board_word & CARD_BITS_MASK
    # A card given twice leaves fewer bits than cards.
    if hole_cards.bit_count() != n_hole or board_cards.bit_count() != n_board or hole_cards & board_cards:
        raise ValueError(f"a card is given twice: hole {hole!r}, board {board!r}")
    if not (2 <= n_hole <= 6 and 3 <= n_board <= 5):
        raise ValueError(f"Omaha needs 2-6 hole cards and 3-5 board cards: hole {hole!r}, board {board!r}")
    row = _ROWS[board_word >> LOW_SHIFT]
    if row is None:
        row = _row(board_word >> LOW_SHIFT)
    return row[hole_word >> LOW_SHIFT]
