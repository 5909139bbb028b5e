"""`omaha-audit export`: the run's tables (hands, players, actions, pots, findings, and `tables`: every hand
in its table's order) as Parquet or CSV."""

from __future__ import annotations

import contextlib
import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Final, TextIO

import polars as pl
import typer

from omaha_audit.cli.common import (
    PathsArgument,
    RoomPresetOption,
    RulesFileOption,
    fail_usage,
    house_option,
    open_paths,
)
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.pipeline import Auditor
from omaha_audit.report.atomic import atomic_path
from omaha_audit.report.progress import track_hands
from omaha_audit.stats.frames import FrameBuilder, Frames


class ExportFormat(StrEnum):
    parquet = "parquet"
    csv = "csv"


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


def run_export(files: list[Path], folder: Path, output_format: str, house: HouseRules | None, err: TextIO) -> int:
    auditor = Auditor(house, keep_text=False, table_rows=True)
    builder = FrameBuilder(house)
    for audited in track_hands(auditor.audit_files(files), files, err):
        builder.add(audited)
    builder.add_across(auditor.across)
    builder.add_table_rows(auditor.table_rows)
    frames = builder.frames()
    written = write_tables(frames, folder, output_format)
    for path in written:
        rows = frames.named()[path.stem].height
        err.write(f"omaha-audit: wrote {path} ({rows:,} rows)\n")
    for notice in auditor.tally.notices:
        err.write(f"omaha-audit: {notice.path}: {notice.message}\n")
    for where, line, error in builder.problems:
        err.write(f"omaha-audit: {where}:{line}: left out of the tables: {error}\n")
    return 0


def export_command(
    paths: PathsArgument,
    to: Annotated[Path, typer.Option("--to", help="Folder to write the tables to.")],
    output_format: Annotated[ExportFormat, typer.Option("--format", "-f", help="parquet (default) or csv.")] = (
        ExportFormat.parquet
    ),
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
) -> None:
    """Write the audit's tables (hands, players, actions, pots, findings, tables) as Parquet or CSV files."""
    house = house_option(rules_file, room_preset)
    files = open_paths(paths)
    if to.exists() and not to.is_dir():
        fail_usage(f"--to {to}: not a folder")
    raise typer.Exit(run_export(files, to, output_format.value, house, sys.stderr))
