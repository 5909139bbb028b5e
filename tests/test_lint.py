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


def _compiled_files() -> list[str]:
    """The modules a wheel's build compiles with mypyc (hatch_build.py)."""
    sys.path.insert(0, str(REPO))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(REPO))
    return [str(file) for file in hatch_build.compiled_files(REPO)]


def test_mypy_on_what_mypyc_compiles() -> None:
    """mypyc type-checks every module it compiles and refuses the whole build on one error (the wheel then
    falls back to pure Python): the same check here, so that a type error is seen before a compiled build."""
    files = _compiled_files()
    result = subprocess.run(
        [_tool("mypy"), "--ignore-missing-imports", *files], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_except_name_has_one_type_in_a_compiled_function() -> None:
    """Compiled, a function's `except A as error` and `except B as error` share one variable of A's type, so a
    B that is not an A raises TypeError inside the handler (a reader's crash handler then crashes itself): in
    the modules mypyc compiles, each exception type of a function has its own name."""
    import ast

    shared = []
    for file in _compiled_files():
        tree = ast.parse((REPO / file).read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            types: dict[str, set[str]] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
                    types.setdefault(node.name, set()).add(ast.unparse(node.type))
            shared += [f"{file}: {function.name}: {name} {sorted(t)}" for name, t in types.items() if len(t) > 1]
    assert not shared, "\n".join(shared)


def test_no_compiled_generator_yields_inside_an_except_block() -> None:
    """A compiled generator suspended inside an `except` block leaves its error as the exception being handled
    (`sys.exc_info()`) while it waits, and for good if it is dropped there: every later exception is chained to
    it (a Hypothesis run once hit a RecursionError comparing such chains). An item is given after the handler."""
    import ast

    found = []
    for file in _compiled_files():
        tree = ast.parse((REPO / file).read_text(encoding="utf-8"))
        for handler in ast.walk(tree):
            if isinstance(handler, ast.ExceptHandler):
                found += [
                    f"{file}:{node.lineno}" for node in ast.walk(handler) if isinstance(node, ast.Yield | ast.YieldFrom)
                ]
    assert not found, "\n".join(found)
