"""The `omaha-audit` command: the two answers a user waits for most at the prompt, `--version` and
`rules [CODE]`, are given here without loading the command-line framework (Typer, which validates every
option through pydantic: about 70 ms before any command runs); everything else goes to cli/app.py, which
parses the same words and gives the same output."""

from __future__ import annotations

import sys


def version_line() -> str:
    from omaha_audit import __version__, build

    kind = "compiled with mypyc" if build() == "compiled" else "pure Python"
    return f"omaha-audit {__version__} ({kind})"


def main() -> None:
    from omaha_audit.cache import say_refusals

    say_refusals()  # (a cache folder that is not safe to use is said once on stderr)
    args = sys.argv[1:]
    if args == ["--version"]:
        sys.stdout.write(version_line() + "\n")
        raise SystemExit(0)
    if args[:1] == ["rules"] and len(args) <= 2 and not any(arg.startswith("-") for arg in args[1:]):
        from omaha_audit.cli.rules_cmd import print_rules

        code = args[1] if len(args) == 2 else None
        try:
            if print_rules(code) == 2:
                sys.stderr.write(f"omaha-audit: error: unknown rule code {code!r}\n")
                raise SystemExit(2)
            sys.stdout.flush()
        except BrokenPipeError:  # `omaha-audit rules | head`
            sys.stderr.close()
        raise SystemExit(0)
    from omaha_audit.cli.app import main as full

    full()
