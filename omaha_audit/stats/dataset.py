"""`export`'s Hive-partitioned Parquet dataset, written by the workers that audit the hands.

A dataset export runs as units of work (omaha_audit/run/parallel.py), in this process (`--jobs 1`: the same
tasks, run in turn) or on the workers of `--jobs N` or a Dask cluster, in four steps. The main process only
decides and renames; every row is written by a worker:

1. **Units** (in `audit_unit`): the worker that audits an input spills its tables, a batch of 2,000 hands
   at a time, as Arrow IPC streams to the run's stage folder inside the output folder (`DIR/.omaha-audit-
   stage-<run>/units/<unit>/hands-000000.arrow`, ...), its hands numbered from 1 in the unit, and sends
   back only what the main process needs to number them.
2. **Across hands** (`stage_table_rows`, inside `judge_tables`): the worker that judges a chunk of whole
   tables writes the `tables` table's rows there too, one file per unit whose hands they name.
3. **Pieces** (`write_unit`): once the main process has numbered every hand (copies found across units left
   out, CT-5), a worker takes one unit's staged rows, gives them their run-wide hand numbers and their
   hand's partition (`room`, `day`), and writes them as piece files into the partitions' temporary folders
   (`DIR/<table>/room=<room>/.day=<day>.<run>.tmp/`).
4. **Partitions** (`join_pieces`): a worker joins each partition's pieces, in input order, into its
   `part-0.parquet`. The main process then renames each temporary folder into place.

So the outputs are written where the workers are: the output folder must be one they can all write (a
shared file system for a cluster). The rows, their order and the files are the same whichever executor ran
the tasks, and the same as the tables one process builds (tests/test_parallel.py, tests/stats/
test_dataset.py). An interrupted or failed run removes its stage and its temporary folders: the dataset
is left as it was.

(Plain Python, not compiled: it moves tables between files; polars does the work.)
"""

from __future__ import annotations

import contextlib
import shutil
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

import polars as pl

from omaha_audit.output.files import write_scratch
from omaha_audit.stats.export import NO_VALUE, PARTITIONS, partition_value, swap_folder
from omaha_audit.stats.frames import ALL_TABLES, SCHEMAS, FrameBuilder, table_frame

if TYPE_CHECKING:
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.rules.base import Finding
    from omaha_audit.run.tasks import Executor

SEQ: Final = "_seq"  # the order of the rows made across hands (findings, `tables` rows): a hidden column
ACROSS_BASE: Final = 1 << 40  # the `tables` rows of chunk c are numbered from c * ACROSS_BASE
PARTITIONS_PER_TASK: Final = 64  # partitions a worker joins in one task (step 4)
# the rows made across hands as they are staged: their table's, and their order in the run
ACROSS_SCHEMA: Final = {name: pl.Schema([*SCHEMAS[name].items(), (SEQ, pl.Int64)]) for name in ("findings", "tables")}


# ---- in the workers ------------------------------------------------------------------------------------


def unit_folder(stage: str, unit: int) -> Path:
    """Where a unit's rows are staged: the batches its worker's FrameBuilder spilled (`hands-000000.arrow`,
    ...), and the `tables` rows of its hands (`across-<chunk>.arrow`)."""
    return Path(stage) / "units" / f"{unit + 1:09d}"


def unit_tables(
    house: HouseRules | None, tables: tuple[str, ...], strict: bool, stage: str | None, unit: int
) -> FrameBuilder:
    """A unit's statistics tables, built where its hands are audited (run/parallel.py Work.tables_of): in
    memory, or spilled a batch at a time to the unit's folder of the `stage` (an export's dataset)."""
    if stage is None:
        return FrameBuilder(house, tables, strict=strict)
    spill = unit_folder(stage, unit)
    spill.mkdir(parents=True, exist_ok=True)
    # (read back by write_unit only)
    return FrameBuilder(house, tables, strict=strict, spill=spill, staged=True)


def stage_table_rows(rows: list[dict[str, object]], stage: str, chunk: int, units: dict[str, int]) -> list[int]:
    """Step 2: the `tables` rows a chunk of whole tables made, in table order, to the stage, one file per
    unit whose hands they name (`units`: file -> unit; a row of no unit's file goes with unit -1, and will be
    in no hand's partition). Returns the units written for."""
    by_unit: dict[int, list[dict[str, object]]] = {}
    for index, row in enumerate(rows):
        by_unit.setdefault(units.get(str(row["path"]), -1), []).append({**row, SEQ: chunk * ACROSS_BASE + index})
    for unit, mine in by_unit.items():
        folder = unit_folder(stage, unit)
        folder.mkdir(parents=True, exist_ok=True)
        frame = table_frame(mine, ACROSS_SCHEMA["tables"])
        write_scratch(folder / f"across-{chunk:09d}.arrow", partial(frame.write_ipc_stream, compression="lz4"))
    return sorted(by_unit)


