"""How `--help` names arguments and option values, where Typer 0.29's own choice reads badly.

Typer prints an argument's Python type beside its name even when a metavar names it (`PATH...
<list[Path]>`), wraps a required argument's name in braces on the usage line (`{PATH...}...`), and
gives a flag a value type (`--help <bool>`). These three methods are replaced here, for our commands
only in effect (every parameter of this program is declared in cli/), so that help reads
`Usage: omaha-audit audit [OPTIONS] PATH...`, `PATH...  Hand-history files...` and `-h, --help`.
Typer's other choices (`<text|json|jsonl>` for a choice, `<file>` for a path) are kept.
"""

from __future__ import annotations

from typing import Any

from typer import core


def _argument_type(self: Any, ctx: Any) -> str | None:
    return None if self.metavar is not None else _typer_argument_type(self, ctx)


def _argument_usage(self: Any) -> str:
    if self.metavar is not None:
        return str(self.metavar) if self.required else f"[{self.metavar}]"
    return _typer_usage(self)


def _option_type(self: Any, ctx: Any) -> str | None:
    if getattr(self, "is_flag", False) and self.metavar is None:
        return None
    return _typer_option_type(self, ctx)


_typer_argument_type = core.TyperArgument.display_type_rich
_typer_usage = core.TyperArgument._usage_display_name
_typer_option_type = core.TyperOption.display_type_rich


def install() -> None:
    core.TyperArgument.display_type_rich = _argument_type  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = _argument_usage  # type: ignore[method-assign]
    core.TyperOption.display_type_rich = _option_type  # type: ignore[method-assign]
