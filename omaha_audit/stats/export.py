"""The run's tables written to files: one Parquet or CSV file per table, all put in place together."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Final

import polars as pl

from omaha_audit.report.atomic import atomic_path
from omaha_audit.stats.frames import Frames

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


def write_tables(frames: Frames, folder: Path, output_format: str) -> list[Path]:
    """One file per table (`hands.parquet`, ...); returns the paths. All are written to temporary files
    first and put in place together at the end, so an interrupted export leaves the old files, all of
    them, and never a partial one."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with contextlib.ExitStack() as stack:
        for name, frame in frames.named().items():
            target = folder / f"{name}.{output_format}"
            temporary = stack.enter_context(atomic_path(target))
            if output_format == "csv":
                csv_ready(frame).write_csv(temporary)
            else:
                frame.write_parquet(temporary)
            written.append(target)
    return written


# ---- a Hive-partitioned dataset -------------------------------------------------------------------------

PARTITIONS: Final = ("room", "day")
NO_VALUE: Final = "__HIVE_DEFAULT_PARTITION__"  # (Hive's name for a null partition value; Polars and DuckDB read it)


def write_dataset(frames: Frames, folder: Path) -> list[tuple[Path, int]]:
    """Every table as a Hive-partitioned Parquet dataset: `folder/<table>/room=<room>/day=<YYYY-MM-DD>/
    part-0.parquet`, the partition columns in the folder names only (each reader adds them back). A row of
    players, actions, pots, findings or tables is in its hand's partition (a `room` column of its own is
    then the one of the path).

    A run writes the partitions it has hands for and leaves every other one as it is, so a new day is added
    without rewriting the old ones; a partition written again replaces the old one whole. All partitions are
    written to hidden temporary folders first and swapped in at the end, so an interrupted run leaves the
    dataset as it was. Returns each partition file written with its row count."""
    hands = frames.hands
    keys = hands.select("hand_no", *PARTITIONS)
    staged: list[tuple[Path, Path]] = []  # (temporary folder, the partition folder it becomes)
    written: list[tuple[Path, int]] = []
    try:
        for name, frame in frames.named().items():
            if frame.is_empty():
                continue
            if name == "hands":
                with_keys = frame
            else:  # (in its hand's partition: a column of its own by the same name is the hand's, left to the path)
                own = [column for column in PARTITIONS if column in frame.columns]
                with_keys = frame.drop(own).join(keys, on="hand_no", how="left", maintain_order="left")
            for (room, day), part in with_keys.group_by(PARTITIONS, maintain_order=True):
                target = folder / name / f"room={_value(room)}" / f"day={_value(day)}"
                temporary = target.parent / f".{target.name}.{os.getpid()}.tmp"
                shutil.rmtree(temporary, ignore_errors=True)
                temporary.mkdir(parents=True)
                staged.append((temporary, target))
                rows = part.drop(PARTITIONS)
                rows.write_parquet(temporary / "part-0.parquet")
                written.append((target / "part-0.parquet", rows.height))
        for temporary, target in staged:
            _swap(temporary, target)
        staged = []
    finally:
        for temporary, _ in staged:
            shutil.rmtree(temporary, ignore_errors=True)
    return written


def _value(value: object) -> str:
    if value is None or value == "":
        return NO_VALUE
    text = str(value)
    return "".join(char if char.isalnum() or char in "-_." else f"%{ord(char):02X}" for char in text)


def _swap(temporary: Path, target: Path) -> None:
    """Put the folder `temporary` in place of `target` (the old one, if any, is removed after)."""
    old = target.parent / f".{target.name}.{os.getpid()}.old"
    if target.exists():
        target.rename(old)
    temporary.rename(target)
    shutil.rmtree(old, ignore_errors=True)
