"""`omaha-audit stats`: player statistics (VPIP, PFR, 3-bet, ...) or hands, pots, rake and findings per
table, stakes, game or day, as a text table, CSV or JSON."""

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
    house_option,
    no_hands_code,
    open_paths,
    workers_option,
)
from omaha_audit.run.collector import for_batch_run, for_batch_start

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import Source
    from omaha_audit.run.parallel import Workers


class StatsBy(StrEnum):
    player = "player"
    table = "table"
    stakes = "stakes"
    game = "game"
    day = "day"


class StatsFormat(StrEnum):
    text = "text"
    csv = "csv"
    json = "json"


def run_stats(
    files: Sequence[Source],
    by: str,
    output_format: str,
    house: HouseRules | None,
    out: TextIO,
    err: TextIO,
    workers: Workers | None = None,
) -> int:
    import tempfile

    from omaha_audit.output.files import standard_output
    from omaha_audit.report.text import counted
    from omaha_audit.report.visible import notice_line
    from omaha_audit.rules.registry import ALL_RULES
    from omaha_audit.run.pipeline import Auditor
    from omaha_audit.stats.collect import collect
    from omaha_audit.stats.frames import FrameBuilder
    from omaha_audit.stats.statistics import (
        GROUP_DEFINITIONS,
        PLAYER,
        PLAYER_DEFINITIONS,
        for_export,
        statistics,
        to_text,
    )

    # Player statistics need no findings, so the rules are not run for them.
    rules = () if by == PLAYER else ALL_RULES
    auditor = Auditor(house, rules, keep_text=False)
    for_batch_run()  # (the garbage collector set for hand after hand: run/collector.py)
    tables = ("hands", "players") if by == PLAYER else ("hands", "findings")
    # (the tables' rows on disk, 1,000 hands at a time, read back by streaming queries: the memory does not
    # grow with the hands, as for the HTML report; the folder goes whichever way the command ends)
    with tempfile.TemporaryDirectory(prefix="omaha-audit-stats-") as spill:
        builder = FrameBuilder(house, tables, spill=Path(spill), batch_size=1000)
        problems = collect(auditor, builder, files, err, workers)
        table = statistics(builder.lazy_frames(), by)
    out = standard_output(out)
    if output_format == "text":
        out.write(to_text(table, by))
    elif output_format == "csv":
        from omaha_audit.stats.export import csv_ready

        text = csv_ready(for_export(table)).write_csv()  # (a name that starts a formula gets a ' before it)
        out.write(text if text.endswith("\n") else text + "\n")
    else:
        definitions = PLAYER_DEFINITIONS if by == PLAYER else GROUP_DEFINITIONS
        payload = {"by": by, "definitions": definitions, "rows": for_export(table).to_dicts()}
        json.dump(payload, out, ensure_ascii=False, indent=1)
        out.write("\n")
    tally = auditor.tally
    err.write(
        f"omaha-audit: {counted(tally.hands, 'hand')} in {counted(tally.files, 'file')}: {tally.audited:,} audited, "
        f"{tally.not_audited:,} audited without replay (games not replayed: the game-independent checks), "
        f"{tally.unreadable:,} unreadable\n"
    )
    for notice in tally.notices:
        err.write(notice_line(notice.path, notice.message))
    for path, line, error in problems:
        err.write(notice_line(f"{path}:{line}", f"left out of the statistics: {error}"))
    out.flush()
    return no_hands_code(tally.hands, err, 0)


def stats_command(
    paths: PathsArgument,
    by: Annotated[
        StatsBy, typer.Option("--by", help="player: VPIP, PFR, ... per player; table, stakes, game, day: totals.")
    ] = StatsBy.player,
    output_format: Annotated[StatsFormat, typer.Option("--format", "-f", help="text, csv or json.")] = (
        StatsFormat.text
    ),
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
    jobs: JobsOption = 1,
    scheduler: SchedulerOption = None,
) -> None:
    """Statistics per player (VPIP, PFR, 3-bet, c-bet, AF, WTSD, W$SD, net won, bb/100, rake) or per
    table, stakes, game or day (hands, pots, rake, findings per 1,000 hands)."""
    for_batch_start()  # (before the audit's modules are loaded: run/collector.py)
    house = house_option(rules_file, room_preset)
    files = open_paths(paths)
    workers = workers_option(jobs, scheduler, rules_file, room_preset, files)
    raise typer.Exit(run_stats(files, by.value, output_format.value, house, sys.stdout, sys.stderr, workers))
