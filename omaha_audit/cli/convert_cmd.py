"""`omaha-audit convert`: hands written as PHH, Open Hand History or PokerStars text (interop/convert.py)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omaha_audit.cli.common import PathsArgument, check_output_folder, no_hands_code, open_paths


class Target(StrEnum):
    phh = "phh"
    ohh = "ohh"
    pokerstars = "pokerstars"


def convert_command(
    paths: PathsArgument,
    to: Annotated[
        Target,
        typer.Option(
            "--to",
            help="phh: Poker Hand History (pokerkit's TOML, one .phhs per input file); ohh: Open Hand History "
            "(one JSON object per line, .ohh); pokerstars: PokerStars text (.pokerstars.txt) for trackers.",
        ),
    ],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="DIR", help="Folder to write the files to.")],
) -> None:
    """Write every read hand in another format, one output file per input file; hands a format cannot
    express are counted by reason (exit 1 when there are any, or unreadable hands)."""
    from omaha_audit.interop.convert import convert_files, report
    from omaha_audit.output.files import make_folder

    check_output_folder(output, "--output")
    files = open_paths(paths)
    make_folder(output)
    summary = convert_files(files, to.value, output, sys.stderr)
    code = report(summary, to.value, output, sys.stderr)
    hands = summary.hands_written + summary.unreadable + sum(summary.not_written.values())
    raise typer.Exit(no_hands_code(hands, sys.stderr, code))
