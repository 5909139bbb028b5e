"""`omaha-audit watch DIR`: audit a room's hand-history folder live, as the room writes it (the watch itself:
omaha_audit/run/watch.py).

Register with ``app.command("watch")(watch_command)``. Nothing heavy is imported until the command runs.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from omaha_audit.cli.common import (
    IgnoreOption,
    RoomPresetOption,
    RulesFileOption,
    SelectOption,
    check_output_file,
    fail_usage,
    file_path,
    rule_codes,
)

if TYPE_CHECKING:
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.report.html import HtmlReport
    from omaha_audit.rules.base import Finding, Severity
    from omaha_audit.rules.registry import Rule, TableRule
    from omaha_audit.run.pipeline import Tally
    from omaha_audit.run.watch import Batch, FolderWatch

STATE_NAME = ".omaha-audit-watch.json"
RESCAN = 10.0  # seconds between two looks at every file of the folder, changed or not
WRITE_EVERY = 1.0  # seconds between two rewrites of the JSON output while findings keep coming


def watch_command(
    folder: Annotated[
        Path,
        typer.Argument(metavar="DIR", help="The room's hand-history folder (read recursively).", show_default=False),
    ],
    state: Annotated[
        Path | None,
        typer.Option(
            "--state",
            metavar="FILE",
            parser=file_path,
            help=f"Where the watch keeps how far it has read (and FILE.journal beside it). Default: DIR/{STATE_NAME}.",
        ),
    ] = None,
    json_output: Annotated[
        Path | None,
        typer.Option(
            "--json",
            metavar="FILE",
            parser=file_path,
            help="Keep FILE the JSON of every hand audited since the state began (rewritten as findings come).",
        ),
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html", metavar="FILE", parser=file_path, help="Write the HTML report of this run's hands when it ends."
        ),
    ] = None,
    settle: Annotated[
        float,
        typer.Option(
            "--settle", metavar="SECONDS", min=0.05, help="How long a file is quiet before its last hand is complete."
        ),
    ] = 0.25,
    stale: Annotated[
        float,
        typer.Option(
            "--stale",
            metavar="SECONDS",
            min=0.1,
            help="How long a file is quiet before unreadable text at its end is reported as it stands.",
        ),
    ] = 30.0,
    rules_file: RulesFileOption = None,
    room_preset: RoomPresetOption = None,
    select: SelectOption = None,
    ignore: IgnoreOption = None,
    show_info: Annotated[bool, typer.Option("--show-info", metavar="", help="Print info findings too.")] = False,
) -> None:
    """Audit a hand-history folder live: each hand as the room finishes writing it. Ctrl-C to stop."""
    from omaha_audit.cli.common import house_option
    from omaha_audit.rules.registry import select_rules

    if not folder.is_dir():
        fail_usage(f"{folder}: not a folder")
    state = state if state is not None else folder / STATE_NAME
    for path, option in ((state, "--state"), (json_output, "--json"), (html, "--html")):
        if path is not None:
            check_output_file(path, option)
    if stale <= settle:
        fail_usage("--stale must be longer than --settle")
    house = house_option(rules_file, room_preset)
    rules = select_rules(rule_codes(select) or None, rule_codes(ignore) or None)
    code = run_watch(folder, state, json_output, html, house, rules, settle, stale, show_info, sys.stdout, sys.stderr)
    raise typer.Exit(code)


def run_watch(
    folder: Path,
    state: Path,
    json_output: Path | None,
    html: Path | None,
    house: HouseRules | None,
    rules: tuple[Rule | TableRule, ...],
    settle: float,
    stale: float,
    show_info: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    """Watch until Ctrl-C or SIGTERM; then write the outputs and exit 130 or 143, as any command stopped so."""
    import contextlib

    from omaha_audit.cli.stopping import Interrupted, stop_signal, stopped_code
    from omaha_audit.output.files import standard_output
    from omaha_audit.report.visible import visible
    from omaha_audit.rules.base import Severity
    from omaha_audit.run.pipeline import Auditor, Tally
    from omaha_audit.run.watch import FolderWatch, StateProblem, watch_changes

    out = standard_output(out)
    minimum = Severity.INFO if show_info else Severity.WARNING
    with contextlib.ExitStack() as cleanup:
        report: HtmlReport | None = None
        if html is not None:
            from omaha_audit.report.html import HtmlReport

            report = cleanup.enter_context(HtmlReport(house, inputs=[str(folder)]))
        auditor = Auditor(house, rules, keep_text=True)
        tally = Tally()  # (this run's hands: the HTML report's summary)
        printer = _Printer(out, minimum, report, tally)
        try:
            watch = FolderWatch(folder, state, auditor, printer.batch, settle, stale)
        except StateProblem as problem:
            err.write(f"omaha-audit: error: {visible(str(problem))}\n")
            return 2
        before = len(watch.record.hands)
        said: set[str] = set()  # (the files not read, each said once)
        signum: int | None = None
        try:
            watch.catch_up()
            _write_json(watch, json_output)
            written = scanned = 0.0
            for changed in watch_changes(folder, settle):
                now = time.monotonic()
                if now - scanned >= RESCAN:
                    # (first once the watcher is on: what was written before it began to report changes;
                    # then now and then, in case the system dropped a change)
                    watch.catch_up()
                    if not scanned:  # (the changes are reported from here on)
                        err.write(
                            f"omaha-audit: watching {visible(str(folder))} ({before} hands audited before; state in "
                            f"{visible(str(state))}); Ctrl-C to stop\n"
                        )
                    for ignored in sorted(watch.ignored - said):
                        err.write(
                            f"omaha-audit: {visible(ignored)}: not read (an archive, or no hand history by its name)\n"
                        )
                        said.add(ignored)
                    err.flush()
                    scanned = now
                watch.step(changed)
                if watch.dirty and json_output is not None and (not changed or now - written >= WRITE_EVERY):
                    _write_json(watch, json_output)
                    written = now
        except (Interrupted, KeyboardInterrupt):
            signum = stop_signal()
        except OSError:
            if folder.is_dir():
                raise
            err.write(f"omaha-audit: error: the folder {visible(str(folder))} is gone; the watch stops\n")
            return 3
        # (a second Ctrl-C is ignored from here: the outputs are written whole, cli/stopping.py _interrupt; what
        # they hold is what the state saved, read back: a signal may have come between the journal and it)
        with contextlib.suppress(StateProblem):  # (a state changed under the watch: what it holds in memory)
            watch.reread()
        _write_json(watch, json_output)
        if report is not None and html is not None:
            report.add_across(printer.across, [], {})
            report.write(tally, html)
        summary = watch.record.tally
        err.write(
            f"omaha-audit: watch stopped; {summary.hands} hands audited since the state began, {tally.hands} in "
            f"this run, {summary.findings} findings; state saved in {visible(str(state))}\n"
        )
        return stopped_code(signum)


class _Printer:
    """Prints each committed batch's findings as `audit` prints them, and adds its hands to the report."""

    def __init__(self, out: TextIO, minimum: Severity, report: HtmlReport | None, tally: Tally) -> None:
        self.out = out
        self.minimum = minimum
        self.report = report
        self.tally = tally
        self.across: list[Finding] = []

    def batch(self, batch: Batch) -> None:
        from omaha_audit.report.text import hand_text, write_across

        for audited in batch.hands:
            self.tally.add(audited)
            if self.report is not None:
                self.report.add_hand(audited, audited.context)
            audited.context = None
            self.out.write(hand_text(audited, self.minimum))
        self.tally.count(batch.across)
        self.across.extend(batch.across)
        write_across(batch.across, self.out, self.minimum)
        self.out.flush()


def _write_json(watch: FolderWatch, path: Path | None) -> None:
    if path is None:
        return
    from omaha_audit.output.files import atomic_path

    document = watch.outputs()
    with atomic_path(path) as temporary:
        temporary.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
