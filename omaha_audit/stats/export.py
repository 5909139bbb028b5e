"""The run's tables written to files: one Parquet or CSV file per table, all put in place together."""

from __future__ import annotations

import contextlib
import json
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
