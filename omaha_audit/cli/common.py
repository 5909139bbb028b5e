"""Helpers shared by the commands: path checking and usage errors (exit code 2)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import typer

from omaha_audit.parse.files import PathProblem, expand_paths


def fail_usage(message: str) -> NoReturn:
    print(f"omaha-audit: error: {message}", file=sys.stderr)
    raise typer.Exit(2)


def open_paths(paths: Sequence[Path]) -> list[Path]:
    if not paths:
        fail_usage("no PATH given")
    try:
        files = expand_paths(paths)
    except PathProblem as problem:
        fail_usage(str(problem))
    if not files:
        fail_usage("no hand-history files (*.txt) under the given paths")
    return files
