"""The audit on every core (`--jobs N`) or on a Dask cluster (`--scheduler ADDRESS`), with the same results
as one process, byte for byte.

The unit of work is one input: a file, or one member of an archive. `audit_unit` reads and audits it in a
worker and returns plain values (`UnitResult`): per hand, what the run's tally counts, its findings, its
text for the terminal, its picture for the rules across hands and its copy key; and, for `stats`, the
report and the one-file tables of `export`, the worker's tables (an export's dataset is written by the
workers instead: omaha_audit/stats/dataset.py). The main process (`ParallelRun`) takes the units back in input order and
does what needs the whole run, exactly as the one-process auditor does it: it decides which hands are
identical copies of hands read before (CT-5: a hand read in an earlier file is a copy even when another
worker read it), numbers the hands, and runs the rules across hands (OA7xx) on the pictures, table by
table, after the last unit; so a table's hands spread over many files and workers are judged together.
That last pass is the "shuffle by table key" done where the pictures arrive. All that the main process
does costs it about 25 microseconds a hand (benchmarks/scale.py), against about 250 for the audit itself.
It takes the units in with the cyclic garbage collector paused: what it builds holds no reference cycles,
and the collector's passes over the growing pictures of the run were a tenth of its work (on two cores it
shares them with the workers).

Tallies merge by addition (`Tally.add_counts`), so any split of the work gives the same totals.

(Plain Python, not compiled: it only moves results between processes; the per-hand work it calls is the
compiled pipeline.)
"""

from __future__ import annotations

import gc
import marshal
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from omaha_audit.errors import RunFailed
from omaha_audit.parse.chunks import FileGroup, FilePlan, groups_of
from omaha_audit.parse.input_files import Source
from omaha_audit.run.collector import for_batch_run
from omaha_audit.run.sink import KeptHand, Texts, Viewer
from omaha_audit.run.tasks import WORKER_STOPPED, Executor, Pending, ahead

if TYPE_CHECKING:
    from pathlib import Path

    import polars as pl

    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.files import HandSource
    from omaha_audit.rules.base import Finding
    from omaha_audit.rules.registry import Rule, TableRule
    from omaha_audit.rules.tables import TableHand
    from omaha_audit.run.pipeline import Auditor
    from omaha_audit.run.sequences import Held, Neighbours, PackedPicture, TableJudge, TableSequencer

FindingValues = tuple[Any, ...]  # Finding's fields in order, its severity by value
T = TypeVar("T")
TABLE_CHUNK = 4_000  # hands (whole tables) a worker judges at a time in the pass across hands


@dataclass(frozen=True, slots=True)
class Work:
    """What every worker needs to audit a unit, as plain values (it rebuilds the rules and house rules)."""

    house: tuple[str, str] | None = None  # ("preset", name) or ("file", path); None: each room's preset
    codes: tuple[str, ...] | None = None  # the rules to run, both kinds, by code; None: all of them
    text_minimum: str | None = None  # the terminal's text of each hand's findings at or above this severity
    keep_text: bool = False  # keep the hands' lines (to quote them)
    tables: tuple[str, ...] = ()  # the statistics tables to build (stats/frames.py), none when empty
    strict: bool = False
    views: int = 0  # the HTML report's hand views: at most this many per unit, of hands with an error or warning
    # an export's dataset: the stage folder the workers write their tables to (omaha_audit/stats/dataset.py)
    stage: str | None = None
    # what the layers above lend the workers (run/sink.py), as functions they import by name: the text of a
    # hand's findings, its view, and the maker of a unit's tables (house, tables, strict, stage, unit)
    texts: Texts | None = None
    viewer: Viewer | None = None
    tables_of: Callable[..., Any] | None = None
    # an export's dataset: stages the `tables` rows of a chunk judged across hands (rows, stage, chunk, units)
    stage_rows: Callable[..., list[int]] | None = None
    # what each hand read (a Hand, not a copy in its unit) gives besides its audit, worked out in the worker
    # and sent back (a function imported by name: the fairness audit's `observe_hand`)
    per_hand: Callable[[Any], Any] | None = None


