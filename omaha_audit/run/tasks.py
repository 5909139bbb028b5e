"""Tasks run somewhere, their results taken back in order: the executor a run is given (a pool of worker
processes, a Dask cluster: omaha_audit/run/parallel.py; or this process) and `ahead`, which keeps a few tasks
in flight per worker. Used by the parallel audit and by an export's dataset (omaha_audit/stats/dataset.py),
which both sit above it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from omaha_audit.errors import RunFailed

T = TypeVar("T")


class Pending(Protocol):
    def result(self) -> Any: ...


class Executor(Protocol):
    """Runs a task (`audit_unit`, `judge_tables`) somewhere: `submit` returns something with `result()`;
    `close` stops it."""

    workers: int

    def submit(self, function: Callable[..., Any], *args: Any) -> Pending: ...

    def close(self, cancel: bool = False) -> None: ...


class InProcess:
    """`--jobs 1` where a command runs as units of work in any case (an export's dataset: every row is
    written by the task that made it, omaha_audit/stats/dataset.py): each task run here, when submitted."""

    workers = 1

    def submit(self, function: Callable[..., Any], *args: Any) -> Pending:
        return _Done(function(*args))

    def close(self, cancel: bool = False) -> None:
        pass


@dataclass(frozen=True, slots=True)
class _Done:
    value: Any

    def result(self) -> Any:
        return self.value


def ahead(
    executor: Executor, tasks: Iterator[tuple[Callable[..., Any], tuple[Any, ...], T]]
) -> Iterator[tuple[T, Any]]:
    """The results of `tasks` (function, arguments, a value kept beside the task) in their order, a few tasks
    ahead per worker: each with its kept value."""
    most = 2 * executor.workers + 2
    pending: deque[tuple[T, Pending]] = deque()
    for function, args, kept in tasks:
        pending.append((kept, executor.submit(function, *args)))
        if len(pending) >= most:
            kept, first = pending.popleft()
            yield kept, _result(first)
    while pending:
        kept, first = pending.popleft()
        yield kept, _result(first)


WORKER_STOPPED = "a worker process stopped (killed or out of memory); the run was abandoned"


def _result(pending: Pending) -> Any:
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pending.result()
    except BrokenProcessPool:
        raise RunFailed(WORKER_STOPPED) from None
    except Exception as error:
        if type(error).__name__ == "KilledWorker":  # (distributed's, raised after its retries)
            raise RunFailed(f"the Dask cluster lost the workers of a unit: {error}") from None
        raise
