"""`omaha-audit rules` reads well: no line wider than the terminal allows (100 columns at most), each
rule's summary whole (its docstring's first paragraph, not its first line cut mid-sentence), the room
column as wide as the longest room name."""

from __future__ import annotations

import io

import pytest

from omaha_audit.cli.rules_cmd import WIDEST, print_rules
from omaha_audit.rules.registry import ALL_RULES


@pytest.mark.parametrize("columns", [80, 100, 240])
def test_the_listing_fits_and_keeps_whole_summaries(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    assert print_rules(None, out) == 0
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= min(columns, WIDEST)
    text = " ".join(line.strip() for line in lines)
    for rule in ALL_RULES:
        summary = rule.summary
        assert summary.endswith((".", ")")), (rule.code, summary)  # a whole sentence, not a cut line
        assert summary in text, rule.code
    rooms = [line for line in lines if line.startswith("  ") and not line.startswith("   ")]
    codes_at = {line.index(" OA") for line in rooms}
    assert len(codes_at) == 1, "the rule codes of the room rows stand in one column"
