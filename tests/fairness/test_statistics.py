"""The fairness audit's arithmetic against values computed by hand or by brute force: tail probabilities,
Holm and Benjamini-Hochberg, the exact odds of hand shapes, and the power of a chi-square test."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import pytest

from omaha_audit.fairness.distributions import (
    chi2_quantile,
    chi2_sf,
    noncentral_chi2_sf,
    normal_quantile,
    normal_sf,
    poisson_sf,
)
from omaha_audit.fairness.patterns import merge_small, rank_shape, shape_odds, suit_shape
from omaha_audit.fairness.verdicts import (
    TestResult,
    benjamini_hochberg,
    chi2_smallest_shift,
    correct,
    holm,
    z_smallest_shift,
)


def test_chi_square_tails_match_known_values() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(68.66929391228578, 51) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(6.634896601021214, 1) == pytest.approx(0.01, rel=1e-9)
    for x in (0.1, 1.0, 5.0, 30.0, 100.0):  # two degrees of freedom: exp(-x/2) exactly
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)
    assert chi2_quantile(0.95, 51) == pytest.approx(68.66929391228578, rel=1e-8)


def test_normal_and_poisson_tails() -> None:
    assert normal_sf(1.959963984540054) == pytest.approx(0.025, rel=1e-10)
    assert normal_quantile(0.975) == pytest.approx(1.959963984540054, rel=1e-9)
    assert poisson_sf(3, 1.0) == pytest.approx(1 - math.exp(-1) * 2.5, rel=1e-10)
    assert poisson_sf(0, 2.0) == 1.0
    assert poisson_sf(1, 1e-9) == pytest.approx(1e-9, rel=1e-6)


def test_noncentral_chi_square_with_one_degree_is_a_shifted_normal() -> None:
    critical = 3.841458820694124
    for shift in (0.5, 1.0, 2.5, 4.0):
        exact = normal_sf(math.sqrt(critical) - shift) + normal_sf(math.sqrt(critical) + shift)
        assert noncentral_chi2_sf(critical, 1, shift * shift) == pytest.approx(exact, rel=1e-9)


def test_holm_and_benjamini_hochberg_by_hand() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    # Holm: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> running max
    assert holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # BH: times 4/1, 4/2, 4/3, 4/4 = 0.02, 0.02, 0.04, 0.04 -> running min from the top
    assert benjamini_hochberg(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    results = [TestResult(f"t{i}", "t", 1, 0.0, value, "", "") for i, value in enumerate(p)]
    assert [r.rejected for r in correct(results, 0.05, "holm")] == [True, False, False, True]
    assert [r.rejected for r in correct(results, 0.05, "bh")] == [True, True, True, True]
    assert [r.rejected for r in correct(results, 0.03, "bh")] == [True, False, False, True]


@pytest.mark.parametrize("cards", [2, 3, 4])
def test_shape_odds_against_every_hand(cards: int) -> None:
    ranks: Counter[tuple[int, ...]] = Counter()
    suits: Counter[tuple[int, ...]] = Counter()
    for hand in combinations(range(52), cards):
        ranks[rank_shape(hand)] += 1
        suits[suit_shape(hand)] += 1
    total = math.comb(52, cards)
    assert {shape: count / total for shape, count in ranks.items()} == pytest.approx(shape_odds(cards, 13, 4))
    assert {shape: count / total for shape, count in suits.items()} == pytest.approx(shape_odds(cards, 4, 13))


def test_known_hold_em_and_omaha_odds() -> None:
    assert shape_odds(2, 13, 4)[(2,)] == pytest.approx(1 / 17)
    assert shape_odds(2, 4, 13)[(2,)] == pytest.approx(4 / 17)
    assert shape_odds(4, 4, 13)[(2, 2)] == pytest.approx(0.134838, abs=1e-6)  # double-suited
    for cards in (5, 6):
        assert sum(shape_odds(cards, 13, 4).values()) == pytest.approx(1.0)
        assert sum(shape_odds(cards, 4, 13).values()) == pytest.approx(1.0)


def test_rare_shapes_are_pooled_until_each_cell_expects_five() -> None:
    cells = merge_small(shape_odds(4, 13, 4), 100)
    assert all(chance * 100 >= 5 for _, chance in cells)
    assert sum(chance for _, chance in cells) == pytest.approx(1.0)


def test_power_of_a_z_test_and_a_chi_square() -> None:
    # two-sided 5%, 80% power: (1.96 + 0.8416) standard errors
    assert z_smallest_shift(1.0, 0.05) == pytest.approx(2.8016, abs=1e-4)
    # one degree of freedom: the non-centrality needed is the same 2.8016 squared
    assert chi2_smallest_shift(1.0, 1, 0.05) == pytest.approx(2.8016, abs=1e-3)
