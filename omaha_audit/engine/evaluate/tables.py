"""Lookup tables for the hand evaluators, built from first principles (no data files).

Card codes
    Every card becomes a small integer `code` = `Card.index` (0..51, rank-major: `(rank - 2) * 4 + suit`),
    so `code >> 2` is the rank index (0 = deuce .. 12 = ace) and `code & 3` the suit. Per-code tuples give
    each card's rank prime, bits and words without any arithmetic in the hot paths.

High values (built at import, about 10 ms)
    A five-card high hand is one integer: ``category << 20`` followed by five 4-bit rank nibbles in order
    of significance (the ranks of the biggest group first; a wheel straight counts its ace as 1). A larger
    integer is a better hand and equal integers split. Non-flush hands are found by the product of their
    rank primes (unique per rank multiset), flushes by the 13-bit mask of their ranks. The tables are
    generated category by category, so every key is known without ranking anything.

Omaha rows (built lazily, one per hole rank pair)
    In Omaha the non-flush part of the best hand depends only on the ranks of the two hole cards used and
    on the rank multiset of the board. For each of the 91 hole rank pairs a row holds one entry per board
    rank multiset of 3, 4 or 5 cards (8,450 of them, `OMAHA_BOARD_ID`): the best non-flush value that pair
    makes with any three cards of that board. Evaluating a hand is then one dictionary look-up for the
    board and one list index per pair of hole cards. A row takes 2-4 ms to build (C-level `map` over the
    4-card sub-boards), so rows are built the first time their rank pair is met; `prepare_tables()` builds
    all 91 at once (0.2-0.4 s). All rows together take about 6 MB.

Lows (built lazily, one row per board low-rank mask)
    An 8-or-better low is a set of five distinct ranks A..8, kept as an 8-bit mask (bit 0 = ace .. bit 7 =
    eight). For two masks with five bits each, comparing the masks as integers is the A-5 comparison
    (highest card first), so the best low is the smallest mask. `low_masks(board_mask)` gives, for one
    board mask, the best mask for each of the 256 hole masks (or `NO_LOW`); the low evaluator keeps each
    such row, as value objects, from the first time it meets that board mask (at most 219 rows).
"""

from __future__ import annotations

import marshal
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement, repeat
from math import prod
from operator import floordiv, itemgetter, mul
from typing import Final

from omaha_audit.cache import read_entry, usable_folder, write_entry
from omaha_audit.model.cards import DECK, Card, parse_card

__all__ = [
    "BOARD_WORD",
    "CARD_BITS_MASK",
    "CARD_SHIFT",
    "CATEGORY_SHIFT",
    "CODE_BIT",
    "CODE_CARD",
    "CODE_LOW_BIT",
    "CODE_LOW_WORD",
    "CODE_OF",
    "CODE_OF_GET",
    "CODE_PRIME",
    "CODE_RANK_BIT",
    "FLUSH_SUIT",
    "FLUSH_VALUE",
    "LOW_SHIFT",
    "LOW_WORD_OF",
    "NONFLUSH_VALUE",
    "NO_LOW",
    "OMAHA_BOARD_ID",
    "OMAHA_ROWS",
    "RANK_KEY_MASK",
    "SUIT_MASK",
    "SUIT_SHIFT",
    "UNBUILT",
    "card_code",
    "card_codes",
    "low_masks",
    "omaha_row",
    "prepare_tables",
    "value5",
]

# Hand categories as stored in the top bits of a value (mirrors `HandCategory`).
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND = range(8)
STRAIGHT_FLUSH: Final = 8
STRAIGHT_CATEGORY: Final = STRAIGHT
CATEGORY_SHIFT: Final = 20

PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # rank index 0 (deuce) .. 12 (ace)

# ---------------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------------

CODE_CARD: Final[tuple[Card, ...]] = tuple(sorted(DECK, key=lambda card: card.index))
CODE_PRIME: Final[tuple[int, ...]] = tuple(PRIMES[code >> 2] for code in range(52))
CODE_RANK_BIT: Final[tuple[int, ...]] = tuple(1 << (code >> 2) for code in range(52))

