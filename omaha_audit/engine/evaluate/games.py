"""Showdown values of the stud and draw games: seven-card and five-card stud high, stud eight-or-better, razz
(A-5 low), 2-7 razz, 2-7 lowball, A-5 lowball, badugi (and Badeucey's, aces high) and five-card draw high
(RULES.md ST-5, DR-4, SG-1).

Every evaluator takes the cards a player holds (Card objects or text) and returns one integer; the
direction is in the name of the function:

- `stud_high`, `draw_high`: a high key (as `HighHand.key`: ``category << 20`` then five rank nibbles in
  order of significance), **higher is better**; with fewer than five cards, ranks only (`a pair of
  Kings`), as on a stud table's up cards;
- `stud_low8`: the eight-or-better low mask (bit 0 = ace .. bit 7 = eight), **lower is better**, None when
  no low qualifies (five different ranks from ace to eight, any five of the cards);
- `razz_low`, `lowball_a5`: an A-5 low key, **lower is better**: ace is low, straights and flushes do not
  count, pairs do (``category << 20`` then the ranks, ace as 1, by significance: the pair first);
- `lowball_27`: a 2-7 low key, **lower is better**: ace is high only, straights and flushes count
  (A-2-3-4-5 is ace high, no straight), so it is the high key read the other way; `razz_27_low` the best
  such low of any five of up to seven cards (2-7 razz);
- `badugi`: lower is better: ``(4 - size) << 16`` then the ranks of the badugi from the highest, ace as 1
  (a four-card badugi beats any three-card one; among equal sizes the lower top card wins, and so on);
  with `ace_high` the ace ranks 14, above the king (Badeucey's badugi half).

`showdown_key(game, cards)` gives every game's value on one scale (higher is better) for the settlement;
`showing_key(game, up_cards)` the value of a stud hand's up cards that sets the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from omaha_audit.engine.evaluate.high import _partial_key, best_of_any_five
from omaha_audit.engine.evaluate.tables import CODE_OF, CODE_PRIME, FLUSH_VALUE, NONFLUSH_VALUE, card_codes
from omaha_audit.model import Card, Game

__all__ = [
    "EIGHT_LOW_GAMES",
    "badugi",
    "draw_high",
    "lowball_27",
    "lowball_a5",
    "razz_27_low",
    "razz_low",
    "showdown_key",
    "showing_key",
    "stud_high",
    "stud_low8",
    "word_value",
]

CardLike = Card | str

# Categories, as in the high key (omaha_audit/engine/evaluate/high.py's HandCategory).
_HIGH_CARD: Final = 0
_ONE_PAIR: Final = 1
_TWO_PAIR: Final = 2
_TRIPS: Final = 3
_STRAIGHT: Final = 4
_FLUSH: Final = 5
_FULL_HOUSE: Final = 6
_QUADS: Final = 7
_STRAIGHT_FLUSH: Final = 8
_KEY_BITS: Final = 20  # five nibbles below the category
_NO_VALUE: Final = 1 << 30  # above every low key: what a hand with no cards is worth as a low

EIGHT_LOW_GAMES: Final = frozenset({Game.STUD_HI_LO})


def _codes(cards: Sequence[CardLike]) -> list[int]:
    try:
        return [CODE_OF[card] for card in cards]
    except (KeyError, TypeError):
        return card_codes(cards)


def _distinct(codes: list[int]) -> list[int]:
    if len(set(codes)) != len(codes):
        raise ValueError(f"a card is given twice: {codes!r}")
    return codes


# ---- high -------------------------------------------------------------------------------------------


def stud_high(cards: Sequence[CardLike]) -> int:
    """The best high hand of any five of up to seven cards; ranks only below five cards."""
    codes = _distinct(_codes(cards))
    if len(codes) >= 5:
        return best_of_any_five(codes)
    if not codes:
        return 0
    return _partial_key(codes)


def draw_high(cards: Sequence[CardLike]) -> int:
    """Five-card draw high: the five cards as they are (the wheel A-2-3-4-5 is a straight)."""
    return stud_high(cards)


# ---- eight-or-better -------------------------------------------------------------------------------

# by rank (2..14): the rank's bit in an eight-or-better mask, 0 above eight
_LOW_BIT: Final = tuple(1 if rank == 14 else 1 << (rank - 1) if 2 <= rank <= 8 else 0 for rank in range(15))


def stud_low8(cards: Sequence[CardLike]) -> int | None:
    """The best eight-or-better low of any five cards: the five lowest different ranks from ace to eight
    (the lowest five is the best: A-5 lows compare from the top card down), None with fewer than five."""
    codes = _distinct(_codes(cards))
    mask = 0
    for code in codes:
        mask |= _LOW_BIT[(code >> 2) + 2]
    if mask.bit_count() < 5:
        return None
    while mask.bit_count() > 5:
        mask &= ~(1 << (mask.bit_length() - 1))  # drop the highest
    return mask


def low8_ranks(mask: int) -> tuple[int, ...]:
    """The ranks of an eight-or-better mask from the highest, ace as 1: (7, 6, 5, 3, 1)."""
    return tuple(rank for rank in range(8, 0, -1) if mask >> (rank - 1) & 1)


# ---- A-5 low (razz, A-5 lowball) -------------------------------------------------------------------


def _grouped_key(ranks: list[int]) -> int:
    """The key of some ranks by their groups alone (no straight, no flush): the biggest group first, then
    the higher rank; missing cards (fewer than five) count 0."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    top = groups[0][1] if groups else 1
    second = groups[1][1] if len(groups) > 1 else 0
    if top == 4:
        category = _QUADS
    elif top == 3:
        category = _FULL_HOUSE if second >= 2 else _TRIPS
    elif top == 2:
        category = _TWO_PAIR if second == 2 else _ONE_PAIR
    else:
        category = _HIGH_CARD
    key = category
    ordered = [rank for rank, count in groups for _ in range(count)]
    for rank in ordered[:5] + [0] * (5 - min(5, len(ordered))):
        key = (key << 4) | rank
    return key


