"""Output files named into a folder that is not there: a usage error (exit 2) naming the folder, before
any work, and nothing written (never a hidden temporary file's name, never a file named as the folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app

SAMPLE = Path(__file__).parents[1] / "sample_histories"


def _said(text: str) -> str:
    """stderr without the error box's borders and line breaks, and without spaces (Rich wraps long paths)."""
    return "".join(text.replace("│", "").split())


def _generate(output: str, *more: str) -> list[str]:
    return ["generate", "--hands", "3", "--seed", "1", "--output", output, *more]


@pytest.mark.parametrize("name", ["missing/", "missing/hands.txt"])
def test_generate_into_a_missing_folder(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(app, _generate(f"{tmp_path}/{name}"))
    assert result.exit_code == 2
    assert f"{tmp_path}/missing" in _said(result.stderr)
    assert ".tmp" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_labels_into_a_missing_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, _generate(str(tmp_path / "g.txt"), "--labels", f"{tmp_path}/labels/"))
    assert result.exit_code == 2 and "namesafolder" in _said(result.stderr)
    assert list(tmp_path.iterdir()) == []


def test_a_report_named_as_a_folder(tmp_path: Path) -> None:
    sample = next(iter(sorted(SAMPLE.glob("*.txt"))))
    result = CliRunner().invoke(app, ["audit", str(sample), "--html", f"{tmp_path}/reports/"])
    assert result.exit_code == 2 and "namesafolder" in _said(result.stderr)
    assert list(tmp_path.iterdir()) == []
