"""The audit pipeline: files -> hands -> rules -> findings, streaming, with the run's tallies."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import BY_NAME, hand_source, preset_for, words_for
from omaha_audit.rules.base import Finding, HandContext, Severity
from omaha_audit.rules.oa101_unreadable_hand import unreadable_finding
from omaha_audit.rules.registry import ALL_RULES, Rule, audit_context
from omaha_audit.rules.tables import TableHand, TablePair, TableRow, TableRule, copy_record, table_row, text_digest
from omaha_audit.sequences import OnHand, TableRows, TableSequencer, TableSession, TableWindows


@dataclass(slots=True, init=False)
class AuditedHand:
    """One hand (or unreadable block) with its findings and the text lines it came from. `copy`: an
    identical copy of a hand already read in the run: not audited, not counted (CT-5, OA706)."""

    item: Hand | UnreadableHand
    findings: list[Finding]
    first_line: int
    lines: list[str]
    context: HandContext | None  # the replay and settlement the rules used (for reports)
    copy: bool

    def __init__(
        self,
        item: Hand | UnreadableHand,
        findings: list[Finding],
        first_line: int,
        lines: list[str],
        context: HandContext | None = None,
        copy: bool = False,
    ) -> None:
        # (written out: compiled, the __init__ that dataclasses generates runs interpreted)
        self.item = item
        self.findings = findings
        self.first_line = first_line
        self.lines = lines
        self.context = context
        self.copy = copy

    def quote(self, line: int) -> str | None:
        index = line - self.first_line
        return self.lines[index] if 0 <= index < len(self.lines) else None


@dataclass(slots=True)
class Tally:
    files: int = 0
    hands: int = 0
    audited: int = 0
    unreadable: int = 0
    not_audited: int = 0  # read, but of a game the engine does not replay
    copies: int = 0  # identical copies of hands already read: counted once (CT-5)
    tables: int = 0  # tables whose hands were put in order for the rules across hands
    findings: int = 0
    by_code: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)
    by_room: Counter[str] = field(default_factory=Counter)  # hands read, by the room that dealt them
    by_format: Counter[str] = field(default_factory=Counter)  # every hand block, by the format of its header
    notices: list[FileNotice] = field(default_factory=list)

    def add(self, audited: AuditedHand) -> None:
        if audited.copy:
            self.copies += 1
            return
        self.hands += 1
        item = audited.item
        if isinstance(item, UnreadableHand):
            self.by_format[item.room or "unknown"] += 1
        else:
            self.by_room[item.room] += 1
            self.by_format[item.format] += 1
        if isinstance(audited.item, UnreadableHand):
            self.unreadable += 1
        elif audited.item.game.is_flop_game:
            self.audited += 1
        else:
            self.not_audited += 1
        self.count(audited.findings)

    def count(self, findings: list[Finding]) -> None:
        for finding in findings:
            self.findings += 1
            self.by_code[finding.code] += 1
            self.by_severity[finding.severity.value] += 1

    def worst(self) -> Severity | None:
        for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
            if self.by_severity.get(severity.value):
                return severity
        return None

    def as_dict(self) -> dict[str, object]:
        return {
            "files": self.files,
            "hands": self.hands,
            "audited": self.audited,
            "unreadable": self.unreadable,
            "not_audited": self.not_audited,
            "copies": self.copies,
            "tables": self.tables,
            "findings": self.findings,
            "by_code": dict(sorted(self.by_code.items())),
            "by_severity": dict(self.by_severity),
            "by_room": dict(sorted(self.by_room.items())),
            "by_format": dict(sorted(self.by_format.items())),
        }


class Auditor:
    """Audits files hand by hand, then the hands of each table in order. `house` forces one set of house
    rules; None picks the room's preset. `rules` may hold rules of both kinds: per hand (`Rule`) and across
    hands (`TableRule`, OA7xx). The findings across hands are known once every hand has been read: when
    `audit_files` is exhausted they are in `across` (and counted in the tally)."""

    def __init__(
        self,
        house: HouseRules | None = None,
        rules: tuple[Rule | TableRule, ...] = ALL_RULES,
        *,
        strict: bool = False,
        keep_text: bool = True,
        spill_directory: str | None = None,
        table_views: int = 0,
        table_rows: bool = False,
    ) -> None:
        self.house = house
        self.rules = tuple(rule for rule in rules if isinstance(rule, Rule))
        self.table_rules = tuple(rule for rule in rules if isinstance(rule, TableRule))
        self.strict = strict
        self.keep_text = keep_text
        self.spill_directory = spill_directory
        self.table_views = table_views  # tables with continuity findings whose hands the report shows
        self.keep_table_rows = table_rows  # one row per hand in table order (the exported `tables` table)
        self.sessions: list[TableSession] = []
        self.table_rows: list[dict[str, object]] = []
        self.spill_bytes = 0  # the size the table sequences' temporary file reached
        self.source = hand_source()
        self.tally = Tally()
        self.across: list[Finding] = []
        self.seen: set[bytes] = set()  # room, hand and text digests of the hands read (CT-5)

    def rules_for(self, hand: Hand) -> HouseRules:
        return self.house or preset_for(hand)

    def audit_files(self, files: list[Path]) -> Iterator[AuditedHand]:
        self.tally.files += len(files)
        sequencer = TableSequencer(self.table_rules, self.spill_directory, _cannot_check) if self.table_rules else None
        try:
            yield from self._read(files, sequencer)
            if sequencer is not None:
                windows = TableWindows(self.table_views) if self.table_views else None
                rows = TableRows() if self.keep_table_rows else None
                self.across = list(sequencer.findings(_both(windows, rows), strict=self.strict))
                self.sessions = windows.finish() if windows is not None else []
                self.table_rows = rows.rows if rows is not None else []
                self.tally.tables = sequencer.tables()
                self.tally.count(self.across)
        finally:
            if sequencer is not None:
                sequencer.close()
                self.spill_bytes = sequencer.spill_bytes

    def _read(self, files: list[Path], sequencer: TableSequencer | None) -> Iterator[AuditedHand]:
        want_unreadable = any(rule.code == "OA101" for rule in self.rules)
        scanned: set[Path] = getattr(files, "scanned", set())
        for skipped in getattr(files, "skipped", ()):
            self.tally.notices.append(FileNotice(str(skipped), "skipped", "not a hand history by its name: skipped"))
        order = 0
        for path in files:
            for block, item in self.source.read_blocks(path, path in scanned):
                if isinstance(item, FileNotice):
                    self.tally.notices.append(item)
                    continue
                first = block.first_line if block else 0
                lines = block.lines if (block and self.keep_text) else []
                context = None
                if isinstance(item, UnreadableHand):
                    findings = [unreadable_finding(item)] if want_unreadable else []
                else:
                    order += 1
                    digest = text_digest(block.lines) if block else b""
                    house = self.rules_for(item)
                    if self._seen_before(item, digest):
                        copy = AuditedHand(item, [], first, lines, None, copy=True)
                        self.tally.add(copy)
                        if sequencer is not None:
                            sequencer.add(copy_record(item, order, digest), house)
                        yield copy
                        continue
                    context = HandContext(item, house, words_for(item))
                    findings = audit_context(context, self.rules, strict=self.strict)
                    if sequencer is not None:
                        sequencer.add(self._picture(context, order, digest), house)
                audited = AuditedHand(item, findings, first, lines, context)
                self.tally.add(audited)
                yield audited

    def _seen_before(self, hand: Hand, digest: bytes) -> bool:
        """Whether an identical record of this hand (same room, number and text) was read before."""
        key = hashlib.blake2b(f"{hand.room}\t{hand.hand_id}".encode(), digest_size=8, key=digest).digest()
        if key in self.seen:
            return True
        self.seen.add(key)
        return False

    def _picture(self, context: HandContext, order: int, digest: bytes) -> TableRow:
        try:
            return table_row(context, order, digest)
        except Exception:
            if self.strict:
                raise
            return copy_record(context.hand, order, digest)  # (a hand the engine could not settle)


def _cannot_check(format_name: str) -> tuple[str, ...]:
    """The codes a format's text gives no ground for (RoomFormat.cannot_check): not judged on its hands."""
    room_format = BY_NAME.get(format_name)
    return tuple(room_format.cannot_check()) if room_format is not None else ()


def _both(first: OnHand | None, second: OnHand | None) -> OnHand | None:
    if first is None or second is None:
        return first or second

    def call(hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        first(hand, pair, found)
        second(hand, pair, found)

    return call
