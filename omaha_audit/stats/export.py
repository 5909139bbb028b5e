"""The run's tables written to files: one Parquet or CSV file per table, all put in place together."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Final

import polars as pl

from omaha_audit.errors import WriteFailed
from omaha_audit.output.files import atomic_path, bounded_name, make_folder
from omaha_audit.stats.frames import LazyFrames

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP, "CSV Injection"): such a text
# cell is written with an apostrophe before it, which spreadsheets show as text and do not display.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def csv_ready(frame: pl.DataFrame) -> pl.DataFrame:
    """CSV has no lists: list columns become JSON arrays (["Ann", "Bob"]), which any reader can split.
    And no text cell may start a formula: `=HYPERLINK(...)` is written `'=HYPERLINK(...)`."""
    changed = []
    for name, dtype in frame.schema.items():
        if isinstance(dtype, pl.List):
            # (in Python, not in a polars callback: an interrupt then stays an interrupt)
            texts = [
                None if value is None else json.dumps(value, ensure_ascii=False) for value in frame[name].to_list()
            ]
            changed.append(_formula_safe(pl.Series(name, texts, dtype=pl.String)))
        elif dtype == pl.String:
            changed.append(_formula_safe(frame[name]))
    return frame.with_columns(changed) if changed else frame


def _formula_safe(column: pl.Series) -> pl.Series:
    starts = column.str.slice(0, 1).is_in(list(FORMULA_STARTS))
    return pl.select(pl.when(starts).then(pl.lit("'") + column).otherwise(column).alias(column.name)).to_series()


def write_tables(frames: LazyFrames, folder: Path, output_format: str) -> list[tuple[Path, int]]:
    """One file per table (`hands.parquet`, ...); returns each path with its row count. The tables are
    queries over the run's spilled batches (FrameBuilder(spill=...)), written as a stream: never all rows in
    memory. All files are written to temporary files first and put in place together at the end, so an
    interrupted export leaves the old files, all of them, and never a partial one."""
    make_folder(folder)
    written = []
    with contextlib.ExitStack() as stack:
        for name, query in frames.named().items():
            target = folder / f"{name}.{output_format}"
            temporary = stack.enter_context(atomic_path(target))
            if output_format == "csv":
                rows = _write_csv(query, temporary)
            else:
                sink_parquet(query, temporary, target)
                rows = _rows(temporary)
            written.append((target, rows))
    return written


def sink_parquet(query: pl.LazyFrame, path: Path, target: Path) -> None:
    """`query` written to `path` as Parquet; a failed write (polars reports the OS's error within its own)
    is a WriteFailed naming `target`."""
    try:
        query.sink_parquet(path, engine="streaming")
    except pl.exceptions.PolarsError as error:
        if "os error" not in str(error):
            raise
        raise WriteFailed(f"cannot write {target}: {error}") from None


def _write_csv(query: pl.LazyFrame, path: Path) -> int:
    """The table as CSV, a batch at a time (csv_ready per batch: the lists and formulas are Python's work);
    the same bytes as the whole table written at once. Returns the rows written."""
    rows = 0
    with path.open("wb") as stream:
        for batch in query.collect_batches(chunk_size=_BATCH_ROWS):
            csv_ready(batch).write_csv(stream, include_header=rows == 0)
            rows += batch.height
        if rows == 0:  # (the header alone)
            csv_ready(query.head(0).collect()).write_csv(stream)
    return rows


def _rows(path: Path) -> int:
    return int(pl.scan_parquet(path).select(pl.len()).collect().item())


_BATCH_ROWS: Final = 10_000  # rows of a table held at a time while it is written (a hands row: ~40 columns)


# ---- a Hive-partitioned dataset (written by omaha_audit/stats/dataset.py) ------------------------------

PARTITIONS: Final = ("room", "day")
NO_VALUE: Final = "__HIVE_DEFAULT_PARTITION__"  # (Hive's name for a null partition value; Polars and DuckDB read it)


def partition_value(value: object) -> str:
    """A partition value as a folder name's: Hive's name for no value, other characters than letters, digits,
    `-`, `_` and `.` escaped as `%XX`; at most PARTITION_LIMIT bytes (a longer value, a room name taken from
    the data, is cut and given a hash of the whole: output.bounded_name)."""
    if value is None or value == "":
        return NO_VALUE
    text = str(value)
    pieces = [char if char.isalnum() or char in "-_." else f"%{ord(char):02X}" for char in text]
    return bounded_name(text, PARTITION_LIMIT, pieces)


PARTITION_LIMIT: Final = 120  # bytes: `room=<value>` and its temporary name `.room=<value>.<run>.tmp` fit 255


def swap_folder(temporary: Path, target: Path) -> None:
    """Put the folder `temporary` in place of `target` (the old one, if any, is removed after)."""
    old = target.parent / f".{target.name}.{os.getpid()}.old"
    if target.exists():
        target.rename(old)
    temporary.rename(target)
    shutil.rmtree(old, ignore_errors=True)
