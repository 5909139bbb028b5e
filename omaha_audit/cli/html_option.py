"""`omaha-audit audit --html FILE`: the HTML report of the run, written atomically beside the usual output.

`run_audit` can hand its stream of audited hands to `write_html_report` (the tally is read after the last
hand), or keep an `HtmlReport` and call `add` in its own loop and `write` at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from omaha_audit.model.house_rules import HouseRules
from omaha_audit.report.html import MAX_HAND_VIEWS, HtmlReport
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import AuditedHand, Tally
from omaha_audit.run.sequences import TableSession


def write_html_report(
    hands: Iterable[AuditedHand],
    tally: Tally,
    path: Path,
    *,
    house: HouseRules | None = None,
    title: str = "omaha-audit report",
    inputs: Sequence[str | Path] = (),
    max_hand_views: int = MAX_HAND_VIEWS,
    across: Sequence[Finding] = (),
    sessions: Sequence[TableSession] = (),
) -> HtmlReport:
    """Consume `hands` (a generator is fine), then write the report to `path`: a temporary file in the
    same folder renamed over it, so `path` is never left half written. `inputs` (the paths given on the
    command line) are named in the report's header; `across` and `sessions` are the auditor's findings
    across hands and its table views, read once `hands` is exhausted. Returns the report collector."""
    report = HtmlReport(house, title=title, inputs=[str(p) for p in inputs], max_hand_views=max_hand_views)
    for audited in hands:
        report.add_hand(audited)
    report.add_across(across, sessions)
    report.write(tally, Path(path))
    return report


__all__ = ["HtmlReport", "write_html_report"]
