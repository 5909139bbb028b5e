"""The evaluators against an independent brute-force reference written plainly here: every choice of two
hole cards and three board cards (every five of the seven for Hold'em), each ranked by a naive five-card
ranking. Random deals cover 4, 5 and 6 hole cards with 3, 4 and 5 board cards.

The check is on ordering: over all deals of a run, two hands compare the same way (better, worse, or
split) under the evaluator and under the reference, for every pair of hands. That is verified by grouping
the hands by their reference value and walking the groups in reference order (the evaluator's order is
a total order, so neighbouring groups suffice). Categories, descriptions and the five cards used are
checked too.

The default test runs 20,000 Omaha deals (plus Hold'em); the `slow` one 200,000 (run in CI).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from itertools import combinations, pairwise
from typing import Any

import pytest

from omaha_audit.engine.evaluate import (
    HandCategory,
    HighHand,
    LowHand,
    evaluate_high,
    evaluate_holdem,
    evaluate_low,
)
from omaha_audit.model.cards import DECK, parse_card

RANKS = "23456789TJQKA"
DECK_TEXT = [rank + suit for rank in RANKS for suit in "cdhs"]
CATEGORY_NAMES = [
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
]

# ---------------------------------------------------------------------------------------------------
# The reference: naive and slow on purpose (memoised on the ranks and whether the five are suited).
# ---------------------------------------------------------------------------------------------------


@cache
def rank_ranks(ranks: tuple[int, ...], suited: bool) -> tuple[int, tuple[int, ...]]:
    """(category 0..8, tie-break ranks) for five cards with these ranks (2..14, sorted high to low)."""
    counts = Counter(ranks)
    # Ranks grouped: biggest group first, then higher rank first.
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    straight_top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == (14, 5, 4, 3, 2):
            straight_top = 5
    if straight_top and suited:
        return 8, (straight_top,)
    if shape == [4, 1]:
        return 7, tuple(grouped)
    if shape == [3, 2]:
        return 6, tuple(grouped)
    if suited:
        return 5, ranks
    if straight_top:
        return 4, (straight_top,)
    if shape == [3, 1, 1]:
        return 3, tuple(grouped)
    if shape == [2, 2, 1]:
        return 2, tuple(grouped)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(grouped)
    return 0, ranks


def rank_five(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    ranks = tuple(sorted((RANKS.index(card[0]) + 2 for card in cards), reverse=True))
    suited = len({card[1] for card in cards}) == 1
    return rank_ranks(ranks, suited)


def low_five(cards: Sequence[str]) -> tuple[int, ...] | None:
    """The five ranks high to low (ace = 1) if they make an eight-or-better low, else None."""
    ranks = [1 if card[0] == "A" else RANKS.index(card[0]) + 2 for card in cards]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return None
    return tuple(sorted(ranks, reverse=True))


def reference_omaha(hole: Sequence[str], board: Sequence[str]) -> tuple[Any, Any, list[tuple[str, ...]]]:
    """(best high, best low or None, every five-card choice that makes the best high)."""
    best_high: tuple[int, tuple[int, ...]] | None = None
    best_low: tuple[int, ...] | None = None
    makers: list[tuple[str, ...]] = []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = two + three
            high = rank_five(five)
            if best_high is None or high > best_high:
                best_high, makers = high, [five]
            elif high == best_high:
                makers.append(five)
            low = low_five(five)
            if low is not None and (best_low is None or low < best_low):
                best_low = low
    return best_high, best_low, makers


def reference_holdem(hole: Sequence[str], board: Sequence[str]) -> tuple[Any, list[tuple[str, ...]]]:
    best: tuple[int, tuple[int, ...]] | None = None
    makers: list[tuple[str, ...]] = []
    for five in combinations([*hole, *board], 5):
        high = rank_five(five)
        if best is None or high > best:
            best, makers = high, [five]
        elif high == best:
            makers.append(five)
    return best, makers


# ---------------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------------


def assert_same_order(ours: Sequence[Any], reference: Sequence[Hashable], better: Callable[[Any, Any], bool]) -> None:
    """Every pair of hands compares the same way under both: equal reference values ⇔ equal hands, and
    `better(a, b)` ⇔ reference(a) > reference(b)."""
    groups: dict[Hashable, list[Any]] = {}
    for hand, value in zip(ours, reference, strict=True):
        groups.setdefault(value, []).append(hand)
    ordered = sorted(groups)  # reference order, worst first
    for value in ordered:
        first = groups[value][0]
        unequal = [hand for hand in groups[value] if not (hand == first and hash(hand) == hash(first))]
        assert not unequal, f"reference {value} is one value but the evaluator splits it: {first!r} {unequal[0]!r}"
    for worse, stronger in pairwise(ordered):
        a, b = groups[worse][0], groups[stronger][0]
        assert better(b, a) and not better(a, b) and a != b, f"order differs: {worse} < {stronger} but {a!r}, {b!r}"


def deal(rng: random.Random, n_hole: int, n_board: int) -> tuple[list[str], list[str]]:
    cards = rng.sample(DECK_TEXT, n_hole + n_board)
    return cards[:n_hole], cards[n_hole:]


def run_omaha(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    shapes = [(n_hole, n_board) for n_hole in (4, 5, 6) for n_board in (3, 4, 5)]
    highs: list[HighHand] = []
    high_refs: list[tuple[int, tuple[int, ...]]] = []
    lows: list[LowHand] = []
    low_refs: list[tuple[int, ...]] = []
    for index in range(deals):
        hole, board = deal(rng, *shapes[index % len(shapes)])
        # Half the deals go in as Card objects, half as text.
        given_hole: Sequence[Any] = hole if index % 2 else [parse_card(card) for card in hole]
        high = evaluate_high(given_hole, board)
        low = evaluate_low(given_hole, board)
        ref_high, ref_low, makers = reference_omaha(hole, board)
        assert high.category == HandCategory(ref_high[0]), (hole, board, high, CATEGORY_NAMES[ref_high[0]])
        assert (low is None) == (ref_low is None), (hole, board, low, ref_low)
        highs.append(high)
        high_refs.append(ref_high)
        if low is not None and ref_low is not None:
            assert low.ranks == ref_low, (hole, board, low, ref_low)
            lows.append(low)
            low_refs.append(tuple(-rank for rank in ref_low))  # reference order: larger = better low
        if index % 50 == 0:  # the five cards reported are two hole and three board cards that make it
            used = tuple(str(card) for card in high.cards)
            assert sorted(used) in [sorted(five) for five in makers], (hole, board, used)
            assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3
            assert high.describe()
    assert_same_order(highs, high_refs, lambda a, b: a > b and a.beats(b))
    assert_same_order(lows, low_refs, lambda a, b: a < b and a.beats(b))


def run_holdem(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    hands: list[HighHand] = []
    refs: list[tuple[int, tuple[int, ...]]] = []
    for index in range(deals):
        hole, board = deal(rng, 2, 3 + index % 3)
        hand = evaluate_holdem(hole, board)
        ref, makers = reference_holdem(hole, board)
        assert hand.category == HandCategory(ref[0]), (hole, board, hand)
        if index % 50 == 0:
            used = tuple(str(card) for card in hand.cards)
            assert sorted(used) in [sorted(five) for five in makers], (hole, board, used)
        hands.append(hand)
        refs.append(ref)
    assert_same_order(hands, refs, lambda a, b: a > b)


@pytest.mark.slow
def test_omaha_matches_brute_force() -> None:
    run_omaha(deals=20_000, seed=20240601)


def test_holdem_matches_brute_force() -> None:
    run_holdem(deals=5_000, seed=20240602)


@pytest.mark.slow
def test_omaha_matches_brute_force_200k() -> None:
    run_omaha(deals=200_000, seed=31337)


@pytest.mark.slow
def test_holdem_matches_brute_force_50k() -> None:
    run_holdem(deals=50_000, seed=31338)


def test_every_card_spelling_and_type_gives_the_same_hand() -> None:
    hole, board = ["Ah", "Kd", "Td", "2c"], ["Qd", "Jd", "3d", "9s", "5h"]
    expected = evaluate_high(hole, board)
    assert evaluate_high([parse_card(card) for card in hole], [parse_card(card) for card in board]) == expected
    assert evaluate_high(" ".join(hole), " ".join(board)) == expected
    assert evaluate_high(tuple(card.lower() for card in hole), iter(board)) == expected
    # A Card built directly (rather than parsed) works too.
    clone = type(DECK[0])(14, "h")
    assert evaluate_high([clone, "Kd", "Td", "2c"], board) == expected
