"""The `omaha-audit` command line. Commands are thin: they call the library and print."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omaha_audit.cache import say_refusals
from omaha_audit.cli import help_text
from omaha_audit.cli.common import (
    IgnoreOption,
    JobsOption,
    PathsArgument,
    RoomPresetOption,
    RulesFileOption,
    SchedulerOption,
    SelectOption,
    check_output_file,
    fail_usage,
    file_path,
    house_option,
    open_paths,
    rule_codes,
    workers_option,
)
from omaha_audit.cli.convert_cmd import convert_command
from omaha_audit.cli.export_cmd import export_command
from omaha_audit.cli.fairness_cmd import fairness_command
from omaha_audit.cli.generate_cmd import generate_command
from omaha_audit.cli.stats_cmd import stats_command
from omaha_audit.cli.stopping import Interrupted, _interrupt, _Stop, _terminate, _unraisable, stopped_code
from omaha_audit.cli.watch_cmd import watch_command
from omaha_audit.errors import OutputRefused, ReaderGone, RunFailed, WriteFailed
from omaha_audit.run.collector import for_batch_start
from omaha_audit.stats.allocator import return_freed_memory

# Only what every command needs is imported here: `--version`, `--help` and `rules` answer without loading
# polars, jinja2, the report or the generator (each command imports its own work when it runs).

help_text.install()

app = typer.Typer(
    name="omaha-audit",
    cls=help_text.CommandList,
    help="Replay poker hand histories and report every dealer error.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from omaha_audit.cli.version import version_line

        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", metavar="", help="Print the version and the build, then exit.", callback=_print_version
        ),
    ] = False,
) -> None:
    """Replay poker hand histories and report every dealer error."""


class ParseFormat(StrEnum):
    jsonl = "jsonl"
    text = "text"


@app.command("parse")
def parse_command(
    paths: PathsArgument,
    output_format: Annotated[
        ParseFormat, typer.Option("--format", "-f", help="jsonl: one JSON object per hand; text: one line per hand.")
    ] = ParseFormat.jsonl,
) -> None:
    """Read hand histories into the hand model and print one record per hand."""
    from omaha_audit.cli.parse_cmd import run_parse

    files = open_paths(paths)
    code = run_parse(files, output_format.value, sys.stdout, sys.stderr)
    raise typer.Exit(code)


class AuditFormat(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"
    never = "never"


@app.command("audit")
def audit_command(
    paths: PathsArgument,
    output_format: Annotated[AuditFormat, typer.Option("--format", "-f", help="text, json or jsonl.")] = (
        AuditFormat.text
    ),
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
    fail_on: Annotated[
        FailOn, typer.Option("--fail-on", help="Exit 1 when a finding at or above this severity exists.")
    ] = (FailOn.error),
    select: SelectOption = None,
    ignore: IgnoreOption = None,
    show_info: Annotated[
        bool, typer.Option("--show-info", metavar="", help="Text format: list info findings too.")
    ] = False,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="FILE",
            parser=file_path,
            help="Also write a self-contained HTML report to FILE (a new or regular file, or a link to one).",
        ),
    ] = None,
    fairness: Annotated[
        bool,
        typer.Option(
            "--fairness", metavar="", help="With --html: add the fairness section (see `omaha-audit fairness`)."
        ),
    ] = False,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
) -> None:
    """Replay every hand and report every place where the dealer got it wrong."""
    for_batch_start()  # (before the audit's modules are loaded: run/collector.py)
    from omaha_audit.cli.audit_cmd import run_audit
    from omaha_audit.rules.registry import select_rules

    house = house_option(rules_file, room_preset)
    rules = select_rules(rule_codes(select) or None, rule_codes(ignore) or None)
    if html is not None:
        check_output_file(html, "--html")
    if fairness and html is None:
        fail_usage("--fairness adds a section to the HTML report: it needs --html")
    files = open_paths(paths)
    workers = workers_option(jobs, scheduler, rules_file, room_preset, files)
    code = run_audit(
        files,
        output_format.value,
        house,
        rules,
        fail_on.value,
        sys.stdout,
        sys.stderr,
        show_info,
        html,
        paths,
        workers=workers,
        fairness=fairness,
    )
    raise typer.Exit(code)


@app.command("rules")
def rules_command(
    code: Annotated[
        str | None, typer.Argument(metavar="CODE", help="A rule code, e.g. OA301, to print its documentation.")
    ] = None,
) -> None:
    """List every audit rule (code, name, severity, RULES.md ids), or document one."""
    from omaha_audit.cli.rules_cmd import print_rules
    from omaha_audit.output.files import standard_output

    if print_rules(code, standard_output(sys.stdout)) == 2:
        fail_usage(f"unknown rule code {code!r}")


app.command("generate")(generate_command)
app.command("stats")(stats_command)
app.command("export")(export_command)
app.command("convert")(convert_command)
app.command("fairness")(fairness_command)
app.command("watch")(watch_command)


def main() -> None:
    say_refusals()  # (a cache folder that is not safe to use is said once on stderr: omaha_audit/cache.py)
    return_freed_memory()  # (before any command loads polars: the report's queries then peak lower)
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _terminate)
    sys.unraisablehook = _unraisable
    try:
        _run()
    except ReaderGone:  # `omaha-audit parse ... | head`
        _leave_quietly()
    except OutputRefused as refused:
        sys.stderr.write(f"omaha-audit: error: {refused}\n")
        _leave(2)
    except WriteFailed as failure:
        sys.stderr.write(f"omaha-audit: error: {failure}\n")
        _leave(3)
    except RunFailed as failure:
        sys.stderr.write(f"omaha-audit: error: {failure}; no output file was written\n")
        _leave(3)
    except Interrupted:
        # (every report and table is written to a temporary file and renamed into place when complete; the
        # workers are stopped and the stage and temporary folders removed on the way here. Ctrl-C's line
        # starts on a new line: the terminal's "^C" ends the line the run was on)
        how = "\nomaha-audit: interrupted" if _Stop.signal != signal.SIGTERM else "omaha-audit: stopped by SIGTERM"
        sys.stderr.write(f"{how}; files being written were left as they were\n")
        _leave(stopped_code(_Stop.signal))


def _run() -> None:
    """The command, then what it left in standard output's buffer (help, --version), written as any output
    is (output.StandardOutput: a write error or a reader gone away is raised as such). An OSError out of
    the command, which the system raised and no command turned into a message, is a WriteFailed too."""
    from omaha_audit.output.files import describe, standard_output

    stdout = sys.stdout
    try:
        app()
    except SystemExit:
        if sys.stdout is not stdout:  # (Click's answer to a closed pipe: it swaps the stream and exits 1)
            raise ReaderGone from None
        standard_output(sys.stdout).flush()
        raise
    except OSError as error:  # (what no command turned into a message of its own: `--help` on a full disk)
        raise WriteFailed(f"stopped by an error of the system: {describe(error)}") from None


def _leave_quietly() -> None:
    from omaha_audit.output.files import end_quietly

    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    end_quietly()


def _leave(code: int) -> None:
    """Exit at once, everything already cleaned up on the way here (temporary files removed, workers
    stopped): not through the interpreter's exit handlers, one of which waits for a worker pool's thread,
    which can wait forever on the half-written result of a worker stopped mid-unit."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


__all__ = ["app", "fail_usage", "main"]
