"""How `--help` names arguments, where Typer's own choice reads badly.

Typer (0.26-0.28, the versions pyproject.toml allows) wraps a required argument's name in braces on the
usage line (`{PATH...}`) and prints a string argument's type beside its name in the arguments panel
(`PATH...  <str>`). Both are replaced here, for arguments that name themselves with a metavar (every
argument of this program does, all declared in cli/), so that help reads
`Usage: omaha-audit audit [OPTIONS] PATH...` and `PATH...  Hand-history files...`. Typer's other
choices (`<text|json|jsonl>` for a choice, `FILE` for a path) are kept, and a flag shows no value type.

Typer 0.29 is not allowed (pyproject.toml): it builds a pydantic validator for every option of every
command at each start, 0.13 s measured here before any work, over issue 17's start-up bound.
"""

from __future__ import annotations

from typing import Any

import typer
from typer import core
from typer._click import types


def _argument_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
    if self.metavar is not None and usage:
        return str(self.metavar) if self.required else f"[{self.metavar}]"
    return str(_typer_metavar(self, ctx, usage=usage))


def _string_metavar(self: Any, param: Any, ctx: Any) -> str | None:
    # (the arguments panel shows `<str>` when this gives None; an empty string shows nothing. Options ask
    # this only when they have no metavar of their own, and get Typer's answer.)
    if isinstance(param, core.TyperArgument) and param.metavar is not None:
        return ""
    return _click_string_metavar(self, param, ctx)


_typer_metavar = core.TyperArgument.make_metavar
_click_string_metavar = types.StringParamType.get_metavar


def install() -> None:
    core.TyperArgument.make_metavar = _argument_metavar  # type: ignore[method-assign]
    types.StringParamType.get_metavar = _string_metavar  # type: ignore[method-assign]


class CommandList(core.TyperGroup):
    """The command line's root: its `--help` (the list of commands) in Click's plain layout, each command
    with its whole summary. Typer's boxed layout loads rich's Markdown renderer and panels first (0.1 s
    measured, benchmarks/startup.py), too slow for the first thing a newcomer types; each command's own
    `--help` keeps the boxed layout."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.format_usage(ctx, formatter)
        self.format_help_text(ctx, formatter)
        self.format_options(ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            # (Typer prints no help for this error, expecting its own layout to have printed it already)
            typer.echo(ctx.get_help())
            ctx.exit(2)
        return list(super().parse_args(ctx, args))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                summary = command.short_help or (command.help or "").split("\n\n")[0]
                rows.append((name, " ".join(summary.split())))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
