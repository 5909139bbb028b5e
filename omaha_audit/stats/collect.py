"""The hands of a run into the statistics tables, audited here or by workers (omaha_audit/run/parallel.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from omaha_audit.output.progress import Progress, track
from omaha_audit.run.pipeline import hand_path
from omaha_audit.run.sink import Keeper

if TYPE_CHECKING:
    from omaha_audit.parse.input_files import Source
    from omaha_audit.run.parallel import Workers
    from omaha_audit.run.pipeline import Auditor
    from omaha_audit.stats.frames import FrameBuilder


def collect(
    auditor: Auditor,
    builder: FrameBuilder,
    files: Sequence[Source],
    err: TextIO,
    workers: Workers | None = None,
) -> list[tuple[str, int, str]]:
    """Audit `files` into `builder` (and `auditor`'s tally and findings across hands), with progress on
    `err`; return the hands left out of the tables (path, line, error). Then add the findings across hands."""
    if workers is None:
        keeper = Keeper(builder)  # (as a worker keeps each hand: run/sink.py)
        for audited in track(auditor.audit_files(files), Progress(len(files), err), files, hand_path):
            keeper.keep(audited)
        problems = builder.problems
    else:
        from omaha_audit.run.parallel import ParallelRun
        from omaha_audit.stats.dataset import unit_tables

        work = workers.work(auditor, tables=tuple(sorted(builder.wanted)), tables_of=unit_tables)
        run = ParallelRun(auditor, workers.executor, work, builder)
        position = {str(path): index for index, path in enumerate(files)}
        with Progress(len(files), err) as progress:
            for count, _, path in run.units(files):
                progress.files_done = position.get(path, progress.files_done)
                progress.update(count)
        problems = builder.problems + run.problems
    builder.add_across(auditor.across)
    return problems