@dataclass(slots=True)
class UnitResult:
    """One unit audited: `hands` holds, per hand block in order, (kind, room, format, copy key, copy, the
    findings' values, the text, the picture, local hand number in `frames`), as one `marshal` blob (plain
    values only: about three times as quick to load as a pickle of the same, in the main process)."""

    source: str
    hands: bytes
    notices: list[tuple[str, str, str]]
    frames: dict[str, pl.DataFrame] | None = None
    problems: list[tuple[str, int, str]] = field(default_factory=list)
    views: dict[int, Any] = field(default_factory=dict)  # HandViews by the hand's index in `hands`
    # with Work.stage: the tables are staged, not sent; the files its hands name, and how many hands its
    # tables hold (numbered 1 ... count)
    paths: list[str] = field(default_factory=list)
    count: int = 0
    extras: dict[int, Any] = field(default_factory=dict)  # Work.per_hand's value, by the hand's index in `hands`


# ---- in the worker ------------------------------------------------------------------------------------

_AUDITORS: dict[Work, Auditor] = {}


def audit_unit(source: Source | FileGroup, scanned: bool, work: Work, unit: int = 0) -> UnitResult:
    """Audit one input, the `unit`th of the run (a worker's task): every hand block of it, in order, as plain
    values, each kept as the one-process run keeps it (run/sink.py Keeper); its tables sent back, or staged
    for the dataset (Work.stage)."""
    from omaha_audit.model import Hand, UnreadableHand
    from omaha_audit.rules.base import Severity
    from omaha_audit.run.pipeline import Tally, hand_kind
    from omaha_audit.run.sequences import packed_picture
    from omaha_audit.run.sink import Keeper

    auditor = _auditor(work)
    auditor.tally, auditor.seen, auditor.order = Tally(), set(), 0  # (each unit on its own)
    tables = _tables(work, unit)
    minimum = Severity(work.text_minimum) if work.text_minimum else None
    keeper = Keeper(tables, work.texts, minimum, work.viewer, work.views)
    hands: list[tuple[Any, ...]] = []
    views: dict[int, Any] = {}
    extras: dict[int, Any] = {}
    paths: dict[str, None] = {}
    for audited, picture, house, key in _unit_hands(auditor, source, scanned):
        kept, numbered = keeper.keep(audited, house)
        local = tables.hand_no if numbered and tables is not None else None
        if kept is not None and kept.view is not None:
            # (numbered and given its finding rows by the main process: HtmlReport.add)
            views[len(hands)] = kept.view
        audited.context = None  # (the replay is done with)
        if work.per_hand is not None and not audited.copy and isinstance(audited.item, Hand):
            extras[len(hands)] = work.per_hand(audited.item)
        kind, room, format_name = hand_kind(audited.item)
        if work.stage is not None:
            item = audited.item
            paths[item.path if isinstance(item, UnreadableHand) else item.source.path] = None
        findings = [_values(finding) for finding in audited.findings]
        text = kept.text if kept is not None else ""
        packed = packed_picture(picture) if picture is not None else None
        hands.append((kind, room, format_name, key, audited.copy, findings, text, packed, local))
    notices = [(notice.path, notice.kind, notice.message) for notice in auditor.tally.notices]
    problems = tables.problems if tables is not None else []
    if work.stage is not None and tables is not None:  # (its last batches to the stage; nothing sent)
        for table in tables.tables.values():
            table.flush()
        staged = tables.hand_no
        return UnitResult(str(source), marshal.dumps(hands), notices, None, problems, views, list(paths), staged)
    frames = tables.frames().named() if tables is not None else None
    return UnitResult(str(source), marshal.dumps(hands), notices, frames, problems, views, extras=extras)


def _unit_hands(auditor: Auditor, source: Source | FileGroup, scanned: bool) -> Iterator[Any]:
    """The audited hands of a unit: one input, or a group of small ones in turn (parse/chunks.py)."""
    if isinstance(source, FileGroup):
        for file, found in zip(source.files, source.scanned, strict=True):
            yield from auditor.audit_source(file, found)
    else:
        yield from auditor.audit_source(source, scanned)


