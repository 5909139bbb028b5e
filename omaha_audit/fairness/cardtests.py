"""The card tests: the hero's hole cards (and Courchevel's exposed card), and the run-outs dealt when every
hand is known. Each returns a `TestResult` with its p-value and a power statement at `level` (the per-test
level of the family, verdicts.per_test_level)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import pairwise

from omaha_audit.fairness.distributions import chi2_sf, poisson_sf, two_sided
from omaha_audit.fairness.observations import POSITIONS, AllIn, HeroDeal
from omaha_audit.fairness.patterns import merge_small, rank_shape, shape_name, shape_odds, suit_shape
from omaha_audit.fairness.verdicts import TestResult, chi2_smallest_shift, percent, z_smallest_shift
from omaha_audit.model import DECK

CARD_NAMES = tuple(str(card) for card in DECK)  # by Card.index
RANK_NAMES = tuple("23456789TJQKA")
SUIT_NAMES = tuple("cdhs")
RANK_MEAN = 8.0  # ranks 2..14 over the deck
RANK_VARIANCE = 14.0  # (13² - 1) / 12
_HOLE_SCOPE = (
    "The hero's own cards are dealt whatever anyone does, so they are free of selection. The test shows whether "
    "they fall as a fair deck deals them; it cannot show a bias in the cards of others or in the run-outs."
)


def _dealt_sets(deals: Sequence[HeroDeal]) -> list[tuple[int, ...]]:
    return [deal.cards + (() if deal.exposed is None else (deal.exposed,)) for deal in deals]


def _hypergeometric_scale(sets: Sequence[tuple[int, ...]], deck: int = 52) -> float:
    """Cards dealt without replacement within a hand: Pearson's statistic is this times a chi-square (the
    covariance of the counts is exactly Σ k(52-k)/51 / Σ k times the multinomial's)."""
    total = sum(len(cards) for cards in sets)
    return sum(len(cards) * (deck - len(cards)) for cards in sets) / ((deck - 1) * total) if total else 1.0


_CELLS = {"card": (52, CARD_NAMES), "rank": (13, RANK_NAMES), "suit": (4, SUIT_NAMES)}


def _cell(card: int, unit: str) -> int:
    return card if unit == "card" else card // 4 if unit == "rank" else card % 4


def frequency_test(deals: Sequence[HeroDeal], unit: str, level: float) -> TestResult | None:
    """Each card, rank or suit (`unit`) of the hero's hands against its equal share."""
    groups, names = _CELLS[unit]
    sets = _dealt_sets(deals)
    total = sum(len(cards) for cards in sets)
    if total == 0:
        return None
    counts = Counter(_cell(card, unit) for cards in sets for card in cards)
    expected = total / groups
    scale = _hypergeometric_scale(sets)
    pearson = sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(groups))
    statistic = pearson / scale
    df = groups - 1
    p = 1 / groups
    shift = chi2_smallest_shift(total * p / (1 - p) / scale, df, level)
    worst = max(range(groups), key=lambda cell: abs(counts.get(cell, 0) - expected))
    return TestResult(
        key=f"{unit}-frequency",
        title=f"hero's cards: each {unit}'s frequency ({groups} cells)",
        observations=len(sets),
        statistic=statistic,
        df=df,
        p_value=chi2_sf(statistic, df),
        summary=(
            f"{total:,} cards in {len(sets):,} hands; the farthest {unit} from its share, {names[worst]}, "
            f"dealt {counts.get(worst, 0):,} times for {expected:,.1f} expected"
        ),
        scope=_HOLE_SCOPE,
        power=(
            f"with {len(sets):,} hands, one {unit} dealt {percent(shift)} more often than fair is found 80% of the time"
        ),
        figures={
            "cells": list(names),
            "observed": [counts.get(cell, 0) for cell in range(groups)],
            "expected": expected,
            "band": 1.96 * math.sqrt(expected * (1 - p) * scale),
        },
    )


def shape_test(deals: Sequence[HeroDeal], size: int, by_rank: bool, level: float) -> TestResult | None:
    """Pairs (rank shapes) or suitedness (suit shapes) of the `size`-card hole hands against their exact odds."""
    hands = [deal.cards for deal in deals if len(deal.cards) == size]
    if len(hands) < 20:
        return None
    odds = shape_odds(size, 13, 4) if by_rank else shape_odds(size, 4, 13)
    cells = merge_small(odds, len(hands))
    if len(cells) < 2:
        return None
    shape_of = rank_shape if by_rank else suit_shape
    seen = Counter(shape_of(cards) for cards in hands)
    observed = [sum(seen.get(shape, 0) for shape in shapes) for shapes, _ in cells]
    expected = [chance * len(hands) for _, chance in cells]
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    df = len(cells) - 1
    names = [
        "+".join(shape_name(shape) for shape in shapes) if len(shapes) <= 2 else f"{shape_name(shapes[0])} or rarer"
        for shapes, _ in cells
    ]
    # the power of finding the second most likely cell (a pair, a suited card) dealt more often
    target = 1 if len(cells) > 1 else 0
    chance = cells[target][1]
    shift = chi2_smallest_shift(len(hands) * chance / (1 - chance), df, level)
    what = "rank shapes (pairs, trips)" if by_rank else "suit shapes (suitedness)"
    worst = max(
        range(len(cells)), key=lambda index: abs(observed[index] - expected[index]) / math.sqrt(expected[index])
    )
    return TestResult(
        key=f"{'pairs' if by_rank else 'suits'}-{size}",
        title=f"{what} of {size}-card hands",
        observations=len(hands),
        statistic=statistic,
        df=df,
        p_value=chi2_sf(statistic, df),
        summary=(
            f"{len(hands):,} hands; the farthest cell, {names[worst]}, dealt {observed[worst]:,} times for "
            f"{expected[worst]:,.1f} expected"
        ),
        scope=_HOLE_SCOPE,
        power=(
            f"with {len(hands):,} hands, the shape {names[target]} dealt {percent(shift)} more often than its "
            "exact odds is found 80% of the time"
        ),
        figures={"cells": names, "observed": observed, "expected": expected},
    )


