"""The audit as text for a terminal: the summary, then the findings grouped by hand with the offending
line quoted."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Final, TextIO

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import MACOS_MEMBER, NOT_HISTORY
from omaha_audit.report.hand_json import stakes_text
from omaha_audit.report.visible import visible
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.registry import BY_CODE
from omaha_audit.run.pipeline import AuditedHand, Tally

QUOTE_WIDTH: Final = 200  # characters of a quoted line shown; the rest is counted


def counted(number: int, thing: str, things: str | None = None) -> str:
    """`1 hand`, `2 hands`, `1,024 files`."""
    return f"{number:,} {thing if number == 1 else (things or thing + 's')}"


# what each kind of file notice (parse/files.py FileNotice) is, in the summary's words
NOTICE_WORDS: Final = {
    "skipped": "passed over",
    "not-hand-history": "no hand of any format",
    "tournament-summary": "tournament summaries",
    "empty": "empty",
    "unclosed": "not closed",
}


def _severities(counts: Counter[str]) -> str:
    return ", ".join(f"{counts[s.value]:,} {s.value}" for s in Severity if counts[s.value])


def write_summary(tally: Tally, out: TextIO) -> None:
    severities = _severities(tally.by_severity)
    dealer = _severities(tally.dealer_by_severity)
    failed = f", {tally.reader_failed:,} the reader failed on (OA104)" if tally.reader_failed else ""
    out.write(
        f"omaha-audit: {counted(tally.hands, 'hand')} in {counted(tally.files, 'file')}: {tally.audited:,} audited, "
        f"{tally.not_audited:,} audited without replay (games not replayed: the game-independent checks), "
        f"{tally.unreadable:,} unreadable{failed}\n"
        f"dealer's errors: {tally.dealer_findings:,} findings"
        + (f" ({dealer})" if dealer else "")
        + f" in {counted(tally.dealer_hands, 'hand')}\n"
        f"not fully read: {counted(tally.incomplete, 'hand')} ({tally.unreadable:,} unreadable, "
        f"{tally.reader_failed:,} the reader failed on, {tally.not_fully_read:,} read with checks withheld "
        "on a line not understood)\n"
        f"findings: {tally.findings:,}" + (f" ({severities})" if severities else "") + "\n"
    )
    if tally.copies or tally.tables:
        copies = f"; {tally.copies} identical copies of hands already read, counted once" if tally.copies else ""
        out.write(f"tables: {tally.tables} (their hands in order, for the rules across hands){copies}\n")
    if tally.by_room:
        rooms = ", ".join(f"{room} {count}" for room, count in sorted(tally.by_room.items()))
        formats = ", ".join(f"{name} {count}" for name, count in sorted(tally.by_format.items()))
        out.write(f"rooms: {rooms}\nformats (every hand block, read or not): {formats}\n")
    for code, count in sorted(tally.by_code.items()):
        rule = BY_CODE.get(code)
        name = rule.name if rule else ""
        per = tally.by_code_severity
        kinds = ", ".join(f"{s.value} {per[code, s.value]:,}" for s in Severity if per[code, s.value])
        out.write(f"  {code}  {name:<26} {count:>7}  ({kinds})\n")
    skipped_kinds = tally.skipped_files()
    if skipped_kinds:
        kinds = ", ".join(f"{NOTICE_WORDS.get(kind, kind)} {count:,}" for kind, count in sorted(skipped_kinds.items()))
        out.write(f"files with no hand to audit: {sum(skipped_kinds.values()):,} ({kinds})\n")
    skipped: Counter[str] = Counter()
    macos = 0
    for notice in tally.notices:
        if notice.kind == "skipped" and notice.message == NOT_HISTORY:  # one line for all: companions, documents
            skipped[Path(notice.path).suffix.lower() or "(none)"] += 1
            continue
        if notice.kind == "skipped" and notice.message == MACOS_MEMBER:  # (one beside every file of a Mac's zip)
            macos += 1
            continue
        out.write(f"note: {visible(notice.path)}: {visible(notice.message)}\n")
    if macos:
        out.write(f"note: {counted(macos, 'archive member')} of macOS metadata (__MACOSX) not read\n")
    if skipped:
        kinds = ", ".join(f"{suffix} {count}" for suffix, count in sorted(skipped.items()))
        out.write(
            f"note: {sum(skipped.values())} files not read, not hand histories by their name and first 64 KiB "
            f"({kinds})\n"
        )


def _title(item: Hand | UnreadableHand) -> str:
    if isinstance(item, UnreadableHand):
        return f"Unreadable text  {item.path}:{item.first_line}-{item.last_line}"
    level = stakes_text(item)
    room = item.room if item.room == item.format else f"{item.room} ({item.format} format)"
    return (
        f"Hand #{item.hand_id}  {room}  {item.game_text} {item.structure.value} {level}  "
        f"{item.source.path}:{item.source.line}"
    )


def hand_text(audited: AuditedHand, minimum: Severity = Severity.WARNING) -> str:
    """A hand's findings at or above `minimum`, under the hand's title, each with its line quoted ("" when
    none is shown)."""
    shown = [f for f in audited.findings if f.severity.rank >= minimum.rank]
    if not shown:
        return ""
    parts = ["\n" + visible(_title(audited.item)) + "\n"]
    for finding in shown:
        parts.append(f"  {finding.code} {finding.severity.value:<7} line {finding.line}: {visible(finding.message)}\n")
        quoted = audited.quote(finding.line)
        if quoted is not None and not (finding.code == "OA101" and finding.line == 0):
            parts.append(f"      > {visible(quoted, QUOTE_WIDTH)}\n")
    return "".join(parts)


def write_across(findings: list[Finding], out: TextIO, minimum: Severity = Severity.WARNING) -> None:
    """The findings across hands (OA7xx), by table as they were found: each names the later hand of the
    two, its file and line."""
    shown = [finding for finding in findings if finding.severity.rank >= minimum.rank]
    if not shown:
        return
    out.write(f"\nAcross hands (the hands of each table in order): {len(shown)} findings\n")
    for finding in shown:
        out.write(
            f"  {finding.code} {finding.severity.value:<7} hand #{visible(finding.hand_id or '')}  "
            f"{visible(finding.path)}:{finding.line}: {visible(finding.message)}\n"
        )
