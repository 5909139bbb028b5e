"""The `omaha-audit` command line. Commands are thin: they call the library and print."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omaha_audit.cli.common import fail_usage, open_paths
from omaha_audit.cli.parse_cmd import run_parse

app = typer.Typer(
    name="omaha-audit",
    help="Replay poker hand histories and report every dealer error.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root() -> None:
    """Replay poker hand histories and report every dealer error."""


class ParseFormat(StrEnum):
    jsonl = "jsonl"
    text = "text"


@app.command("parse")
def parse_command(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or directories (read recursively).")],
    output_format: Annotated[
        ParseFormat, typer.Option("--format", "-f", help="jsonl: one JSON object per hand; text: one line per hand.")
    ] = ParseFormat.jsonl,
) -> None:
    """Read hand histories into the hand model and print one record per hand."""
    files = open_paths(paths)
    code = run_parse(files, output_format.value, sys.stdout, sys.stderr)
    raise typer.Exit(code)


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # `omaha-audit parse ... | head`
        sys.stderr.close()
        raise SystemExit(0) from None


__all__ = ["app", "fail_usage", "main"]
