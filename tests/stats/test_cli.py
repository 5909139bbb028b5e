"""`omaha-audit stats` and `omaha-audit export`, run through Typer as the CLI runs them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from omaha_audit.cli.export_cmd import export_command
from omaha_audit.cli.stats_cmd import stats_command
from omaha_audit.stats.frames import SCHEMAS

HANDS = Path(__file__).parent / "handwritten.txt"

app = typer.Typer()
app.command("stats")(stats_command)
app.command("export")(export_command)
runner = CliRunner()


def test_stats_text() -> None:
    result = runner.invoke(app, ["stats", str(HANDS)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:5] == ["player", "unit", "tournament", "hands", "VPIP"]
    assert [line.split()[0] for line in lines[1:]] == ["Alice", "Bob", "Carol", "Dave"]
    assert "4 hands in 1 file:" in result.stderr


def test_stats_json_has_definitions_and_every_count() -> None:
    result = runner.invoke(app, ["stats", str(HANDS), "--format", "json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["by"] == "player"
    assert {"vpip", "pfr", "three_bet", "wtsd", "wsd", "bb_per_100", "rake_paid"} <= set(payload["definitions"])
    dave = next(row for row in payload["rows"] if row["player"] == "Dave")
    assert (dave["hands"], dave["fold_to_three_bet"], dave["af"], dave["net_won"], dave["scoops"]) == (
        4,
        100.0,
        2.0,
        1.91,
        1,
    )


@pytest.mark.parametrize("by", ["table", "stakes", "game", "day"])
def test_stats_by_group_csv(by: str) -> None:
    result = runner.invoke(app, ["stats", str(HANDS), "--by", by, "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pl.read_csv(io.StringIO(result.stdout))
    keys = ["room", "table", "table_id"] if by == "table" else [by]
    assert table.columns[: len(keys) + 5] == [*keys, "unit", "tournament", "currency", "decimals", "hands"]
    assert table["hands"].sum() == 4
    assert table["rake_units"].sum() == 73
    assert table["findings_per_1000"].to_list() == [0.0] * table.height


def test_export_parquet_round_trips_with_the_schemas(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(HANDS), "--to", str(tmp_path / "out"), "--layout", "files"])
    assert result.exit_code == 0, result.output
    heights = {"hands": 4, "players": 16, "findings": 0}
    for name, schema in SCHEMAS.items():
        frame = pl.read_parquet(tmp_path / "out" / f"{name}.parquet")
        assert frame.schema == schema, name
        if name in heights:
            assert frame.height == heights[name]
    actions = pl.read_parquet(tmp_path / "out" / "actions.parquet")
    opening = actions.filter((pl.col("hand_no") == 1) & (pl.col("player") == "Dave")).row(0, named=True)
    assert (opening["action"], opening["raise_to"], opening["min_to"], opening["max_to"]) == ("raise", 35, 20, 35)
    assert (opening["pot_before"], opening["to_call"], opening["line"]) == (15, 10, 10)
    pots = pl.read_parquet(tmp_path / "out" / "pots.parquet").sort("hand_no")
    assert pots["collected"].to_list() == [912, 72, 34, 404]
    assert pots["winners"].to_list()[2] == ["Carol", "Alice", "Bob"]  # the high half, then the low
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(f"{n}.parquet" for n in SCHEMAS)


def test_export_csv(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(HANDS), "--to", str(tmp_path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    pots = pl.read_csv(tmp_path / "pots.csv")
    assert json.loads(pots["eligible"][0]) == ["Alice", "Carol"]
    assert pl.read_csv(tmp_path / "players.csv").height == 16


def test_export_to_a_file_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["export", str(HANDS), "--to", str(target), "--layout", "files"])
    assert result.exit_code == 2


def _session(tmp_path: Path) -> Path:
    """The OA703 rule case where Eve comes back without posting the blinds she missed (5 hands, 1 table)."""
    import tomllib

    cases = Path(__file__).parents[1] / "rules" / "table_cases" / "OA703.toml"
    text = tomllib.loads(cases.read_text(encoding="utf-8"))["case"][0]["hands"]
    path = tmp_path / "session.txt"
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    return path


def test_export_has_the_tables_table_and_the_findings_across_hands(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(_session(tmp_path)), "--to", str(tmp_path / "out"), "--layout", "files"])
    assert result.exit_code == 0, result.output
    tables = pl.read_parquet(tmp_path / "out" / "tables.parquet")
    assert tables["position"].to_list() == [1, 2, 3, 4, 5]
    assert tables["hand_no"].to_list() == [1, 2, 3, 4, 5]
    assert tables["button"].to_list() == [1, 2, 3, 4, 6]
    assert tables["big_blind_seat"].to_list() == [3, 4, 6, 1, 2]
    assert tables["after_gap"].to_list() == [True, False, False, False, False]
    assert tables["dealt"].to_list() == [6, 5, 5, 5, 6]
    assert tables["findings"].to_list() == [0, 0, 0, 0, 1]
    findings = pl.read_parquet(tmp_path / "out" / "findings.parquet")
    assert findings.select("hand_no", "code", "family", "seat").rows() == [(5, "OA703", "continuity", 5)]


def test_stats_by_table_counts_the_findings_across_hands(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(_session(tmp_path)), "--by", "table", "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pl.read_csv(io.StringIO(result.stdout))
    row = table.row(0, named=True)
    assert (row["table"], row["hands"], row["findings"], row["continuity_findings"]) == ("Case I", 5, 1, 1)
    assert row["continuity_per_1000"] == 200.0


def test_export_csv_never_writes_a_cell_that_starts_a_formula(tmp_path: Path) -> None:
    """Names beginning with =, +, - or @ (and tab, CR) are written with an apostrophe before them in CSV
    (a spreadsheet would run them); Parquet keeps them exactly."""
    hostile = {"Alice": '=HYPERLINK("x")', "Bob": "+1+1", "Carol": "-2", "Dave": "@SUM(A1)"}
    text = HANDS.read_text(encoding="utf-8")
    for name, renamed in hostile.items():
        text = text.replace(name, renamed)
    path = tmp_path / "hostile.txt"
    path.write_text(text, encoding="utf-8")
    for output_format in ("csv", "parquet"):
        result = runner.invoke(
            app, ["export", str(path), "--to", str(tmp_path / output_format), "-f", output_format, "--layout", "files"]
        )
        assert result.exit_code == 0, result.output
    players_csv = (tmp_path / "csv" / "players.csv").read_text(encoding="utf-8")
    cells = [cell for line in players_csv.splitlines() for cell in line.split(",")]
    assert not [cell for cell in cells if cell.lstrip('"').startswith(("=", "+", "@"))]
    assert "'=HYPERLINK" in players_csv and "'+1+1" in players_csv and "'@SUM(A1)" in players_csv
    names = set(pl.read_parquet(tmp_path / "parquet" / "players.parquet")["player"].to_list())
    assert set(hostile.values()) <= names


@pytest.mark.parametrize("by", ["player", "table"])
def test_stats_csv_never_writes_a_cell_that_starts_a_formula(by: str, tmp_path: Path) -> None:
    """`stats --format csv` escapes as `export --format csv` does (one function, stats/export.py csv_ready):
    before the fix it wrote `=HYPERLINK(...)` as it is (issue 36, S03)."""
    text = HANDS.read_text(encoding="utf-8").replace("Alice", '=HYPERLINK("x")').replace("Bob", "@SUM(A1)")
    table = re.search(r"Table '([^']+)'", text)
    assert table is not None
    path = tmp_path / "hostile.txt"
    path.write_text(text.replace(table.group(1), "+1+1"), encoding="utf-8")
    result = runner.invoke(app, ["stats", str(path), "--by", by, "--format", "csv"])
    assert result.exit_code == 0, result.output
    cells = pl.read_csv(io.StringIO(result.stdout), infer_schema=False).to_dict(as_series=False)[by]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))], cells
    wanted = {'\'=HYPERLINK("x")', "'@SUM(A1)"} if by == "player" else {"'+1+1"}
    assert wanted <= set(cells), cells
