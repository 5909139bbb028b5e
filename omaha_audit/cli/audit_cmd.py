"""`omaha-audit audit`: replay every hand and report the dealer's errors."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from omaha_audit.model.hand import Hand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.output.files import standard_output
from omaha_audit.output.progress import Progress
from omaha_audit.report.text import hand_text, write_across, write_summary
from omaha_audit.report.visible import notice_line, visible
from omaha_audit.rules.base import Severity
from omaha_audit.rules.registry import Rule, TableRule
from omaha_audit.run.collector import for_batch_run
from omaha_audit.run.pipeline import Auditor, Tally, hand_path
from omaha_audit.run.sink import Keeper

if TYPE_CHECKING:
    from collections.abc import Iterator

    from omaha_audit.fairness.read import Observed
    from omaha_audit.parse.input_files import Source
    from omaha_audit.report.html import HtmlReport
    from omaha_audit.run.parallel import Found, Workers

FAIL_ON = {"error": Severity.ERROR, "warning": Severity.WARNING, "never": None}


def run_audit(
    files: Sequence[Source],
    output_format: str,
    house: HouseRules | None,
    rules: tuple[Rule | TableRule, ...],
    fail_on: str,
    out: TextIO,
    err: TextIO,
    show_info: bool = False,
    html: Path | None = None,
    inputs: Sequence[str | Path] = (),
    workers: Workers | None = None,
    fairness: bool = False,
) -> int:
    """The audit of `files`, printed to `out` in `output_format`. With `workers` (omaha_audit/run/parallel.py),
    the hands are audited there; the output is the same."""
    with contextlib.ExitStack() as cleanup:
        report = None
        if html is not None:
            from omaha_audit.report.html import MAX_TABLE_VIEWS, HtmlReport  # (jinja2 and polars: only for a report)

            # (its tables and views on disk are removed whichever way the run ends: Ctrl-C too)
            report = cleanup.enter_context(HtmlReport(house, inputs=[str(p) for p in inputs]))
        # (with a report, a reader of `out` that goes away, `| head`, stops the printing, not the audit)
        out = standard_output(out, keep_going=html is not None)
        auditor = Auditor(
            house,
            rules,
            keep_text=output_format == "text" or html is not None,
            table_views=MAX_TABLE_VIEWS if report else 0,
        )
        for_batch_run()  # (the garbage collector set for hand after hand: run/collector.py)
        if report is not None:
            auditor.neighbours_of = report.viewed  # (the hands the report shows: their table's hands around them)
        minimum = Severity.INFO if show_info else Severity.WARNING
        observed = None
        if fairness and report is not None:
            from omaha_audit.fairness.read import Observed

            observed = Observed()
        texts: list[str] = []  # the text format's findings, hand by hand
        findings: list[dict[str, object]] = []
        streaming_to_terminal = output_format == "jsonl" and out.isatty()
        progress = Progress(len(files), err, enabled=False if streaming_to_terminal else None)
        position = {str(path): index for index, path in enumerate(files)}
        try:
            # (the text of each hand's findings: only the text format prints it)
            text_minimum = minimum if output_format == "text" else None
            for count, found, path in _batches(auditor, files, report, text_minimum, workers, observed):
                progress.files_done = position.get(path, progress.files_done)
                progress.update(count)
                for hand in found:
                    if report is not None:
                        report.add(hand)
                    if output_format == "jsonl":
                        for finding in hand.findings:
                            out.write(json.dumps(finding.as_dict(), ensure_ascii=False) + "\n")
                    elif output_format == "json":
                        findings.extend(finding.as_dict() for finding in hand.findings)
                    elif hand.text:
                        texts.append(hand.text)
        finally:
            progress.close()
        tally = auditor.tally
        across = auditor.across
        if report is not None:
            report.add_across(across, auditor.sessions, auditor.neighbours)
        if output_format == "jsonl":
            for finding in across:
                out.write(json.dumps(finding.as_dict(), ensure_ascii=False) + "\n")
        elif output_format == "json":
            findings.extend(finding.as_dict() for finding in across)
        if output_format == "json":
            # (built whole and written once: json.dump writes each of its many pieces through `out`)
            out.write(json.dumps({"summary": tally.as_dict(), "findings": findings}, ensure_ascii=False, indent=1))
            out.write("\n")
        elif output_format == "text":  # (the summary last: what a terminal shows when the run ends)
            out.write("".join(texts))
            write_across(across, out, minimum)
            write_summary(tally, out)
        if output_format != "text":
            err.write(
                f"files: {tally.files}, hands: {tally.hands}, audited: {tally.audited}, "
                f"unreadable: {tally.unreadable}, findings: {tally.findings}, "
                f"dealer's findings: {tally.dealer_findings}, hands not fully read: {tally.incomplete}\n"
            )
            for notice in tally.notices:
                err.write(notice_line(notice.path, notice.message))
        out.flush()
        if report is not None and html is not None:
            if observed is not None:
                from omaha_audit.fairness.analysis import analyse
                from omaha_audit.fairness.html import section

                report.fairness = section(analyse(observed))
            report.write(tally, html)
            err.write(f"omaha-audit: HTML report written to {visible(str(html))}\n")
        code = exit_code(tally, fail_on)
        if output_format == "text":
            err.write(f"omaha-audit: exit {code}: {_exit_meaning(code, fail_on, tally)}\n")
        return code


DEALER_ERRORS: Final = 1
NOT_FULLY_READ: Final = 4


def exit_code(tally: Tally, fail_on: str) -> int:
    """The exit code follows the dealer's findings: 1 when one is at or above `fail_on`; else 4 when hands
    were not fully read (unreadable, the reader failed, or read with checks withheld), or when the inputs
    held no hand at all, which a script must not take for a clean audit; else 0. `fail_on` "never": 0."""
    threshold = FAIL_ON[fail_on]  # (--fail-on)
    if threshold is None:
        return 0
    worst = tally.dealer_worst()
    if worst is not None and worst.rank >= threshold.rank:
        return DEALER_ERRORS
    return NOT_FULLY_READ if tally.incomplete or not tally.hands else 0


def _exit_meaning(code: int, fail_on: str, tally: Tally) -> str:
    if fail_on == "never":
        return "findings never change the exit code (--fail-on never)"
    if code == DEALER_ERRORS:
        return f"a dealer's finding at {fail_on} level or above (--fail-on {fail_on}; --fail-on never exits 0)"
    if code == NOT_FULLY_READ and not tally.hands:
        return "no hand of any known room format in the inputs (see the notes above; --fail-on never exits 0)"
    if code == NOT_FULLY_READ:
        return (
            f"no dealer's finding at {fail_on} level or above, but hands not fully read (see 'not fully read' "
            "above; --fail-on never exits 0)"
        )
    return f"no dealer's finding at {fail_on} level or above, and every hand read (--fail-on {fail_on})"


def _batches(
    auditor: Auditor,
    files: Sequence[Source],
    report: HtmlReport | None,
    minimum: Severity | None,
    workers: Workers | None,
    observed: Observed | None = None,
) -> Iterator[tuple[int, Found, str]]:
    """The hands in input order, in batches: how many, those with findings kept (run/sink.py: their findings,
    their text at `minimum` for the terminal ("" when None), their number and view for the `report`), and their
    file.
    Audited here (a batch per hand), or by `workers` (a batch per file); kept by the same Keeper either way,
    with the report's tables and views when there is a report. Each hand goes into `observed` (the fairness
    section's observations, made by the workers in a parallel run) either way."""
    keeper = report.keeper() if report is not None else Keeper()
    keeper.texts, keeper.minimum = hand_text, minimum
    if workers is not None:
        from omaha_audit.fairness.read import observe_hand
        from omaha_audit.run.parallel import ParallelRun

        # with a report: its statistics come from the workers' tables, its hand views are rendered there
        tables_of = None
        if report is not None:
            from omaha_audit.stats.dataset import unit_tables

            tables_of = unit_tables
        work = workers.work(
            auditor,
            text_minimum=minimum.value if minimum is not None else None,
            keep_text=True,
            tables=report.tables if report is not None else (),
            views=keeper.views,
            texts=keeper.texts,
            viewer=keeper.viewer,
            tables_of=tables_of,
            per_hand=observe_hand if observed is not None else None,
        )
        builder = report.builder if report is not None else None
        on_hand = observed.take_seen if observed is not None else None
        yield from ParallelRun(auditor, workers.executor, work, builder, on_hand=on_hand).units(files)
        return
    for audited in auditor.audit_files(files):
        item = audited.item
        house = auditor.rules_for(item) if audited.findings and isinstance(item, Hand) else None
        kept, _ = keeper.keep(audited, house)
        if observed is not None and not audited.copy and isinstance(item, Hand):
            observed.add(item)
        audited.context = None  # release the replay: only the report needs it
        yield 1, [kept] if kept is not None else [], hand_path(audited)
