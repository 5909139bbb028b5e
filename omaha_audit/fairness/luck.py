"""All-in luck: for every all-in with the hands shown before the board is complete, each player's expected
chips (equity.py) against the chips the board(s) dealt him, by the same pots. Summed per player (all-in
adjusted winnings), and tested for the hero and by seat as z-scores. The tests weigh each all-in by its pot
(luck as a share of the pot), so that stakes and units mix; the chips are reported per unit. In hi/lo games,
each player's chances of a scoop, three quarters, half or quarter of the main pot against the shares he took,
per all-in and summed per player."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from omaha_audit.fairness.distributions import chi2_sf, two_sided
from omaha_audit.fairness.equity import SHARES, equity, pots, share_kind, split
from omaha_audit.fairness.observations import AllIn
from omaha_audit.fairness.verdicts import TestResult, chi2_smallest_shift, percent, z_smallest_shift


@dataclass(frozen=True, slots=True)
class Outcome:
    """One player in one all-in."""

    hand: str
    player: str
    seat: int
    hero: bool
    unit: str
    expected: float  # chips
    actual: float  # chips (the mean of the runs when run more than once)
    variance: float  # of `actual` under a fair run-out
    pot: int  # the chips contested
    standard_error: float  # of `expected` (sampled equities only)
    equity: float  # share of what he can win
    hi_lo: bool = False
    chances: tuple[float, ...] = ()  # of each of SHARES of the main pot
    shares: tuple[float, ...] = ()  # the runs that gave him each of SHARES, over the runs


@dataclass(slots=True)
class PlayerLuck:
    player: str
    all_ins: int = 0
    expected: dict[str, float] = field(default_factory=dict)  # per unit
    actual: dict[str, float] = field(default_factory=dict)
    luck_share: float = 0.0  # Σ (actual - expected) / pot
    variance_share: float = 0.0
    hi_lo_all_ins: int = 0
    expected_shares: list[float] = field(default_factory=lambda: [0.0] * len(SHARES))  # hi/lo all-ins only
    actual_shares: list[float] = field(default_factory=lambda: [0.0] * len(SHARES))

    @property
    def z(self) -> float:
        return self.luck_share / math.sqrt(self.variance_share) if self.variance_share > 0 else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "all_ins": self.all_ins,
            "expected": {unit: round(value) for unit, value in self.expected.items()},
            "actual": {unit: round(value) for unit, value in self.actual.items()},
            "luck": {unit: round(self.actual[unit] - value) for unit, value in self.expected.items()},
            "z": round(self.z, 3),
            "p_value": two_sided(self.z),
            "hi_lo": {
                "all_ins": self.hi_lo_all_ins,
                "expected": dict(zip(SHARES, (round(value, 3) for value in self.expected_shares), strict=True)),
                "actual": dict(zip(SHARES, (round(value, 3) for value in self.actual_shares), strict=True)),
            },
        }


def outcomes(all_in: AllIn) -> list[Outcome]:
    """Each contender's expected and actual chips in one all-in."""
    holes = [contender.cards for contender in all_in.contenders]
    chips = [contender.chips for contender in all_in.contenders]
    found = equity(all_in.game, holes, chips, all_in.dead, all_in.known_board, all_in.hand)
    made = pots(chips, all_in.dead)
    contested = sum(pot.amount for pot in made)
    if contested == 0:
        return []
    runs = len(all_in.boards)
    actual = [0.0] * len(holes)
    shares = [[0.0] * len(SHARES) for _ in holes]
    for board in all_in.boards:
        won, main = split(all_in.game, holes, board, made)
        for index, amount in enumerate(won):
            actual[index] += amount / runs
            shares[index][share_kind(main[index])] += 1 / runs
    return [
        Outcome(
            all_in.hand,
            contender.player,
            contender.seat,
            contender.hero,
            all_in.unit,
            found.expected[index],
            actual[index],
            found.variance[index] / runs,  # (the runs taken as independent: a little more than the truth)
            contested,
            found.standard_error[index],
            found.share[index],
            all_in.game.is_hi_lo,
            found.chances[index],
            tuple(shares[index]),
        )
        for index, contender in enumerate(all_in.contenders)
    ]


def per_player(results: Sequence[Outcome]) -> list[PlayerLuck]:
    players: dict[str, PlayerLuck] = {}
    for outcome in results:
        luck = players.setdefault(outcome.player, PlayerLuck(outcome.player))
        luck.all_ins += 1
        luck.expected[outcome.unit] = luck.expected.get(outcome.unit, 0.0) + outcome.expected
        luck.actual[outcome.unit] = luck.actual.get(outcome.unit, 0.0) + outcome.actual
        luck.luck_share += (outcome.actual - outcome.expected) / outcome.pot
        luck.variance_share += outcome.variance / outcome.pot**2
        if outcome.hi_lo:
            luck.hi_lo_all_ins += 1
            for kind in range(len(SHARES)):
                luck.expected_shares[kind] += outcome.chances[kind]
                luck.actual_shares[kind] += outcome.shares[kind]
    return sorted(players.values(), key=lambda luck: (-luck.all_ins, luck.player))


