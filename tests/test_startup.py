"""`omaha-audit --version`, `--help` and `rules` answer at once: they load neither polars, jinja2, the
report nor the generator (issue 17; the wall times are measured in benchmarks/startup.py, not asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

HEAVY = ("polars", "jinja2", "omaha_audit.report.html", "omaha_audit.generate", "omaha_audit.run.pipeline")

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
    heavy = [name for name in HEAVY if not (args == ["rules"] and name == "omaha_audit.run.pipeline")]
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


@pytest.mark.parametrize("command", ["audit", "parse", "stats", "export", "generate", "convert", "rules", "fairness"])
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


RULES_PROBE = (
    "import sys\nsys.argv = ['omaha-audit', *ARGS]\n"
    "try:\n    from omaha_audit.cli.entry import main; main()\nexcept SystemExit:\n    pass\n"
    "sys.stdout.flush(); sys.stderr.write('LOADED' if 'omaha_audit.rules.registry' in sys.modules else 'CACHED')"
)


def _rules(args: list[str], cache: Path) -> tuple[str, str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-c", f"ARGS = {args!r}\n" + RULES_PROBE], capture_output=True, text=True, env=env
    )
    return done.stdout, done.stderr[-6:]


def test_rules_answers_from_its_cache_what_it_would_build(tmp_path: Path) -> None:
    """`rules` keeps its table in the cache folder: the second run reads it (no rule or room module
    loaded) and prints the same bytes as the first, which built it (and removed another install's file of
    more than a day); a damaged or malformed file is built again."""
    for args in (["rules"], ["rules", "OA503"]):
        cache = tmp_path / "-".join(args)
        (cache / "omaha-audit").mkdir(mode=0o700, parents=True)
        recent, stale = (cache / "omaha-audit" / f"rules-{n}.json" for n in ("recent", "stale"))
        for other in (recent, stale):
            other.write_text("{}", encoding="utf-8")  # (another install's tables)
        os.utime(stale, (time.time() - 2 * 86400, time.time() - 2 * 86400))
        built, how = _rules(args, cache)
        assert recent.exists() and not stale.exists()
        recent.unlink()
        assert how == "LOADED" and "OA503" in built
        (found,) = (cache / "omaha-audit").glob("rules-*.json")
        again, how = _rules(args, cache)
        assert (again, how) == (built, "CACHED")
        for damaged in ('{"rules": [', '{"rules": [{"code": 1}], "rooms": []}', "[]"):
            found.write_text(damaged, encoding="utf-8")
            assert _rules(args, cache) == (built, "LOADED")
            assert _rules(args, cache) == (built, "CACHED")


def test_a_table_not_signed_by_the_user_is_not_printed(tmp_path: Path) -> None:
    """Issue 36: a table in the cache folder is printed only when this user's runs wrote it (the entry is
    signed: omaha_audit/cache.py); a well-formed table written by anyone else is built again."""
    import hashlib

    from omaha_audit.cli.rules_cmd import _build_listing

    built, _ = _rules(["rules"], tmp_path)
    (found,) = (tmp_path / "omaha-audit").glob("rules-*.json")
    listing = _build_listing()
    listing["rules"][0]["summary"] = "Forged: every finding of this rule is harmless."
    forged = json.dumps(listing).encode("utf-8")
    for content in (forged, hashlib.sha256(forged).digest() + forged):
        found.write_bytes(content)
        assert _rules(["rules"], tmp_path) == (built, "LOADED")
        assert _rules(["rules"], tmp_path) == (built, "CACHED")


def test_the_rules_cache_is_named_by_the_installed_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to any file of the package (an edit, a new install) names a new cache file, so a stale
    table is never printed; bytecode written beside the sources does not."""
    import omaha_audit
    from omaha_audit.cli import rules_cmd

    package = tmp_path / "omaha_audit"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text('__version__ = "0.1.0"\n', encoding="utf-8")
    rule = package / "rules" / "one.py"
    rule.write_text("X = 1\n", encoding="utf-8")
    monkeypatch.setattr(omaha_audit, "__file__", str(package / "__init__.py"))
    before = rules_cmd._package_digest()
    rule.write_text("X = 22\n", encoding="utf-8")
    after = rules_cmd._package_digest()
    assert after != before
    (package / "rules" / "__pycache__").mkdir()
    (package / "rules" / "__pycache__" / "one.cpython.pyc").write_bytes(b"x")
    assert rules_cmd._package_digest() == after
