"""The context of one hand's view in the HTML report: seats and stacks, cards, the hand's lines street by
street with the pot, the amount to call and the legal bet/raise range beside each action, the offending
lines highlighted, and the award the rules engine expects next to the one the room made.

Every string is ready to print; the template only lays it out (and escapes it: names and chat are
untrusted text).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePath

from omaha_audit.engine.replay import VOLUNTARY
from omaha_audit.engine.settle import known_hole_cards
from omaha_audit.model import Hand, UnreadableHand, format_cards
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rules.base import Finding, HandContext, Severity
from omaha_audit.rules.tables import SeatAt, TableHand
from omaha_audit.run.pipeline import AuditedHand
from omaha_audit.stats.flags import positions
from omaha_audit.stats.frames import player_money, stakes_label


@dataclass(frozen=True, slots=True)
class FindingRow:
    index: int
    code: str
    severity: str
    room: str
    hand_id: str
    where: str  # file name:line (the full path is `path`)
    path: str
    line: int
    street: str
    player: str
    message: str
    expected: str
    actual: str
    anchor: str  # id of the hand view, "" when the hand has none
    hand_no: int = 0  # the hand's number among the run's hands (0: a finding across hands)
    table: str = ""  # the hand's table (its id as the room prints it), filled in when the page is made


def finding_row(index: int, finding: Finding, anchor: str = "", hand_no: int = 0, table: str = "") -> FindingRow:
    return FindingRow(
        index=index,
        code=finding.code,
        severity=finding.severity.value,
        room=finding.room or "",
        hand_id=finding.hand_id or "",
        where=f"{PurePath(finding.path).name}:{finding.line}",
        path=finding.path,
        line=finding.line,
        street=finding.street or "",
        player=finding.player or "",
        message=finding.message,
        expected=finding.expected or "",
        actual=finding.actual or "",
        anchor=anchor,
        hand_no=hand_no,
        table=table,
    )


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    player: str
    position: str
    stack: str
    cards: str
    invested: str
    collected: str
    net: str
    net_sign: str  # "pos", "neg" or "" (CSS)
    note: str  # "sitting out", "not dealt in"


@dataclass(frozen=True, slots=True)
class LineRow:
    """One line of the hand. Action lines carry the replay's figures; others only the text."""

    number: int
    text: str
    css: str  # "s": a street line, "f": a line with a finding
    figures: bool  # the pot, to-call and legal-range cells are there (actions, and lines with a finding)
    pot: str
    to_call: str
    legal: str
    codes: str  # finding codes on this line ("" when none)


@dataclass(frozen=True, slots=True)
class AwardRow:
    pot: str
    player: str
    expected: str
    actual: str
    differs: bool


@dataclass(frozen=True, slots=True)
class HandView:
    anchor: str
    title: str
    subtitle: str
    findings: tuple[FindingRow, ...]
    seats: tuple[SeatRow, ...]
    board: str
    lines: tuple[LineRow, ...]
    awards: tuple[AwardRow, ...]
    notes: tuple[str, ...]  # pots the engine cannot settle, replay problems, missing text
    key: tuple[str, int] = ("", 0)  # the hand's path and first line (its picture's, at its table)
    table: TableContext | None = None  # the stacks of the table's hands before and after it


@dataclass(frozen=True, slots=True)
class NeighbourRow:
    seat: int
    player: str
    before: str  # at the end of the table's previous hand ("" not there; its start when not replayed)
    start: str  # at the start of this hand
    after: str  # at the start of the table's next hand
    changed: bool  # the stack this hand starts with is not the one the previous hand ended with


@dataclass(frozen=True, slots=True)
class TableContext:
    """The hand among its table's hands: the hand before and after it, and each seat's stack across them."""

    before: str  # "#id (file:line)", or "" when the hand is the table's first in the run
    after: str
    rows: tuple[NeighbourRow, ...]
    note: str


