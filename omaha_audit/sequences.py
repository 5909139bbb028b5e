"""Table sequences: the hands of a run grouped by room and table (with the tournament), across files, in
order of start time and hand number, for the rules across hands (omaha_audit/rules/tables.py).

The audit streams hands; a table's sequence is complete only at the end of the run. Two ways to judge it:

- **As the hands come** (`stream=True`, the plain audit): a table's hands nearly always arrive in their
  order (a session's file, then the next day's), and each is judged against the one before it as it comes;
  only the last hand of each table is kept. Every picture also goes to a flat file on disk, in case: a
  table whose hand arrives out of order (earlier than one judged already), or one beyond the `LIVE_TABLES`
  kept at once, forgets what it judged and is judged again at the end from that file, sorted. The findings
  are the same, in the same order (table by table, each table's hands in order), as judging everything at
  the end.
- **At the end** (the report's table views and the exported `tables` table, which follow every hand in
  table order): the pictures go to a temporary SQLite database, read back at the end table by table in
  order (SQLite sorts them).

Memory stays flat whatever the number of hands: on disk, a few hundred bytes a hand, deleted when the run
ends; in memory, the last hand of at most `LIVE_TABLES` tables, the auditor's 8-byte key of each hand read
(to count an identical copy once, see Auditor.seen), and each distinct room, format, table key and file
path once, which the rows on disk name by number.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sqlite3
import tempfile
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Final

from omaha_audit.model import ActionKind
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRow, TableRule

SQLITE_INTEGERS: Final = 1 << 63
# A picture as it goes to disk: its room, format, table key and file (stored as numbers), its hand number and
# start (sort keys), and the rest of it as one `marshal` blob (TableRow's fields less those and its place in
# the input, which is a column of its own). A worker packs its pictures (omaha_audit/parallel.py).
PackedPicture = tuple[str, str, str, str, "int | None", "float | None", bytes]
BATCH: Final = 2_000  # rows written to the database at a time
LIVE_TABLES: Final = 20_000  # tables judged as their hands come, at most (each keeps its last hand)
OnHand = Callable[[TableHand, "TablePair | None", list[Finding]], None]
SortKey = tuple[bool, float, bool, int, int]


def packed_picture(row: TableRow) -> PackedPicture:
    """A picture (rules/tables.py TableRow) packed for the spill: see PackedPicture."""
    return (row[0], row[1], row[2], row[6], row[4], row[5], marshal.dumps((row[3], row[4], row[5], row[7], *row[9:])))


def unpacked_picture(packed: PackedPicture, order: int) -> TableRow:
    """The picture `packed_picture` packed, `order`th in the input."""
    room, format_name, table, path, _, _, rest = packed
    fields = marshal.loads(rest)
    return (room, format_name, table, fields[0], fields[1], fields[2], path, fields[3], order, *fields[4:])


class _Table:
    """One table as its hands are judged: its last hand (`previous`), what the rules keep along a run of
    consecutive hands (`memory`), the last hand's sort key and the findings so far."""

    def __init__(self) -> None:
        self.previous: TableHand | None = None
        self.memory: dict[str, object] = {}
        self.last: SortKey | None = None
        self.found: list[Finding] = []


def _sort_key(number: int | None, started: float | None, order: int) -> SortKey:
    """A hand's place in its table: start (UTC seconds), hand number, place in the input; a hand without a
    time or a number after those with one (as the database's ORDER BY sorts them)."""
    return (started is None, started or 0.0, number is None, number or 0, order)


