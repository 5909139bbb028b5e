"""Helpers shared by the commands: path checking, usage errors (exit code 2) and inputs with no hand in
them (exit code 4, every command: README.md's exit codes)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, TextIO

import typer

from omaha_audit.report.visible import visible

if TYPE_CHECKING:  # (imported where used: `--help` loads no room)
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import InputFiles, Source
    from omaha_audit.run.parallel import Workers


NO_HANDS = 4  # the inputs hold no hand of any known room format (as audit's "not fully read": a script
# must not take it for a clean run)


def fail_usage(message: str) -> NoReturn:
    print(f"omaha-audit: error: {visible(message)}", file=sys.stderr)
    raise typer.Exit(2)


def no_hands_message(detail: str = "see the notes above") -> str:
    return f"omaha-audit: exit {NO_HANDS}: no hand of any known room format in the inputs ({detail})\n"


def no_hands_code(hands: int, err: TextIO, code: int) -> int:
    """`code`, or NO_HANDS with a line on `err` when the run read no hand at all."""
    if hands:
        return code
    err.write(no_hands_message())
    return NO_HANDS


def file_path(raw: str) -> Path:
    """The value of an option that names a file to write: a name ending with a path separator names a
    folder (`--output out/`, where out/ may not exist yet) and is a usage error, never a file written as
    `out`."""
    if raw.endswith(("/", os.sep)) or raw in (".", ".."):
        raise typer.BadParameter(
            f"{raw} names a folder: give the file to write in it (such as {raw.rstrip('/')}/x.txt)"
        )
    return Path(raw)


def check_output_file(path: Path, option: str) -> None:
    """Fail (usage, exit 2) before any work when `path` could not be written: it is not a regular file or
    nothing (omaha_audit/output/files.py check_target: a folder, a device, a link into /proc, a read-only file),
    or its folder is missing or not writable."""
    from omaha_audit.errors import OutputRefused
    from omaha_audit.output.files import check_target

    try:
        real = check_target(path)
    except OutputRefused as refused:
        fail_usage(f"{option} {refused}")
    folder = real.parent
    if not folder.is_dir():
        fail_usage(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        fail_usage(f"{option} {path}: the folder {folder} is not writable")


def check_output_folder(path: Path, option: str) -> None:
    """Fail (usage, exit 2) before any work when the folder `path` could not be written to or made."""
    if path.exists() and not path.is_dir():
        fail_usage(f"{option} {path}: not a folder")
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        fail_usage(f"{option} {path}: {existing} is not a folder")
    if not os.access(existing, os.W_OK):
        fail_usage(f"{option} {path}: the folder {existing} is not writable")


def open_paths(paths: Sequence[str | Path]) -> InputFiles:
    from omaha_audit.parse.files import PathProblem, expand_paths

    if not paths:
        fail_usage("no PATH given")
    try:
        files = expand_paths(paths)
    except PathProblem as problem:
        fail_usage(str(problem))
    if not files:  # (a folder with nothing in it, or only archive members that are not read)
        if files.skipped:
            path, why = files.skipped[0]
            detail = (
                f"only archive members that are not read ({len(files.skipped):,}; the first: "
                f"{visible(str(path))}: {visible(why)})"
            )
        else:
            detail = "no file under the paths"
        sys.stderr.write(no_hands_message(detail))
        raise typer.Exit(NO_HANDS)
    return files


def house_option(rules_file: Path | None, preset: str | None) -> HouseRules | None:
    """`--rules FILE` / `--room-preset NAME` as the audit reads them; None: each room's preset."""
    from omaha_audit.run.house import PRESETS, RulesFileError, load_rules_file

    if rules_file is not None and preset is not None:
        fail_usage("give either --rules or --room-preset, not both")
    if rules_file is not None:
        try:
            return load_rules_file(rules_file)
        except RulesFileError as error:
            fail_usage(str(error))
    if preset is not None:
        if preset not in PRESETS:
            fail_usage(f"unknown room preset {preset!r} (known: {', '.join(sorted(PRESETS))})")
        return PRESETS[preset]
    return None