CODE_BIT: Final[tuple[int, ...]] = tuple(1 << code for code in range(52))

# Board words: summing BOARD_WORD over a board's cards gives
# - in bits 0..30 the board's rank counts as a base-5 number (a rank appears at most four times, so the
#   sum is unique per rank multiset and stays below 5**13 < 2**31): the key of OMAHA_BOARD_ID;
# - in bits 31..42 three bits per suit counting that suit's cards: FLUSH_SUIT's index;
# - from bit 43 on the cards as bits: a sum of distinct powers of two has as many bits as terms, and a
#   card counted twice carries into fewer bits, so the bit count says whether a card was repeated.
RANK_KEY_MASK: Final = (1 << 31) - 1
SUIT_SHIFT: Final = 31
SUIT_MASK: Final = (1 << 12) - 1
CARD_SHIFT: Final = 43
BOARD_WORD: Final[tuple[int, ...]] = tuple(
    5 ** (code >> 2) | (1 << (SUIT_SHIFT + 3 * (code & 3))) | (1 << (CARD_SHIFT + code)) for code in range(52)
)
# FLUSH_SUIT[suit counters]: the suit with three or more cards on the board (with at most five board cards
# there is at most one), or -1.
FLUSH_SUIT: Final[tuple[int, ...]] = tuple(
    next((suit for suit in range(4) if (counters >> (3 * suit)) & 7 >= 3), -1) for counters in range(4096)
)


def _low_bit(code: int) -> int:
    rank = (code >> 2) + 2
    if rank == 14:
        return 1
    return 1 << (rank - 1) if rank <= 8 else 0


CODE_LOW_BIT: Final[tuple[int, ...]] = tuple(_low_bit(code) for code in range(52))
# Low words: OR-ing them gives the cards as bits 0..51 (so a repeated card shows as a missing bit) and,
# from bit 52 on, the A..8 ranks present as an 8-bit mask.
LOW_SHIFT: Final = 52
CARD_BITS_MASK: Final = (1 << 52) - 1
CODE_LOW_WORD: Final[tuple[int, ...]] = tuple((1 << code) | (CODE_LOW_BIT[code] << LOW_SHIFT) for code in range(52))

# Cards given as the model's Card objects (interned: one object per card, hashed by identity) or as
# text in every spelling `parse_card` accepts ("Ah", "ah", "10h"). Anything else goes through `card_code`.
CODE_OF: Final[dict[object, int]] = {}
for _card in DECK:
    CODE_OF[_card] = CODE_OF[str(_card)] = CODE_OF[str(_card).lower()] = _card.index
    if _card.rank == 10:
        CODE_OF["10" + _card.suit] = _card.index
LOW_WORD_OF: Final[dict[object, int]] = {key: CODE_LOW_WORD[code] for key, code in CODE_OF.items()}
CODE_OF_GET: Final = CODE_OF.__getitem__


def card_code(card: object) -> int:
    """The code of one card given as a Card or as text ("Ah", "10h"); ValueError
    for anything else."""
    if isinstance(card, str):
        return parse_card(card).index
    if isinstance(card, Card) and 2 <= card.rank <= 14 and card.suit in ("c", "d", "h", "s"):
        return card.index
    raise ValueError(f"not a card: {card!r}")


def card_codes(cards: Iterable[Card | str] | str) -> list[int]:
    """Codes of some cards: Card objects or "Ah"-style text, mixed freely, or one string "Ah Kd 5c"."""
    if isinstance(cards, str):
        cards = cards.split()
    try:
        return [card_code(card) for card in cards]
    except TypeError as error:
        raise ValueError(f"not a sequence of cards: {cards!r}") from error


# ---------------------------------------------------------------------------------------------------
# Five-card high values
# ---------------------------------------------------------------------------------------------------


