"""Inputs with no hand in them (an empty folder, a folder of notes, a binary file) are never a clean run:
every command says so on one line and exits 4 (README.md's exit codes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app

COMMANDS = {
    "audit": ["audit"],
    "stats": ["stats"],
    "parse": ["parse"],
    "export": ["export", "--to", "{out}"],
    "convert": ["convert", "--to", "ohh", "--output", "{out}"],
}


def _inputs(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / kind
    folder.mkdir()
    if kind == "notes":
        (folder / "readme.md").write_text("not a hand history\n", encoding="utf-8")
        (folder / "notes.txt").write_text("hello\n", encoding="utf-8")
    elif kind == "binary":
        (folder / "image.txt").write_bytes(bytes(range(256)) * 8)
    return folder


@pytest.mark.parametrize("kind", ["empty", "notes", "binary"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_hand_exits_4_with_a_line_that_says_so(tmp_path: Path, command: str, kind: str) -> None:
    folder = _inputs(tmp_path, kind)
    args = [arg.replace("{out}", str(tmp_path / "out")) for arg in COMMANDS[command]]
    result = CliRunner().invoke(app, [*args, str(folder)])
    assert result.exit_code == 4, result.output
    assert "no hand of any known room format in the inputs" in result.stderr
    assert "Traceback" not in result.output
