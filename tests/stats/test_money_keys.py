"""Money of different tournaments is never added (a row per group, unit and tournament), and `--by table`
names every table with its room (stats/keys.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from omaha_audit.cli.stats_cmd import stats_command
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.run.pipeline import Auditor
from omaha_audit.stats.frames import FrameBuilder, Frames
from omaha_audit.stats.statistics import group_statistics, player_statistics, to_text

HANDS = Path(__file__).parent / "handwritten.txt"

app = typer.Typer()
app.command()(stats_command)
runner = CliRunner()


@pytest.fixture(scope="module")
def frames() -> Frames:
    builder = FrameBuilder(strict=True)
    for audited in Auditor(strict=True).audit_files([HANDS]):
        builder.add(audited)
    return builder.frames()


def _in_two_tournaments(frames: Frames) -> Frames:
    """The four hand-written hands as chips of two tournaments: hands 1 and 2 of T1, 3 and 4 of T2."""
    hands = frames.hands.with_columns(
        tournament_id=pl.when(pl.col("hand_no") <= 2).then(pl.lit("T1")).otherwise(pl.lit("T2")),
        currency=pl.lit("chips"),
        unit=pl.lit("1 chips"),
        decimals=pl.lit(0, pl.Int8),
    )
    return Frames(hands, frames.players, frames.actions, frames.pots, frames.findings, frames.tables)


def test_a_player_has_a_row_per_tournament(frames: Frames) -> None:
    table = player_statistics(_in_two_tournaments(frames))
    alice = table.filter(pl.col("player") == "Alice").sort("tournament")
    assert alice.select("tournament", "unit", "hands", "net_won_units").rows() == [
        ("T1", "1 chips", 2, -460),
        ("T2", "1 chips", 2, -6),
    ]
    assert table.filter(pl.col("tournament").is_null()).height == 0
    text = to_text(table, "player").splitlines()
    assert text[0].split()[:3] == ["player", "unit", "tournament"]
    assert sorted(line.split()[2] for line in text[1:] if line.startswith("Alice")) == ["T1", "T2"]


@pytest.mark.parametrize("by", ["table", "stakes", "game", "day"])
def test_a_group_has_a_row_per_tournament(frames: Frames, by: str) -> None:
    table = group_statistics(_in_two_tournaments(frames), by)
    assert sorted(table["tournament"].to_list()) == ["T1", "T2"]
    assert table.sort("tournament")["pots_units"].to_list() == [960 + 75, 35 + 425]


def test_cash_rows_have_no_tournament(frames: Frames) -> None:
    assert player_statistics(frames)["tournament"].to_list() == [None] * 4


def test_tables_are_named_with_their_room(frames: Frames) -> None:
    """The room's name where it prints one; `table <id>` where only an id; `unnamed (<file>)` where neither.
    Two rooms' tables of the same name are two rows."""
    hands = frames.hands.with_columns(
        room=pl.when(pl.col("hand_no") == 4).then(pl.lit("winamax")).otherwise(pl.col("room")),
        table=pl.when(pl.col("hand_no") == 1).then(pl.lit(" ")).otherwise(pl.col("table")),
        table_id=pl.when(pl.col("hand_no") == 2)
        .then(pl.lit("/"))
        .when(pl.col("hand_no") == 1)
        .then(pl.lit("99"))
        .otherwise(pl.col("table_id")),
        path=pl.lit("/x/y/hands.txt"),
    )
    hands = hands.with_columns(table=pl.when(pl.col("hand_no") == 2).then(pl.lit("")).otherwise(pl.col("table")))
    named = Frames(hands, frames.players, frames.actions, frames.pots, frames.findings, frames.tables)
    printed = frames.hands["table"][0]
    table = group_statistics(named, "table").sort("room", "table")
    assert table.select("room", "table", "hands").rows() == [
        ("pokerstars", printed, 1),
        ("pokerstars", "table 99", 1),
        ("pokerstars", "unnamed (hands.txt)", 1),
        ("winamax", printed, 1),
    ]
    assert to_text(table, "table").splitlines()[0].split()[:4] == ["room", "table", "unit", "tournament"]


def test_every_format_gives_the_tournament(tmp_path: Path) -> None:
    """Generated tournament hands (each hand its own tournament): no chips row adds two of them up."""
    path = tmp_path / "t.txt"
    config = GenerateConfig(hands=80, seed=3, tournament_share=1.0)
    with path.open("w", encoding="utf-8") as text, open(tmp_path / "t.jsonl", "w", encoding="utf-8") as labels:
        generate(config, text, labels)
    csv = runner.invoke(app, [str(path), "--format", "csv"])
    rows = pl.read_csv(io.StringIO(csv.stdout), schema_overrides={"tournament": pl.String})
    assert rows["tournament"].null_count() == 0
    assert rows["hands"].to_list() == [1] * rows.height  # one hand a tournament
    assert rows["player"].n_unique() < rows.height  # (players in several tournaments: the rows are apart)
    payload = json.loads(runner.invoke(app, [str(path), "--format", "json"]).stdout)
    assert {row["tournament"] for row in payload["rows"]} == set(rows["tournament"].to_list())
    assert "tournament" in payload["definitions"]
    text = runner.invoke(app, [str(path), "--by", "table"]).stdout.splitlines()
    assert text[0].split()[:4] == ["room", "table", "unit", "tournament"]
    assert len(text) - 1 == rows["tournament"].n_unique()


def test_the_reports_statistics_have_the_tournament(frames: Frames) -> None:
    from omaha_audit.report.html import _stats_table
    from omaha_audit.stats.frames import LazyFrames

    chips = _in_two_tournaments(frames)
    lazy = LazyFrames(**{name: frame.lazy() for name, frame in chips.named().items()})
    players = _stats_table(lazy, "player", "Players")
    assert [column.title for column in players.columns][:3] == ["player", "unit", "tournament"]
    assert sorted(row[2] for row in players.rows if row[0] == "Alice") == ["T1", "T2"]
    tables = _stats_table(lazy, "table", "Tables")
    assert [column.title for column in tables.columns][:4] == ["room", "table", "unit", "tournament"]
