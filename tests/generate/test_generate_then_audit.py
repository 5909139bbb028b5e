"""What a user sees: `omaha-audit generate --room R` and then `omaha-audit audit` of the file, through the
command line with its defaults, for every room with a writer. Clean hands get no error or warning finding
(each room's hands are dealt by the preset the audit applies to them), and at fault rate 0.5 every injected
kind is caught by one of the codes its labels expect. A few hundred hands per room here; the larger run
(4,000 hands each way) is marked slow."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate.writers import cannot_show, rooms

ROOMS = rooms()
LOUD = ("error", "warning")


@dataclass
class Outcome:
    hands: int = 0
    alarms: Counter[str] = field(default_factory=Counter)  # code -> clean hands it was reported on
    faulty: Counter[str] = field(default_factory=Counter)  # fault kind -> hands
    found: Counter[str] = field(default_factory=Counter)  # of those, caught by an expected code
    missed: dict[str, list[str]] = field(default_factory=dict)


def generate_and_audit(room: str, hands: int, seed: int, fault_rate: str, workdir: Path) -> Outcome:
    """Run the two commands as a user would and compare the audit's findings with the labels."""
    text = workdir / f"{room}-{fault_rate}.txt"
    runner = CliRunner()
    args = ["generate", "--room", room, "--hands", str(hands), "--seed", str(seed), "--fault-rate", fault_rate]
    made = runner.invoke(app, [*args, "--output", str(text)])
    assert made.exit_code == 0, made.output
    audited = runner.invoke(app, ["audit", "--format", "jsonl", str(text)])
    assert audited.exit_code in (0, 1), audited.output  # (1: error findings, as asked of a faulty file)
    codes: dict[str, set[str]] = {}
    for line in audited.stdout.splitlines():
        if line.startswith("{"):
            finding = json.loads(line)
            if finding["severity"] in LOUD:
                codes.setdefault(str(finding["hand_id"]), set()).add(finding["code"])
    outcome = Outcome()
    labels = text.with_name(f"{text.stem}.labels.jsonl").read_text(encoding="utf-8")
    for row in map(json.loads, labels.splitlines()):
        outcome.hands += 1
        flagged = codes.get(row["hand_id"], set())
        fault = row["fault"]
        if fault is None:
            outcome.alarms.update(flagged)
            continue
        outcome.faulty[fault] += 1
        if flagged & set(row["expected_codes"]):
            outcome.found[fault] += 1
        else:
            outcome.missed.setdefault(fault, []).append(row["hand_id"])
    return outcome


def _check(room: str, hands: int, tmp_path: Path) -> None:
    clean = generate_and_audit(room, hands, 77, "0", tmp_path)
    assert clean.hands == hands
    assert not clean.alarms, f"{room}: error or warning findings on clean hands: {dict(clean.alarms)}"
    faulty = generate_and_audit(room, hands, 20261130, "0.5", tmp_path)
    assert faulty.hands == hands
    assert not faulty.alarms, f"{room}: error or warning findings on the clean hands: {dict(faulty.alarms)}"
    assert not set(faulty.faulty) & cannot_show(room)
    assert faulty.found == faulty.faulty, f"{room}: missed {faulty.missed}"


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
@pytest.mark.parametrize("room", ROOMS)
def test_generated_hands_audit_as_labelled(room: str, tmp_path: Path) -> None:
    _check(room, 300, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("room", ROOMS)
def test_generated_hands_audit_as_labelled_at_scale(room: str, tmp_path: Path) -> None:
    _check(room, 4_000, tmp_path)
