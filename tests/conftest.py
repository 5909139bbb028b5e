"""Test tiers. Besides `slow` (set by hand on long tests) and `integration` (set by hand on tests that run
the whole generator and audit over a generator-sized run, a thousand hands or more, in this process, on the
statistical calibrations, on reads of inputs of many megabytes and on the brute-force enumerations checked
against pokerkit), every test gets the markers of what it needs, from what its module uses: `corpus` (reads
../shared/corpus), `subprocess` (runs the installed command, another Python or the headless browser),
`cluster` (starts Dask). A test with none of
these and neither slow nor integration is `unit`: `pytest -m unit` is the quick tier (no corpus, no
subprocess, no cluster, no generator-sized run)."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

import pytest

# `--jobs 2` starts its workers whatever the input's size (the command would otherwise run small inputs in
# one process: omaha_audit/cli/jobs_choice.py), so that the tests of the workers run them; the subprocesses
# the tests start inherit it. tests/test_jobs_choice.py tests the choice itself.
os.environ["OMAHA_AUDIT_PARALLEL_MIN_BYTES"] = "0"

# Make `tests.corpus_paths` and friends importable as plain modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# What a module's source shows it needs -> the marker it gets.
_NEEDS = {
    "corpus": ("corpus_paths", "corpus_root", "require_corpus", "shared/corpus", '"shared"', "../shared"),
    "subprocess": ("subprocess", "sys.executable", "os.fork", "multiprocessing", "--jobs", "jobs=2", "Browser("),
    "cluster": ("LocalCluster", "dask.distributed", "from distributed"),
}


@cache
def _needs(path: Path) -> frozenset[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return frozenset(_NEEDS)
    return frozenset(marker for marker, signs in _NEEDS.items() if any(sign in text for sign in signs))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        needs = set(_needs(Path(str(item.fspath))))
        needs.update(mark.name for mark in item.iter_markers() if mark.name in _NEEDS)
        for marker in needs:
            item.add_marker(marker)
        if not needs and item.get_closest_marker("slow") is None and item.get_closest_marker("integration") is None:
            item.add_marker("unit")