@dataclass(frozen=True, slots=True)
class UnitTask:
    """Step 3 for one unit: where its rows are staged, how its hands are numbered in the run (`offset` + its
    place among the unit's hands kept: those `dropped`, copies of hands of earlier units, are left out), the
    chunks that staged `tables` rows of its hands, and the findings across hands on its hands (few: the main
    process has them), with their place in the run's list of those findings."""

    stage: str
    folder: str  # the dataset
    run: str
    unit: int
    offset: int
    count: int  # hands in the unit's staged tables
    dropped: tuple[int, ...]
    chunks: tuple[int, ...]
    across: tuple[dict[str, object], ...] = ()


def write_unit(task: UnitTask) -> list[tuple[str, str]]:
    """Step 3: one unit's rows numbered for the run and written as pieces into their partitions' temporary
    folders, a staged batch at a time (a huge input is never held whole: only its hands' numbers, ids and
    partitions are). Returns the (table, partition folder) of each piece written."""
    staged = unit_folder(task.stage, task.unit)
    dropped = set(task.dropped)
    kept = [local for local in range(1, task.count + 1) if local not in dropped]
    renumber = pl.col("hand_no").replace_strict(
        kept, list(range(task.offset + 1, task.offset + 1 + len(kept))), default=None, return_dtype=pl.Int64
    )
    batches = {name: sorted(staged.glob(f"{name}-*.arrow")) for name in ALL_TABLES}
    keys = (
        pl.concat(
            [pl.read_ipc_stream(path, columns=["hand_no", "path", "hand_id", *PARTITIONS]) for path in batches["hands"]]
        )
        if batches["hands"]
        else pl.DataFrame(schema={"hand_no": pl.Int64, "path": pl.String, "hand_id": pl.String}).with_columns(
            pl.lit(None, pl.String).alias("room"), pl.lit(None, pl.Date).alias("day")
        )
    )
    keys = keys.with_columns(renumber).filter(pl.col("hand_no").is_not_null())
    partitions = keys.select("hand_no", *PARTITIONS)
    written: set[tuple[str, str]] = set()

    def pieces(name: str, kind: str, frames: Iterator[pl.DataFrame]) -> None:
        for index, frame in enumerate(frames):
            if not frame.height:
                continue
            if name != "hands":  # (in its hand's partition: a column of its own by that name is the hand's)
                own = [column for column in PARTITIONS if column in frame.columns]
                frame = frame.drop(own).join(partitions, on="hand_no", how="left", maintain_order="left")
            for (room, day), part in frame.partition_by(PARTITIONS, maintain_order=True, as_dict=True).items():
                target = Path(task.folder) / name / f"room={partition_value(room)}" / f"day={partition_value(day)}"
                temporary = temporary_folder(target, task.run)
                temporary.mkdir(parents=True, exist_ok=True)
                piece = part.drop(PARTITIONS)
                write_scratch(temporary / f"{kind}-{task.unit + 1:09d}-{index:06d}.arrow", piece.write_ipc)
                written.add((name, str(target)))

    for name in ALL_TABLES:
        own = (pl.read_ipc_stream(path) for path in batches[name])
        pieces(name, ".piece", (frame.with_columns(renumber).filter(pl.col("hand_no").is_not_null()) for frame in own))
    # the rows made across hands name their hand by file and id: the first hand kept of that file with that id
    # (as FrameBuilder numbers them in one process)
    numbers = keys.group_by("path", "hand_id").agg(pl.col("hand_no").min().alias("_no"))
    findings = table_frame(task.across, ACROSS_SCHEMA["findings"])
    rows = (pl.read_ipc_stream(staged / f"across-{chunk:09d}.arrow") for chunk in task.chunks)
    pieces("findings", ".across", (_numbered(frame, numbers) for frame in (findings,)))
    pieces("tables", ".across", (_numbered(frame, numbers) for frame in rows))
    return sorted(written)


def join_pieces(targets: list[str], run: str) -> list[int]:
    """Step 4: each partition's pieces joined, in input order, into the `part-0.parquet` of its temporary
    folder (the rows made across hands after the others, in their order). Returns each one's rows. The
    pieces stay (the main process removes them): a task run again, after its worker died, finds them all."""
    counts = []
    for target in targets:
        temporary = temporary_folder(Path(target), run)
        pieces = sorted(temporary.glob(".piece-*.arrow"))
        acrossed = sorted(temporary.glob(".across-*.arrow"))
        parts = [pl.scan_ipc(pieces)] if pieces else []
        if acrossed:
            parts.append(pl.scan_ipc(acrossed).sort(SEQ, maintain_order=True).drop(SEQ))
        query = parts[0] if len(parts) == 1 else pl.concat(parts, how="vertical")
        written = temporary / ".part-0.parquet.tmp"
        write_scratch(written, partial(query.sink_parquet, engine="streaming"))
        written.replace(temporary / "part-0.parquet")
        counts.append(int(pl.scan_parquet(temporary / "part-0.parquet").select(pl.len()).collect().item()))
    return counts


def temporary_folder(target: Path, run: str) -> Path:
    return target.parent / f".{target.name}.{run}.tmp"


