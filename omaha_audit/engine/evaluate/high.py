"""High hands: Omaha (exactly two hole cards and three board cards, RULES.md OM-1) and Hold'em (best five
of the seven), both returning a `HighHand`, a totally ordered value (higher is better, equal splits)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import combinations
from math import prod
from typing import Final, NoReturn

from omaha_audit.engine.evaluate import tables
from omaha_audit.engine.evaluate.tables import (
    BOARD_WORD,
    CARD_SHIFT,
    CATEGORY_SHIFT,
    CODE_BIT,
    CODE_CARD,
    CODE_OF_GET,
    CODE_PRIME,
    CODE_RANK_BIT,
    FLUSH_SUIT,
    FLUSH_VALUE,
    NONFLUSH_VALUE,
    OMAHA_BOARD_ID,
    OMAHA_ROWS,
    RANK_KEY_MASK,
    SUIT_MASK,
    SUIT_SHIFT,
    UNBUILT,
    card_codes,
    omaha_row,
    value5,
)
from omaha_audit.model.cards import Card
from omaha_audit.model.hand_value import describe_key, kicker_split

__all__ = ["HandCategory", "HighHand", "evaluate_high", "evaluate_holdem"]

CardLike = Card | str


class HandCategory(IntEnum):
    """High-hand categories, weakest first (so categories compare like the hands they name)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


_CATEGORIES: Final = tuple(HandCategory)


class HighHand:
    """The best high hand a player holds.

    Compare with the usual operators: higher is better, and equal hands (same `key`) split the pot; suits
    never break ties (RULES.md OM-2). The value is hashable on its `key`, so hands that split are equal
    even when their cards differ. `cards` (the five cards used) is worked out only when first asked for.

    Build it with `evaluate_high` (Omaha) or `evaluate_holdem`, not directly.
    """

    __slots__ = ("_board", "_cards", "_hole", "_omaha", "key")

    key: int
    """The ordering key: ``category << 20`` then five 4-bit ranks in order of significance."""

    def __init__(self, key: int, hole: list[int], board: list[int], omaha: bool) -> None:
        self.key = key
        self._hole = hole
        self._board = board
        self._omaha = omaha
        self._cards: tuple[Card, ...] | None = None

    # -- what it is --------------------------------------------------------------------------------

    @property
    def category(self) -> HandCategory:
        return _CATEGORIES[self.key >> CATEGORY_SHIFT]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks (2..14) in order of significance: `K K K 6 6`, `A Q 9 7 3`; a five-high straight
        ends with its ace as 1 (`5 4 3 2 1`)."""
        key = self.key
        return tuple((key >> shift) & 15 for shift in (16, 12, 8, 4, 0))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used, in the order of `ranks` (for Omaha: two from the hole, three from the
        board). When several sets of cards make the same hand, one of them."""
        if self._cards is None:
            self._cards = self._find_cards()
        return self._cards

    @property
    def hole_cards_used(self) -> tuple[Card, ...]:
        """The cards of `cards` that came from the player's hole cards (always two in Omaha)."""
        hole = {CODE_CARD[code] for code in self._hole}
        return tuple(card for card in self.cards if card in hole)

    def describe(self) -> str:
        """The PokerStars words for this hand: `a flush, Ace high`, `two pair, Kings and Sevens`."""
        return describe_key(self.key)

    def beats(self, other: HighHand) -> bool:
        """True when this hand wins against `other` outright (not a split)."""
        return self.key > other.key

    @property
    def main_ranks(self) -> tuple[int, ...]:
        """The ranks that name the hand (`two pair, Kings and Sevens` → (13, 7)); the rest are kickers."""
        return kicker_split(self.key)[0]

    @property
    def kickers(self) -> tuple[int, ...]:
        """The ranks that only break ties (`a pair of Kings` with A 9 4 → (14, 9, 4))."""
        return kicker_split(self.key)[1]

    # -- ordering ----------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HighHand):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: HighHand) -> bool:
        if isinstance(other, HighHand):
            return self.key < other.key
        return NotImplemented

    def __le__(self, other: HighHand) -> bool:
        if isinstance(other, HighHand):
            return self.key <= other.key
        return NotImplemented

    def __gt__(self, other: HighHand) -> bool:
        if isinstance(other, HighHand):
            return self.key > other.key
        return NotImplemented

    def __ge__(self, other: HighHand) -> bool:
        if isinstance(other, HighHand):
            return self.key >= other.key
        return NotImplemented

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return f"HighHand({self.describe()!r}, [{cards}])"

    # -- the cards ---------------------------------------------------------------------------------

    def _find_cards(self) -> tuple[Card, ...]:
        if self._omaha:
            candidates: Iterable[tuple[int, ...]] = (
                pair + triple for pair in combinations(self._hole, 2) for triple in combinations(self._board, 3)
            )
        else:
            codes = self._hole + self._board
            candidates = combinations(codes, min(5, len(codes)))
        for five in candidates:
            if (value5(five) if len(five) == 5 else _partial_key(list(five))) == self.key:
                return _in_rank_order(five, self.ranks)
        raise AssertionError(f"no five cards make key {self.key:#x}")  # pragma: no cover


