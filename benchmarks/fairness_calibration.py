"""The fairness audit's calibration and power, on generated hands (tests/fairness/calibration.py).

Calibration: --runs fair runs of --hands hands each; the share of "not fair" verdicts (the family at level
0.01 after Holm's correction) must stay within the binomial error of 0.01, and each test's own p-values are
uniform (the share below 0.05 printed per test). Power: for each unfair deal, the runs that the test made for
it rejects, against the 80% the power statement promises for the bias it names.

    python benchmarks/fairness_calibration.py [--runs 1000] [--hands 1000] [--power-runs 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fairness.calibration import generated_report

from omaha_audit.generate.bias import DealBias
from omaha_audit.model import Card, Game, Structure

GAMES = (Game.OMAHA, Game.OMAHA_HI_LO, Game.OMAHA5, Game.COURCHEVEL, Game.OMAHA6, Game.HOLDEM)


def _interval(hits: int, runs: int, level: float) -> str:
    error = math.sqrt(level * (1 - level) / runs)
    return f"{hits}/{runs} = {hits / runs:.3f} (stated {level}, ±{2 * error:.3f} at two binomial errors)"


def calibration(runs: int, hands: int, seed: int) -> None:
    started = time.perf_counter()
    rejected = 0
    below: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for run in range(runs):
        report = generated_report(hands, seed + run, games=GAMES, players=(2, 9), sessions=run % 2 == 1)
        rejected += report.exit_code
        for test in report.tests:
            seen[test.key] += 1
            below[test.key] += test.p_value < 0.05
    print(f"fair runs of {hands:,} hands: 'not fair' in {_interval(rejected, runs, 0.01)}")
    for key in sorted(seen):
        print(f"  {key}: p < 0.05 in {below[key] / seen[key]:.3f} of {seen[key]} runs")
    print(f"  ({time.perf_counter() - started:.0f} s)")


def _stated_shift(key: str, hands: int, seed: int) -> float:
    report = generated_report(hands, seed, players=(2, 4))
    test = next(test for test in report.tests if test.key == key)
    found = re.search(r"(\d+(?:\.\d+)?)% more", test.power)
    assert found, test.power
    return float(found.group(1)) / 100


def power(runs: int, hands: int, seed: int) -> None:
    shift = _stated_shift("card-frequency", hands, seed)
    caught = 0
    for run in range(runs):
        bias = DealBias(seed=seed + run, card=Card(14, "s"), card_share=shift)
        report = generated_report(hands, seed + 10_000 + run, bias, players=(2, 4))
        caught += any(test.rejected and test.key == "card-frequency" for test in report.tests)
    print(f"one card dealt {shift:.0%} more often (the power statement's, {hands:,} hands): found in {caught}/{runs}")
    for name, bias in (
        ("the hero dealt the weakest hand in 30% of hands", DealBias(hero_worse=0.3)),
        ("a repeated shuffle in 2% of a table's hands", DealBias(repeat=0.02)),
    ):
        caught = 0
        for run in range(runs):
            bias.seed = seed + run
            fresh = DealBias(**{k: getattr(bias, k) for k in ("seed", "hero_worse", "repeat", "favour_seat", "favour")})
            sessions = fresh.repeat > 0  # (a table's hands in order, as one player's histories give them)
            report = generated_report(hands, seed + 20_000 + run, fresh, games=GAMES, players=(2, 9), sessions=sessions)
            caught += report.exit_code
        print(f"{name}: 'not fair' in {caught}/{runs} runs of {hands:,} hands")
    favoured(runs, 4 * hands, seed)
    strong_seat(runs, hands, seed)
    strong_seat(runs, hands, seed + 500_000, button=True)


def favoured(runs: int, hands: int, seed: int) -> None:
    """Run-outs that give seat 4 (about the typical seat's all-ins, two or three players, no limit: all-ins
    often) the share of the pot beyond its equity that the luck-by-seat test's power statement names, against
    its 80%; the share the audit measured for the seat printed beside it."""
    fair = generated_report(hands, seed, players=(2, 3), structures=(Structure.NO_LIMIT,))
    statement = next(test.power for test in fair.tests if test.key == "seat-luck")
    found = re.search(r"give one seat (\d+(?:\.\d+)?)% of the pot", statement)
    assert found, statement
    share = float(found.group(1)) / 100
    caught = 0
    measured: list[float] = []
    for run in range(runs):
        bias = DealBias(seed=seed + run, favour_seat=4, favour=share)
        report = generated_report(hands, seed + 30_000 + run, bias, players=(2, 3), structures=(Structure.NO_LIMIT,))
        caught += any(test.rejected and test.key == "seat-luck" for test in report.tests)
        seat = next(test for test in report.tests if test.key == "seat-luck")
        cells = list(seat.figures["cells"])  # type: ignore[call-overload]
        if "seat 4" in cells:
            measured.append(seat.figures["shift"][cells.index("seat 4")])  # type: ignore[index]
    mean = sum(measured) / len(measured) if measured else float("nan")
    print(
        f"run-outs giving seat 4 {share:.0%} of the pot beyond its equity (the statement's, {hands:,} hands): "
        f"'seat-luck' rejects in {caught}/{runs} runs; the audit measured {mean:+.1%} for seat 4 on average"
    )
    print(f"  (the statement of the fair run: {statement})")


def strong_seat(runs: int, hands: int, seed: int, button: bool = False) -> None:
    """One seat (or the button, whoever sits there) dealt cards that average the power statement's ranks
    higher (the other seats fair), against the seat-strength (position-strength) test's 80%."""
    key = "strength-by-position" if button else "strength-by-seat"
    fair = generated_report(hands, seed, players=(2, 6))
    statement = next(test.power for test in fair.tests if test.key == key)
    found = re.search(r"average (\d+\.\d+) ranks higher", statement)
    assert found, statement
    ranks = float(found.group(1))
    caught = 0
    for run in range(runs):
        if button:
            bias = DealBias(seed=seed + run, strong_button=True, strong_ranks=ranks)
        else:
            bias = DealBias(seed=seed + run, strong_seat=4, strong_ranks=ranks)
        report = generated_report(hands, seed + 40_000 + run, bias, players=(2, 6))
        caught += any(test.rejected and test.key == key for test in report.tests)
    who = "the button" if button else "seat 4"
    print(f"{who} dealt cards {ranks:.2f} ranks higher (the statement's, {hands:,} hands): found in {caught}/{runs}")
    print(f"  (the statement: {statement})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--power-runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only-favoured", action="store_true", help="only the runs of a favoured seat")
    parser.add_argument("--only-strong-seat", action="store_true", help="only the runs of a seat dealt stronger")
    parser.add_argument("--only-strong-button", action="store_true", help="only the runs of a button dealt stronger")
    args = parser.parse_args()
    if args.only_favoured:
        favoured(args.power_runs, 4 * args.hands, args.seed + 1_000_000)
        return
    if args.only_strong_seat:
        strong_seat(args.power_runs, args.hands, args.seed + 2_000_000)
        return
    if args.only_strong_button:
        strong_seat(args.power_runs, args.hands, args.seed + 2_500_000, button=True)
        return
    calibration(args.runs, args.hands, args.seed)
    power(args.power_runs, args.hands, args.seed + 1_000_000)


if __name__ == "__main__":
    main()
