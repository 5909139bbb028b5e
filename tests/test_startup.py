"""`omaha-audit --version`, `--help` and `rules` answer at once: they load neither polars, jinja2, the
report nor the generator (issue 17; the wall times are measured in benchmarks/startup.py, not asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("polars", "jinja2", "omaha_audit.report.html", "omaha_audit.generate", "omaha_audit.pipeline")

PROBE = """
import io, json, sys
from contextlib import redirect_stdout
from omaha_audit.cli.app import app
with redirect_stdout(io.StringIO()):
    try:
        app(ARGS, standalone_mode=False)
    except SystemExit:
        pass
print(json.dumps(sorted(name for name in HEAVY if name in sys.modules)))
"""


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["rules"], ["audit", "--help"], ["generate", "--help"]])
def test_quick_commands_load_nothing_heavy(args: list[str]) -> None:
    heavy = [name for name in HEAVY if not (args == ["rules"] and name == "omaha_audit.pipeline")]
    code = f"HEAVY = {heavy!r}\nARGS = {args!r}\n" + PROBE
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


ENTRY = "from omaha_audit.cli.entry import main; main()"
FULL = "from omaha_audit.cli.app import main; main()"


@pytest.mark.parametrize("args", [["--version"], ["rules"], ["rules", "OA301"], ["rules", "OA999"]])
def test_the_quick_answers_are_the_full_command_lines(args: list[str]) -> None:
    """The entry point answers `--version` and `rules [CODE]` without Typer: the same bytes and exit code
    as the Typer command line, and without importing it."""
    quick = subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, text=True)
    full = subprocess.run([sys.executable, "-c", FULL, *args], capture_output=True, text=True)
    assert (quick.returncode, quick.stdout, quick.stderr) == (full.returncode, full.stdout, full.stderr)
    assert quick.returncode == (2 if args[-1] == "OA999" else 0)
    probe = f"import sys; sys.argv = ['omaha-audit', *{args!r}]\n" + (
        "try:\n    from omaha_audit.cli.entry import main; main()\nexcept SystemExit:\n    pass\n"
        "sys.stdout.flush(); sys.stderr.write('typer' in sys.modules and 'TYPER' or 'NO-TYPER')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stderr.endswith("NO-TYPER"), done.stderr[-500:]


def test_dash_h_is_help() -> None:
    from typer.testing import CliRunner

    from omaha_audit.cli.app import app

    for args in (["-h"], ["audit", "-h"], ["export", "-h"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert "Usage:" in result.output and "--help" in result.output


@pytest.mark.parametrize("command", ["audit", "parse", "stats", "export", "generate", "convert", "rules"])
def test_help_names_values_as_a_user_types_them(command: str) -> None:
    """Issue 18: no Python types (`<bool>`, `<list[Path]>`) and no braces (`{paths}...`) in any help."""
    from typer.testing import CliRunner

    from omaha_audit.cli.app import app

    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    text = result.output
    for bad in ("<bool>", "<list[", "<str>", "<int>", "<float>", "<path>", "{"):
        assert bad not in text, (bad, text)
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    if command != "rules":
        assert usage.split("Usage:")[1].split() == ["omaha-audit", command, "[OPTIONS]", "PATH..."] or command in (
            "generate",
        ), usage


def test_the_root_help_lists_every_command_whole_without_rich_layout() -> None:
    """`omaha-audit --help` (and no arguments at all, exit 2 as before) prints every command with its whole
    summary, in Click's plain layout: Typer's boxed layout (typer.rich_utils, rich's Markdown renderer) is
    not loaded for it, the 0.1 s that put `--help` over issue 17's bound."""
    probe = (
        "import sys\nfrom omaha_audit.cli.app import app\n"
        "try:\n    app(ARGS)\nexcept SystemExit as stop:\n    code = stop.code\n"
        "sys.stdout.flush(); sys.stderr.write(f'{code} {\"typer.rich_utils\" in sys.modules}')"
    )
    from omaha_audit.cli.app import app as full_app

    for args, code in ((["--help"], 0), ([], 2)):
        done = subprocess.run(
            [sys.executable, "-c", f"ARGS = {args!r}\n" + probe], capture_output=True, text=True, env={"COLUMNS": "80"}
        )
        assert done.stderr.endswith(f"{code} False"), done.stderr[-500:]
        text = " ".join(done.stdout.split())
        assert "Usage:" in text and "-h, --help" in text
        for command in typer_commands(full_app):
            summary = " ".join((command.help or "").split("\n\n")[0].split())
            assert f"{command.name} {summary}" in text, (command.name, text)


def typer_commands(app: object) -> list:
    import typer

    group = typer.main.get_command(app)  # type: ignore[arg-type]
    return [group.commands[name] for name in group.commands]  # type: ignore[attr-defined]
