"""The auditor finds every injected dealer error and flags nothing on correct hands (a CI-sized run of
benchmarks/audit_accuracy.py: 50 hands of every fault kind, 1,500 clean hands, all games and structures)."""

from __future__ import annotations

from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure

from omaha_audit.generate import GenerateConfig, chosen_faults, fault_names
from omaha_audit.generate.writers import stud_draw_written


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = fault_names()
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=50 * len(kinds), seed=11, fault_rate=1.0), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_500, seed=12, fault_rate=0.0), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 50 for count in accuracy.faulty.values()), accuracy.faulty
    for fault in kinds:
        assert accuracy.found[fault] == accuracy.faulty[fault], accuracy.report()
    assert accuracy.clean == 1_500
    assert not accuracy.false_alarms, accuracy.report()


def test_stud_and_draw_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    """The same for the stud and draw games (generate/stud_draw.py) in PokerStars text: 30 hands of every kind
    that applies to them, 1,000 clean hands."""
    games = stud_draw_written("pokerstars")  # (all but A-5 triple draw, which Full Tilt text alone writes)
    kinds = chosen_faults(GenerateConfig(hands=1, seed=1, games=games, fault_rate=1.0))
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=30 * len(kinds), seed=21, games=games, fault_rate=1.0), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=22, games=games, fault_rate=0.0), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert not accuracy.reading, accuracy.report()
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 30 for count in accuracy.faulty.values()), accuracy.faulty
    for fault in kinds:
        assert accuracy.found[fault] == accuracy.faulty[fault], accuracy.report()
    assert accuracy.clean == 1_000
    assert not accuracy.false_alarms, accuracy.report()
    assert {game.split()[0] for game in accuracy.games} == {game.value for game in games}