def _pack(category: int, ranks: tuple[int, ...]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    return value


_DESCENDING: Final = tuple(range(14, 1, -1))  # ranks 14 (ace) .. 2
_PRIME_OF_RANK: Final = dict(zip(range(2, 15), PRIMES, strict=True))


def _straight(five: tuple[int, ...]) -> tuple[int, ...] | None:
    """Five distinct ranks (descending) as a straight's ranks (a wheel's ace counts 1), or None."""
    if five[0] - five[4] == 4:
        return five
    if five == (14, 5, 4, 3, 2):
        return (5, 4, 3, 2, 1)
    return None


def _build_five_card_tables() -> tuple[dict[int, int], list[int]]:
    """Every five-card rank multiset, generated category by category with its value already known."""
    p = _PRIME_OF_RANK
    nonflush: dict[int, int] = {}
    flush = [0] * 8192
    for top in _DESCENDING:
        others = tuple(rank for rank in _DESCENDING if rank != top)
        for kicker in others:
            nonflush[p[top] ** 4 * p[kicker]] = _pack(FOUR_OF_A_KIND, (top, top, top, top, kicker))
            nonflush[p[top] ** 3 * p[kicker] ** 2] = _pack(FULL_HOUSE, (top, top, top, kicker, kicker))
        for k1, k2 in combinations(others, 2):
            nonflush[p[top] ** 3 * p[k1] * p[k2]] = _pack(THREE_OF_A_KIND, (top, top, top, k1, k2))
        for k1, k2, k3 in combinations(others, 3):
            nonflush[p[top] ** 2 * p[k1] * p[k2] * p[k3]] = _pack(ONE_PAIR, (top, top, k1, k2, k3))
    for high, low in combinations(_DESCENDING, 2):
        for kicker in _DESCENDING:
            if kicker not in (high, low):
                key = p[high] ** 2 * p[low] ** 2 * p[kicker]
                nonflush[key] = _pack(TWO_PAIR, (high, high, low, low, kicker))
    for five in combinations(_DESCENDING, 5):
        straight = _straight(five)
        key = p[five[0]] * p[five[1]] * p[five[2]] * p[five[3]] * p[five[4]]
        mask = (1 << (five[0] - 2)) | (1 << (five[1] - 2)) | (1 << (five[2] - 2))
        mask |= (1 << (five[3] - 2)) | (1 << (five[4] - 2))
        if straight is None:
            nonflush[key] = _pack(HIGH_CARD, five)
            flush[mask] = _pack(FLUSH, five)
        else:
            nonflush[key] = _pack(STRAIGHT, straight)
            flush[mask] = _pack(STRAIGHT_FLUSH, straight)
    return nonflush, flush


NONFLUSH_VALUE, FLUSH_VALUE = _build_five_card_tables()


def value5(codes: tuple[int, ...] | list[int]) -> int:
    """Value of exactly five cards given by code (slow path: used to find the cards of a result)."""
    suit = codes[0] & 3
    if all(code & 3 == suit for code in codes):
        return FLUSH_VALUE[sum(CODE_RANK_BIT[code] for code in codes)]
    return NONFLUSH_VALUE[prod(CODE_PRIME[code] for code in codes)]


# ---------------------------------------------------------------------------------------------------
# Omaha: board rank multisets and per-pair rows
# ---------------------------------------------------------------------------------------------------


_TRIPLES: Final = list(combinations_with_replacement(PRIMES, 3))  # rank-prime tuples, ascending
_FOURS: Final = list(combinations_with_replacement(PRIMES, 4))
_FIVES: Final = [primes for primes in combinations_with_replacement(PRIMES, 5) if primes[0] != primes[4]]
_TRIPLE_PRODUCTS: Final = list(map(prod, _TRIPLES))
_FOUR_PRODUCTS: Final = list(map(prod, _FOURS))
_FIVE_PRODUCTS: Final = list(map(prod, _FIVES))
# Board ids: 3-card boards first (their id is the triple's index), then 4-card, then 5-card boards.
_BOARD_ID_BY_PRODUCT: Final[dict[int, int]] = {
    key: board_id for board_id, key in enumerate([*_TRIPLE_PRODUCTS, *_FOUR_PRODUCTS, *_FIVE_PRODUCTS])
}
_BASE5_OF_PRIME: Final = {prime: 5**index for index, prime in enumerate(PRIMES)}
# The same ids keyed by the rank-count key of the board words (see BOARD_WORD).
OMAHA_BOARD_ID: Final[dict[int, int]] = {
    sum(map(_BASE5_OF_PRIME.__getitem__, primes)): board_id
    for board_id, primes in enumerate([*_TRIPLES, *_FOURS, *_FIVES])
}


def _sub_board_column(boards: Sequence[tuple[int, ...]], products: list[int], skip: int) -> list[int]:
    """For each board, the id of the sub-board without its card at position `skip`."""
    get = _BOARD_ID_BY_PRODUCT.__getitem__
    return list(map(get, map(floordiv, products, map(itemgetter(skip), boards))))


# A 4-card board's triples are its four 3-card sub-boards; each column lists one of them per board.
_FOUR_COLUMNS: Final = [_sub_board_column(_FOURS, _FOUR_PRODUCTS, skip) for skip in range(4)]
# Every triple of a 5-card board lies in one of the four 4-card sub-boards that drop card 0, 1, 2 or 3
# (a triple leaves out two cards, and at least one of them is among the first four).
_FIVE_COLUMNS: Final = [_sub_board_column(_FIVES, _FIVE_PRODUCTS, skip) for skip in range(4)]

# OMAHA_ROWS[code_a][code_b]: the row of the two hole cards' ranks (one list shared by all suits and
# both orders), or the empty list UNBUILT until that rank pair is first needed: indexing it raises
# IndexError, which the evaluator catches to build the row.
UNBUILT: Final[list[int]] = []
OMAHA_ROWS: Final[list[list[list[int]]]] = [[UNBUILT] * 52 for _ in range(52)]


def omaha_row(rank_a: int, rank_b: int) -> list[int]:
    """The row for hole rank indices (0..12): best non-flush value with each board multiset, by board id.
    On the first row a run needs, every row is read from the user's cache folder if it is there (7 ms,
    against about 1 ms to build each of the 91), or built and written there for the next run."""
    row = OMAHA_ROWS[rank_a * 4][rank_b * 4]
    if row is not UNBUILT:
        return row
    if not _CACHE_TRIED:
        _CACHE_TRIED.append(True)
        _load_or_save_rows()
        return OMAHA_ROWS[rank_a * 4][rank_b * 4]
    return _build_row(rank_a, rank_b)


def _build_row(rank_a: int, rank_b: int) -> list[int]:
    pair_product = PRIMES[rank_a] * PRIMES[rank_b]
    get = NONFLUSH_VALUE.get
    row = [get(key, 0) for key in map(mul, repeat(pair_product), _TRIPLE_PRODUCTS)]  # 0: five of a kind
    pick = row.__getitem__
    row += map(max, *(map(pick, column) for column in _FOUR_COLUMNS))
    pick = row.__getitem__
    row += map(max, *(map(pick, column) for column in _FIVE_COLUMNS))
    _place(rank_a, rank_b, row)
    return row


def _place(rank_a: int, rank_b: int, row: list[int]) -> None:
    for code_a in range(rank_a * 4, rank_a * 4 + 4):
        for code_b in range(rank_b * 4, rank_b * 4 + 4):
            OMAHA_ROWS[code_a][code_b] = row
            OMAHA_ROWS[code_b][code_a] = row


def prepare_tables() -> None:
    """Build every lazily built Omaha row now (a few tenths of a second), e.g. before timing."""
    for rank_a, rank_b in combinations_with_replacement(range(13), 2):
        omaha_row(rank_a, rank_b)


_CACHE_TRIED: Final[list[bool]] = []
ROWS_CACHE_FORMAT: Final = 1  # (the cache entry's name carries it: a change of the rows' layout bumps it)
ROWS_CACHE_NAME: Final = f"omaha-rows-{ROWS_CACHE_FORMAT}-{len(_TRIPLE_PRODUCTS)}.marshal"


def _load_or_save_rows() -> None:
    """Every row, from the cache entry (omaha_audit/cache.py: signed by this user's key, or not read) when
    it holds 91 rows of the right length, two of which match rows built here (an entry of another version
    of this module is built again and replaced); else built, and kept for the next run."""
    pairs = list(combinations_with_replacement(range(13), 2))
    rows = None
    payload = read_entry(ROWS_CACHE_NAME)
    if payload is not None:
        try:
            rows = marshal.loads(payload)
            second = _build_row(0, 1)
            if (
                type(rows) is not list
                or len(rows) != len(pairs)
                or any(type(row) is not list or len(row) != len(second) for row in rows)
                or rows[1] != second
                or rows[-2] != _build_row(11, 12)
            ):
                rows = None  # (rows of another version of this module)
        except (EOFError, ValueError, TypeError, IndexError):
            rows = None
    if rows is not None:
        for index in range(len(pairs)):
            _place(pairs[index][0], pairs[index][1], rows[index])
        return
    built = [_build_row(rank_a, rank_b) for rank_a, rank_b in pairs]
    if usable_folder() is not None:  # (else there is nothing to write them to)
        write_entry(ROWS_CACHE_NAME, marshal.dumps(built))


# ---------------------------------------------------------------------------------------------------
# Lows (A-5, eight or better)
# ---------------------------------------------------------------------------------------------------

NO_LOW: Final = 256  # larger than every five-bit mask of eight ranks


def _lowest_three(mask: int) -> int:
    """The three lowest bits of `mask`, or NO_LOW when it has fewer than three."""
    bits = 0
    for _ in range(3):
        if not mask:
            return NO_LOW
        lowest = mask & -mask
        bits |= lowest
        mask ^= lowest
    return bits


def _drop_lowest_bits(mask: int) -> tuple[int, int, int]:
    """`mask` without its lowest, second-lowest and third-lowest bit, in turn (mask has >= 3 bits)."""
    first = mask & -mask
    rest = mask ^ first
    second = rest & -rest
    third = (rest ^ second) & -(rest ^ second)
    return mask ^ first, mask ^ second, mask ^ third


def _build_low_shared() -> tuple[list[int], list[tuple[list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]]]:
    lowest_three = [_lowest_three(mask) for mask in range(256)]
    layers: list[tuple[list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
    for count in range(3, 9):
        masks = [mask for mask in range(256) if mask.bit_count() == count]
        first, second, third = zip(*map(_drop_lowest_bits, masks), strict=True)
        layers.append((masks, first, second, third))
    return lowest_three, layers


_LOWEST_THREE, _LOW_LAYERS = _build_low_shared()
_LOW_PAIRS: Final = [mask for mask in range(256) if mask.bit_count() == 2]


def low_masks(board_mask: int) -> list[int]:
    """For one board (its A..8 ranks as a mask), the best low mask for each of the 256 hole masks.

    The entry is the smallest five-rank mask made of two hole ranks and three other board ranks, or
    NO_LOW. For a fixed pair of hole ranks the best completion is the three lowest board ranks outside
    the pair (the pair's bits are disjoint from them, so the smallest sum is the smallest mask). For a
    hole mask with three or more ranks, any two of them leave out at least one of its three lowest
    ranks, so its best is the best of the three masks with one of those ranks removed: the table is
    filled one bit-count layer at a time.
    """
    best = dict.fromkeys(range(256), NO_LOW)
    if board_mask.bit_count() < 3:
        return list(best.values())
    lowest_three = _LOWEST_THREE
    for pair in _LOW_PAIRS:
        rest = lowest_three[board_mask & ~pair]
        if rest != NO_LOW:
            best[pair] = pair | rest
    get = best.__getitem__
    for masks, first, second, third in _LOW_LAYERS:
        best.update(zip(masks, map(min, map(get, first), map(get, second), map(get, third)), strict=True))
    return list(best.values())
