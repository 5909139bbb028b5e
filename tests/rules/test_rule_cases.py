"""Rule cases as data: tests/rules/cases/OAxxx.toml holds real-format hands, each with the exact findings
of that rule it must produce (code, line, expected, actual). `pytest -k OA301` runs one rule.

Case fields: `name`; `hand` (the hand text, line 1 = its header); `expect`: list of {line, expected,
actual} for this file's code (empty = the rule must stay silent); optional `preset` (default
"pokerstars"); optional `clean = true`: no error or warning finding of any code either.
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from omaha_audit.model import Hand
from omaha_audit.parse.reader import FileText, read_lines
from omaha_audit.rooms import SPLITTER, words_for
from omaha_audit.rooms.pokerstars.reader import StarsReader as PokerStarsReader
from omaha_audit.rules.base import Severity
from omaha_audit.rules.registry import BY_CODE, RULES, audit_hand
from omaha_audit.run.house import PRESETS

CASES = Path(__file__).parent / "cases"
READER = PokerStarsReader()


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    found = []
    for path in sorted(CASES.glob("OA*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for index, case in enumerate(data.get("case", [])):
            found.append((path.stem, index, case))
    return found


def read_hand(text: str) -> Hand:
    raw = text.lstrip("\n").encode("utf-8")
    blocks = [
        b
        for b in SPLITTER.split_blocks("case.txt", read_lines(io.BytesIO(raw), FileText("case.txt")))
        if b.kind == "hand"
    ]
    assert len(blocks) == 1, f"a case holds exactly one hand, found {len(blocks)}"
    hand = READER.read(blocks[0])
    assert isinstance(hand, Hand), f"case hand unreadable: {hand}"
    return hand


@pytest.mark.parametrize(
    ("code", "index", "case"), _cases(), ids=[f"{code}-{index}-{case['name']}" for code, index, case in _cases()]
)
def test_rule_case(code: str, index: int, case: dict[str, object]) -> None:
    hand = read_hand(str(case["hand"]))
    house = PRESETS[str(case.get("preset", "pokerstars"))]
    findings = audit_hand(hand, house, RULES, strict=True, words=words_for(hand))
    mine = [(f.line, f.expected, f.actual) for f in findings if f.code == code]
    wanted = [(e["line"], e.get("expected"), e.get("actual")) for e in case.get("expect", [])]  # type: ignore[union-attr]
    assert mine == wanted, "\n".join(f"{f.code} line {f.line}: {f.message}" for f in findings)
    if case.get("clean"):
        loud = [f for f in findings if f.severity.rank >= Severity.WARNING.rank]
        assert not loud, "\n".join(f"{f.code} line {f.line}: {f.message}" for f in loud)


def test_every_rule_has_a_failing_and_a_passing_case() -> None:
    by_code: dict[str, list[dict[str, object]]] = {}
    for code, _, case in _cases():
        by_code.setdefault(code, []).append(case)
    # OA104 internal errors: covered by tests of the rule runner. OA101: a case holds one readable hand;
    # unreadable blocks are tested through the pipeline in tests/rules/test_unreadable.py.
    untestable = {"OA101", "OA104"}
    for rule in RULES:
        if rule.code in untestable:
            continue
        cases = by_code.get(rule.code, [])
        assert any(c.get("expect") for c in cases), f"{rule.code} has no failing case"
        assert any(not c.get("expect") for c in cases), f"{rule.code} has no passing case"
    assert set(by_code) <= set(BY_CODE)