def razz_low(cards: Sequence[CardLike]) -> int:
    """The best A-5 low of any five of up to seven cards (ace low, straights and flushes ignored, pairs
    count); fewer than five cards are valued as they are (the up cards of a razz hand). Lower is better."""
    codes = _distinct(_codes(cards))
    ranks = [1 if code >> 2 == 12 else (code >> 2) + 2 for code in codes]
    if not ranks:
        return _NO_VALUE
    if len(ranks) <= 5:
        return _grouped_key(ranks)
    distinct = sorted(set(ranks))
    if len(distinct) >= 5:  # five different ranks: the five lowest
        return _grouped_key(distinct[:5])
    return min(_grouped_key(list(five)) for five in combinations(ranks, 5))


def lowball_a5(cards: Sequence[CardLike]) -> int:
    """A-5 lowball (draw): the five cards as an A-5 low. Lower is better."""
    return razz_low(cards)


# ---- 2-7 low -----------------------------------------------------------------------------------------

_WHEEL_BITS: Final = 0b1000000001111  # A 5 4 3 2 as 13-bit rank bits (deuce = bit 0, ace = bit 12)


def lowball_27(cards: Sequence[CardLike]) -> int:
    """2-7 lowball: the five cards as a high hand where the ace is only high (A-2-3-4-5 is ace high, no
    straight); straights and flushes count against the hand. Lower is better. Fewer than five cards (a
    hand not complete) are valued by their ranks only."""
    return _low27(_distinct(_codes(cards)))


def _low27(codes: list[int]) -> int:
    """`lowball_27` of distinct card codes."""
    if len(codes) != 5:
        return _partial_key(codes) if codes else _NO_VALUE
    bits = 0
    product = 1
    for code in codes:
        bits |= 1 << (code >> 2)
    if bits == _WHEEL_BITS:  # no straight in 2-7: ace high, then 5 4 3 2
        flush = all(code & 3 == codes[0] & 3 for code in codes)
        return ((_FLUSH if flush else _HIGH_CARD) << _KEY_BITS) | 0xE5432
    if all(code & 3 == codes[0] & 3 for code in codes):
        return FLUSH_VALUE[bits]
    for code in codes:
        product *= CODE_PRIME[code]
    return NONFLUSH_VALUE[product]


def razz_27_low(cards: Sequence[CardLike]) -> int:
    """2-7 razz: the best 2-7 low of any five of up to seven cards (ace high only, straights and flushes
    count against the hand, pairs too); fewer than five cards are valued by their ranks (the up cards).
    Lower is better."""
    codes = _distinct(_codes(cards))
    if len(codes) <= 5:
        return _low27(codes)
    return min(_low27(list(five)) for five in combinations(codes, 5))


# ---- badugi -----------------------------------------------------------------------------------------


