"""`omaha-audit export`: the run's tables (hands, players, actions, pots, findings, and `tables`: every hand
in its table's order) as Parquet or CSV."""

from __future__ import annotations

import sys
import tempfile
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
    check_output_file,
    check_output_folder,
    fail_usage,
    house_option,
    in_process_workers,
    no_hands_code,
    open_paths,
    workers_option,
)
from omaha_audit.report.visible import notice_line, visible
from omaha_audit.run.collector import for_batch_run, for_batch_start

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import Source
    from omaha_audit.run.parallel import Workers
    from omaha_audit.run.pipeline import Auditor


class ExportFormat(StrEnum):
    parquet = "parquet"
    csv = "csv"


class Layout(StrEnum):
    dataset = "dataset"
    files = "files"


def run_export(
    files: Sequence[Source],
    folder: Path,
    output_format: str,
    house: HouseRules | None,
    err: TextIO,
    workers: Workers | None = None,
    layout: str = "files",
) -> int:
    import polars as pl

    from omaha_audit.errors import WriteFailed
    from omaha_audit.output.files import describe
    from omaha_audit.run.pipeline import Auditor
    from omaha_audit.stats.collect import collect
    from omaha_audit.stats.export import write_tables
    from omaha_audit.stats.frames import FrameBuilder

    auditor = Auditor(house, keep_text=False, table_rows=True)
    for_batch_run()  # (the garbage collector set for hand after hand: run/collector.py)
    try:
        if layout == "dataset":
            assert workers is not None  # (a dataset is written by the units of work: InProcess for --jobs 1)
            problems = _export_dataset(auditor, files, folder, err, workers)
        else:
            # the tables' batches (the `tables` table's rows too, as the rules across hands make them) are
            # spilled to disk as the run goes and written out as streams: an export's memory does not grow
            # with its hands
            with tempfile.TemporaryDirectory(prefix="omaha-audit-export-") as spill:
                builder = FrameBuilder(house, spill=Path(spill))
                auditor.table_row_sink = builder.add_table_row
                problems = collect(auditor, builder, files, err, workers)
                for path, rows in write_tables(builder.lazy_frames(), folder, output_format):
                    err.write(f"omaha-audit: wrote {visible(str(path))} ({rows:,} rows)\n")
    except (OSError, pl.exceptions.PolarsError) as failure:
        # (the tables are written by polars, by the workers too: a full disk or a name the file system
        # refuses comes back as an OSError, or as a polars error that carries the OS's: "... (os error 28)")
        if isinstance(failure, pl.exceptions.PolarsError) and "os error" not in str(failure):
            raise
        raise WriteFailed(f"cannot write the export to {folder}: {describe(failure)}") from None
    for notice in auditor.tally.notices:
        err.write(notice_line(notice.path, notice.message))
    for where, line, error in problems:
        err.write(notice_line(f"{where}:{line}", f"left out of the tables: {error}"))
    return no_hands_code(auditor.tally.hands, err, 0)


def _export_dataset(
    auditor: Auditor, files: Sequence[Source], folder: Path, err: TextIO, workers: Workers
) -> list[tuple[str, int, str]]:
    """The dataset, every row of it written by the units of work (omaha_audit/stats/dataset.py)."""
    from omaha_audit.output.progress import Progress
    from omaha_audit.run.parallel import ParallelRun
    from omaha_audit.stats.dataset import DatasetRun, stage_table_rows, unit_tables
    from omaha_audit.stats.frames import ALL_TABLES

    with DatasetRun(folder) as dataset:
        work = workers.work(
            auditor, tables=ALL_TABLES, stage=str(dataset.stage), tables_of=unit_tables, stage_rows=stage_table_rows
        )
        run = ParallelRun(auditor, workers.executor, work, dataset=dataset)
        position = {str(path): index for index, path in enumerate(files)}
        with Progress(len(files), err) as progress:
            for count, _, path in run.units(files):
                progress.files_done = position.get(path, progress.files_done)
                progress.update(count)
    for name in ALL_TABLES:
        mine = [rows for path, rows in run.written if path.parts[-4] == name]
        if mine:
            err.write(
                f"omaha-audit: wrote {visible(str(folder / name))} ({sum(mine):,} rows in {len(mine):,} partitions)\n"
            )
    return run.problems


def export_command(
    paths: PathsArgument,
    to: Annotated[Path, typer.Option("--to", metavar="DIR", help="Folder to write the tables to.")],
    output_format: Annotated[ExportFormat, typer.Option("--format", "-f", help="parquet (default) or csv.")] = (
        ExportFormat.parquet
    ),
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
    layout: Annotated[
        Layout | None,
        typer.Option(
            "--layout",
            help="dataset (Parquet's default): room=/day= partitions per table, a rerun day replaced, other days "
            "kept; files: one file per table (CSV's only layout).",
        ),
    ] = None,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
) -> None:
    """Write the audit's tables (hands, players, actions, pots, findings, tables) as Parquet or CSV files."""
    for_batch_start()  # (before the audit's modules are loaded: run/collector.py)
    house = house_option(rules_file, room_preset)
    files = open_paths(paths)
    check_output_folder(to, "--to")
    chosen = layout or (Layout.dataset if output_format is ExportFormat.parquet else Layout.files)
    if chosen is Layout.dataset and output_format is ExportFormat.csv:
        fail_usage("--layout dataset is written in Parquet: use --format parquet, or --layout files for CSV")
    if chosen is Layout.files and to.is_dir():  # (the files it will replace: regular files, or none)
        from omaha_audit.stats.frames import ALL_TABLES

        for name in ALL_TABLES:
            check_output_file(to / f"{name}.{output_format.value}", "--to")
    workers = workers_option(jobs, scheduler, rules_file, room_preset, files)
    if workers is None and chosen is Layout.dataset:
        workers = in_process_workers(rules_file, room_preset)
    code = run_export(files, to, output_format.value, house, sys.stderr, workers, chosen.value)
    raise typer.Exit(code)
