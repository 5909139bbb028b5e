"""sample_histories/ is exactly what the commands in its README write (regenerate it after changing the
generator), and its labels name every kind of fault."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from omaha_audit.cli.generate_cmd import generate_command
from omaha_audit.generate import fault_names

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def _commands() -> list[list[str]]:
    text = (SAMPLES / "README.md").read_text(encoding="utf-8")
    return [shlex.split(line)[1:] for line in text.splitlines() if line.startswith("omaha-audit generate ")]


def test_the_readme_names_twelve_commands_and_every_fault() -> None:
    commands = _commands()
    assert len(commands) == 12
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    for kind in fault_names():
        assert f"| `{kind}` |" in readme.split("## The fault kinds")[0], kind


@pytest.mark.parametrize("args", _commands(), ids=lambda args: args[args.index("--output") + 1])
def test_sample_file_is_reproducible(args: list[str], tmp_path: Path) -> None:
    app = typer.Typer()
    app.command("generate")(generate_command)

    @app.callback()
    def root() -> None:
        """Test app."""

    output = args[args.index("--output") + 1]
    labels = args[args.index("--labels") + 1]
    args = list(args)
    args[args.index("--output") + 1] = str(tmp_path / "hands.txt")
    args[args.index("--labels") + 1] = str(tmp_path / "labels.jsonl")
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    root_dir = SAMPLES.parent
    assert (tmp_path / "hands.txt").read_bytes() == (root_dir / output).read_bytes()
    assert (tmp_path / "labels.jsonl").read_bytes() == (root_dir / labels).read_bytes()
