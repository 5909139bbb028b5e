"""`export --format parquet` writes a Hive-partitioned dataset (table/room=.../day=.../part-0.parquet) that
Polars' scan_parquet and DuckDB read directly; a new day is added without touching the old ones, and a day
written again is replaced whole. Issue 17."""

from __future__ import annotations

import io
from datetime import date, datetime
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, generate

TABLES = ("hands", "players", "actions", "pots", "findings", "tables")


def _day(folder: Path, name: str, start: datetime, seed: int, hands: int = 60) -> Path:
    path = folder / name
    config = GenerateConfig(hands=hands, seed=seed, fault_rate=0.2, start=start, tournament_share=0.0)
    with path.open("w", encoding="utf-8") as text, io.StringIO() as labels:
        generate(config, text, labels)
    return path


def _export(*args: str) -> str:
    result = CliRunner().invoke(app, ["export", *args])
    assert result.exit_code == 0, result.output
    return result.stderr


def _files(root: Path) -> dict[Path, int]:
    return {path.relative_to(root): path.stat().st_mtime_ns for path in root.rglob("*.parquet")}


@pytest.fixture
def days(tmp_path: Path) -> list[Path]:
    # (each file's hands on one UTC day: the generator's hands are a few minutes apart)
    return [_day(tmp_path, f"day{n}.txt", datetime(2026, 3, n, 1, 0), seed=n) for n in (1, 2, 3)]


