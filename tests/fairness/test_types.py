"""The fairness package is mypy-strict (pyproject.toml's overrides), as the model and the engine are."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_mypy_strict_fairness() -> None:
    mypy = Path(sys.executable).parent / "mypy"
    command = [str(mypy) if mypy.exists() else "mypy", "--ignore-missing-imports", "omaha_audit/fairness"]
    result = subprocess.run([*command, "omaha_audit/cli/fairness_cmd.py"], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
