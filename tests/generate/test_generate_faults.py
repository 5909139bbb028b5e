"""Every fault kind: a hand carrying it differs from its clean twin, reads back cleanly, and the
independent check reports one of the kind's expected codes (and nothing on the twin)."""

from __future__ import annotations

from pathlib import Path

import pytest
from auditlite import audit
from gen_helpers import problems, read_back

from omaha_audit.generate import GenerateConfig, Planned, chosen_faults, fault_names, make_hand
from omaha_audit.generate.faults import all_faults
from omaha_audit.model import Game, Hand, Structure
from omaha_audit.rooms.pokerstars.writer import write_hand

CONFIG = GenerateConfig(hands=1, seed=1)


@pytest.mark.parametrize("kind", fault_names())
def test_fault_differs_from_its_clean_twin_and_is_caught(kind: str, tmp_path: Path) -> None:
    codes = set(all_faults()[kind].codes)
    for number in range(6):
        planned = Planned(number, str(900_000_000 + number), "2026/02/01 10:00:00", 7919 * number + 17, kind)
        faulty, _ = make_hand(CONFIG, planned)
        twin, _ = make_hand(CONFIG, planned, with_fault=False)
        faulty_text, twin_text = write_hand(faulty), write_hand(twin)
        assert faulty_text != twin_text
        items = read_back(faulty_text + twin_text, tmp_path, f"{kind}-{number}.txt")
        assert problems(items) == []
        bad, clean = items
        assert isinstance(bad, Hand) and isinstance(clean, Hand)
        found = {finding.code for finding in audit(bad)}
        assert found & codes, (kind, faulty_text, found)
        assert audit(clean) == [], (kind, twin_text, audit(clean))


def test_fault_kinds_are_checked_against_the_games_chosen() -> None:
    omaha_only = GenerateConfig(hands=1, seed=1, games=(Game.OMAHA,), fault_rate=0.1)
    assert "hi_lo_split_wrong" not in chosen_faults(omaha_only)
    with pytest.raises(ValueError, match="hi/lo"):
        chosen_faults(GenerateConfig(hands=1, seed=1, games=(Game.OMAHA,), faults=("low_without_qualifier",)))
    limit_only = GenerateConfig(hands=1, seed=1, structures=(Structure.FIXED_LIMIT,), fault_rate=0.1)
    assert "over_pot_raise" not in chosen_faults(limit_only)
    assert "raise_after_cap" in chosen_faults(limit_only)
    with pytest.raises(ValueError, match="unknown fault"):
        chosen_faults(GenerateConfig(hands=1, seed=1, faults=("no_such_fault",)))


def test_every_kind_gets_an_equal_share() -> None:
    from omaha_audit.generate import plan_hands

    counts: dict[str, int] = {}
    for planned in plan_hands(GenerateConfig(hands=2000, seed=3, fault_rate=0.5)):
        if planned.fault:
            counts[planned.fault] = counts.get(planned.fault, 0) + 1
    assert set(counts) == set(fault_names())
    assert max(counts.values()) - min(counts.values()) <= 1 + len(counts) // 19