def hi_lo_all_ins(results: Sequence[Outcome]) -> list[dict[str, object]]:
    """Each hi/lo all-in: per player his equity and his chances of each share of the main pot, against the
    share the board(s) gave him."""
    by_hand: dict[str, list[Outcome]] = {}
    for outcome in results:
        if outcome.hi_lo:
            by_hand.setdefault(outcome.hand, []).append(outcome)
    return [
        {
            "hand": hand,
            "players": [
                {
                    "player": outcome.player,
                    "seat": outcome.seat,
                    "equity": round(outcome.equity, 4),
                    "chances": dict(zip(SHARES, (round(value, 4) for value in outcome.chances), strict=True)),
                    "actual": {kind: value for kind, value in zip(SHARES, outcome.shares, strict=True) if value},
                }
                for outcome in outcomes
            ],
        }
        for hand, outcomes in by_hand.items()
    ]


_SCOPE = (
    "Each all-in's run-out against the players' exact equities (sampled before the flop, with a stated error). "
    "It shows whether the boards favour a player or a seat beyond chance; it says nothing of the cards dealt "
    "before the all-in, and a player's luck over few all-ins is mostly noise."
)


def hero_luck_test(results: Sequence[Outcome], level: float) -> TestResult | None:
    """The hero's luck over his all-ins: Σ (actual - expected) / pot over √Σ variance / pot²."""
    hero = [outcome for outcome in results if outcome.hero]
    if len(hero) < 5:
        return None
    luck = sum((outcome.actual - outcome.expected) / outcome.pot for outcome in hero)
    variance = sum(outcome.variance / outcome.pot**2 for outcome in hero)
    z = luck / math.sqrt(variance) if variance > 0 else 0.0
    shift = z_smallest_shift(math.sqrt(variance), level) / len(hero)
    running: list[list[float]] = []
    expected_sum = actual_sum = 0.0
    for outcome in hero:
        expected_sum += outcome.expected / outcome.pot
        actual_sum += outcome.actual / outcome.pot
        running.append([round(expected_sum, 4), round(actual_sum, 4)])
    return TestResult(
        key="hero-luck",
        title="the hero's all-in luck",
        observations=len(hero),
        statistic=z,
        p_value=two_sided(z),
        summary=(f"{len(hero):,} all-ins: {actual_sum:,.2f} pots won for {expected_sum:,.2f} expected (z = {z:+.2f})"),
        scope=_SCOPE,
        power=(
            f"with {len(hero):,} all-ins, run-outs that give the hero {percent(shift)} of the pot more (or less) "
            "than his equity are found 80% of the time"
        ),
        figures={"running": running},
    )


def seat_luck_test(results: Sequence[Outcome], level: float) -> TestResult | None:
    """Luck by seat number: a chi-square of each seat's z-score (the seats of one all-in sum to zero, which
    makes the test a little conservative)."""
    seats: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for outcome in results:
        cell = seats[outcome.seat]
        cell[0] += (outcome.actual - outcome.expected) / outcome.pot
        cell[1] += outcome.variance / outcome.pot**2
        cell[2] += 1
    order = sorted(seat for seat, cell in seats.items() if cell[1] > 0 and cell[2] >= 5)
    if len(order) < 2:
        return None
    zs = [seats[seat][0] / math.sqrt(seats[seat][1]) for seat in order]
    statistic = sum(z * z for z in zs)
    counts = [int(seats[seat][2]) for seat in order]
    typical = sorted(counts)[len(counts) // 2]
    typical_variance = sorted(seats[seat][1] / seats[seat][2] for seat in order)[len(order) // 2]
    # one seat given d of the pot more an all-in: a non-centrality of n·d²/variance for the seats' chi-square
    shift = chi2_smallest_shift(typical / typical_variance, len(zs), level) if typical_variance > 0 else None
    worst = max(range(len(zs)), key=lambda index: abs(zs[index]))
    return TestResult(
        key="seat-luck",
        title="all-in luck by seat",
        observations=sum(counts),
        statistic=statistic,
        df=len(zs),
        p_value=chi2_sf(statistic, len(zs)),
        summary=f"{len(order)} seats; the farthest, seat {order[worst]}, at z = {zs[worst]:+.2f}",
        scope=_SCOPE,
        power=(
            f"with {typical:,} all-ins in a typical seat, run-outs that give one seat {percent(shift)} of the pot "
            "more than its equity are found about 80% of the time"
        ),
        figures={
            "cells": [f"seat {seat}" for seat in order],
            "z": zs,
            "all_ins": counts,
            # each seat's mean chips won beyond its equity, as a share of the pot
            "shift": [seats[seat][0] / seats[seat][2] for seat in order],
        },
    )