def _score(cards: tuple[int, ...]) -> int:
    return sum(card // 4 + 2 for card in cards)


def _score_moments(size: int) -> tuple[float, float]:
    return size * RANK_MEAN, size * RANK_VARIANCE * (52 - size) / 51


def strength_by_group_test(deals: Sequence[HeroDeal], by_seat: bool, level: float) -> TestResult | None:
    """The hero's card strength (the sum of his ranks, exact mean and variance) in each seat or position: a
    chi-square of the groups' z-scores."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])  # score - mean, variance, hands
    for deal in deals:
        mean, variance = _score_moments(len(deal.cards))
        group = f"seat {deal.seat}" if by_seat else deal.position
        cell = sums[group]
        cell[0] += _score(deal.cards) - mean
        cell[1] += variance
        cell[2] += 1
    if len(sums) < 2:
        return None
    order = sorted(sums, key=lambda name: int(name.split()[1]) if by_seat else POSITIONS.index(name))
    zs = [sums[name][0] / math.sqrt(sums[name][1]) for name in order]
    statistic = sum(z * z for z in zs)
    df = len(zs)
    hands = [int(sums[name][2]) for name in order]
    typical = sorted(hands)[len(hands) // 2]
    # one group's cards higher by d ranks each: its z moves by d·√(n·k/14) (k cards a hand), a non-centrality
    # of n·k·d²/14 for the chi-square of all the groups
    cards = sum(len(deal.cards) for deal in deals) / len(deals)
    per_card = chi2_smallest_shift(typical * cards / RANK_VARIANCE, len(zs), level) if typical else None
    worst = max(range(len(zs)), key=lambda index: abs(zs[index]))
    what = "seat" if by_seat else "position"
    return TestResult(
        key=f"strength-by-{what}",
        title=f"card strength by {what}",
        observations=len(deals),
        statistic=statistic,
        df=df,
        p_value=chi2_sf(statistic, df),
        summary=f"{len(deals):,} hands in {len(zs)} {what}s; the farthest, {order[worst]}, at z = {zs[worst]:+.2f}",
        scope=(
            "The hero's cards against his seat or position (button, blinds, others): a fair deal gives every "
            "seat the same cards. It cannot see a bias that favours a player rather than a seat."
        ),
        power=(
            f"with {typical:,} hands in a typical {what}, one whose cards average {per_card:.2f} ranks higher "
            "than fair is found about 80% of the time"
            if per_card is not None
            else ""
        ),
        figures={"cells": order, "z": zs, "hands": hands},
    )


def serial_tests(deals: Sequence[HeroDeal], level: float) -> list[TestResult]:
    """Consecutive hands of one table (same hero): the cards they share (hypergeometric, exact mean and
    variance), and the correlation of one hand's strength with the next."""
    tables: dict[str, list[HeroDeal]] = defaultdict(list)
    for deal in deals:
        tables[deal.table].append(deal)
    shared = expected = variance = 0.0
    pairs = 0
    scores: list[tuple[float, float]] = []
    for hands in tables.values():
        hands.sort(key=lambda deal: deal.order)
        for before, after in pairwise(hands):
            if before.hero != after.hero:
                continue
            k1, k2 = len(before.cards), len(after.cards)
            shared += len(set(before.cards) & set(after.cards))
            expected += k1 * k2 / 52
            variance += k2 * (k1 / 52) * (1 - k1 / 52) * (52 - k2) / 51
            m1, v1 = _score_moments(k1)
            m2, v2 = _score_moments(k2)
            scores.append(((_score(before.cards) - m1) / math.sqrt(v1), (_score(after.cards) - m2) / math.sqrt(v2)))
            pairs += 1
    if pairs < 10:
        return []
    scope = (
        "Consecutive hands of a table, the hero's cards in each: a fair shuffle forgets the last deal. It needs "
        "the hands of a table in order (one player's histories); it cannot see a dependence between tables."
    )
    z_shared = (shared - expected) / math.sqrt(variance)
    shift = z_smallest_shift(math.sqrt(variance), level) / max(1, pairs)
    correlation = sum(a * b for a, b in scores) / pairs  # standardized scores: the mean product
    z_corr = correlation * math.sqrt(pairs)
    corr_shift = z_smallest_shift(1 / math.sqrt(pairs), level)
    return [
        TestResult(
            key="serial-shared",
            title="cards shared with the table's previous hand",
            observations=pairs,
            statistic=z_shared,
            p_value=two_sided(z_shared),
            summary=f"{pairs:,} consecutive pairs of hands shared {shared:,.0f} cards for {expected:,.1f} expected",
            scope=scope,
            power=(
                f"with {pairs:,} pairs, {shift:.3f} more (or fewer) cards shared per pair than fair is found 80% of "
                "the time"
            ),
        ),
        TestResult(
            key="serial-strength",
            title="strength of a hand against the previous one",
            observations=pairs,
            statistic=z_corr,
            p_value=two_sided(z_corr),
            summary=f"{pairs:,} consecutive pairs; correlation of strength {correlation:+.3f}",
            scope=scope,
            power=f"with {pairs:,} pairs, a correlation of {corr_shift:.3f} is found 80% of the time",
        ),
    ]


def repeat_test(
    keys: Sequence[tuple[str, tuple[tuple[int, frozenset[int], frozenset[int], int], ...]]],
) -> TestResult | None:
    """The same deal seen twice: a known hand with the same flop and turn in two hands, against the number a
    fair deal makes by chance (Poisson, with the exact odds of one match)."""
    seen: dict[tuple[int, frozenset[int], frozenset[int], int], str] = {}
    by_size: Counter[int] = Counter()
    matches: dict[tuple[str, str], None] = {}  # (one pair of hands counts once, whatever it shows twice)
    for hand, hand_keys in keys:
        for key in hand_keys:
            by_size[key[0]] += 1
            other = seen.get(key)
            if other is not None and other != hand:
                matches[other, hand] = None
            else:
                seen[key] = hand
    if not by_size:
        return None
    expected = 0.0
    for size, count in by_size.items():
        combinations = math.comb(52, size) * math.comb(52 - size, 3) * (52 - size - 3)
        expected += count * (count - 1) / 2 / combinations
    return TestResult(
        key="repeated-deal",
        title="the same deal in two hands",
        observations=sum(by_size.values()),
        statistic=float(len(matches)),
        p_value=poisson_sf(len(matches), expected),
        summary=(
            f"{len(matches):,} hands repeat a known hand with its flop and turn ({expected:.2g} expected by chance)"
            + ("; " + ", ".join(f"{a} and {b}" for a, b in list(matches)[:5]) if matches else "")
        ),
        scope=(
            "A repeated shuffle deals the same cards again: a known hand (the hero's or one shown) with the same "
            "flop and turn is one. The chance count assumes hands uniform; shown hands are chosen by their "
            "strength, which raises it a little (it stays far below one match in a million hands)."
        ),
        power="a shuffle repeated where a known hand and the turn are seen twice is found every time",
        figures={"matches": [list(match) for match in list(matches)[:50]]},
    )


def runout_test(all_ins: Sequence[AllIn], level: float) -> TestResult | None:
    """The board cards dealt after an all-in where every hand dealt in is known, each against its share of the
    unseen cards (the first run only)."""
    counts: Counter[int] = Counter()
    expected = [0.0] * 52
    scale_numerator = 0.0
    total = 0
    events = 0
    for all_in in all_ins:
        if not all_in.fair_runout:
            continue
        board = all_in.boards[0]
        dealt = board[len(all_in.known_board) :]
        unseen = [card.index for card in DECK if card not in all_in.known]
        if not dealt or len(unseen) <= len(dealt):
            continue
        events += 1
        for card in dealt:
            counts[card.index] += 1
        share = len(dealt) / len(unseen)
        for index in unseen:
            expected[index] += share
        total += len(dealt)
        scale_numerator += len(dealt) * (len(unseen) - len(dealt)) / (len(unseen) - 1)
    if events < 5:
        return None
    scale = scale_numerator / total
    cells = [index for index in range(52) if expected[index] > 0]
    statistic = sum((counts.get(i, 0) - expected[i]) ** 2 / expected[i] for i in cells) / scale
    df = len(cells) - 1
    p = 1 / len(cells)
    shift = chi2_smallest_shift(total * p / (1 - p) / scale, df, level)
    return TestResult(
        key="runout-cards",
        title="run-out cards after an all-in with every hand known",
        observations=events,
        statistic=statistic,
        df=df,
        p_value=chi2_sf(statistic, df),
        summary=f"{total:,} board cards dealt after {events:,} all-ins in which every hand dealt in was shown",
        scope=(
            "Only all-ins where every player dealt in is shown (the unseen cards are then uniform: no folded "
            "hand, chosen by its cards, is left in the stub). Other boards are not used: players' folds and "
            "their choice to see a street bias them."
        ),
        power=(
            f"with {total:,} run-out cards, one card dealt {percent(shift)} more often than fair is found 80% of "
            "the time"
        ),
        figures={"cells": list(CARD_NAMES), "observed": [counts.get(i, 0) for i in range(52)], "expected": expected},
    )
