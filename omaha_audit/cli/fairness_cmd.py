"""`omaha-audit fairness`: is the deal fair? Card tests on observations free of selection and all-in luck
with exact equities, with verdicts corrected for multiple tests (omaha_audit/fairness). Exit 1 when a test
rejects a fair deal at the stated level after correction, 0 when none does. With `--jobs N` (or
`--scheduler`) the hands are read and observed by the workers: the same report as one process."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from omaha_audit.cli.common import (
    JobsOption,
    PathsArgument,
    RoomPresetOption,
    RulesFileOption,
    SchedulerOption,
    check_output_file,
    house_option,
    open_paths,
    workers_option,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import Source
    from omaha_audit.run.parallel import Workers


class FairnessFormat(StrEnum):
    text = "text"
    json = "json"


class Correction(StrEnum):
    holm = "holm"
    bh = "bh"


def run_fairness(
    files: Sequence[Source],
    output_format: str,
    level: float,
    method: str,
    house: HouseRules | None,
    out: TextIO,
    err: TextIO,
    html: Path | None = None,
    workers: Workers | None = None,
) -> int:
    from omaha_audit.fairness.analysis import analyse, to_text
    from omaha_audit.fairness.read import observe_files

    observed = observe_files(files, house, err, workers)
    report = analyse(observed, level, method)
    if output_format == "json":
        json.dump(report.as_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        out.write(to_text(report))
    if html is not None:
        from omaha_audit.fairness.html import write_html

        write_html(report, html)
    out.flush()
    return report.exit_code


def fairness_command(
    paths: PathsArgument,
    output_format: Annotated[FairnessFormat, typer.Option("--format", "-f", help="text or json.")] = (
        FairnessFormat.text
    ),
    level: Annotated[
        float,
        typer.Option(
            "--level",
            metavar="ALPHA",
            min=0.0001,
            max=0.5,
            help="The family's level: a fair deal is called unfair this often.",
        ),
    ] = 0.01,
    correction: Annotated[
        Correction,
        typer.Option("--correction", help="holm (family-wise error) or bh (Benjamini-Hochberg, false discoveries)."),
    ] = Correction.holm,
    html: Annotated[
        Path | None,
        typer.Option("--html", metavar="FILE", dir_okay=False, help="Also write the fairness report as HTML to FILE."),
    ] = None,
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
) -> None:
    """Is the deal fair? Tests of the cards dealt and of the luck of players all in, with corrected verdicts."""
    house = house_option(rules_file, room_preset)
    if html is not None:
        check_output_file(html, "--html")
    files = open_paths(paths)
    workers = workers_option(jobs, scheduler, rules_file, room_preset, files)
    code = run_fairness(
        files, output_format.value, level, correction.value, house, sys.stdout, sys.stderr, html, workers
    )
    raise typer.Exit(code)
