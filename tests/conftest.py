"""Test tiers. Every test gets the markers of what it needs, from what its module uses: `corpus` (reads
../shared/corpus), `subprocess` (runs the installed command or another Python), `browser` (drives headless
Chromium; a subprocess too), `cluster` (starts Dask). By hand: `slow` (long differential and volume runs) and
`integration` (the whole generator and audit over a generator-sized run, a thousand hands or more, in this
process; the statistical calibrations; reads of inputs of many megabytes; the brute-force enumerations
checked against pokerkit). Integration and browser tests are slow too: `-m "not slow"` (the README's test
command) leaves them to the full run, which CI makes on the compiled build. A test with none of these is
`unit`: `pytest -m unit` is the quick tier (no corpus, no subprocess, no cluster, no generator-sized run)."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

import pytest

# The suite starts the command and other Pythons several hundred times (the `subprocess` tests). Where
# Python's bytecode cache is turned off (PYTHONDONTWRITEBYTECODE, set on some machines), each of them compiles
# the package's modules from source again: 0.8 s a start on a 2-core machine, against 0.3 s with the cache.
# The suite keeps the cache (`__pycache__`, ignored by git) for itself and the processes it starts.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# `--jobs 2` starts its workers whatever the input's size (the command would otherwise run small inputs in
# one process: omaha_audit/cli/jobs_choice.py), so that the tests of the workers run them; the subprocesses
# the tests start inherit it. tests/test_jobs_choice.py tests the choice itself.
os.environ["OMAHA_AUDIT_PARALLEL_MIN_BYTES"] = "0"

# Make `tests.corpus_paths` and friends importable as plain modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_paths import CORPUS_MISSING, corpus_root  # noqa: E402  (importable once the line above ran)

# What a module's source shows it needs -> the marker it gets.
_NEEDS = {
    "corpus": ("corpus_paths", "corpus_root", "require_corpus", "shared/corpus", '"shared"', "../shared"),
    "subprocess": ("subprocess", "sys.executable", "os.fork", "multiprocessing", "--jobs", "jobs=2", "Browser("),
    "browser": ("Browser(",),
    "cluster": ("LocalCluster", "dask.distributed", "from distributed"),
}


@cache
def _needs(path: Path) -> frozenset[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return frozenset(_NEEDS)
    return frozenset(marker for marker, signs in _NEEDS.items() if any(sign in text for sign in signs))


# pytest's own reason for a test parametrized over no value (a corpus folder's files, where the corpus is absent)
_EMPTY_SET = "got empty parameter set"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    no_corpus = corpus_root() is None
    for item in items:
        skipped = item.get_closest_marker("skip")
        if no_corpus and skipped is not None and str(skipped.kwargs.get("reason", "")).startswith(_EMPTY_SET):
            item.add_marker(pytest.mark.skip(reason=CORPUS_MISSING), append=False)  # (the corpus tests' message)
        needs = set(_needs(Path(str(item.fspath))))
        needs.update(mark.name for mark in item.iter_markers() if mark.name in _NEEDS)
        for marker in needs:
            item.add_marker(marker)
        integration = item.get_closest_marker("integration") is not None
        if (integration or "browser" in needs) and item.get_closest_marker("slow") is None:
            item.add_marker("slow")
        if not needs and item.get_closest_marker("slow") is None and not integration:
            item.add_marker("unit")
