"""The rules across hands everywhere a user sees findings: `audit` as text, JSON and JSONL, `--select` and
`--ignore` of the OA7 family, and `omaha-audit rules`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from omaha_audit.cli.app import app

runner = CliRunner()
CASES = Path(__file__).parent / "table_cases"


def session(tmp_path: Path) -> Path:
    """The OA703 case: Eve comes back at hand 1005 (line 120 is her seat line) without posting."""
    text = tomllib.loads((CASES / "OA703.toml").read_text(encoding="utf-8"))["case"][0]["hands"]
    path = tmp_path / "session.txt"
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    return path


def test_json_has_the_finding_across_hands_and_the_tables(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(session(tmp_path)), "--format", "json"])
    payload = json.loads(result.stdout)
    assert [(f["code"], f["hand_id"], f["line"], f["player"]) for f in payload["findings"]] == [
        ("OA703", "1005", 120, "Eve")
    ]
    assert (payload["summary"]["tables"], payload["summary"]["by_code"]) == (1, {"OA703": 1})
    assert result.exit_code == 1  # an error: --fail-on error by default


def test_jsonl_and_text(tmp_path: Path) -> None:
    path = session(tmp_path)
    lines = runner.invoke(app, ["audit", str(path), "--format", "jsonl"]).stdout.splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["OA703"]
    text = runner.invoke(app, ["audit", str(path)]).stdout
    assert "Across hands (the hands of each table in order): 1 findings" in text
    assert f"OA703 error   hand #1005  {path}:120: Eve (seat 5) missed" in text


def test_select_and_ignore_the_family(tmp_path: Path) -> None:
    path = session(tmp_path)
    ignored = json.loads(runner.invoke(app, ["audit", str(path), "--format", "json", "--ignore", "OA7"]).stdout)
    assert ignored["findings"] == [] and ignored["summary"]["tables"] == 0
    chosen = json.loads(runner.invoke(app, ["audit", str(path), "--format", "json", "--select", "OA703"]).stdout)
    assert [f["code"] for f in chosen["findings"]] == ["OA703"]
    other = json.loads(runner.invoke(app, ["audit", str(path), "--format", "json", "--select", "OA701"]).stdout)
    assert other["findings"] == []


def test_rules_lists_the_rules_across_hands_with_their_ids() -> None:
    listing = runner.invoke(app, ["rules"]).stdout
    for code, ids in (("OA701", "CT-1, BL-2, BL-3"), ("OA704", "CT-3, BL-6"), ("OA706", "CT-5")):
        row = next(line for line in listing.splitlines() if line.startswith(code))
        assert ids in row, row
    doc = runner.invoke(app, ["rules", "OA703"]).stdout
    assert "missed-blinds" in doc and "Bad:" in doc
