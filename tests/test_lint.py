"""ruff and mypy (strict on the model and the engine) are part of the test suite, so CI runs them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed (it is in the test extra)")
    return found


def test_ruff_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "omaha_audit", "tests", "benchmarks"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_model_and_engine() -> None:
    result = subprocess.run(
        [_tool("mypy"), "omaha_audit/model", "omaha_audit/engine"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_on_what_mypyc_compiles() -> None:
    """mypyc type-checks every module it compiles and refuses the whole build on one error (the wheel then
    falls back to pure Python): the same check here, so that a type error is seen before a compiled build."""
    sys.path.insert(0, str(REPO))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(REPO))
    files = hatch_build.compiled_files(REPO)
    result = subprocess.run(
        [_tool("mypy"), "--ignore-missing-imports", *files], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
