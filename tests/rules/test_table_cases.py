"""Cases of the rules across hands as data: tests/rules/table_cases/OA7xx.toml holds sessions of hands in
PokerStars text, each with the exact findings of that rule it must produce (line, expected, actual and,
where given, severity). `pytest -k OA701` runs one rule.

Case fields: `name`; `hands` (the session's text, line 1 = the first hand's header); `preset` (the room's
house rules: pokerstars has a moving button, winamax a dead one); `expect`: list of {line, expected,
actual, severity?} (empty = the rule must stay silent).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from omaha_audit.rules.registry import BY_CODE
from omaha_audit.run.house import PRESETS
from omaha_audit.run.pipeline import Auditor

CASES = Path(__file__).parent / "table_cases"


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    found = []
    for path in sorted(CASES.glob("OA*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for index, case in enumerate(data.get("case", [])):
            found.append((path.stem, index, case))
    return found


def across(text: str, preset: str, code: str, tmp_path: Path) -> tuple[Auditor, list[tuple[object, ...]]]:
    path = tmp_path / "session.txt"
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    auditor = Auditor(PRESETS[preset], (BY_CODE[code],), strict=True)
    hands = list(auditor.audit_files([path]))
    assert hands and all(not h.findings for h in hands)  # (only the rule under test runs)
    return auditor, [(f.line, f.expected, f.actual, f.severity.value) for f in auditor.across]


@pytest.mark.parametrize(
    ("code", "index", "case"), _cases(), ids=[f"{code}-{index}-{case['name']}" for code, index, case in _cases()]
)
def test_table_case(code: str, index: int, case: dict[str, object], tmp_path: Path) -> None:
    rule = BY_CODE[code]
    auditor, found = across(str(case["hands"]), str(case.get("preset", "pokerstars")), code, tmp_path)
    wanted = [
        (e["line"], e.get("expected"), e.get("actual"), e.get("severity", rule.severity.value))
        for e in case.get("expect", [])  # type: ignore[union-attr]
    ]
    assert found == wanted, "\n".join(f"{f.code} line {f.line}: {f.message}" for f in auditor.across)


def test_every_table_rule_has_cases_that_fire_and_stay_silent() -> None:
    from omaha_audit.rules.registry import TABLE_RULES

    by_code: dict[str, list[dict[str, object]]] = {}
    for code, _, case in _cases():
        by_code.setdefault(code, []).append(case)
    for rule in TABLE_RULES:
        cases = by_code.get(rule.code, [])
        assert any(case.get("expect") for case in cases), f"{rule.code}: no case where it fires"
        assert any(not case.get("expect") for case in cases), f"{rule.code}: no case where it stays silent"
