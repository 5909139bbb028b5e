"""What `generate` writes: the same bytes for the same seed, a label per hand, text the parser reads as
real PokerStars text for every game and structure, and hands a strict independent check finds legal."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest
from auditlite import audit
from gen_helpers import generate_text, problems, read_back

from omaha_audit.generate import GenerateConfig, expected_codes, fault_names
from omaha_audit.generate.config import GAME_TEXT, GENERATED_GAMES, GENERATED_STRUCTURES
from omaha_audit.model import Hand

RULE_CODES = Path(__file__).resolve().parents[2] / "docs" / "RULE_CODES.md"


def test_same_seed_same_bytes() -> None:
    config = GenerateConfig(hands=250, seed=11, fault_rate=0.3)
    first = generate_text(config)
    second = generate_text(config)
    assert first[0] == second[0]
    assert first[1] == second[1]
    other = generate_text(GenerateConfig(hands=250, seed=12, fault_rate=0.3))
    assert other[0] != first[0]


def test_one_label_per_hand_with_known_codes() -> None:
    text, labels, summary = generate_text(GenerateConfig(hands=400, seed=5, fault_rate=0.5))
    ids = re.findall(r"^PokerStars Hand #(\d+):", text, flags=re.MULTILINE)
    assert len(labels) == len(ids) == summary.hands == 400
    assert [label["hand_id"] for label in labels] == ids
    assert len(set(ids)) == len(ids)
    known = set(re.findall(r"\| (OA\d{3}) \|", RULE_CODES.read_text(encoding="utf-8")))
    mapping = expected_codes()
    for label in labels:
        assert set(label) == {"hand_id", "fault", "expected_codes"}
        if label["fault"] is None:
            assert label["expected_codes"] == []
        else:
            assert label["expected_codes"] == list(mapping[label["fault"]])
            assert set(label["expected_codes"]) <= known
    faulty = [label for label in labels if label["fault"]]
    assert 150 <= len(faulty) <= 250
    assert {label["fault"] for label in faulty} == set(fault_names())  # round-robin reaches every kind


@pytest.mark.parametrize(("game", "structure"), list(product(GENERATED_GAMES, GENERATED_STRUCTURES)))
def test_every_game_and_structure_parses_and_checks_clean(game, structure, tmp_path: Path) -> None:
    seed = 100 * GENERATED_GAMES.index(game) + GENERATED_STRUCTURES.index(structure)
    config = GenerateConfig(
        hands=40, seed=seed, games=(game,), structures=(structure,), fault_rate=0.25, tournament_share=0.3
    )
    text, labels, _ = generate_text(config)
    items = read_back(text, tmp_path)
    assert problems(items) == []
    assert len(items) == len(labels) == 40
    for item, label in zip(items, labels, strict=True):
        assert isinstance(item, Hand)
        assert item.hand_id == label["hand_id"]
        assert item.game is game and item.structure is structure
        assert item.game_text == GAME_TEXT[game]
        codes = {finding.code for finding in audit(item)}
        if label["fault"] is None:
            assert codes == set(), (item.hand_id, [(f.code, f.message) for f in audit(item)])
        else:
            assert codes & set(label["expected_codes"]), (item.hand_id, label, codes)


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
def test_a_mixed_run_reads_back_and_checks_clean(tmp_path: Path) -> None:
    text, labels, _ = generate_text(GenerateConfig(hands=1500, seed=2026, fault_rate=0.2))
    items = read_back(text, tmp_path)
    assert problems(items) == []
    missed = []
    for item, label in zip(items, labels, strict=True):
        assert isinstance(item, Hand)
        codes = {finding.code for finding in audit(item)}
        if label["fault"] is None and codes:
            missed.append((item.hand_id, None, sorted(codes)))
        elif label["fault"] is not None and not codes & set(label["expected_codes"]):
            missed.append((item.hand_id, label["fault"], sorted(codes)))
    assert missed == []


def test_generated_text_looks_like_pokerstars() -> None:
    text, _, _ = generate_text(GenerateConfig(hands=300, seed=8))
    assert text.endswith("\n\n\n\n")
    assert "\r" not in text
    for line in text.splitlines():
        if line.startswith("PokerStars Hand #"):
            continue  # tournament buy-ins are written with cents: $27.00+$3.00
        if line.endswith(": folds") or line.endswith(": checks"):
            raise AssertionError(f"PokerStars writes a space after folds/checks: {line!r}")
        if re.search(r"\$\d+\.\d$|\$\d+\.00\b|\d,\d{3}", line):
            raise AssertionError(f"amount not written the PokerStars way: {line!r}")
    assert re.search(r"^Total pot \$[\d.]+ \| Rake \$[\d.]+ $", text, flags=re.MULTILINE)
    assert re.search(r"^Seat \d+: .+ \(\$[\d.]+ in chips\) $", text, flags=re.MULTILINE)
    assert re.search(
        r"^PokerStars Hand #\d+:  \S.* \(\$[\d.]+/\$[\d.]+ USD\) - \d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET$",
        text,
        flags=re.MULTILINE,
    )
    assert re.search(
        r"^PokerStars Hand #\d+: Tournament #\d+, \$[\d.+$]+ USD .* - Level [IVX]+ \(\d+/\d+\) - ",
        text,
        flags=re.MULTILINE,
    )
