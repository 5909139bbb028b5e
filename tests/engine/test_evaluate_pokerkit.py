"""Differential test against pokerkit (a test-only dependency): on random deals of 4, 5 and 6 hole cards
with 3, 4 and 5 board cards, every comparison between two hands (better, worse, split) agrees, for Omaha
high, for the eight-or-better low (including "no low"), and for Hold'em.

pokerkit evaluates about 300-1,300 hands a second here, so the 20,000-deal run is marked `slow` (it runs in
CI and takes a few minutes on one core); the default run checks 1,000 deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import pytest

from omaha_audit.engine.evaluate import evaluate_high, evaluate_holdem, evaluate_low

pokerkit = pytest.importorskip("pokerkit")

DECK_TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
SHAPES = [(n_hole, n_board) for n_hole in (4, 5, 6) for n_board in (3, 4, 5)]


def pokerkit_low(hole: str, board: str) -> Any:
    try:
        return pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:  # pokerkit's way of saying that no low qualifies
        return None


def assert_same_comparisons(ours: Sequence[Any], theirs: Sequence[Any], key: Callable[[Any], Any]) -> None:
    """Sort by our order; then neighbours must compare alike in pokerkit (`<` means weaker there, for
    lows too). Both orders are total, so agreeing on neighbours is agreeing on every pair."""
    order = sorted(range(len(ours)), key=lambda index: key(ours[index]))
    for left, right in pairwise(order):
        a, b = theirs[left], theirs[right]
        if key(ours[left]) == key(ours[right]):
            assert a == b, f"we split, pokerkit does not: {ours[left]!r}/{a} vs {ours[right]!r}/{b}"
        else:
            assert a < b, f"we rank {ours[left]!r} below {ours[right]!r}; pokerkit: {a} vs {b}"


def run(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    highs, pk_highs, lows, pk_lows = [], [], [], []
    for index in range(deals):
        n_hole, n_board = SHAPES[index % len(SHAPES)]
        cards = rng.sample(DECK_TEXT, n_hole + n_board)
        hole, board = cards[:n_hole], cards[n_hole:]
        highs.append(evaluate_high(hole, board))
        pk_highs.append(pokerkit.OmahaHoldemHand.from_game("".join(hole), "".join(board)))
        low = evaluate_low(hole, board)
        pk_low = pokerkit_low("".join(hole), "".join(board))
        assert (low is None) == (pk_low is None), (hole, board, low, pk_low)
        if low is not None:
            lows.append(low)
            pk_lows.append(pk_low)
    assert_same_comparisons(highs, pk_highs, key=lambda hand: hand)
    # Our lows: smaller is better; pokerkit's: larger is better. Sort ours worst first.
    assert_same_comparisons(lows, pk_lows, key=lambda low: -low.mask)


def run_holdem(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    ours, theirs = [], []
    for index in range(deals):
        cards = rng.sample(DECK_TEXT, 2 + 3 + index % 3)
        ours.append(evaluate_holdem(cards[:2], cards[2:]))
        theirs.append(pokerkit.StandardHighHand.from_game("".join(cards[:2]), "".join(cards[2:])))
    assert_same_comparisons(ours, theirs, key=lambda hand: hand)


def test_agrees_with_pokerkit() -> None:
    run(deals=1_000, seed=7)
    run_holdem(deals=1_000, seed=8)


@pytest.mark.slow
def test_agrees_with_pokerkit_20k() -> None:
    run(deals=20_000, seed=20240607)
    run_holdem(deals=5_000, seed=20240608)
