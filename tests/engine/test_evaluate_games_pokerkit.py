"""The stud and draw evaluators (engine/evaluate/games.py) against pokerkit, for every game pokerkit
evaluates: seven-card and five-card stud high (`StandardHighHand`), eight-or-better (`EightOrBetterLowHand`),
razz and A-5 lowball (`RegularLowHand`), 2-7 lowball and 2-7 razz (`StandardLowHand`, the best five of seven)
and badugi (`BadugiHand`). pokerkit has no aces-high badugi (Badeucey's): brute force checks that one
(test_evaluate_games.py). On random
hands (1,000 per game: pokerkit evaluates a few hundred a second), every comparison between two hands
(better, worse, split) agrees. pokerkit's hands compare stronger as greater, lows too."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from omaha_audit.engine.evaluate.games import (
    badugi,
    lowball_27,
    lowball_a5,
    razz_27_low,
    razz_low,
    stud_high,
    stud_low8,
)

pokerkit = pytest.importorskip("pokerkit")

DECK_TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def pokerkit_or_none(kind: Any, cards: str) -> Any:
    try:
        return kind.from_game(cards)
    except ValueError:  # no hand of that kind (no eight-or-better low)
        return None


def assert_agrees(size: int, ours: Callable[[list[str]], Any], kind: Any, lower_is_better: bool, seed: int) -> int:
    rng = random.Random(seed)
    hands = [rng.sample(DECK_TEXT, size) for _ in range(1_000)]
    keys = [ours(hand) for hand in hands]
    theirs = [pokerkit_or_none(kind, "".join(hand)) for hand in hands]
    assert [key is None for key in keys] == [value is None for value in theirs]
    pairs = [(key, value) for key, value in zip(keys, theirs, strict=True) if key is not None]
    # our keys sorted from the weakest hand to the strongest
    pairs.sort(key=lambda pair: -pair[0] if lower_is_better else pair[0])
    for (key_a, value_a), (key_b, value_b) in pairwise(pairs):
        if key_a == key_b:
            assert value_a == value_b, f"we split, pokerkit does not: {value_a} / {value_b}"
        else:
            assert value_a < value_b, f"we rank {value_a} below {value_b}, pokerkit does not"
    return len(pairs)


@pytest.mark.parametrize(
    ("size", "ours", "kind", "lower_is_better"),
    [
        (7, stud_high, "StandardHighHand", False),
        (5, stud_high, "StandardHighHand", False),
        (7, razz_27_low, "StandardLowHand", True),
        (7, stud_low8, "EightOrBetterLowHand", True),
        (7, razz_low, "RegularLowHand", True),
        (5, lowball_a5, "RegularLowHand", True),
        (5, lowball_27, "StandardLowHand", True),
        (4, badugi, "BadugiHand", True),
    ],
)
def test_agrees_with_pokerkit(size: int, ours: Callable[[list[str]], Any], kind: str, lower_is_better: bool) -> None:
    assert assert_agrees(size, ours, getattr(pokerkit, kind), lower_is_better, seed=size) > 100
