"""Helpers for the report tests: a small audit run of generated hands with injected dealer errors, the
hand-written statistics hands, and one hand whose player names and chat try to inject markup and script."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from omaha_audit.report.html import HtmlReport
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import Auditor, Tally

HANDWRITTEN = Path(__file__).resolve().parents[1] / "stats" / "handwritten.txt"
SCRIPT_NAME = "<script>window.__pwned=1</script>"
IMG_NAME = '<img src=x onerror="window.__pwned=2">'
CHAT = "</td><script>window.__pwned=3</script> & <b>bold</b>"


def hostile_hand() -> str:
    """Hand 1 of the hand-written set with hostile names and chat, and a wrong collect (OA601)."""
    text = HANDWRITTEN.read_text(encoding="utf-8").split("\n\n\n\n")[0]
    text = text.replace("Alice", SCRIPT_NAME).replace("Bob", IMG_NAME)
    text = text.replace("Carol collected $9.12", "Carol collected $9.10")
    return text.replace("*** SHOW DOWN ***", f'Carol said, "{CHAT}"\n*** SHOW DOWN ***') + "\n"


@dataclass
class Run:
    folder: Path
    html: Path
    tally: Tally
    findings: list[Finding]
    report: HtmlReport


def audit_to_html(folder: Path, html: Path, files: Sequence[Path] | None = None, **options: object) -> Run:
    """Audit `files` (default: the folder's *.txt) into the report `html`."""
    auditor = Auditor(table_views=10)
    report = HtmlReport(**options)  # type: ignore[arg-type]
    findings: list[Finding] = []
    files = sorted(folder.glob("*.txt")) if files is None else files
    for audited in auditor.audit_files(files):
        findings.extend(audited.findings)
        report.add_hand(audited)
    findings.extend(auditor.across)
    report.add_across(auditor.across, auditor.sessions)
    report.write(auditor.tally, html)
    return Run(folder, html, auditor.tally, findings, report)
