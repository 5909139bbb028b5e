"""The audit pipeline: files -> hands -> rules -> findings, streaming, with the run's tallies."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from omaha_audit.model import STUD_GAMES, Hand, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.files import FileNotice, Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source, native_format, preset_for, words_for
from omaha_audit.rules.base import Finding, HandContext, Severity, is_reading
from omaha_audit.rules.oa101_unreadable_hand import unreadable_finding
from omaha_audit.rules.registry import ALL_RULES, Rule, audit_context
from omaha_audit.rules.tables import TableRow, TableRule, copy_record, table_row, text_digest
from omaha_audit.run.sequences import (
    IN_MEMORY,
    Neighbours,
    RowSink,
    TableSequencer,
    TableSession,
    Watchers,
)

T = TypeVar("T")

# How many hands a file's reader reads before the audit takes them: eight read, then those eight audited, runs
# 12-16% faster than each hand read and audited in turn (benchmarks/audit_throughput.py, docs/PERFORMANCE.md),
# while the hands held at once stay few; sixteen is slower again. (Presumably the reader's and the audit's
# code and data each stay in the processor's caches for a few hands, where alternating at every hand evicts
# them: this machine has no counters to show it.)
READ_AHEAD: Final = 8


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


def hand_path(audited: AuditedHand) -> str:
    """The file (or archive member) a hand block was read from."""
    item = audited.item
    return item.path if isinstance(item, UnreadableHand) else item.source.path


UNREADABLE: Final = 0
AUDITED: Final = 1
NOT_AUDITED: Final = 2
READER_FAILED: Final = 3  # a block the reader itself failed on (OA104): our bug, not an unreadable hand
_SERIOUS: Final = (Severity.ERROR, Severity.WARNING)


def hand_kind(item: Hand | UnreadableHand) -> tuple[int, str, str]:
    """What `Tally.add` counts a hand as: its kind, its room and its format label."""
    if isinstance(item, UnreadableHand):
        return (READER_FAILED if item.internal else UNREADABLE), "", item.room or "unknown"
    game = item.game
    replayed = game.is_flop_game or game in STUD_GAMES or game.is_draw
    return (AUDITED if replayed else NOT_AUDITED), item.room, item.format


@dataclass(slots=True)
class Tally:
    """The run's counts. The dealer's errors are counted apart from what the reader could not read (the
    reading findings, rules/base.py READING_CODES): `dealer_by_severity` and `dealer_hands` for the first,
    `unreadable`, `reader_failed` and `not_fully_read` for the second."""

    files: int = 0
    hands: int = 0
    audited: int = 0
    unreadable: int = 0
    not_audited: int = 0  # of a game the engine does not replay (draw): judged by the game-independent rules only
    copies: int = 0  # identical copies of hands already read: counted once (CT-5)
    tables: int = 0  # tables whose hands were put in order for the rules across hands
    findings: int = 0
    reader_failed: int = 0  # blocks the reader itself failed on (OA104): never counted as unreadable
    not_fully_read: int = 0  # hands read with a reading finding at warning or error (checks withheld)
    dealer_hands: int = 0  # hands with a dealer's error or warning
    by_code: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)
    dealer_by_severity: Counter[str] = field(default_factory=Counter)  # the dealer's findings only
    by_code_severity: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_room: Counter[str] = field(default_factory=Counter)  # hands read, by the room that dealt them
    by_format: Counter[str] = field(default_factory=Counter)  # every hand block, by the format of its header
    notices: list[FileNotice] = field(default_factory=list)

    def add(self, audited: AuditedHand) -> None:
        if audited.copy:
            self.copies += 1
            return
        kind, room, format_name = hand_kind(audited.item)
        self.add_counts(kind, room, format_name, audited.findings)

    def add_counts(self, kind: int, room: str, format_name: str, findings: list[Finding]) -> None:
        """`add` from plain values (omaha_audit/run/parallel.py): `kind` UNREADABLE, AUDITED or NOT_AUDITED, and
        the labels `add` would count the hand under."""
        self.hands += 1
        if kind in (UNREADABLE, READER_FAILED):
            if kind == UNREADABLE:
                self.unreadable += 1
            else:
                self.reader_failed += 1
            self.by_format[format_name] += 1
        else:
            self.by_room[room] += 1
            self.by_format[format_name] += 1
            if kind == AUDITED:
                self.audited += 1
            else:
                self.not_audited += 1
            misread = dealt = False
            for finding in findings:
                if finding.severity in _SERIOUS:
                    if is_reading(finding.code):
                        misread = True
                    else:
                        dealt = True
            self.not_fully_read += misread
            self.dealer_hands += dealt
        self.count(findings)

    def count(self, findings: list[Finding]) -> None:
        for finding in findings:
            severity = finding.severity.value
            self.findings += 1
            self.by_code[finding.code] += 1
            self.by_severity[severity] += 1
            self.by_code_severity[finding.code, severity] += 1
            if not is_reading(finding.code):
                self.dealer_by_severity[severity] += 1

    def worst(self) -> Severity | None:
        """The most serious finding of any kind."""
        return _worst(self.by_severity)

    def dealer_worst(self) -> Severity | None:
        """The most serious of the dealer's findings (what the exit code follows)."""
        return _worst(self.dealer_by_severity)

    @property
    def dealer_findings(self) -> int:
        return sum(self.dealer_by_severity.values())

    @property
    def incomplete(self) -> int:
        """Hands not fully read: unreadable, the reader failed, or read with checks withheld."""
        return self.unreadable + self.reader_failed + self.not_fully_read

    def skipped_files(self) -> Counter[str]:
        """The files a scan passed over or that held no hand, by kind (tournament summaries, empty files,
        documents and companions by their name, ...)."""
        return Counter(notice.kind for notice in self.notices)

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
            "dealer": {
                "findings": self.dealer_findings,
                "by_severity": dict(self.dealer_by_severity),
                "hands": self.dealer_hands,
            },
            "reading": {
                "hands_not_fully_read": self.incomplete,
                "unreadable": self.unreadable,
                "reader_failed": self.reader_failed,
                "read_with_checks_withheld": self.not_fully_read,
            },
            "skipped_files": dict(sorted(self.skipped_files().items())),
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
        held_pictures: int = IN_MEMORY,
    ) -> None:
        self.house = house
        self.held_pictures = held_pictures  # hands' pictures kept in memory before they spill to disk
        self.rules = tuple(rule for rule in rules if isinstance(rule, Rule))
        self.table_rules = tuple(rule for rule in rules if isinstance(rule, TableRule))
        self.strict = strict
        self.keep_text = keep_text
        self.spill_directory = spill_directory
        self.table_views = table_views  # tables with continuity findings whose hands the report shows
        self.keep_table_rows = table_rows  # one row per hand in table order (the exported `tables` table)
        # where those rows go as they are made (None: kept in `table_rows`, for the caller to read after)
        self.table_row_sink: RowSink | None = None
        self.sessions: list[TableSession] = []
        # the hands (path, first line) whose neighbours at their table are wanted (the report's hand views:
        # it adds to this set as it makes them), and those neighbours once the run is over
        self.neighbours_of: set[tuple[str, int]] | None = None
        self.neighbours: dict[tuple[str, int], Neighbours] = {}
        self.table_rows: list[dict[str, object]] = []
        self.spill_bytes = 0  # the size the table sequences' temporary file reached
        self.source = hand_source()
        self.tally = Tally()
        self.across: list[Finding] = []
        self.seen: set[bytes] = set()  # room, hand and text digests of the hands read (CT-5)
        self.order = 0  # hands read (not unreadable text), copies included: the input order of the pictures
        self.want_unreadable = any(rule.code == "OA101" for rule in self.rules)
        self.want_internal = any(rule.code == "OA104" for rule in self.rules)

    def rules_for(self, hand: Hand) -> HouseRules:
        return self.house or preset_for(hand)

    def audit_files(self, files: Sequence[Source]) -> Iterator[AuditedHand]:
        sequencer = self.start(files)
        try:
            yield from self._read(files, sequencer)
            self.finish(sequencer)
        finally:
            self.close(sequencer)

    def start(self, files: Sequence[Source]) -> TableSequencer | None:
        """Count the run's files and note those passed over; the sequencer of the rules across hands (None
        without them). `audit_files` is start, `audit_source` per file, `finish`, `close`."""
        self.tally.files += len(files)
        for skipped, why in getattr(files, "skipped", ()):
            self.tally.notices.append(FileNotice(skipped, "skipped", why))
        if not self.table_rules:
            return None
        return TableSequencer(self.table_rules, self.spill_directory, cannot_check, self.held_pictures)

    def finish(self, sequencer: TableSequencer | None) -> None:
        """Once every hand is in: the rules across hands (`across`, counted in the tally)."""
        if sequencer is None:
            return
        watchers = Watchers.of(self.table_views, self.keep_table_rows, self.neighbours_of, self.table_row_sink)
        across = list(sequencer.findings(watchers.on_hand(), strict=self.strict))
        self.finished(across, watchers.sessions(), watchers.neighbours(), watchers.table_rows(), sequencer.tables())

    def finished(
        self,
        across: list[Finding],
        sessions: list[TableSession],
        neighbours: dict[tuple[str, int], Neighbours],
        table_rows: list[dict[str, object]],
        tables: int,
    ) -> None:
        """The results of the rules across hands, judged here (`finish`) or by workers (parallel.py)."""
        self.across = across
        self.sessions = sessions
        self.neighbours = neighbours
        self.table_rows = table_rows
        self.tally.tables = tables
        self.tally.count(across)

    def close(self, sequencer: TableSequencer | None) -> None:
        if sequencer is not None:
            sequencer.close()
            self.spill_bytes = sequencer.spill_bytes

    def _read(self, files: Sequence[Source], sequencer: TableSequencer | None) -> Iterator[AuditedHand]:
        scanned: set[Source] = getattr(files, "scanned", set())
        for path in files:
            for audited, picture, house, _ in self.audit_source(path, path in scanned):
                if sequencer is not None and picture is not None and house is not None:
                    sequencer.add(picture, house)
                yield audited

    def audit_source(
        self, path: Source, scanned: bool = False
    ) -> Iterator[tuple[AuditedHand, TableRow | None, HouseRules | None, bytes | None]]:
        """The hands of one file, audited and counted in the tally, each with its picture for the rules
        across hands and its house rules (None for unreadable text), and its key as a copy (`copy_key`).
        The pictures are numbered in input order by `self.order` (one run-wide count)."""
        return self.audit_blocks(read_ahead(self.source.read_blocks(path, scanned)))

    def audit_blocks(
        self, items: Iterable[tuple[Block | None, Item]]
    ) -> Iterator[tuple[AuditedHand, TableRow | None, HouseRules | None, bytes | None]]:
        """`audit_source` of items read already, each with the block of text it was read from (HandSource:
        read_blocks, or block_item for the blocks of a file's text as a room writes it: omaha_audit/run/watch.py)."""
        want_unreadable, want_internal = self.want_unreadable, self.want_internal
        pictures = bool(self.table_rules)
        for block, item in items:
            if isinstance(item, FileNotice):
                self.tally.notices.append(item)
                continue
            first = block.first_line if block else 0
            lines = block.lines if (block and self.keep_text) else []
            if isinstance(item, UnreadableHand):
                wanted = want_internal if item.internal else want_unreadable
                findings = [unreadable_finding(item)] if wanted else []
                audited = AuditedHand(item, findings, first, lines, None)
                self.tally.add(audited)
                yield audited, None, None, None
                continue
            self.order += 1
            digest = text_digest(block.lines) if block else b""
            house = self.rules_for(item)
            key = copy_key(item, digest)
            if key in self.seen:
                copy = AuditedHand(item, [], first, lines, None, copy=True)
                self.tally.add(copy)
                yield copy, copy_record(item, self.order, digest) if pictures else None, house, key
                continue
            self.seen.add(key)
            context = HandContext(item, house, words_for(item))
            findings = audit_context(context, self.rules, strict=self.strict)
            picture = self._picture(context, self.order, digest) if pictures else None
            audited = AuditedHand(item, findings, first, lines, context)
            self.tally.add(audited)
            yield audited, picture, house, key

    def _picture(self, context: HandContext, order: int, digest: bytes) -> TableRow:
        try:
            return table_row(context, order, digest)
        except Exception:
            if self.strict:
                raise
            return copy_record(context.hand, order, digest)  # (a hand the engine could not settle)


