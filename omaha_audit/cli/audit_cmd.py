"""`omaha-audit audit`: replay every hand and report the dealer's errors."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO, cast

from omaha_audit.model.house_rules import HouseRules
from omaha_audit.pipeline import AuditedHand, Auditor
from omaha_audit.report.html import MAX_TABLE_VIEWS, HtmlReport
from omaha_audit.report.progress import track_hands
from omaha_audit.report.text import write_across, write_findings, write_summary
from omaha_audit.rules.base import Severity
from omaha_audit.rules.registry import Rule, TableRule

FAIL_ON = {"error": Severity.ERROR, "warning": Severity.WARNING, "never": None}


class _ClosedSafe(io.TextIOBase):
    """Standard output that stops writing, without stopping the audit, once its reader has gone away
    (`omaha-audit audit ... --html r.html | head`): the HTML report and the exit code still come."""

    def __init__(self, target: TextIO) -> None:
        self.target = target
        self.closed_by_reader = False

    def write(self, text: str) -> int:
        if not self.closed_by_reader:
            try:
                self.target.write(text)
            except BrokenPipeError:
                self.closed_by_reader = True
        return len(text)

    def flush(self) -> None:
        if not self.closed_by_reader:
            try:
                self.target.flush()
            except BrokenPipeError:
                self.closed_by_reader = True

    def isatty(self) -> bool:
        return self.target.isatty()


def run_audit(
    files: list[Path],
    output_format: str,
    house: HouseRules | None,
    rules: tuple[Rule | TableRule, ...],
    fail_on: str,
    out: TextIO,
    err: TextIO,
    show_info: bool = False,
    html: Path | None = None,
    inputs: Sequence[Path] = (),
) -> int:
    out = cast(TextIO, _ClosedSafe(out)) if html is not None else out
    auditor = Auditor(
        house, rules, keep_text=output_format == "text" or html is not None, table_views=MAX_TABLE_VIEWS if html else 0
    )
    report = HtmlReport(house, inputs=[str(p) for p in inputs]) if html is not None else None
    with_findings: list[AuditedHand] = []
    findings: list[dict[str, object]] = []
    streaming_to_terminal = output_format == "jsonl" and out.isatty()
    stream = track_hands(auditor.audit_files(files), files, err, enabled=False if streaming_to_terminal else None)
    for audited in stream:
        if report is not None:
            report.add(audited, audited.context)
        audited.context = None  # release the replay: only the report needs it
        if not audited.findings:
            continue
        if output_format == "jsonl":
            for finding in audited.findings:
                out.write(json.dumps(finding.as_dict(), ensure_ascii=False) + "\n")
        elif output_format == "json":
            findings.extend(finding.as_dict() for finding in audited.findings)
        else:
            with_findings.append(audited)
    tally = auditor.tally
    across = auditor.across
    if report is not None:
        report.add_across(across, auditor.sessions)
    if output_format == "jsonl":
        for finding in across:
            out.write(json.dumps(finding.as_dict(), ensure_ascii=False) + "\n")
    elif output_format == "json":
        findings.extend(finding.as_dict() for finding in across)
    if output_format == "json":
        json.dump({"summary": tally.as_dict(), "findings": findings}, out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif output_format == "text":
        write_summary(tally, out)
        write_findings(with_findings, out, Severity.INFO if show_info else Severity.WARNING)
        write_across(across, out, Severity.INFO if show_info else Severity.WARNING)
    if output_format != "text":
        err.write(
            f"files: {tally.files}, hands: {tally.hands}, audited: {tally.audited}, "
            f"unreadable: {tally.unreadable}, findings: {tally.findings}\n"
        )
        for notice in tally.notices:
            err.write(f"omaha-audit: {notice.path}: {notice.message}\n")
    out.flush()
    if report is not None and html is not None:
        report.write(tally, html)
        err.write(f"omaha-audit: HTML report written to {html}\n")
    threshold = FAIL_ON[fail_on]
    worst = tally.worst()
    return 1 if threshold is not None and worst is not None and worst.rank >= threshold.rank else 0


def print_rules(code: str | None, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # (looked up at the call: a test runner may have replaced it)
    from omaha_audit.rules.registry import ALL_RULES, BY_CODE

    if code is None:
        for rule in ALL_RULES:
            ids = ", ".join(rule.rule_ids) or "-"
            out.write(f"{rule.code}  {rule.name:<26} {rule.severity.value:<8} {ids:<28} {rule.summary}\n")
        out.write("\nChecks a room's text gives no ground for (not reported as clean, not checked):\n")
        from omaha_audit.rooms import FORMATS

        for room_format in FORMATS:
            for rule_code, why in sorted(room_format.cannot_check().items()):
                out.write(f"  {room_format.name:<12} {rule_code}  {why}\n")
        return 0
    found = BY_CODE.get(code.upper())
    if found is None:
        return 2
    rule = found
    out.write(f"{rule.code} {rule.name} ({rule.severity.value}; RULES.md: {', '.join(rule.rule_ids) or '-'})\n\n")
    out.write(rule.doc + "\n")
    return 0
