"""`omaha-audit export`: the run's tables (hands, players, actions, pots, findings, and `tables`: every hand
in its table's order) as Parquet or CSV."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from omaha_audit.cli.common import (
    JobsOption,
    PathsArgument,
    RoomPresetOption,
    RulesFileOption,
    SchedulerOption,
    executor_option,
    fail_usage,
    house_option,
    house_spec,
    open_paths,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parallel import Executor
    from omaha_audit.parse.input_files import Source


class ExportFormat(StrEnum):
    parquet = "parquet"
    csv = "csv"


def run_export(
    files: Sequence[Source],
    folder: Path,
    output_format: str,
    house: HouseRules | None,
    err: TextIO,
    executor: Executor | None = None,
    spec: tuple[str, str] | None = None,
) -> int:
    from omaha_audit.parallel import work_for
    from omaha_audit.pipeline import Auditor
    from omaha_audit.stats.collect import collect
    from omaha_audit.stats.export import write_tables
    from omaha_audit.stats.frames import ALL_TABLES, FrameBuilder

    auditor = Auditor(house, keep_text=False, table_rows=True)
    builder = FrameBuilder(house)
    problems = collect(auditor, builder, files, err, executor, work_for(spec, None, tables=ALL_TABLES))
    builder.add_table_rows(auditor.table_rows)
    frames = builder.frames()
    written = write_tables(frames, folder, output_format)
    for path in written:
        rows = frames.named()[path.stem].height
        err.write(f"omaha-audit: wrote {path} ({rows:,} rows)\n")
    for notice in auditor.tally.notices:
        err.write(f"omaha-audit: {notice.path}: {notice.message}\n")
    for where, line, error in problems:
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
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
) -> None:
    """Write the audit's tables (hands, players, actions, pots, findings, tables) as Parquet or CSV files."""
    house = house_option(rules_file, room_preset)
    files = open_paths(paths)
    if to.exists() and not to.is_dir():
        fail_usage(f"--to {to}: not a folder")
    executor = executor_option(jobs, scheduler)
    spec = house_spec(rules_file, room_preset)
    raise typer.Exit(run_export(files, to, output_format.value, house, sys.stderr, executor, spec))