def _in_rank_order(codes: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[Card, ...]:
    remaining = [CODE_CARD[code] for code in codes]
    ordered: list[Card] = []
    for rank in ranks[: len(codes)]:
        wanted = 14 if rank == 1 else rank
        card = next(card for card in remaining if card.rank == wanted)
        remaining.remove(card)
        ordered.append(card)
    return tuple(ordered)


# ---------------------------------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------------------------------


def _reject(what: str, hole: object, board: object, hole_codes: list[int], board_codes: list[int]) -> NoReturn:
    codes = hole_codes + board_codes
    if len(set(codes)) != len(codes):
        raise ValueError(f"a card is given twice: hole {hole!r}, board {board!r}")
    raise ValueError(f"{what}: hole {hole!r}, board {board!r}")


def evaluate_high(hole: Sequence[CardLike], board: Sequence[CardLike]) -> HighHand:
    """The best Omaha high hand: exactly two of the hole cards (2 to 6 of them, usually 4, 5 or 6) and
    exactly three of the board cards (3 to 5) — RULES.md OM-1.

    Cards are `Card` objects or text ("Ah", "Td"), in any order, or one string ("Ah Kd 5c 5s").
    ValueError for a wrong count, an unknown card or a card given twice.
    """
    try:  # the hot path: Card objects or text, all found in one dictionary
        hole_codes = [*map(CODE_OF_GET, hole)]
        board_codes = [*map(CODE_OF_GET, board)]
    except (KeyError, TypeError):  # e.g. one string "Ah Kd 5c 5s", or something that is not a card
        hole_codes = card_codes(hole)
        board_codes = card_codes(board)
    n_board = len(board_codes)
    words = BOARD_WORD  # see tables: rank key, suit counters and card bits, summed over the board
    if n_board == 5:
        b0, b1, b2, b3, b4 = board_codes
        word = words[b0] + words[b1] + words[b2] + words[b3] + words[b4]
    elif n_board == 4:
        b0, b1, b2, b3 = board_codes
        word = words[b0] + words[b1] + words[b2] + words[b3]
    elif n_board == 3:
        b0, b1, b2 = board_codes
        word = words[b0] + words[b1] + words[b2]
    else:
        _reject("Omaha needs 3 to 5 board cards", hole, board, hole_codes, board_codes)
    board_cards = word >> CARD_SHIFT
    if board_cards.bit_count() != n_board:
        _reject("a card is given twice", hole, board, hole_codes, board_codes)
    board_id = OMAHA_BOARD_ID[word & RANK_KEY_MASK]

    # Best non-flush value: one row look-up per pair of hole cards, written out for 4, 5 and 6 cards.
    n_hole = len(hole_codes)
    rows = OMAHA_ROWS
    bit = CODE_BIT
    try:
        if n_hole == 4:
            h0, h1, h2, h3 = hole_codes
            hole_cards = bit[h0] | bit[h1] | bit[h2] | bit[h3]
            r0 = rows[h0]
            r1 = rows[h1]
            best = max(
                r0[h1][board_id], r0[h2][board_id], r0[h3][board_id],
                r1[h2][board_id], r1[h3][board_id], rows[h2][h3][board_id],
            )  # fmt: skip
        elif n_hole == 5:
            h0, h1, h2, h3, h4 = hole_codes
            hole_cards = bit[h0] | bit[h1] | bit[h2] | bit[h3] | bit[h4]
            r0 = rows[h0]
            r1 = rows[h1]
            r2 = rows[h2]
            best = max(
                r0[h1][board_id], r0[h2][board_id], r0[h3][board_id], r0[h4][board_id],
                r1[h2][board_id], r1[h3][board_id], r1[h4][board_id],
                r2[h3][board_id], r2[h4][board_id], rows[h3][h4][board_id],
            )  # fmt: skip
        elif n_hole == 6:
            h0, h1, h2, h3, h4, h5 = hole_codes
            hole_cards = bit[h0] | bit[h1] | bit[h2] | bit[h3] | bit[h4] | bit[h5]
            r0 = rows[h0]
            r1 = rows[h1]
            r2 = rows[h2]
            r3 = rows[h3]
            best = max(
                r0[h1][board_id], r0[h2][board_id], r0[h3][board_id], r0[h4][board_id], r0[h5][board_id],
                r1[h2][board_id], r1[h3][board_id], r1[h4][board_id], r1[h5][board_id],
                r2[h3][board_id], r2[h4][board_id], r2[h5][board_id],
                r3[h4][board_id], r3[h5][board_id], rows[h4][h5][board_id],
            )  # fmt: skip
        elif 2 <= n_hole <= 3:
            hole_cards = sum(bit[code] for code in set(hole_codes))
            best = _best_nonflush(hole_codes, board_id)
        else:
            _reject("Omaha needs 2 to 6 hole cards", hole, board, hole_codes, board_codes)
    except IndexError:  # a row not built yet (UNBUILT is empty)
        best = _best_nonflush(hole_codes, board_id)
    if hole_cards.bit_count() != n_hole or hole_cards & board_cards:
        _reject("a card is given twice", hole, board, hole_codes, board_codes)

    suit = FLUSH_SUIT[(word >> SUIT_SHIFT) & SUIT_MASK]
    if suit >= 0:
        flush = _omaha_flush(hole_codes, board_codes, suit)
        if flush > best:
            best = flush
    return HighHand(best, hole_codes, board_codes, True)


def _best_nonflush(hole_codes: list[int], board_id: int) -> int:
    """The general (and row-building) form of the written-out look-ups in `evaluate_high`."""
    best = 0
    for code_a, code_b in combinations(hole_codes, 2):
        row = OMAHA_ROWS[code_a][code_b]
        if row is UNBUILT:
            row = omaha_row(code_a >> 2, code_b >> 2)
        best = max(best, row[board_id])
    return best


def _omaha_flush(hole: list[int], board: list[int], suit: int) -> int:
    """Best flush (or straight flush) of two hole and three board cards of `suit`, the one suit with three
    or more board cards; 0 when the hole has fewer than two cards of it."""
    hole_bits = [CODE_RANK_BIT[code] for code in hole if code & 3 == suit]
    if len(hole_bits) < 2:
        return 0
    board_bits = [CODE_RANK_BIT[code] for code in board if code & 3 == suit]
    pairs = [a | b for a, b in combinations(hole_bits, 2)]
    triples = [a | b | c for a, b, c in combinations(board_bits, 3)]
    return max([FLUSH_VALUE[pair | triple] for pair in pairs for triple in triples])


def evaluate_holdem(hole: Sequence[CardLike], board: Sequence[CardLike]) -> HighHand:
    """The best Hold'em high hand: any five of the two hole cards and the board (zero, one or two hole
    cards may play). ValueError for a wrong count, an unknown card or a card given twice.

    With fewer than three board cards (a winner showing before the flop) the hand is what the cards
    make so far, as PokerStars describes it (`a pair of Kings`): ranks only, fewer than five of them."""
    hole_codes = card_codes(hole)
    board_codes = card_codes(board)
    codes = hole_codes + board_codes
    if not (len(hole_codes) == 2 and len(board_codes) <= 5) or len(set(codes)) != len(codes):
        _reject("Hold'em needs 2 hole cards and at most 5 board cards", hole, board, hole_codes, board_codes)
    key = best_of_any_five(codes) if len(codes) >= 5 else _partial_key(codes)
    return HighHand(key, hole_codes, board_codes, False)


def _partial_key(codes: list[int]) -> int:
    """Key of fewer than five cards: groups of equal ranks only (no straight or flush), missing ranks 0."""
    counts: dict[int, int] = {}
    for code in codes:
        rank = (code >> 2) + 2
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    if shape[0] == 4:
        category = HandCategory.FOUR_OF_A_KIND
    elif shape[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = HandCategory.TWO_PAIR
    elif shape[0] == 2:
        category = HandCategory.ONE_PAIR
    else:
        category = HandCategory.HIGH_CARD
    key = int(category)
    ranks = [rank for rank, count in groups for _ in range(count)]
    for rank in ranks + [0] * (5 - len(ranks)):
        key = (key << 4) | rank
    return key


def best_of_any_five(codes: list[int]) -> int:
    """Key of the best five of 5 to 7 distinct cards (by code)."""
    best = max(map(NONFLUSH_VALUE.__getitem__, map(prod, combinations(map(CODE_PRIME.__getitem__, codes), 5))))
    for suit in range(4):
        suited = [CODE_RANK_BIT[code] for code in codes if code & 3 == suit]
        if len(suited) >= 5:
            flush = max(FLUSH_VALUE[sum(five)] for five in combinations(suited, 5))
            best = max(best, flush)
    return best


def prepare_tables() -> None:
    """Build the lazily built Omaha tables now (a few tenths of a second), e.g. before timing."""
    tables.prepare_tables()
