"""The report's view of a table: its hands in order around the findings across hands (OA7xx), seat by
seat, with the button and the blinds marked, the gaps (hands the history does not hold) shown, and the
findings on the hand they name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding
from omaha_audit.rules.tables import TableHand
from omaha_audit.run.sequences import TableSession

_MARKS = (
    (ActionKind.POST_SMALL_BLIND, "SB"),
    (ActionKind.POST_BIG_BLIND, "BB"),
    (ActionKind.POST_SMALL_AND_BIG_BLIND, "SB+BB"),
    (ActionKind.POST_DEAD, "dead"),
)


@dataclass(frozen=True, slots=True)
class SeatCell:
    player: str
    stack: str
    marks: str  # "B", "SB", "BB", "out", ... joined by spaces
    css: str  # "button", "blind", "out" or ""
    flagged: bool  # a finding names this seat


@dataclass(frozen=True, slots=True)
class TableFinding:
    code: str
    severity: str
    line: int
    message: str


@dataclass(frozen=True, slots=True)
class TableRow:
    hand_id: str
    where: str
    path: str
    time: str
    gap_before: bool
    cells: tuple[SeatCell | None, ...]
    findings: tuple[TableFinding, ...]


@dataclass(frozen=True, slots=True)
class TableView:
    anchor: str
    title: str
    subtitle: str
    seats: tuple[int, ...]
    rows: tuple[TableRow, ...]
    note: str


def table_view(index: int, session: TableSession) -> TableView:
    seats = sorted({seat.seat for hand in session.hands for seat in hand.seats})
    rows = tuple(
        _row(hand, seats, findings, gap)
        for hand, findings, gap in zip(session.hands, session.findings, session.gaps, strict=True)
    )
    room, _, table = session.table.partition("\t")
    first = session.hands[0] if session.hands else None
    kind = f"tournament {first.tournament}" if first is not None and first.tournament else "cash"
    shown = len(session.hands)
    note = (
        f"{shown:,} of the table's {shown + session.skipped:,} hands are shown: those around its errors and warnings."
        if session.skipped
        else ""
    )
    return TableView(f"table-{index}", f"{room}: table {table}", kind, tuple(seats), rows, note)


def _row(hand: TableHand, seats: list[int], findings: list[Finding], gap: bool) -> TableRow:
    named = {finding.seat for finding in findings}
    cells: list[SeatCell | None] = []
    for number in seats:
        seat = next((s for s in hand.seats if s.seat == number), None)
        if seat is None:
            cells.append(None if number != hand.button else SeatCell("(empty)", "", "B", "button", False))
            continue
        marks = ["B"] if number == hand.button else []
        posted = hand.posted(seat.player)
        marks += [label for kind, label in _MARKS if kind in posted]
        if not seat.dealt_in:
            marks.append("out")
        css = "button" if number == hand.button else "blind" if posted else "out" if not seat.dealt_in else ""
        cells.append(SeatCell(seat.player, hand.unit.format(seat.stack), " ".join(marks), css, number in named))
    shown = tuple(TableFinding(f.code, f.severity.value, f.line, f.message) for f in findings)
    started = f"{hand.started:%Y-%m-%d %H:%M:%S} UTC" if hand.started is not None else ""
    return TableRow(
        hand.hand_id,
        f"{PurePath(hand.path).name}:{hand.first_line}",
        hand.path,
        started,
        gap,
        tuple(cells),
        shown,
    )