def test_partitions_by_room_and_day_read_by_polars(days: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "ds"
    log = _export(str(days[0]), str(days[1]), "--to", str(out))
    assert "omaha-audit: wrote" in log and "partitions)" in log
    found = sorted(str(path) for path in _files(out))
    assert found == sorted(
        f"{table}/room=pokerstars/day=2026-03-0{n}/part-0.parquet" for table in TABLES for n in (1, 2)
    )
    hands = pl.scan_parquet(out / "hands", hive_partitioning=True).collect()
    assert hands.height == 120
    assert hands.schema["day"] == pl.Date and hands["room"].unique().to_list() == ["pokerstars"]
    assert sorted(hands["day"].unique().to_list()) == [date(2026, 3, 1), date(2026, 3, 2)]
    # every row of the other tables is in its hand's partition
    players = pl.scan_parquet(out / "players", hive_partitioning=True).collect()
    joined = players.join(hands.select("hand_no", "day"), on="hand_no", how="left", suffix="_hand")
    assert joined.height == players.height and (joined["day"] == joined["day_hand"]).all()
    # the same rows as the one-file-per-table layout
    flat = tmp_path / "flat"
    _export(str(days[0]), str(days[1]), "--to", str(flat), "--layout", "files")
    for table in TABLES:
        expected = pl.read_parquet(flat / f"{table}.parquet").drop("room", "day", strict=False)
        read = pl.scan_parquet(out / table, hive_partitioning=True).collect().drop("room", "day")
        key = [name for name in ("hand_no", "seat", "order", "code") if name in expected.columns]
        assert read.sort(key, nulls_last=True).equals(expected.sort(key, nulls_last=True)), table


def test_a_new_day_leaves_the_old_ones_and_a_rerun_day_is_replaced(days: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "ds"
    _export(str(days[0]), str(days[1]), "--to", str(out))
    before = _files(out)
    _export(str(days[2]), "--to", str(out))  # a new day
    after = _files(out)
    assert {path: after[path] for path in before} == before  # (not rewritten)
    assert len(after) == len(before) + len(TABLES)
    # day 2 again, from other hands: its partitions are replaced whole, days 1 and 3 untouched
    again = _day(tmp_path, "day2-again.txt", datetime(2026, 3, 2, 5, 0), seed=99, hands=25)
    _export(str(again), "--to", str(out))
    final = _files(out)
    assert set(final) == set(after)
    changed = {path for path in final if final[path] != after[path]}
    assert changed == {path for path in final if "day=2026-03-02" in str(path)}
    hands = pl.scan_parquet(out / "hands", hive_partitioning=True).collect()
    assert hands.group_by("day").len().sort("day")["len"].to_list() == [60, 25, 60]
    assert not [path for path in out.rglob("*") if path.name.startswith(".")]  # (no temporary left)


def test_duckdb_reads_the_dataset(days: list[Path], tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb", reason="DuckDB is in the test extra")
    out = tmp_path / "ds"
    _export(str(days[0]), str(days[1]), "--to", str(out))
    rows = duckdb.sql(
        f"SELECT day, count(*) AS hands, sum(rake) AS rake FROM read_parquet('{out}/hands/*/*/*.parquet', "
        "hive_partitioning = true) GROUP BY day ORDER BY day"
    ).fetchall()
    hands = pl.scan_parquet(out / "hands", hive_partitioning=True).collect()
    expected = hands.group_by("day").agg(pl.len(), pl.col("rake").sum()).sort("day").rows()
    assert rows == expected and len(rows) == 2


def test_csv_has_no_dataset_layout(days: list[Path], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["export", str(days[0]), "--to", str(tmp_path / "x"), "-f", "csv", "--layout", "dataset"]
    )
    assert result.exit_code == 2 and "--layout dataset is written in Parquet" in result.stderr
    assert not (tmp_path / "x").exists()


def test_a_hand_without_a_time_is_in_the_default_partition(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "sample_histories" / "omaha-pot-limit.txt"
    lines = sample.read_text(encoding="utf-8").splitlines()
    text = "\n".join(line.split(" - ")[0] if line.startswith("PokerStars Hand #") else line for line in lines)
    path = tmp_path / "no-time.txt"
    path.write_text(text + "\n", encoding="utf-8")
    out = tmp_path / "ds"
    _export(str(path), "--to", str(out))
    days = {path.parts[-2] for path in (out / "hands").rglob("*.parquet")}
    assert "day=__HIVE_DEFAULT_PARTITION__" in days
    assert pl.scan_parquet(out / "hands", hive_partitioning=True).collect().height == 40


@pytest.mark.slow
def test_written_in_small_batches_the_tables_are_those_held_in_memory(
    days: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export streams: the tables' batches are spilled as the run goes, each written in pieces of its
    partitions, joined at the end. With batches of 7 rows (so every partition has many pieces, and the
    `tables` table's rows come in many batches), the dataset and the files hold the rows of the tables built
    in memory, in order; and the CSV bytes are those of each table written whole."""
    from polars.testing import assert_frame_equal

    from omaha_audit.run.pipeline import Auditor
    from omaha_audit.stats import export
    from omaha_audit.stats.export import csv_ready
    from omaha_audit.stats.frames import FrameBuilder

    auditor = Auditor(None, keep_text=False, table_rows=True)
    builder = FrameBuilder(None)
    for audited in auditor.audit_files(days):
        builder.add(audited)
    builder.add_across(auditor.across)
    builder.add_table_rows(auditor.table_rows)
    memory = builder.frames().named()

    monkeypatch.setattr(export, "_BATCH_ROWS", 7)
    original = FrameBuilder.__init__

    def small_batches(self: FrameBuilder, *args: object, **kwargs: object) -> None:
        original(self, *args, **{**kwargs, "batch_size": 7})  # type: ignore[arg-type]

    monkeypatch.setattr(FrameBuilder, "__init__", small_batches)
    _export(*map(str, days), "--to", str(tmp_path / "ds"))
    _export(*map(str, days), "--to", str(tmp_path / "pq"), "--layout", "files")
    _export(*map(str, days), "--to", str(tmp_path / "csv"), "--format", "csv")
    order = memory["hands"].select("hand_no", "room", "day")
    for table in TABLES:
        assert memory[table].height > 7, table
        files = sorted((tmp_path / "ds" / table).rglob("*.parquet"))
        assert all(path.name == "part-0.parquet" for path in files)
        dataset = pl.concat([pl.read_parquet(path) for path in files])
        # (the files in path order: the rows by (room, day), each partition's in input order)
        own = [column for column in ("room", "day") if column in memory[table].columns]
        keyed = memory[table].drop(own).join(order, on="hand_no", how="left", maintain_order="left")
        keyed = keyed.with_row_index("_i").sort("room", "day", "_i").drop("_i", "room", "day")
        assert_frame_equal(dataset, keyed)
        assert_frame_equal(pl.read_parquet(tmp_path / "pq" / f"{table}.parquet"), memory[table])
        whole = io.BytesIO()
        csv_ready(memory[table]).write_csv(whole)
        assert (tmp_path / "csv" / f"{table}.csv").read_bytes() == whole.getvalue(), table


def test_a_room_name_too_long_for_a_folder_name_is_cut_and_given_a_hash(tmp_path: Path) -> None:
    """An OHH site_name of 300 characters (the room comes from the data) made `room=AAA...` longer than a
    file system takes: a traceback and exit 1 before the fix (issue 36, S09). The folder name is bounded,
    readable (the name's start) and one per room (a hash of the whole name)."""
    import json

    from omaha_audit.stats.export import PARTITION_LIMIT

    hands = Path(__file__).parent / "handwritten.txt"
    assert CliRunner().invoke(app, ["convert", str(hands), "--to", "ohh", "-o", str(tmp_path / "ohh")]).exit_code == 0
    lines = []
    for number, line in enumerate((tmp_path / "ohh" / "handwritten.ohh").read_text(encoding="utf-8").splitlines()):
        record = json.loads(line)
        record["ohh"]["site_name"] = ("A" if number % 2 else "B") * 300
        lines.append(json.dumps(record))
    (tmp_path / "long.ohh").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _export(str(tmp_path / "long.ohh"), "--to", str(tmp_path / "ds"))
    rooms = sorted(path.name for path in (tmp_path / "ds" / "hands").iterdir())
    assert len(rooms) == 2 and all(len(name.encode()) <= len("room=") + PARTITION_LIMIT for name in rooms)
    assert [name[:15] for name in rooms] == ["room=AAAAAAAAAA", "room=BBBBBBBBBB"]
    hands_read = pl.scan_parquet(tmp_path / "ds" / "hands", hive_partitioning=True).collect()
    assert hands_read.height == len(lines) and hands_read["room"].n_unique() == 2