class TableSequencer:
    """Collects the hands of a run (`add`) and yields the findings of the rules across hands (`findings`):
    judged as they come (`stream`), or all at the end."""

    def __init__(
        self,
        rules: tuple[TableRule, ...],
        directory: str | None = None,
        cannot_check: Callable[[str], Iterable[str]] | None = None,
        *,
        stream: bool = False,
        strict: bool = False,
        live_tables: int = LIVE_TABLES,
    ) -> None:
        self.rules = rules
        self.cannot_check = cannot_check  # format -> the codes (or prefixes) its text gives no ground for
        self.by_format: dict[str, tuple[TableRule, ...]] = {}
        self.directory = directory
        self.stream = stream
        self.strict = strict  # (as the hands come: a rule that crashes raises at once)
        self.live_tables = live_tables
        self.paths: list[Path] = []
        self.db: sqlite3.Connection | None = None
        self.spill: BinaryIO | None = None
        if stream:
            self.spill = open(self._temporary(".spill"), "wb")  # noqa: SIM115 (closed by close())
        else:
            self.db = self._database()
        self.live: dict[str, _Table] = {}  # tables judged as their hands come
        self.later: set[str] = set()  # tables judged at the end, from the spill
        self.pending: list[tuple[object, ...]] = []
        self.houses: list[HouseRules] = []
        self.house_index: dict[int, int] = {}
        self.count = 0
        self.spill_bytes = 0
        # each distinct room, format, table key and file path, once (in memory: one entry per table and file)
        self.texts: list[str] = []
        self.text_numbers: dict[str, int] = {}

    def _temporary(self, suffix: str) -> Path:
        handle, name = tempfile.mkstemp(prefix="omaha-audit-tables-", suffix=suffix, dir=self.directory)
        os.close(handle)
        self.paths.append(Path(name))
        return Path(name)

    def _database(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self._temporary(".sqlite")))
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.execute(
            "CREATE TABLE hands (tbl TEXT, number INTEGER, started REAL, ord INTEGER, house INTEGER,"
            " room INTEGER, format INTEGER, tkey INTEGER, path INTEGER, rest BLOB)"
        )
        return db

    def add(self, row: TableRow, house: HouseRules) -> None:
        """Add a hand's picture (rules/tables.py table_row) with the house rules it was dealt by."""
        self._add(packed_picture(row), row[8], house, row)

    def add_packed(self, packed: PackedPicture, order: int, house: HouseRules) -> None:
        """`add` of a picture packed already (`packed_picture`, by a worker: omaha_audit/parallel.py), which
        is `order`th in the run's input."""
        self._add(packed, order, house, None)

    def _add(self, packed: PackedPicture, order: int, house: HouseRules, row: TableRow | None) -> None:
        index = self.house_index.get(id(house))
        if index is None:
            index = self.house_index[id(house)] = len(self.houses)
            self.houses.append(house)
        room, format_name, table, path, number, started, rest = packed
        # the sort keys: table, start (UTC seconds), hand number, place in the input (a number beyond SQLite's
        # 64-bit integers, which no room deals, sorts as no number: the hand keeps its place by time and input)
        if number is not None and not -SQLITE_INTEGERS <= number < SQLITE_INTEGERS:
            number = None
        # the texts every hand of a file or a table repeats (room, format, table, path) go to disk as numbers
        intern = self._intern
        tkey = intern(table)
        numbers = (index, intern(room), intern(format_name), tkey, intern(path), rest)
        self.count += 1
        if self.spill is None:
            self.pending.append((table, number, started, order, *numbers))
            if len(self.pending) >= BATCH:
                self._flush()
            return
        marshal.dump((number, started, order, *numbers), self.spill)
        if table in self.later:
            return
        state = self.live.get(table)
        key = _sort_key(number, started, order)
        if state is None:
            if len(self.live) >= self.live_tables:
                self.later.add(table)
                return
            state = self.live[table] = _Table()
        elif state.last is not None and key < state.last:
            del self.live[table]  # out of order: judged again at the end, in order
            self.later.add(table)
            return
        state.last = key
        hand = TableHand.from_row(row if row is not None else unpacked_picture(packed, order))
        found = self._next(state, hand, house, None, self.strict)
        if found:
            state.found.extend(found)

    def _flush(self) -> None:
        if self.pending:
            assert self.db is not None
            self.db.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self.pending)
            self.pending = []

    def sequences(self) -> Iterator[tuple[TableHand, HouseRules]]:
        """The hands in the database, table by table, each table's hands in order of time, number and input."""
        self._flush()
        assert self.db is not None
        rows = self.db.execute(
            "SELECT house, room, format, tkey, path, ord, rest FROM hands"
            " ORDER BY tbl, started IS NULL, started, number IS NULL, number, ord"
        )
        texts = self.texts
        for house, room, format_name, table, path, order, rest in rows:
            row = unpacked_picture(
                (texts[room], texts[format_name], texts[table], texts[path], None, None, rest), order
            )
            yield TableHand.from_row(row), self.houses[house]

    def _intern(self, text: str) -> int:
        number = self.text_numbers.get(text)
        if number is None:
            number = self.text_numbers[text] = len(self.texts)
            self.texts.append(text)
        return number

    def tables(self) -> int:
        """How many tables the run's hands were dealt at (a fast-fold pool counts as one)."""
        if self.stream:
            return len(self.live) + len(self.later)
        self._flush()
        assert self.db is not None
        row = self.db.execute("SELECT COUNT(DISTINCT tbl) FROM hands").fetchone()
        return int(row[0])

    def findings(self, on_hand: OnHand | None = None, *, strict: bool = False) -> Iterator[Finding]:
        """The findings of the rules across hands, table by table, each table's hands in order. Along a run
        of consecutive hands the rules may keep what they learn (the blinds a player missed); a gap or a
        new table forgets it. `on_hand(hand, pair, findings)` is called for every hand in that order
        (`pair` None for a table's first hand; not when the hands were judged as they came). A rule that
        crashes becomes an OA104 finding on the later hand (or raises when `strict`)."""
        if self.stream:
            if on_hand is not None:
                raise ValueError("the hands were judged as they came: there is no table order to follow")
            yield from self._streamed(strict)
            return
        for _, found in self._judged(on_hand, strict):
            yield from found

    def _judged(self, on_hand: OnHand | None, strict: bool) -> Iterator[tuple[str, list[Finding]]]:
        """Every hand of the database judged, table by table: (its table, its findings)."""
        state = _Table()
        table: str | None = None
        for hand, house in self.sequences():
            if hand.table != table:
                table, state = hand.table, _Table()
            yield hand.table, self._next(state, hand, house, on_hand, strict)

    def _streamed(self, strict: bool) -> Iterator[Finding]:
        """The findings of the hands judged as they came, and of the tables judged again from the spill,
        table by table in the order the database sorts them."""
        again: dict[str, list[Finding]] = {}
        if self.later:
            self._load_later()
            for table, found in self._judged(None, strict):
                if found:
                    again.setdefault(table, []).extend(found)
        for table in sorted([*self.live, *self.later]):
            state = self.live.get(table)
            yield from state.found if state is not None else again.get(table, [])

    def _load_later(self) -> None:
        """The pictures of the tables judged at the end, from the spill into the database."""
        assert self.spill is not None
        self.spill.flush()
        self.db = self._database()
        later, texts = self.later, self.texts
        with open(self.spill.name, "rb") as stream:
            while True:
                try:
                    record = marshal.load(stream)
                except EOFError:
                    break
                table = texts[record[6]]
                if table in later:
                    self.pending.append((table, *record))
                    if len(self.pending) >= BATCH:
                        self._flush()
        self._flush()

    def _next(
        self, state: _Table, hand: TableHand, house: HouseRules, on_hand: OnHand | None, strict: bool
    ) -> list[Finding]:
        """Judge a table's next hand against its last one (a table's first hand has none)."""
        previous = state.previous
        if previous is None:
            state.previous, state.memory = hand, {}
            if on_hand is not None:
                on_hand(hand, None, [])
            return []
        pair = TablePair(previous, hand, house, state.memory)
        if not pair.consecutive and not pair.duplicate:
            state.memory = pair.memory = {}
        found: list[Finding] = []
        for rule in self.rules_for(hand.format):
            if rule.consecutive_only and not pair.consecutive:
                continue
            try:
                found.extend(rule.check(pair))
            except Exception as error:
                if strict:
                    raise
                found.append(_crashed(rule, pair, error))
        if on_hand is not None:
            on_hand(hand, pair, found)
        if not pair.duplicate:
            state.previous = hand  # (a copy is judged against the first record, and so is the hand after it)
        return found

    def rules_for(self, format_name: str) -> tuple[TableRule, ...]:
        """The rules that judge this format's hands: not those its text gives no ground for."""
        rules = self.by_format.get(format_name)
        if rules is None:
            dropped = tuple(self.cannot_check(format_name)) if self.cannot_check is not None else ()
            rules = self.by_format[format_name] = tuple(r for r in self.rules if not r.code.startswith(dropped))
        return rules

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
        if self.spill is not None:
            self.spill.close()
        for path in self.paths:
            with contextlib.suppress(OSError):
                self.spill_bytes += path.stat().st_size  # (what the run needed on disk, for the benchmark)
            path.unlink(missing_ok=True)
        self.paths = []

    def __enter__(self) -> TableSequencer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _crashed(rule: TableRule, pair: TablePair, error: Exception) -> Finding:
    where = traceback.extract_tb(error.__traceback__)[-1]
    later = pair.later
    return Finding(
        code="OA104",
        severity=Severity.ERROR,
        message=f"Rule {rule.code} crashed on this hand and the one before it at its table: {error!r} at "
        f"{where.filename}:{where.lineno}",
        hand_id=later.hand_id,
        path=later.path,
        line=later.first_line,
        actual=repr(error),
        room=later.room,
        format=later.format,
    )