def workers_option(
    jobs: int,
    scheduler: str | None,
    rules_file: Path | None,
    preset: str | None,
    files: Sequence[Source] | None = None,
) -> Workers | None:
    """`--jobs N` / `--scheduler ADDRESS`: where the hands are audited (None: in this process), with the
    house rules (`--rules` / `--room-preset`) as the workers rebuild them. Fails (usage, exit 2) before any
    work on a bad choice; a cluster that cannot be reached fails the run. Given the input `files`, `--jobs`
    runs in this process where workers could only be slower (omaha_audit/cli/jobs_choice.py), saying so."""
    if jobs < 0:
        fail_usage(f"--jobs {jobs}: give a number of processes, or 0 for one per core")
    if scheduler is not None and jobs != 1:
        fail_usage("give either --jobs or --scheduler, not both")
    if scheduler is not None:
        scheduler = scheduler_option(scheduler)
    if scheduler is None and (jobs == 1 or (jobs == 0 and (os.cpu_count() or 1) == 1)):
        return None
    if scheduler is None and files is not None:
        from omaha_audit.cli.jobs_choice import one_process_reason

        reason = one_process_reason(files)
        if reason is not None:
            print(f"omaha-audit: --jobs {jobs}: one process: {reason}", file=sys.stderr)
            return None
    from omaha_audit.run.parallel import Workers, executor_for

    return Workers(executor_for(jobs, scheduler), house_spec(rules_file, preset))


def scheduler_option(text: str) -> str:
    """`--scheduler ADDRESS` read strictly (omaha_audit/scheduler_address.py), as Dask is given it; a malformed
    address, or a scheme this run cannot use, fails (usage, exit 2) before Dask is loaded. An address that
    is well formed but that no scheduler answers fails the run later (exit 3)."""
    from omaha_audit.scheduler_address import AddressError, scheduler_address, scheme_of, shown

    try:
        address = scheduler_address(text)
    except AddressError as error:
        fail_usage(f"--scheduler {shown(text)}: {error}")
    if scheme_of(address) == "tls":
        from omaha_audit.run.parallel import tls_problem

        problem = tls_problem()
        if problem is not None:
            fail_usage(f"--scheduler {shown(text)}: {problem}")
    return address


def in_process_workers(rules_file: Path | None, preset: str | None) -> Workers:
    """The units of work of a command run here, one after the other (`--jobs 1` where the command always runs
    as units: an export's dataset)."""
    from omaha_audit.run.parallel import Workers
    from omaha_audit.run.tasks import InProcess

    return Workers(InProcess(), house_spec(rules_file, preset))


def house_spec(rules_file: Path | None, preset: str | None) -> tuple[str, str] | None:
    """The house rules as workers rebuild them (parallel.Work.house)."""
    return ("file", str(rules_file.resolve())) if rules_file is not None else ("preset", preset) if preset else None


# Options several commands share, declared once.
PathsArgument = Annotated[  # (str, not Path: a URL's `//` must stay as written)
    list[str],
    typer.Argument(
        metavar="PATH...",
        help="Hand-history files or directories (read recursively), or URLs such as s3://bucket/day/ (fsspec).",
        show_default=False,
    ),
]
RulesFileOption = Annotated[
    Path | None, typer.Option("--rules", metavar="FILE", help="House rules as TOML (fields of HouseRules).")
]
JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        metavar="N",
        help="Worker processes: 1 (default) audits here, 0 one per core. Same output either way.",
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        # (`\[`: Rich would take `[dask]` for a markup tag and print nothing of it)
        help="A Dask distributed scheduler (tcp://host:8786, or tls://host:8786 with Dask's TLS settings) to "
        "audit on; needs pip install 'omaha-audit\\[dask]'.",
    ),
]
SelectOption = Annotated[
    list[str] | None,
    typer.Option("--select", metavar="CODE", help="Only these codes or prefixes (OA3, OA501,OA502)."),
]
IgnoreOption = Annotated[
    list[str] | None, typer.Option("--ignore", metavar="CODE", help="Skip these codes or prefixes.")
]
RoomPresetOption = Annotated[
    str | None,
    typer.Option(
        "--room-preset",
        metavar="NAME",
        help="One room's house rules for every hand: pokerstars, ggpoker, 888poker, partypoker, winamax, ipoker, "
        "generic... (an unknown name lists them all). Default: each hand's own room's.",
    ),
]


def rule_codes(values: list[str] | None) -> list[str]:
    """The rule codes or prefixes of `--select` or `--ignore` (repeated, or comma-separated), each checked."""
    from omaha_audit.rules.registry import BY_CODE

    codes = [code.strip().upper() for value in values or [] for code in value.split(",") if code.strip()]
    for code in codes:
        if not any(known.startswith(code) for known in BY_CODE):
            fail_usage(f"unknown rule code {code!r} (see `omaha-audit rules`)")
    return codes
