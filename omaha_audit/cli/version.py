"""The `--version` line, answered by cli/entry.py without the command-line framework, and by cli/app.py."""

from __future__ import annotations


def version_line() -> str:
    from omaha_audit import __version__, build

    kind = "compiled with mypyc" if build() == "compiled" else "pure Python"
    return f"omaha-audit {__version__} ({kind})"
