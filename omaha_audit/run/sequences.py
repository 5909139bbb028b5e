"""Table sequences: the hands of a run grouped by room and table (with the tournament), across files, in
order of start time and hand number, for the rules across hands (omaha_audit/rules/tables.py).

The audit streams hands; their tables' sequences are known only at the end of the run. Each hand leaves a
small `TableHand` picture. The first IN_MEMORY pictures of a run are kept in memory (packed, about 600
bytes each: some 20 MB at most) and sorted there at the end; a run with more writes them all to a temporary
SQLite database on disk and goes on there, and reads them back at the end table by table in order (SQLite
sorts them). Both ways give the same order. Memory stays bounded whatever the number of hands and tables;
the database takes a few hundred bytes a hand on disk and is deleted when the run ends. (Kept in memory
too: the auditor's 8-byte key of each hand read, to count an identical copy once, see Auditor.seen; and
each distinct room, format, table key and file path once, which the rows on disk name by number.)
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
from typing import Any, Final

from omaha_audit.model import ActionKind
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRow, TableRule

SQLITE_INTEGERS: Final = 1 << 63
# A picture as it goes to disk: its room, format, table key and file (stored as numbers), its hand number and
# start (sort keys), and the rest of it as one `marshal` blob (TableRow's fields less those and its place in
# the input, which is a column of its own). A worker packs its pictures (omaha_audit/run/parallel.py).
PackedPicture = tuple[str, str, str, str, "int | None", "float | None", bytes]
BATCH: Final = 2_000  # rows written to the database at a time
IN_MEMORY: Final = 32_768  # pictures kept in memory; a run with more spills them to disk
Held = tuple[PackedPicture, int, int]  # a packed picture, its place in the input, its house rules' number
OnHand = Callable[[TableHand, "TablePair | None", list[Finding]], None]
Neighbours = tuple["TableHand | None", TableHand, "TableHand | None"]  # before, the hand, after


def packed_picture(row: TableRow) -> PackedPicture:
    """A picture (rules/tables.py TableRow) packed for the spill: see PackedPicture."""
    return (row[0], row[1], row[2], row[6], row[4], row[5], marshal.dumps((row[3], row[4], row[5], row[7], *row[9:])))


def unpacked_picture(packed: PackedPicture, order: int) -> TableRow:
    """The picture `packed_picture` packed, `order`th in the input."""
    room, format_name, table, path, _, _, rest = packed
    fields = marshal.loads(rest)
    return (room, format_name, table, fields[0], fields[1], fields[2], path, fields[3], order, *fields[4:])


class TableSequencer:
    """Collects the hands of a run (`add`), then yields the findings of the rules across hands (`findings`)."""

    def __init__(
        self,
        rules: tuple[TableRule, ...],
        directory: str | None = None,
        cannot_check: Callable[[str, str], Iterable[str]] | None = None,
        in_memory: int = IN_MEMORY,
    ) -> None:
        self.judge = TableJudge(rules, cannot_check)
        self.in_memory = in_memory  # pictures held in memory before they spill to disk
        self.directory = directory
        self.db: sqlite3.Connection | None = None  # (opened when the pictures spill to disk)
        self.path: Path | None = None
        # in memory, until IN_MEMORY: each picture after its sort keys and its house rules' number (None:
        # spilled, the database holds them)
        self.held: list[tuple[Any, ...]] | None = []
        self.pending: list[tuple[object, ...]] = []
        self.houses: list[HouseRules] = []
        self.house_index: dict[int, int] = {}
        self.count = 0
        self.spill_bytes = 0
        # each distinct room, format, table key and file path, once (in memory: one entry per table and file)
        self.texts: list[str] = []
        self.text_numbers: dict[str, int] = {}

    def add(self, row: TableRow, house: HouseRules) -> None:
        """Add a hand's picture (rules/tables.py table_row) with the house rules it was dealt by."""
        self.add_packed(packed_picture(row), row[8], house)

    def add_packed(self, packed: PackedPicture, order: int, house: HouseRules) -> None:
        """`add` of a picture packed already (`packed_picture`, by a worker: omaha_audit/run/parallel.py), which
        is `order`th in the run's input."""
        self.count += 1
        held = self.held
        if held is None:
            self._insert(packed, order, self._house(house))
            return
        number, started = _sortable(packed[4]), packed[5]
        # the sort keys, as the database orders them: table, start (none last), hand number (none last), input;
        # then the packed picture (a tuple of plain values and bytes, which the garbage collector does not
        # trace: 30,000 pictures held as tuples of tuples made every full collection of the run slower)
        held.append(
            (packed[2], started is None, started or 0.0, number is None, number or 0, order, self._house(house), packed)
        )
        if len(held) > self.in_memory:
            self._spill()

    def _house(self, house: HouseRules) -> int:
        index = self.house_index.get(id(house))
        if index is None:
            index = self.house_index[id(house)] = len(self.houses)
            self.houses.append(house)
        return index

    def _spill(self) -> None:
        """Move the pictures held in memory to a database on disk, where the rest of the run's go too."""
        held, self.held = self.held or [], None
        handle, name = tempfile.mkstemp(prefix="omaha-audit-tables-", suffix=".sqlite", dir=self.directory)
        os.close(handle)
        self.path = Path(name)
        self.db = sqlite3.connect(name)
        self.db.execute("PRAGMA journal_mode=OFF")
        self.db.execute("PRAGMA synchronous=OFF")
        self.db.execute(
            "CREATE TABLE hands (tbl TEXT, number INTEGER, started REAL, ord INTEGER, house INTEGER,"
            " room INTEGER, format INTEGER, tkey INTEGER, path INTEGER, rest BLOB)"
        )
        for item in held:
            self._insert(item[7], item[5], item[6])

    def _insert(self, packed: PackedPicture, order: int, house: int) -> None:
        room, format_name, table, path, number, started, rest = packed
        # the sort keys: table, start (UTC seconds), hand number, place in the input (a number beyond SQLite's
        # 64-bit integers, which no room deals, sorts as no number: the hand keeps its place by time and input)
        # the texts every hand of a file or a table repeats (room, format, table, path) go to disk as numbers
        intern = self._intern
        self.pending.append(
            (
                table,
                _sortable(number),
                started,
                order,
                house,
                intern(room),
                intern(format_name),
                intern(table),
                intern(path),
                rest,
            )
        )
        if len(self.pending) >= BATCH:
            self._flush()

    def _flush(self) -> None:
        if self.pending and self.db is not None:
            self.db.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self.pending)
            self.pending = []

    def sequences(self) -> Iterator[tuple[TableHand, HouseRules]]:
        """Every hand of the run, table by table, each table's hands in order of number, time and input."""
        houses = self.houses
        for packed, order, house in self.packed_sequences():
            yield TableHand.from_row(unpacked_picture(packed, order)), houses[house]

    def packed_sequences(self) -> Iterator[Held]:
        """`sequences`, each hand's picture still packed: (the picture, its place in the input, the number of
        its house rules in `houses`)."""
        held = self.held
        if held is not None:
            held.sort(key=_sort_key)
            for item in held:
                yield item[7], item[5], item[6]
            return
        self._flush()
        assert self.db is not None
        rows = self.db.execute(
            "SELECT house, room, format, tkey, path, ord, rest FROM hands"
            " ORDER BY tbl, started IS NULL, started, number IS NULL, number, ord"
        )
        texts = self.texts
        for house, room, format_name, table, path, order, rest in rows:
            yield (texts[room], texts[format_name], texts[table], texts[path], None, None, rest), order, house

    def table_chunks(self, size: int) -> Iterator[list[Held]]:
        """`packed_sequences` in chunks of whole tables, each of `size` hands or more (a table is never split;
        the last chunk may be smaller): what the workers of a parallel run judge (omaha_audit/run/parallel.py)."""
        chunk: list[Held] = []
        table = None
        for item in self.packed_sequences():
            if item[0][2] != table:
                table = item[0][2]
                if len(chunk) >= size:
                    yield chunk
                    chunk = []
            chunk.append(item)
        if chunk:
            yield chunk

    def _intern(self, text: str) -> int:
        number = self.text_numbers.get(text)
        if number is None:
            number = self.text_numbers[text] = len(self.texts)
            self.texts.append(text)
        return number

    def tables(self) -> int:
        """How many tables the run's hands were dealt at (a fast-fold pool counts as one)."""
        if self.held is not None:
            return len({item[0] for item in self.held})
        self._flush()
        assert self.db is not None
        row = self.db.execute("SELECT COUNT(DISTINCT tbl) FROM hands").fetchone()
        return int(row[0])

    def findings(self, on_hand: OnHand | None = None, *, strict: bool = False) -> Iterator[Finding]:
        """The findings of the rules across hands on the run's hands (TableJudge.findings)."""
        return self.judge.findings(self.sequences(), on_hand, strict=strict)

    def close(self) -> None:
        self.held = None
        if self.db is None or self.path is None:
            return  # (nothing went to disk)
        self.db.close()
        with contextlib.suppress(OSError):
            self.spill_bytes = self.path.stat().st_size  # (what the run needed on disk, for the benchmark)
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> TableSequencer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TableJudge:
    """The rules across hands, run on a run's hands in table order (`findings`): in the process that
    collected them (TableSequencer.findings), or in the workers of a parallel run, a chunk of whole tables
    each (omaha_audit/run/parallel.py)."""

    def __init__(
        self, rules: tuple[TableRule, ...], cannot_check: Callable[[str, str], Iterable[str]] | None = None
    ) -> None:
        self.rules = rules
        self.cannot_check = cannot_check  # (format, room) -> the codes (or prefixes) its text gives no ground for
        self.by_format: dict[tuple[str, str], tuple[TableRule, ...]] = {}

    def findings(
        self, sequence: Iterable[tuple[TableHand, HouseRules]], on_hand: OnHand | None = None, *, strict: bool = False
    ) -> Iterator[Finding]:
        """The findings of the rules across hands on `sequence` (hands table by table, each table's in
        order), table by table. Along a run of consecutive hands the rules may keep what they learn (the
        blinds a player missed); a gap or a new table forgets it. `on_hand(hand, pair, findings)` is called
        for every hand in that order (`pair` None for a table's first hand). A rule that crashes becomes an
        OA104 finding on the later hand (or raises when `strict`)."""
        previous: TableHand | None = None
        memory: dict[str, object] = {}
        for hand, house in sequence:
            if previous is None or hand.table != previous.table:
                previous, memory = hand, {}
                if on_hand is not None:
                    on_hand(hand, None, [])
                continue
            pair = TablePair(previous, hand, house, memory)
            if not pair.consecutive and not pair.duplicate:
                memory = pair.memory = {}
            found = self.judge(pair, strict=strict)
            if on_hand is not None:
                on_hand(hand, pair, found)
            yield from found
            if not pair.duplicate:
                previous = hand  # (a copy is judged against the first record, and so is the hand after it)

    def judge(self, pair: TablePair, *, strict: bool = False) -> list[Finding]:
        """The findings of the rules across hands on one pair of a table's hands (`findings` calls it for each
        pair in order; a live watch as each hand comes: omaha_audit/run/watch.py)."""
        found: list[Finding] = []
        for rule in self.rules_for(pair.later.format, pair.later.room):
            if rule.consecutive_only and not pair.consecutive:
                continue
            try:
                found.extend(rule.check(pair))
            except Exception as error:
                if strict:
                    raise
                found.append(_crashed(rule, pair, error))
        return found

    def rules_for(self, format_name: str, room: str) -> tuple[TableRule, ...]:
        """The rules that judge this format's hands of this room: not those its text gives no ground for."""
        key = (format_name, room)
        rules = self.by_format.get(key)
        if rules is None:
            dropped = tuple(self.cannot_check(format_name, room)) if self.cannot_check is not None else ()
            rules = self.by_format[key] = tuple(r for r in self.rules if not r.code.startswith(dropped))
        return rules


