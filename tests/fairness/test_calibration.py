"""The verdicts are calibrated on the generator's hands (CI-sized; benchmarks/fairness_calibration.py runs
the full size): fair deals are called unfair about as often as the level says, and each test's own p-values
fall below 0.05 about 5% of the time; unfair deals are found, a card dealt more often about as often as the
power statement says."""

from __future__ import annotations

import math
import re

import pytest

from fairness.calibration import generated_report
from omaha_audit.generate.bias import DealBias
from omaha_audit.model import Card, Game, Structure

GAMES = (Game.OMAHA, Game.OMAHA_HI_LO, Game.OMAHA5, Game.COURCHEVEL, Game.OMAHA6, Game.HOLDEM)


pytestmark = pytest.mark.integration  # (generator-sized statistical runs: tests/conftest.py)


def test_fair_deals_pass_and_each_test_is_calibrated() -> None:
    runs = 10
    rejected = 0
    p_values: list[float] = []
    for run in range(runs):
        report = generated_report(400, 500 + run, games=GAMES, players=(2, 9), sessions=run % 2 == 1)
        rejected += report.exit_code
        p_values += [test.p_value for test in report.tests if test.key != "repeated-deal"]
    # at level 0.01, three or more rejections in ten fair runs would happen with probability 1e-4
    assert rejected <= 2
    # each test's p-value is uniform under a fair deal: below 0.05 about 5% of the time (the tests of one run
    # are nearly independent; the bound is the binomial's at four standard errors)
    below = sum(p < 0.05 for p in p_values)
    count = len(p_values)
    assert count > 100
    assert below <= 0.05 * count + 4 * math.sqrt(0.05 * 0.95 * count), (below, count)
    assert sum(p < 0.5 for p in p_values) >= 0.5 * count - 4 * math.sqrt(0.25 * count)


def test_one_card_dealt_more_often_is_found_at_the_stated_power() -> None:
    fair = generated_report(400, 41, players=(2, 4))
    statement = next(test.power for test in fair.tests if test.key == "card-frequency")
    found = re.search(r"(\d+(?:\.\d+)?)% more often", statement)
    assert found, statement
    shift = float(found.group(1)) / 100
    runs = 8
    caught = 0
    for run in range(runs):
        bias = DealBias(seed=run, card=Card(14, "s"), card_share=shift)
        report = generated_report(400, 4100 + run, bias, players=(2, 4))  # (the bias reaches the share asked)
        assert bias.applied.get("card", 0) > 0
        caught += any(test.key == "card-frequency" and test.rejected for test in report.tests)
    # 80% promised: four or fewer of eight would happen with probability 5% (and the statement's level is
    # Bonferroni's over every test, stricter than Holm's over those made, so the power is a little higher)
    assert caught >= 5, caught


@pytest.mark.parametrize(
    ("key", "fair_seed", "first_seed"),
    [("strength-by-seat", 7, 4500), ("strength-by-position", 8, 4600)],
    ids=["seat 4", "the button"],
)
def test_one_seat_dealt_stronger_cards_is_found_at_the_stated_power(key: str, fair_seed: int, first_seed: int) -> None:
    """The seat-strength (position-strength) statement ("one whose cards average d ranks higher than fair is
    found about 80% of the time") against a deck that deals seat 4 (the button, whoever sits there: the
    hero's cards show it in the hands he is dealt on the button) exactly that much stronger, the others
    untouched."""
    fair = generated_report(1500, fair_seed, players=(2, 6))
    statement = next(test.power for test in fair.tests if test.key == key)
    found = re.search(r"average (\d+\.\d+) ranks higher", statement)
    assert found, statement
    ranks = float(found.group(1))
    runs = 8
    caught = 0
    for run in range(runs):
        if key == "strength-by-seat":
            bias = DealBias(seed=run, strong_seat=4, strong_ranks=ranks)
        else:
            bias = DealBias(seed=run, strong_button=True, strong_ranks=ranks)
        report = generated_report(1500, first_seed + run, bias, players=(2, 6))
        assert abs(bias.strong_gained / bias.strong_cards - ranks) < 0.05  # (the deck gives what was asked)
        caught += any(test.key == key and test.rejected for test in report.tests)
        assert {test.key for test in report.rejected} <= {key}
    # 80% promised: four or fewer of eight would happen with probability 5.6%
    assert caught >= 5, caught


def test_a_hero_dealt_worse_hands_is_found() -> None:
    bias = DealBias(seed=2, hero_worse=0.3)
    report = generated_report(600, 77, bias, players=(2, 9))
    assert report.exit_code == 1
    assert {test.key for test in report.rejected} & {"rank-frequency", "card-frequency", "strength-by-position"}


def test_a_repeated_shuffle_is_found() -> None:
    bias = DealBias(seed=5, repeat=0.05)
    report = generated_report(600, 78, bias, sessions=True)
    assert bias.applied["repeat"] > 0
    assert [test.key for test in report.rejected] == ["repeated-deal"]


def test_run_outs_that_favour_a_seat_are_found() -> None:
    bias = DealBias(seed=3, favour_seat=1, favour=1.0)
    report = generated_report(4000, 33, bias, players=(2, 3), structures=(Structure.NO_LIMIT,))
    assert bias.applied["favour"] > 20
    assert [test.key for test in report.rejected] == ["seat-luck"]
    seat = next(test for test in report.tests if test.key == "seat-luck")
    assert seat.figures["cells"][0] == "seat 1" and seat.figures["z"][0] > 3  # type: ignore[index]


def test_run_outs_give_the_favoured_seat_the_share_asked() -> None:
    """A deck sized to a share of the pot (the unit of the luck-by-seat statement) gives the seat that share
    beyond its equity, as the audit's own equities measure it, over what the same tables dealt fair give it."""
    shifts = {}
    for share in (0.0, 0.3):
        bias = DealBias(seed=4, favour_seat=1, favour=share)
        report = generated_report(3000, 35, bias, players=(2, 3), structures=(Structure.NO_LIMIT,))
        seat = next(test for test in report.tests if test.key == "seat-luck")
        assert seat.figures["cells"][0] == "seat 1"  # type: ignore[index]
        shifts[share] = seat.figures["shift"][0]  # type: ignore[index]
        assert share == 0 or bias.applied["favour"] > 20
    assert 0.2 < shifts[0.3] - shifts[0.0] < 0.4, shifts


@pytest.mark.parametrize("games", [(Game.OMAHA_HI_LO,), (Game.HOLDEM,)])
def test_the_unfair_hook_is_off_outside_its_block(games: tuple[Game, ...]) -> None:
    first = generated_report(60, 9, games=games)
    with_bias = generated_report(60, 9, DealBias(seed=1, hero_worse=1.0), games=games)
    again = generated_report(60, 9, games=games)
    assert first.as_dict() == again.as_dict() != with_bias.as_dict()
