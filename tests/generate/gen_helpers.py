"""Shared helpers for the generator tests: generate into memory, read back through the parser; generate and
audit through the command, and check the findings against the labels."""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, GenerateSummary, chosen_faults, generate
from omaha_audit.generate.record import HandRecord
from omaha_audit.model import Game, Hand, UnreadableHand
from omaha_audit.rooms import hand_source


def generate_text(config: GenerateConfig) -> tuple[str, list[dict], GenerateSummary]:
    text, labels = io.StringIO(), io.StringIO()
    summary = generate(config, text, labels)
    return text.getvalue(), [json.loads(line) for line in labels.getvalue().splitlines()], summary


def read_back(text: str, directory: Path, name: str = "generated.txt") -> list[Hand | UnreadableHand]:
    path = directory / name
    path.write_text(text, encoding="utf-8", newline="")
    items = list(hand_source().read_file(path))
    for item in items:
        assert isinstance(item, (Hand, UnreadableHand)), item
    return items  # type: ignore[return-value]


def problems(items: list) -> list[str]:
    """Unreadable hands and defects, as readable strings (empty when every hand read cleanly)."""
    found = []
    for item in items:
        if isinstance(item, UnreadableHand):
            found.append(f"line {item.line}: {item.reason}")
        elif item.defects or item.truncated:
            found.append(f"{item.hand_id}: defects {item.defects} truncated {item.truncated}")
    return found


Findings = dict[str, list[tuple[str, str]]]  # hand id -> (code, severity) of each finding


def generate_and_audit(
    room: str, games: tuple[str, ...], hands: int, seed: int, rate: str, workdir: Path
) -> tuple[Findings, list[dict[str, Any]], str]:
    """`omaha-audit generate` then `audit --format jsonl`, as a user runs them: the findings by hand, the
    labels and the text written."""
    text = workdir / f"{room}-{len(games)}-{seed}-{rate}.txt"
    runner = CliRunner()
    picked = [part for game in games for part in ("--game", game)]
    args = ["generate", "--room", room, "--hands", str(hands), "--seed", str(seed), "--fault-rate", rate, *picked]
    made = runner.invoke(app, [*args, "--output", str(text)])
    assert made.exit_code == 0, made.output
    audited = runner.invoke(app, ["audit", "--format", "jsonl", str(text)])
    assert audited.exit_code in (0, 1), audited.output
    findings: Findings = {}
    for line in audited.stdout.splitlines():
        if line.startswith("{"):
            finding = json.loads(line)
            findings.setdefault(str(finding["hand_id"]), []).append((finding["code"], finding["severity"]))
    labels = [json.loads(row) for row in text.with_name(f"{text.stem}.labels.jsonl").read_text().splitlines()]
    return findings, labels, text.read_text(encoding="utf-8")


def assert_audited_as_labelled(room: str, games: tuple[str, ...], hands: int, workdir: Path) -> str:
    """Clean hands of `games` in `room`'s text get no finding at all; at fault rate 0.5 every fault kind that
    applies is injected and caught by one of the codes its label expects, and no clean hand gets an error or
    a warning. The clean run's text, for the caller's own checks."""
    findings, labels, clean = generate_and_audit(room, games, hands, 77, "0", workdir)
    assert len(labels) == hands
    assert not findings, f"{room}: findings on clean hands: {findings}"
    findings, labels, _ = generate_and_audit(room, games, hands, 20261206, "0.5", workdir)
    faulty: Counter[str] = Counter()
    found: Counter[str] = Counter()
    missed: dict[str, list[str]] = {}
    for row in labels:
        loud = {code for code, severity in findings.get(row["hand_id"], []) if severity in ("error", "warning")}
        if row["fault"] is None:
            assert not loud, f"{room}: {loud} on the clean hand {row['hand_id']}"
            continue
        faulty[row["fault"]] += 1
        if loud & set(row["expected_codes"]):
            found[row["fault"]] += 1
        else:
            missed.setdefault(row["fault"], []).append(row["hand_id"])
    config = GenerateConfig(hands=1, seed=1, room=room, games=tuple(Game(game) for game in games), fault_rate=0.5)
    assert set(faulty) == set(chosen_faults(config))  # every kind that applies was injected
    assert found == faulty, f"{room}: missed {missed}"
    return clean


def by_table(records: Iterable[tuple[HandRecord, dict[str, object]]]) -> dict[str, list[HandRecord]]:
    """A sessions run's hands (SessionRun.hands) by table, in order, the duplicated records left out."""
    tables: dict[str, list[HandRecord]] = {}
    for rec, _ in records:
        if "duplicate" not in rec.tags:
            tables.setdefault(rec.table, []).append(rec)
    return tables


def end_chips(rec: HandRecord) -> dict[str, int]:
    """Each listed player's chips at the end of the hand: start, less what they put in, plus the uncalled
    bet and what they collected."""
    assert rec.settlement is not None
    won: dict[str, int] = {}
    for share in rec.settlement.shares():
        won[share.player] = won.get(share.player, 0) + share.amount
    return {p.name: p.stack if p.sitting_out else p.chips + won.get(p.name, 0) for p in rec.seats}