def _auditor(work: Work) -> Auditor:
    auditor = _AUDITORS.get(work)
    if auditor is None:
        from omaha_audit.run.pipeline import Auditor

        _AUDITORS.clear()
        auditor = _AUDITORS[work] = Auditor(
            house_of(work.house), rules_of(work.codes), strict=work.strict, keep_text=work.keep_text
        )
    return auditor


def _tables(work: Work, unit: int) -> Any:
    """The unit's statistics tables (stats/frames.py FrameBuilder, made by `work.tables_of`): in memory, or
    spilled a batch at a time to the unit's stage folder."""
    if not work.tables or work.tables_of is None:
        return None
    return work.tables_of(house_of(work.house), work.tables, work.strict, work.stage, unit)


@dataclass(frozen=True, slots=True)
class TableChunk:
    """Whole tables of a run, their hands in table order, for a worker to judge across hands: each hand's
    packed picture and place in the input (its house rules are the run's, or its room's preset: the
    worker finds them as ParallelRun._house did, for compiled HouseRules do not unpickle); and what the
    run keeps besides the findings
    (sequences.py Watchers: `views` table views, the `rows` of the `tables` table, the neighbours of the
    hands `wanted`)."""

    pictures: list[Held]
    views: int = 0
    rows: bool = False
    wanted: frozenset[tuple[str, int]] = frozenset()
    # a dataset export: the `tables` rows are staged (omaha_audit/stats/dataset.py), not sent: the stage, the
    # chunk's place in the run, and the unit of each file its hands name
    stage: str | None = None
    chunk: int = 0
    units: dict[str, int] = field(default_factory=dict)


# a table view as plain values: its table, its hands (by place in the input), their findings, the gaps
# before them, the hands left out, flagged
SessionValues = tuple[str, list[int], list[list[FindingValues]], list[bool], int, bool]


@dataclass(slots=True)
class TablesJudged:
    """A TableChunk judged: the findings across hands in table order, the tables it held, and what the run
    keeps, hands named by their place in the input (the main process has their pictures)."""

    findings: list[FindingValues]
    tables: int
    sessions: list[SessionValues] = field(default_factory=list)
    rows: list[dict[str, object]] = field(default_factory=list)
    neighbours: dict[tuple[str, int], tuple[int | None, int, int | None]] = field(default_factory=dict)
    staged: list[int] = field(default_factory=list)  # the units whose `tables` rows it staged


_JUDGES: dict[tuple[tuple[str, ...] | None, bool], TableJudge] = {}


def judge_tables(chunk: TableChunk, work: Work) -> TablesJudged:
    """The rules across hands on a chunk of whole tables (a worker's task at the end of a parallel run), as
    the main process would judge them (sequences.py TableJudge.findings)."""
    from omaha_audit.rules.tables import TableHand
    from omaha_audit.run.sequences import Watchers, unpacked_picture

    judge = _judge(work)
    base = house_of(work.house)
    presets: dict[tuple[str, str], HouseRules] = {}
    sequence = [
        (TableHand.from_row(unpacked_picture(p, order)), house_rules(base, presets, p[0], p[1]))
        for p, order, _ in chunk.pictures
    ]
    watchers = Watchers.of(chunk.views, chunk.rows, set(chunk.wanted) or None)
    findings = [_values(finding) for finding in judge.findings(sequence, watchers.on_hand(), strict=work.strict)]
    sessions = [
        (
            session.table,
            [hand.order for hand in session.hands],
            [[_values(finding) for finding in found] for found in session.findings],
            session.gaps,
            session.skipped,
            session.flagged,
        )
        for session in watchers.sessions()
    ]
    neighbours = {
        key: (
            before.order if before is not None else None,
            itself.order,
            after.order if after is not None else None,
        )
        for key, (before, itself, after) in watchers.neighbours().items()
    }
    tables = len({hand.table for hand, _ in sequence})  # (a chunk holds whole tables)
    rows, staged = watchers.table_rows(), []
    if chunk.stage is not None and work.stage_rows is not None:
        staged = work.stage_rows(rows, chunk.stage, chunk.chunk, chunk.units)
        rows = []
    return TablesJudged(findings, tables, sessions, rows, neighbours, staged)


