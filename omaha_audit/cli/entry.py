"""The `omaha-audit` command: the two answers a user waits for most at the prompt, `--version` and
`rules [CODE]`, are given here without loading the command-line framework (Typer, which validates every
option through pydantic: about 70 ms before any command runs); everything else goes to cli/app.py, which
parses the same words and gives the same output."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO


def _print_version(out: TextIO) -> int:
    from omaha_audit.cli.version import version_line

    out.write(version_line() + "\n")
    return 0


def main() -> None:
    from omaha_audit.cache import say_refusals

    say_refusals()  # (a cache folder that is not safe to use is said once on stderr)
    args = sys.argv[1:]
    if args == ["--version"]:
        _answer(_print_version)
    if args[:1] == ["rules"] and len(args) <= 2 and not any(arg.startswith("-") for arg in args[1:]):
        from omaha_audit.cli.rules_cmd import print_rules

        code = args[1] if len(args) == 2 else None
        _answer(lambda out: print_rules(code, out), f"unknown rule code {code!r}")
    from omaha_audit.cli.app import main as full

    full()


def _answer(write: Callable[[TextIO], int], usage: str = "") -> NoReturn:
    """Write the answer to standard output and exit as the full command line would: 2 (with `usage`) when
    `write` says so, a write error 3, a reader gone away (`omaha-audit rules | head`) quietly."""
    from omaha_audit.errors import ReaderGone, WriteFailed
    from omaha_audit.output.files import end_quietly, standard_output

    out = standard_output(sys.stdout)
    try:
        if write(out) == 2:
            sys.stderr.write(f"omaha-audit: error: {usage}\n")
            raise SystemExit(2)
        out.flush()
    except ReaderGone:
        end_quietly()
    except WriteFailed as failure:
        sys.stderr.write(f"omaha-audit: error: {failure}\n")
        os._exit(3)  # (not through the exit handlers: they would flush standard output again)
    raise SystemExit(0)