def table_context(hand: TableHand, before: TableHand | None, after: TableHand | None) -> TableContext:
    """Each player's stack at the end of the table's previous hand, at the start of this one and at the start
    of the next (by name: a player who moved seats is on the row of the seat he holds in this hand)."""
    money = hand.unit.format

    def named(other: TableHand | None) -> dict[str, SeatAt]:
        return {seat.player: seat for seat in other.seats} if other is not None else {}

    earlier, later = named(before), named(after)
    rows: list[NeighbourRow] = []
    players = [(seat.seat, seat.player) for seat in hand.seats]
    players += sorted({(s.seat, s.player) for s in (*earlier.values(), *later.values())} - set(players))
    for number, player in sorted(players):
        now = next((seat for seat in hand.seats if seat.player == player), None)
        was, next_seat = earlier.get(player), later.get(player)
        ended = None if was is None else was.end_stack if was.end_stack is not None else was.stack
        rows.append(
            NeighbourRow(
                number,
                player,
                "" if ended is None else money(ended) + ("" if was is None or was.end_stack is not None else " start"),
                "" if now is None else money(now.stack),
                "" if next_seat is None else money(next_seat.stack),
                now is not None and ended is not None and ended != now.stack,
            )
        )
    note = "" if before is not None else "The first hand of its table in this run."
    if after is None:
        note = (note + " The last hand of its table in this run.").strip()
    return TableContext(_named(before), _named(after), tuple(rows), note)


def _named(hand: TableHand | None) -> str:
    if hand is None:
        return ""
    return f"#{hand.hand_id} ({PurePath(hand.path).name}:{hand.first_line})"


def _pot_name(pot: int, run: int) -> str:
    name = "main pot" if pot == 0 else f"side pot {pot}"
    return f"{name}, board {run}" if run else name


def _legal(ctx: HandContext, step_min: int | None, step_max: int | None, may_raise: bool) -> str:
    if step_min is None or step_max is None:
        return ""
    if not may_raise:
        return "raise closed"
    if step_min >= step_max:
        return ctx.money(step_max)
    return f"{ctx.money(step_min)} – {ctx.money(step_max)}"


def _seats(hand: Hand, ctx: HandContext | None) -> tuple[SeatRow, ...]:
    cards = known_hole_cards(hand) if hand.game.is_flop_game else {}
    money = player_money(hand, ctx) if ctx is not None else {}
    where: dict[str, str] = {}
    if ctx is not None:
        replayed = ctx.replay
        seated = [(name, replayed.players[name].seat) for name in replayed.order]
        where = positions(seated, hand.button, replayed.small_blind_player, replayed.big_blind_player)
    rows = []
    for seat in hand.seats:
        flows = money.get(seat.player)
        note = "sitting out" if seat.sitting_out else ("" if flows or ctx is None else "not dealt in")
        net = flows.net if flows else 0
        rows.append(
            SeatRow(
                seat=seat.seat,
                player=seat.player,
                position=where.get(seat.player, "BTN" if seat.seat == hand.button else ""),
                stack=hand.unit.format(seat.stack),
                cards=format_cards(cards[seat.player]) if seat.player in cards else "",
                invested=hand.unit.format(flows.invested) if flows else "",
                collected=hand.unit.format(flows.collected) if flows else "",
                net=(("+" if net > 0 else "") + hand.unit.format(net)) if flows else "",
                net_sign="pos" if net > 0 else ("neg" if net < 0 else ""),
                note=note,
            )
        )
    return tuple(rows)


def _awards(hand: Hand, ctx: HandContext) -> tuple[tuple[AwardRow, ...], list[str]]:
    settlement = ctx.settlement
    expected = settlement.expected()
    actual: dict[tuple[str, int, int], int] = defaultdict(int)
    for line in hand.collected:
        actual[(line.player, line.pot, line.run)] += line.amount
    notes = [
        f"{_pot_name(result.pot.index, 0).capitalize()}: the engine cannot settle it ({result.reason})."
        for result in settlement.results
        if not result.decided
    ]
    undecided = {result.pot.index for result in settlement.results if not result.decided}
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    keys = sorted(set(expected) | set(actual), key=lambda key: (key[1], key[2], seat_of.get(key[0], 99), key[0]))
    rows = []
    for key in keys:
        player, pot, run = key
        want = None if pot in undecided else expected.get(key, 0)
        got = actual.get(key, 0)
        rows.append(
            AwardRow(
                pot=_pot_name(pot, run),
                player=player,
                expected="?" if want is None else ctx.money(want),
                actual=ctx.money(got),
                differs=want is not None and want != got,
            )
        )
    if hand.pot is not None:
        notes.append(f"Rake {ctx.money(hand.pot.rake)} of a total pot of {ctx.money(hand.pot.total)}.")
    return tuple(rows), notes