def badugi(cards: Sequence[CardLike], ace_high: bool = False) -> int:
    """The best badugi of the cards (four of a five-card Badeucey hand): the most cards of different ranks
    and different suits, up to four, then the lowest from the top card down (ace low, or with `ace_high` the
    highest card: Badeucey). Lower is better."""
    codes = _distinct(_codes(cards))
    best = _NO_VALUE
    count = len(codes)
    ace = 14 if ace_high else 1
    for size in range(min(count, 4), 0, -1):
        for chosen in combinations(codes, size):
            ranks = {ace if code >> 2 == 12 else (code >> 2) + 2 for code in chosen}
            suits = {code & 3 for code in chosen}
            if len(ranks) != size or len(suits) != size:
                continue
            key = 4 - size
            ordered = sorted(ranks, reverse=True)
            for rank in ordered + [0] * (4 - size):
                key = (key << 4) | rank
            if key < best:
                best = key
        if best != _NO_VALUE:
            return best
    return best


def badugi_ranks(key: int) -> tuple[int, ...]:
    """The ranks of a badugi key from the highest, ace as 1 (as 14 in Badeucey's): (8, 5, 3, 1)."""
    size = 4 - (key >> 16)
    return tuple((key >> shift) & 15 for shift in (12, 8, 4, 0))[:size]


# ---- one scale for the settlement -----------------------------------------------------------------


def showdown_key(game: Game, cards: Sequence[CardLike]) -> int:
    """The value of a stud or draw hand on one scale, **higher is better**, equal values splitting: the
    high hand in stud, five-card stud, stud hi/lo (its high half) and five-card draw; the low negated in razz,
    2-7 razz, 2-7 and A-5 lowball and badugi; Badeucey's badugi half (its 2-7 half: `lowball_27`)."""
    if game is Game.RAZZ:
        return -razz_low(cards)
    if game is Game.RAZZ_2_7:
        return -razz_27_low(cards)
    if game is Game.BADEUCEY:
        return -badugi(cards, ace_high=True)
    if game is Game.TRIPLE_DRAW_2_7 or game is Game.SINGLE_DRAW_2_7:
        return -lowball_27(cards)
    if game is Game.BADUGI:
        return -badugi(cards)
    if game is Game.TRIPLE_DRAW_A_5:
        return -lowball_a5(cards)
    return stud_high(cards)  # (stud, stud hi/lo's high half, five-card draw)


def word_value(game: Game, cards: Sequence[CardLike]) -> tuple[int, tuple[int, ...] | None]:
    """What a room's words describe a stud or draw hand by (model/hand_value.py `StudDrawWords`): the game's
    own value of the cards (the high key; the A-5 low key in razz and A-5 lowball; the 2-7 key; the badugi
    key), and stud hi/lo's eight-or-better low ranks or None."""
    if game is Game.STUD_HI_LO:
        mask = stud_low8(cards)
        return stud_high(cards), None if mask is None else low8_ranks(mask)
    if game is Game.RAZZ or game is Game.TRIPLE_DRAW_A_5:
        return razz_low(cards), None
    if game is Game.TRIPLE_DRAW_2_7 or game is Game.SINGLE_DRAW_2_7:
        return lowball_27(cards), None
    if game is Game.RAZZ_2_7:
        return razz_27_low(cards), None
    if game is Game.BADUGI:
        return badugi(cards), None
    if game is Game.BADEUCEY:
        return badugi(cards, ace_high=True), None
    return stud_high(cards), None


def showing_key(game: Game, up_cards: Sequence[CardLike]) -> int:
    """The value of a stud hand's up cards that decides who acts first from fourth street (ST-3): the best
    high hand showing in stud, five-card stud and stud hi/lo, the best A-5 low showing in razz, the best 2-7
    low showing in 2-7 razz (ace high); higher is better (first to act). Pairs, trips and quads count;
    straights and flushes do not (fewer than five cards)."""
    codes = _distinct(_codes(up_cards))
    if game is Game.RAZZ:
        ranks = [1 if code >> 2 == 12 else (code >> 2) + 2 for code in codes]
        return -_grouped_key(ranks) if ranks else -_NO_VALUE
    if game is Game.RAZZ_2_7:
        return -_partial_key(codes) if codes else -_NO_VALUE
    if not codes:
        return 0
    if len(codes) >= 5:
        return best_of_any_five(codes)
    return _partial_key(codes)