def _judge(work: Work) -> TableJudge:
    key = (work.codes, work.strict)
    judge = _JUDGES.get(key)
    if judge is None:
        from omaha_audit.rules.tables import TableRule
        from omaha_audit.run.pipeline import cannot_check
        from omaha_audit.run.sequences import TableJudge

        rules = tuple(rule for rule in rules_of(work.codes) if isinstance(rule, TableRule))
        _JUDGES.clear()
        judge = _JUDGES[key] = TableJudge(rules, cannot_check)
    return judge


def _values(finding: Finding) -> FindingValues:
    return (
        finding.code,
        finding.severity.value,
        finding.message,
        finding.hand_id,
        finding.path,
        finding.line,
        finding.street,
        finding.seat,
        finding.player,
        finding.expected,
        finding.actual,
        finding.room,
        finding.format,
    )


def finding_of(values: FindingValues) -> Finding:
    from omaha_audit.rules.base import Finding, Severity

    code, severity, *rest = values
    return Finding(code, Severity(severity), *rest)


def house_rules(
    base: HouseRules | None, presets: dict[tuple[str, str], HouseRules], room: str, format_name: str
) -> HouseRules:
    """The house rules a hand of a parallel run is dealt by: the run's (`base`), or its room's preset, kept in
    `presets` once found."""
    if base is not None:
        return base
    house = presets.get((format_name, room))
    if house is None:
        from omaha_audit.rooms import preset_of

        house = presets[(format_name, room)] = preset_of(format_name, room)
    return house


def house_of(spec: tuple[str, str] | None) -> HouseRules | None:
    if spec is None:
        return None
    kind, value = spec
    if kind == "preset":
        from omaha_audit.run.house import PRESETS

        return PRESETS[value]
    from pathlib import Path

    from omaha_audit.run.house import load_rules_file

    return load_rules_file(Path(value))


def rules_of(codes: tuple[str, ...] | None) -> tuple[Rule | TableRule, ...]:
    from omaha_audit.rules.registry import ALL_RULES, BY_CODE

    return ALL_RULES if codes is None else tuple(BY_CODE[code] for code in codes)


def _quiet_worker() -> None:
    """A `--jobs` worker leaves Ctrl-C and SIGTERM to the main process, which stops the run, stops the workers
    (LocalPool.close) and says so: a terminal's Ctrl-C, `timeout` and systemd signal every process of the run
    at once, and a worker that ended on its own would fail the run another way. And a worker ends itself when
    the main process is gone (killed outright, SIGKILL or out of memory): the pool's queues would keep it
    waiting for work forever, and multiprocessing's resource tracker with it. Its garbage collector runs as
    in one process (a worker forked while the main process takes units in starts with it paused), set for hand
    after hand (run/collector.py)."""
    import multiprocessing
    import threading

    gc.enable()
    for_batch_run()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), name="omaha-audit-parent", daemon=True).start()


def _end_with(sentinel: int) -> None:
    """Wait until the main process is gone (its end of the pipe `sentinel` reads from is closed), then end."""
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(1)


# ---- executors ----------------------------------------------------------------------------------------