def _lines(audited: AuditedHand, ctx: HandContext | None, flagged: dict[int, list[str]]) -> tuple[LineRow, ...]:
    steps = {step.action.source.line: step for step in ctx.replay.steps} if ctx is not None else {}
    rows = []
    if audited.lines:
        numbered = list(enumerate(audited.lines, start=audited.first_line))
    else:  # the text was not kept: the action lines, rebuilt from the model
        numbered = (
            [
                (line, f"{step.player}: {step.action.kind.value} {ctx.money(step.action.amount)}")
                for line, step in steps.items()
            ]
            if ctx is not None
            else []
        )
    for number, text in numbered:
        step = steps.get(number)
        codes = flagged.get(number, [])
        if step is not None and ctx is not None:
            voluntary = step.action.kind in VOLUNTARY
            rows.append(
                LineRow(
                    number=number,
                    text=text,
                    css="f" if codes else "",
                    figures=True,
                    pot=ctx.money(step.pot_before),
                    to_call=ctx.money(step.to_call) if voluntary and step.to_call else "",
                    legal=_legal(ctx, step.min_to, step.max_to, step.may_raise) if voluntary else "",
                    codes=" ".join(codes),
                )
            )
        else:
            css = " ".join(name for name, on in (("s", text.startswith("***")), ("f", bool(codes))) if on)
            rows.append(LineRow(number, text, css, bool(codes), "", "", "", " ".join(codes)))
    return tuple(rows)


def wants_view(findings: Iterable[Finding]) -> bool:
    """Whether a hand's findings earn it a view in the report: an error or a warning among them."""
    return any(finding.severity.rank >= Severity.WARNING.rank for finding in findings)


def view_context(audited: AuditedHand, ctx: HandContext | None, house: HouseRules | None) -> HandContext | None:
    """The context a hand's view is drawn from: `ctx` when the caller kept it, else a new one for a hand the
    engine replays (with its `house` rules); None for a hand it does not."""
    item = audited.item
    if ctx is None and house is not None and isinstance(item, Hand) and item.game.is_flop_game and not item.cancelled:
        return HandContext(item, house)
    return ctx


def rendered_view(audited: AuditedHand, ctx: HandContext | None, house: HouseRules | None) -> HandView | None:
    """A hand's view as it is rendered where the hand was audited (run/sink.py Viewer), or None when its
    findings earn it none: numbered and given its finding rows by the report (HtmlReport.add)."""
    if not wants_view(audited.findings):
        return None
    return hand_view(audited, 0, view_context(audited, ctx, house), [])


def hand_view(audited: AuditedHand, hand_no: int, ctx: HandContext | None, rows: list[FindingRow]) -> HandView:
    """The view of one hand with findings. `ctx` is the replayed hand (None: not replayed)."""
    anchor = f"hand-{hand_no}"
    flagged: dict[int, list[str]] = defaultdict(list)
    for finding in audited.findings:
        if finding.code not in flagged[finding.line]:
            flagged[finding.line].append(finding.code)
    item = audited.item
    if isinstance(item, UnreadableHand):
        title = f"Unreadable text, lines {item.first_line}–{item.last_line}"
        subtitle = f"{item.path}: {item.reason}"
        lines = _lines(audited, None, flagged)
        return HandView(anchor, title, subtitle, tuple(rows), (), "", lines, (), ())
    hand = item
    notes: list[str] = []
    awards: tuple[AwardRow, ...] = ()
    try:
        if ctx is not None:
            awards, notes = _awards(hand, ctx)
        seats = _seats(hand, ctx)
        lines = _lines(audited, ctx, flagged)
    except Exception as error:  # a hand the engine cannot replay still gets its text and findings
        notes = [f"The hand could not be replayed for this view: {error!r}."]
        seats = _seats(hand, None)
        lines = _lines(audited, None, flagged)
    if not audited.lines:
        notes.append("The hand's text was not kept; only its action lines are shown.")
    title = f"Hand #{hand.hand_id}"
    stakes = stakes_label(hand)
    tournament = f"Tournament #{hand.tournament.tournament_id}, " if hand.tournament else ""
    subtitle = (
        f"{tournament}{hand.game_text} {hand.structure.value} {stakes} · table {hand.table} · {hand.started_local}"
        f" · {hand.source.path}:{hand.source.line}"
    )
    board = "  |  ".join(format_cards(board) for board in hand.boards if board)
    key = (hand.source.path, hand.source.line)
    return HandView(anchor, title, subtitle, tuple(rows), seats, board, lines, awards, tuple(notes), key)
