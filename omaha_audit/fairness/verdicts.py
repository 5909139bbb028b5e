"""Each test's result, the family's correction for multiple tests (Holm or Benjamini-Hochberg), and the
power statements: the smallest bias each test would catch, with the observations it had."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Final

from omaha_audit.fairness.distributions import chi2_quantile, noncentral_chi2_sf, normal_quantile

POWER: Final = 0.8  # the detection rate the power statements quote
METHODS: Final = ("holm", "bh")


@dataclass(frozen=True, slots=True)
class TestResult:
    """One test. `p_value` is the test's own; `adjusted` the family's (set by `correct`). `power` says the
    smallest bias the test finds `POWER` of the time at the corrected level; `scope` what it can and cannot
    show. `figures` holds what a plot needs (observed and expected per cell, or a running sum)."""

    __test__ = False  # (not a pytest test class)

    key: str
    title: str
    observations: int
    statistic: float
    p_value: float
    summary: str
    scope: str
    power: str = ""
    df: float | None = None
    adjusted: float | None = None
    rejected: bool = False
    figures: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "title": self.title,
            "observations": self.observations,
            "statistic": round(self.statistic, 6),
            "df": self.df,
            "p_value": self.p_value,
            "adjusted_p_value": self.adjusted,
            "rejected": self.rejected,
            "summary": self.summary,
            "scope": self.scope,
            "power": self.power,
            "figures": self.figures,
        }


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error control)."""
    count = len(p_values)
    order = sorted(range(count), key=lambda index: p_values[index])
    adjusted = [0.0] * count
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (count - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg's step-up adjusted p-values (false discovery rate control)."""
    count = len(p_values)
    order = sorted(range(count), key=lambda index: p_values[index], reverse=True)
    adjusted = [0.0] * count
    running = 1.0
    for position, index in enumerate(order):
        rank = count - position
        running = min(running, p_values[index] * count / rank)
        adjusted[index] = min(1.0, running)
    return adjusted


def correct(results: Sequence[TestResult], level: float, method: str = "holm") -> list[TestResult]:
    """The results with their adjusted p-values and verdicts: rejected when the adjusted p-value is below
    `level`."""
    if method not in METHODS:
        raise ValueError(f"unknown correction {method!r}: one of {', '.join(METHODS)}")
    if not results:
        return []
    p_values = [result.p_value for result in results]
    adjusted = holm(p_values) if method == "holm" else benjamini_hochberg(p_values)
    return [
        replace(result, adjusted=value, rejected=value < level) for result, value in zip(results, adjusted, strict=True)
    ]


def per_test_level(level: float, tests: int) -> float:
    """The level a single test must meet in the worst case of either correction (Bonferroni's α/m): the level
    the power statements assume, so that they hold whatever the other tests show."""
    return level / max(1, tests)


@cache
def chi2_noncentrality_needed(df: float, level: float, power: float = POWER) -> float:
    """The non-centrality at which a chi-square test of `df` degrees of freedom at `level` rejects with
    probability `power`."""
    critical = chi2_quantile(1 - level, df)
    low, high = 0.0, 10.0
    while noncentral_chi2_sf(critical, df, high) < power:
        high *= 2
    for _ in range(60):
        middle = (low + high) / 2
        if noncentral_chi2_sf(critical, df, middle) < power:
            low = middle
        else:
            high = middle
    return high


def chi2_smallest_shift(lambda_per_unit: float, df: float, level: float, power: float = POWER) -> float | None:
    """The smallest relative shift δ (0.2 = 20% more often) that a chi-square test finds with `power`, where
    the non-centrality the shift makes is `lambda_per_unit` × δ². None without observations."""
    if lambda_per_unit <= 0:
        return None
    return math.sqrt(chi2_noncentrality_needed(df, level, power) / lambda_per_unit)


def z_smallest_shift(standard_error: float, level: float, power: float = POWER) -> float:
    """The smallest shift of a mean (in the units of `standard_error`) that a two-sided z-test finds with
    `power`."""
    return (normal_quantile(1 - level / 2) + normal_quantile(power)) * standard_error


def percent(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "no"
    return f"{value:.0%}" if value >= 0.1 else f"{value:.1%}"
