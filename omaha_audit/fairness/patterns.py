"""The exact odds of the shapes of a dealt hand: how its cards fall into ranks (all different, one pair, two
pair, trips, ...) and into suits (2-1-1, 2-2, ...), for any number of cards from a 52-card deck. Counted
combinatorially: a shape with parts m1, m2, ... over `groups` groups of `size` cards each is dealt in
(ways to choose which groups hold which part) × Π C(size, m) ways out of C(52, cards)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from functools import cache

Shape = tuple[int, ...]  # the parts, largest first: (2, 1, 1) = one pair and two odd cards


def _partitions(total: int, largest: int, parts: int) -> Iterator[Shape]:
    if total == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(total, largest), 0, -1):
        for rest in _partitions(total - first, first, parts - 1):
            yield (first, *rest)


@cache
def shape_odds(cards: int, groups: int, size: int) -> dict[Shape, float]:
    """The probability of each shape of `cards` cards dealt from `groups` groups of `size` (ranks: 13 × 4;
    suits: 4 × 13)."""
    total = math.comb(groups * size, cards)
    odds: dict[Shape, float] = {}
    for shape in _partitions(cards, size, groups):
        repeats = Counter(shape)
        ways = math.factorial(groups) // math.factorial(groups - len(shape))
        for count in repeats.values():
            ways //= math.factorial(count)
        for part in shape:
            ways *= math.comb(size, part)
        odds[shape] = ways / total
    return odds


def rank_shape(cards: tuple[int, ...]) -> Shape:
    return tuple(sorted(Counter(card // 4 for card in cards).values(), reverse=True))


def suit_shape(cards: tuple[int, ...]) -> Shape:
    return tuple(sorted(Counter(card % 4 for card in cards).values(), reverse=True))


def shape_name(shape: Shape) -> str:
    return "-".join(str(part) for part in shape)


def merge_small(odds: dict[Shape, float], hands: int, smallest: float = 5.0) -> list[tuple[list[Shape], float]]:
    """The cells of a chi-square test: the shapes, most likely first, with the unlikely ones pooled until
    each cell expects at least `smallest` hands."""
    ordered = sorted(odds.items(), key=lambda item: -item[1])
    cells: list[tuple[list[Shape], float]] = []
    for shape, chance in ordered:
        if cells and cells[-1][1] * hands < smallest:
            shapes, pooled = cells[-1]
            cells[-1] = ([*shapes, shape], pooled + chance)
        else:
            cells.append(([shape], chance))
    while len(cells) > 1 and cells[-1][1] * hands < smallest:
        shapes, pooled = cells.pop()
        cells[-1] = (cells[-1][0] + shapes, cells[-1][1] + pooled)
    return cells