def _worst(by_severity: Counter[str]) -> Severity | None:
    for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        if by_severity.get(severity.value):
            return severity
    return None


def read_ahead(items: Iterable[T], size: int = READ_AHEAD) -> Iterator[T]:
    """`items` in their order, taken from their source `size` at a time before any of them is handed on
    (READ_AHEAD). An error the source raises comes after the items it gave before it, as without this."""
    source = iter(items)
    while True:
        batch: list[T] = []
        failure: Exception | None = None
        try:
            for item in source:
                batch.append(item)
                if len(batch) == size:
                    break
        except Exception as error:
            failure = error  # (raised after the batch, given outside the handler: see HandSource.read_blocks)
        yield from batch
        if failure is not None:
            raise failure
        if len(batch) < size:
            return


def copy_key(hand: Hand, digest: bytes) -> bytes:
    """What makes two records the same hand (CT-5): room, hand number and text (`digest`), in 8 bytes."""
    return hashlib.blake2b(f"{hand.room}\t{hand.hand_id}".encode(), digest_size=8, key=digest).digest()


def cannot_check(format_name: str, room: str = "") -> tuple[str, ...]:
    """The codes a hand's text gives no ground for (RoomFormat.cannot_check), not judged on its hands: its
    format's and, for a copy in an interchange format (OHH, PHH), those of the format that writes its
    room's own hand histories too (the one whose house rules it is audited with): a copy holds no more
    than its original did."""
    room_format = BY_NAME.get(format_name)
    if room_format is None:
        return ()
    codes = list(room_format.cannot_check())
    native = native_format(room) if room_format.copies() else None
    if native is not None:
        codes += [code for code in native.cannot_check() if code not in codes]
    return tuple(codes)