def _numbered(rows: pl.DataFrame, numbers: pl.DataFrame) -> pl.DataFrame:
    """`rows` (made across hands, hand_no empty) given the number (`numbers`: path, hand_id, _no) of the
    first hand of their file with their id, in their order."""
    if not rows.height:
        return rows
    columns = rows.columns
    joined = rows.join(numbers, on=["path", "hand_id"], how="left", maintain_order="left")
    return joined.with_columns(pl.coalesce("hand_no", "_no").alias("hand_no")).select(columns)


# ---- in the main process --------------------------------------------------------------------------------


@dataclass(slots=True)
class UnitPlan:
    offset: int
    count: int
    dropped: tuple[int, ...]
    chunks: list[int] = field(default_factory=list)


class DatasetRun:
    """The main process's part of a dataset export: the stage folder, each unit's numbering (`add_unit`, as
    the units come back in input order), then `write` (steps 3 and 4 on the executor, then the renames).
    Use it as a context manager: on any exit but success, the stage and the temporary folders are removed,
    and so are the folders the run made that are left empty, so the dataset is as it was."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.run = uuid.uuid4().hex[:12]
        self.stage = folder / f".omaha-audit-stage-{self.run}"
        self.units: dict[int, UnitPlan] = {}
        self.by_path: dict[str, int] = {}  # each hand's file -> the first unit that read it
        self.hand_no = 0
        self.existed: set[Path] = set()

    def __enter__(self) -> DatasetRun:
        self.existed = {self.folder, *self._folders()} if self.folder.exists() else set()
        self.stage.mkdir(parents=True)
        return self

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        shutil.rmtree(self.stage, ignore_errors=True)
        if kind is None:
            return
        for temporary in self.folder.glob(f"*/*/.*.{self.run}.tmp"):
            shutil.rmtree(temporary, ignore_errors=True)
        for folder in sorted(self._folders(), key=lambda path: len(path.parts), reverse=True):
            if folder not in self.existed:
                with contextlib.suppress(OSError):
                    folder.rmdir()  # (only when empty)
        if self.folder not in self.existed:
            with contextlib.suppress(OSError):
                self.folder.rmdir()

    def _folders(self) -> Iterator[Path]:
        for table in ALL_TABLES:
            yield self.folder / table
            yield from (self.folder / table).glob("room=*")

    def add_unit(self, unit: int, paths: Sequence[str], count: int, dropped: Sequence[int]) -> None:
        """A unit audited: its hands' files, the hands in its staged tables and those of them that the main
        process found to be copies of hands read before (left out)."""
        self.units[unit] = UnitPlan(self.hand_no, count, tuple(dropped))
        self.hand_no += count - len(dropped)
        for path in paths:
            self.by_path.setdefault(path, unit)

    def staged_rows(self, chunk: int, units: Sequence[int]) -> None:
        """A chunk of the rules across hands staged `tables` rows for `units`."""
        for unit in units:
            plan = self.units.get(unit)
            if plan is None:
                plan = self.units[unit] = UnitPlan(0, 0, ())  # (rows of no unit's hands: unit -1)
            plan.chunks.append(chunk)

    def write(self, executor: Executor, across: Sequence[Finding]) -> list[tuple[Path, int]]:
        """Steps 3 and 4 on `executor`, then every partition renamed into place (a partition written again
        replaces the old one whole; the others are not touched). Returns each partition file with its
        rows."""
        from omaha_audit.run.tasks import ahead
        from omaha_audit.stats.frames import finding_row

        findings: dict[int, list[dict[str, object]]] = {}
        for index, finding in enumerate(across):
            row = {**finding_row(finding, None), SEQ: index}
            findings.setdefault(self.by_path.get(finding.path, -1), []).append(row)
        for unit in findings:
            self.units.setdefault(unit, UnitPlan(0, 0, ()))
        tasks = (
            (
                write_unit,
                (
                    UnitTask(
                        str(self.stage),
                        str(self.folder),
                        self.run,
                        unit,
                        plan.offset,
                        plan.count,
                        plan.dropped,
                        tuple(plan.chunks),
                        tuple(findings.get(unit, ())),
                    ),
                ),
                None,
            )
            for unit, plan in sorted(self.units.items())
        )
        targets: set[str] = set()
        for _, pieces in ahead(executor, tasks):
            targets.update(target for _, target in pieces)
        ordered = sorted(targets)
        step = PARTITIONS_PER_TASK
        batches = [ordered[start : start + step] for start in range(0, len(ordered), step)]
        written: list[tuple[Path, int]] = []
        for batch, counts in ahead(executor, ((join_pieces, (batch, self.run), batch) for batch in batches)):
            written.extend((Path(target) / "part-0.parquet", rows) for target, rows in zip(batch, counts, strict=True))
        for target in ordered:
            temporary = temporary_folder(Path(target), self.run)
            for piece in temporary.glob(".*.arrow"):
                piece.unlink()
            swap_folder(temporary, Path(target))
        return written


__all__ = ["NO_VALUE", "DatasetRun", "UnitTask", "join_pieces", "stage_table_rows", "unit_folder", "write_unit"]