class LocalPool:
    """`--jobs N`: a pool of N worker processes on this machine, forked where that is safe (`start_method`),
    else started fresh. The processes start at the first unit handed out, and how they start is decided
    then: what the main process runs at that moment is what a fork would copy."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.processes: dict[int, Any] = {}
        self.pool: Any = None  # (a ProcessPoolExecutor from the first unit on)
        _quiet_resource_tracker()

    def _started(self) -> Any:
        if self.pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            method = start_method()
            if method == "fork":  # (nothing the main process has buffered is written twice)
                sys.stdout.flush()
                sys.stderr.flush()
            self.pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context(method), initializer=_quiet_worker
            )
        return self.pool

    def submit(self, function: Callable[..., Any], *args: Any) -> Pending:
        from concurrent.futures.process import BrokenProcessPool

        try:
            pending: Pending = self._started().submit(function, *args)
        except BrokenProcessPool:  # (a worker died before this unit was handed out)
            raise RunFailed(WORKER_STOPPED) from None
        # the pool's processes, kept here: a broken pool forgets them, and `close` must stop them all
        self.processes.update(getattr(self.pool, "_processes", None) or {})
        return pending

    def close(self, cancel: bool = False) -> None:
        if self.pool is None:  # (no unit was handed out)
            return
        if not cancel:
            self.pool.shutdown(wait=True)
            return
        # an interrupted or failed run does not wait for the units in flight: stop taking work, then stop
        # the workers (the pool's own thread sees them go and ends); SIGKILL, as they ignore SIGTERM
        # (_quiet_worker). Their unit's files are in the run's stage or temporary folders, which go after.
        self.processes.update(getattr(self.pool, "_processes", None) or {})
        processes = list(self.processes.values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join(timeout=10)


def start_method() -> str:
    """How `--jobs` starts its workers: forked on Linux while the main process runs no other thread and has not
    loaded polars (whose threads Python does not see), so that a worker starts with the modules, the grammars
    and the readers the main process has loaded (about 0.2 s of a core saved per worker, on the run's critical
    path); else spawned, a fresh interpreter that imports them: forking a process that holds threads can copy
    a lock some thread held, and the child would wait on it forever."""
    import threading

    if sys.platform == "linux" and threading.active_count() == 1 and "polars" not in sys.modules:
        return "fork"
    return "spawn"


def _quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with its standard error on /dev/null. An interrupted run
    stops its workers mid-unit and leaves at once (cli/app.py), and the tracker then frees the pool's
    semaphores itself, saying so in a warning that would follow the run's last line."""
    from multiprocessing import resource_tracker

    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class DaskCluster:
    """`--scheduler ADDRESS`: the units submitted to a Dask distributed cluster (its workers read the inputs
    where they are, so the paths must be readable there). A unit whose worker dies is run again by Dask
    (up to its `distributed.scheduler.allowed-failures`); one that keeps failing fails the run cleanly."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise RunFailed("--scheduler needs Dask distributed: pip install 'omaha-audit[dask]'") from None
        try:
            self.client = Client(address, timeout=10)  # type: ignore[no-untyped-call,unused-ignore]
            self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        except Exception as error:
            # (whatever answered, or did not, the run cannot go on; not only OSError and TimeoutError: a server
            # there that is not a Dask scheduler makes Dask raise what its reading of the bytes gave, a
            # MemoryError for an HTTP server's answer)
            detail = str(error) or type(error).__name__
            raise RunFailed(f"cannot reach the Dask scheduler at {address}: {detail}") from None

    def submit(self, function: Callable[..., Any], *args: Any) -> Pending:
        return self.client.submit(function, *args, pure=False)  # type: ignore[no-any-return,unused-ignore]

    def close(self, cancel: bool = False) -> None:
        self.client.close()  # type: ignore[no-untyped-call,unused-ignore]


def tls_problem() -> str | None:
    """Why a `tls://` scheduler cannot be reached from here, or None: Dask takes the client's certificate,
    key and certificate authority from its configuration (distributed.comm.tls), and without them fails
    with a TypeError of its own. (None too when Dask is not installed: DaskCluster says so.)"""
    try:
        from distributed.security import Security  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        context = Security().get_connection_args("client")["ssl_context"]  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, ValueError) as error:
        return f"Dask's TLS settings (distributed.comm.tls) could not be loaded: {error}"
    if context is None:
        return (
            "tls:// needs Dask's TLS settings for the client (distributed.comm.tls.ca-file, .client.cert and "
            ".client.key in Dask's configuration)"
        )
    return None


@dataclass(frozen=True, slots=True)
class Workers:
    """Where a run's hands are audited when not in this process: the executor, and the house rules the
    run was given, as its workers rebuild them (Work.house)."""

    executor: Executor
    house: tuple[str, str] | None = None

    def work(self, auditor: Auditor, **choices: Any) -> Work:
        """The Work of a run that `auditor` merges: its rules, and `choices` (text_minimum, keep_text,
        tables)."""
        return work_for(self.house, (*auditor.rules, *auditor.table_rules), **choices)


def executor_for(jobs: int, scheduler: str | None) -> Executor:
    if scheduler is not None:
        return DaskCluster(scheduler)
    return LocalPool(jobs if jobs > 0 else (os.cpu_count() or 1))


GROUP_BYTES = 1 << 20  # an export's dataset: consecutive files on disk of fewer bytes in all are one unit


def in_order(
    executor: Executor, files: Sequence[Source], scanned: set[Source], work: Work, reader: HandSource | None = None
) -> Iterator[UnitResult]:
    """The units' results in input order, a few units ahead per worker (memory stays bounded). With `reader`
    (the main process's), a big file is cut into pieces at hand boundaries, each a unit (parse/chunks.py);
    not for an export's dataset, whose staged rows are named by file: there small consecutive files are
    one unit instead (a unit of the dataset costs some files of its own)."""
    units: Iterator[tuple[Source, Source | FileGroup, FilePlan | None]] = ((file, file, None) for file in files)
    if work.stage is not None:
        units = ((group.files[-1], group, None) for group in groups_of(files, scanned, GROUP_BYTES))
    elif reader is not None and executor.workers > 1:
        from omaha_audit.parse.chunks import chunk_bytes, units_of

        # (a big file's first pieces go to the workers while the rest of it is planned)
        units = units_of(files, reader, chunk_bytes(), early=executor.workers)
    tasks = ((audit_unit, (unit, file in scanned, work, index), plan) for index, (file, unit, plan) in enumerate(units))
    for plan, result in ahead(executor, tasks):
        if plan is None or plan.pieces() is not None:
            yield result
        # (else a piece given before its file's plan found that the file is read whole: the file follows)


# ---- in the main process ------------------------------------------------------------------------------


# a unit's hands with findings, numbered among the run's hands (run/sink.py)
Found = list[KeptHand]


class MergedTables(Protocol):
    """The run's statistics tables the workers' tables merge into (stats/frames.py FrameBuilder)."""

    hand_no: int

    def add_frames(self, named: dict[str, pl.DataFrame], hands: int) -> None: ...


class Dataset(Protocol):
    """An export's dataset, written by the workers (stats/dataset.py DatasetRun)."""

    stage: Path
    by_path: dict[str, int]

    def add_unit(self, unit: int, paths: Sequence[str], count: int, dropped: Sequence[int]) -> None: ...

    def staged_rows(self, chunk: int, units: Sequence[int]) -> None: ...

    def write(self, executor: Executor, across: Sequence[Finding]) -> list[tuple[Path, int]]: ...


class ParallelRun:
    """The audit of `files` by `executor`, merged in input order into `auditor` (its tally, its findings
    across hands, its table rows), and into `builder` when the run builds tables, or numbered in `dataset`
    when the workers stage them for an export's dataset (Work.stage). With Work.per_hand, `on_hand` is given
    each value the workers worked out, in input order, for the hands that are not copies. Iterate `units()`."""

    def __init__(
        self,
        auditor: Auditor,
        executor: Executor,
        work: Work,
        builder: MergedTables | None = None,
        dataset: Dataset | None = None,
        on_hand: Callable[[Any], None] | None = None,
    ) -> None:
        self.auditor = auditor
        self.on_hand = on_hand
        self.executor = executor
        self.work = work
        self.builder = builder
        self.dataset = dataset
        self.problems: list[tuple[str, int, str]] = []
        self.written: list[tuple[Path, int]] = []  # with `dataset`: each partition file written, with its rows

    def units(self, files: Sequence[Source]) -> Iterator[tuple[int, Found, str]]:
        """Per unit, in input order: how many hand blocks it held, those with findings (their findings and
        text), and its name."""
        auditor = self.auditor
        tally = auditor.tally
        sequencer = auditor.start(files)
        houses: dict[tuple[str, str], HouseRules] = {}
        scanned: set[Source] = getattr(files, "scanned", set())
        cancel = True
        collecting = gc.isenabled()
        gc.disable()  # (see the module's docstring)
        try:
            results = in_order(self.executor, files, scanned, self.work, auditor.source)
            for index_of_unit, unit in enumerate(results):
                numbers: dict[int, int] = {}
                dropped: list[int] = []  # the unit's hands in its tables found here to be copies
                found: Found = []
                for path, kind, message in unit.notices:
                    tally.notices.append(_notice(path, kind, message))
                hands = marshal.loads(unit.hands)
                offset = self.builder.hand_no if self.builder is not None else 0
                for index, (kind, room, format_name, key, copy, values, text, picture, local) in enumerate(hands):
                    if key is not None:
                        auditor.order += 1
                        copy = copy or key in auditor.seen
                        auditor.seen.add(key)
                    if copy:
                        tally.copies += 1
                        if local is not None:
                            dropped.append(local)
                        if sequencer is not None and picture is not None:
                            house = self._house(houses, room, format_name)
                            sequencer.add_packed(_as_copy(picture, auditor.order), auditor.order, house)
                        continue
                    if self.on_hand is not None and index in unit.extras:
                        self.on_hand(unit.extras[index])
                    findings = [finding_of(value) for value in values] if values else []
                    tally.add_counts(kind, room, format_name, findings)
                    if sequencer is not None and picture is not None:
                        sequencer.add_packed(picture, auditor.order, self._house(houses, room, format_name))
                    number = 0
                    if local is not None:
                        number = numbers[local] = len(numbers) + 1
                    if findings:
                        found.append(KeptHand(findings, text, offset + number if number else 0, unit.views.get(index)))
                if self.builder is not None and unit.frames is not None:
                    self._add_frames(unit, numbers)
                if self.dataset is not None:
                    self.dataset.add_unit(index_of_unit, unit.paths, unit.count, dropped)
                    self.problems.extend(unit.problems)
                yield len(hands), found, unit.source
            self._finish(sequencer)
            if self.dataset is not None:  # (the rows the workers staged, written by them into the dataset)
                self.written = self.dataset.write(self.executor, auditor.across)
            cancel = False
        finally:
            if collecting:
                gc.enable()
            auditor.close(sequencer)
            self.executor.close(cancel=cancel)

    def _finish(self, sequencer: TableSequencer | None) -> None:
        """Auditor.finish by the workers: the rules across hands on the run's hands in table order, a chunk of
        whole tables (TABLE_CHUNK hands or more) a task, their results taken back in order; so the findings,
        table views, neighbours and rows are those of the one-process run (tables are judged alone)."""
        if sequencer is None:
            return
        from omaha_audit.run.sequences import TableSession

        auditor = self.auditor
        wanted = auditor.neighbours_of or set()
        views, rows = auditor.table_views, auditor.keep_table_rows

        dataset = self.dataset

        def tasks() -> Iterator[tuple[Callable[..., Any], tuple[Any, ...], list[Held]]]:
            for index, pictures in enumerate(sequencer.table_chunks(TABLE_CHUNK)):
                paths = {packed[3] for packed, _, _ in pictures} if wanted or dataset else set()
                chunk = TableChunk(pictures, views, rows, frozenset(k for k in wanted if k[0] in paths))
                if dataset is not None:
                    units = {path: dataset.by_path[path] for path in paths if path in dataset.by_path}
                    chunk = replace(chunk, stage=str(dataset.stage), chunk=index, units=units)
                yield judge_tables, (chunk, self.work), pictures

        across: list[Finding] = []
        sessions: list[TableSession] = []
        neighbours: dict[tuple[str, int], Neighbours] = {}
        table_rows: list[dict[str, object]] = []
        tables = 0
        for index, (pictures, judged) in enumerate(ahead(self.executor, tasks())):
            if dataset is not None:
                dataset.staged_rows(index, judged.staged)
            across.extend(finding_of(values) for values in judged.findings)
            tables += judged.tables
            if auditor.table_row_sink is not None:
                for row in judged.rows:
                    auditor.table_row_sink(row)
            else:
                table_rows.extend(judged.rows)
            if judged.sessions or judged.neighbours:
                hand = _hands_of(pictures)
                for table, orders, found, gaps, skipped, flagged in judged.sessions[: max(0, views - len(sessions))]:
                    findings = [[finding_of(values) for values in each] for each in found]
                    sessions.append(
                        TableSession(table, [hand(order) for order in orders], findings, gaps, skipped, flagged)
                    )
                for key, (before, itself, after) in judged.neighbours.items():
                    neighbours[key] = (
                        hand(before) if before is not None else None,
                        hand(itself),
                        hand(after) if after is not None else None,
                    )
        auditor.finished(across, sessions, neighbours, table_rows, tables)

    def _house(self, houses: dict[tuple[str, str], HouseRules], room: str, format_name: str) -> HouseRules:
        return house_rules(self.auditor.house, houses, room, format_name)

    def _add_frames(self, unit: UnitResult, numbers: dict[int, int]) -> None:
        """The worker's tables, its hands renumbered after those already in (`numbers`: the worker's number
        of each hand kept, counted from 1 in the unit; copies found here are dropped)."""
        import polars as pl

        assert self.builder is not None and unit.frames is not None
        offset = self.builder.hand_no
        old = list(numbers)
        new = [offset + number for number in numbers.values()]
        named = {}
        for name, frame in unit.frames.items():
            if frame.height and "hand_no" in frame.columns:
                renumbered = pl.col("hand_no").replace_strict(old, new, default=None, return_dtype=pl.Int64)
                frame = frame.with_columns(renumbered.cast(frame.schema["hand_no"])).filter(
                    pl.col("hand_no").is_not_null()
                )
            named[name] = frame
        self.builder.add_frames(named, len(numbers))
        self.problems.extend(unit.problems)


def _hands_of(pictures: list[Held]) -> Callable[[int], TableHand]:
    """The hand of a chunk's pictures at its place in the input, rebuilt as the worker built it."""
    from omaha_audit.rules.tables import TableHand
    from omaha_audit.run.sequences import unpacked_picture

    by_order = {order: packed for packed, order, _ in pictures}
    return lambda order: TableHand.from_row(unpacked_picture(by_order[order], order))


def _as_copy(packed: PackedPicture, order: int) -> PackedPicture:
    """The packed picture of a hand found here to be a copy of one read before (the worker did not know)."""
    from omaha_audit.rules.tables import as_copy
    from omaha_audit.run.sequences import packed_picture, unpacked_picture

    return packed_picture(as_copy(unpacked_picture(packed, order), order))


def _notice(path: str, kind: str, message: str) -> Any:
    from omaha_audit.parse.files import FileNotice

    return FileNotice(path, kind, message)


def work_for(
    house: tuple[str, str] | None,
    rules: Sequence[Rule | TableRule] | None,
    *,
    text_minimum: str | None = None,
    keep_text: bool = False,
    tables: Sequence[str] = (),
    views: int = 0,
    stage: str | None = None,
    texts: Texts | None = None,
    viewer: Viewer | None = None,
    tables_of: Callable[..., Any] | None = None,
    stage_rows: Callable[..., list[int]] | None = None,
    per_hand: Callable[[Any], Any] | None = None,
) -> Work:
    """The Work of a run from the command's choices (`rules` None: all of them)."""
    codes = None if rules is None else tuple(rule.code for rule in rules)
    return Work(
        house,
        codes,
        text_minimum,
        keep_text,
        tuple(tables),
        views=views,
        stage=stage,
        texts=texts,
        viewer=viewer,
        tables_of=tables_of,
        stage_rows=stage_rows,
        per_hand=per_hand,
    )