def _sortable(number: int | None) -> int | None:
    """A hand number as a sort key: one beyond SQLite's 64-bit integers sorts as no number."""
    if number is not None and not -SQLITE_INTEGERS <= number < SQLITE_INTEGERS:
        return None
    return number


def _sort_key(item: tuple[Any, ...]) -> tuple[Any, ...]:
    return item[:6]


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


class TableNeighbours:
    """For the hands in `wanted` (their path and first line: the hands the report shows), the hand itself
    with the hand before and the hand after it at its table, in the table's order (what the hand view shows
    of the stacks)."""

    def __init__(self, wanted: set[tuple[str, int]]) -> None:
        self.wanted = wanted
        self.found: dict[tuple[str, int], Neighbours] = {}
        self.previous: TableHand | None = None
        self.waiting: tuple[str, int] | None = None  # a wanted hand whose next hand is still to come

    def __call__(self, hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        before = self.previous if self.previous is not None and self.previous.table == hand.table else None
        if self.waiting is not None:
            first, itself, _ = self.found[self.waiting]
            self.found[self.waiting] = (first, itself, hand if before is not None else None)
            self.waiting = None
        key = (hand.path, hand.first_line)
        if key in self.wanted:
            self.found[key] = (before, hand, None)
            self.waiting = key
        self.previous = hand


RowSink = Callable[[dict[str, object]], None]  # where the `tables` table's rows go, one at a time


class TableRows:
    """One row per hand of the run in table order, for the exported `tables` table: kept in `rows`, or
    given to `sink` as each is made (an export writes them to disk as it goes)."""

    def __init__(self, sink: RowSink | None = None) -> None:
        self.rows: list[dict[str, object]] = []
        self.sink: RowSink = sink if sink is not None else self.rows.append
        self.position = 0
        self.table: str | None = None

    def __call__(self, hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        if hand.table != self.table:
            self.table, self.position = hand.table, 0
        self.position += 1
        room, _, table_id = hand.table.partition("\t")
        started = hand.started.replace(tzinfo=None) if hand.started is not None else None
        self.sink(
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


@dataclass(slots=True)
class Watchers:
    """What a run keeps of its hands in table order besides the findings across hands: the report's table
    views (`views` tables at most) and the neighbours of the hands it shows (`wanted`), the exported `tables`
    table's rows (`rows`)."""

    windows: TableWindows | None
    rows: TableRows | None
    around: TableNeighbours | None

    @staticmethod
    def of(views: int, rows: bool, wanted: set[tuple[str, int]] | None, sink: RowSink | None = None) -> Watchers:
        return Watchers(
            TableWindows(views) if views else None,
            TableRows(sink) if rows else None,
            TableNeighbours(wanted) if wanted else None,
        )

    def on_hand(self) -> OnHand | None:
        """The one callback of TableJudge.findings that feeds them all (None: nothing to keep)."""
        return _both(_both(self.windows, self.rows), self.around)

    def sessions(self) -> list[TableSession]:
        return self.windows.finish() if self.windows is not None else []

    def table_rows(self) -> list[dict[str, object]]:
        return self.rows.rows if self.rows is not None else []

    def neighbours(self) -> dict[tuple[str, int], Neighbours]:
        return self.around.found if self.around is not None else {}


def _both(first: OnHand | None, second: OnHand | None) -> OnHand | None:
    if first is None or second is None:
        return first or second

    def call(hand: TableHand, pair: TablePair | None, found: list[Finding]) -> None:
        first(hand, pair, found)
        second(hand, pair, found)

    return call