@dataclass(slots=True)
class TableSession:
    """Hands of one table around its continuity findings, in order (for the HTML report's table view):
    `hands` with their findings; `gaps[i]`: a gap (a hand not in the history) before hands[i]; `skipped`:
    hands of the table left out of the view."""

    table: str
    hands: list[TableHand] = field(default_factory=list)
    findings: list[list[Finding]] = field(default_factory=list)
    gaps: list[bool] = field(default_factory=list)
    skipped: int = 0
    flagged: bool = False


class TableWindows:
    """Keeps, for the first `tables` tables with an error or warning across hands, the hands around each
    such finding (`around` before and after it, at most `most` hands a table): what the report shows."""

    def __init__(self, tables: int, around: int = 6, most: int = 200) -> None:
        self.tables = tables
        self.around = around
        self.most = most
        self.sessions: list[TableSession] = []
        self.current: TableSession | None = None
        self.recent: deque[tuple[TableHand, list[Finding], bool]] = deque(maxlen=around)
        self.after = 0
        self.seen = 0

    def __call__(self, hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        if self.current is None or self.current.table != hand.table:
            self._close()
            self.current, self.after, self.seen = TableSession(hand.table), 0, 0
            self.recent.clear()
        session = self.current
        self.seen += 1
        gap = pair is not None and not pair.consecutive and not pair.duplicate
        loud = any(finding.severity is not Severity.INFO for finding in found)
        if loud:
            session.flagged = True
            while self.recent:
                self._keep(*self.recent.popleft())
            self.after = self.around
        if loud or self.after > 0:
            self._keep(hand, found, gap)
            if not loud:
                self.after -= 1
        else:
            self.recent.append((hand, found, gap))

    def _keep(self, hand: TableHand, found: list[Finding], gap: bool) -> None:
        session = self.current
        assert session is not None
        if len(session.hands) < self.most:
            session.hands.append(hand)
            session.findings.append(found)
            session.gaps.append(gap)

    def _close(self) -> None:
        session = self.current
        if session is not None and session.flagged and len(self.sessions) < self.tables:
            session.skipped = self.seen - len(session.hands)
            self.sessions.append(session)
        self.current = None

    def finish(self) -> list[TableSession]:
        self._close()
        return self.sessions


class TableRows:
    """One row per hand of the run in table order, for the exported `tables` table."""

    def __init__(self) -> None:
        self.rows: list[dict[str, object]] = []
        self.position = 0
        self.table: str | None = None

    def __call__(self, hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        if hand.table != self.table:
            self.table, self.position = hand.table, 0
        self.position += 1
        room, _, table_id = hand.table.partition("\t")
        started = hand.started.replace(tzinfo=None) if hand.started is not None else None
        self.rows.append(
            {
                "room": room,
                "table_id": table_id,
                "position": self.position,
                "hand_id": hand.hand_id,
                "path": hand.path,
                "line": hand.first_line,
                "time": started,
                "tournament_id": hand.tournament,
                "level": hand.level,
                "button": hand.button,
                "small_blind_seat": hand.blind_seat(ActionKind.POST_SMALL_BLIND),
                "big_blind_seat": hand.blind_seat(ActionKind.POST_BIG_BLIND),
                "seated": len(hand.seats),
                "dealt": len(hand.dealt_seats),
                "after_gap": pair is None or not (pair.consecutive or pair.duplicate),
                "copy": pair is not None and pair.duplicate,
                "findings": len(found),
            }
        )
