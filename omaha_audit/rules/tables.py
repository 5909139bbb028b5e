"""Rules across hands: what one table's consecutive hands must show (RULES.md section 12, CT-1 ... CT-6).

Each audited hand leaves a `TableHand`: a small picture of what the next hand at its table is judged
against (who sat where with how many chips, who posted what, where the button was, the stacks at the end).
A table rule sees two hands of one table in order (`TablePair`) and yields findings on the later hand's
lines: its seat line or its post line.

Which hands follow each other. A history holds only the hands its owner was dealt in or sat at, and hand
numbers are counted across a room's tables, so a hand missing between two hands of a table cannot be seen
in the numbers. The stacks show it: any hand dealt between two others moves the chips of at least two
players (the blinds), so when every player present in both hands starts the later one with the chips they
ended the earlier one with, but for one at most, the two hands are consecutive. Otherwise there is a gap,
and nothing is inferred across it (CT rules only judge consecutive pairs, except CT-5 and CT-6, which do not
depend on it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from omaha_audit.model import STUD_GAMES, ActionKind, EventKind, FeeEffect, FeeKind, Hand, Refunds, Source, Unit
from omaha_audit.model.enums import STACK_BOUGHT
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.model.numbers import number_or_none
from omaha_audit.rules.base import Finding, HandContext, Severity, doc_summary, docstring
from omaha_audit.rules.misread import WITHHELD

# (a tuple tested by identity: `kind in frozenset` hashes the member, which is Python code even compiled)
_POSTS: Final = tuple(kind for kind in ActionKind if kind.is_post)
ACTION_KINDS: Final = {kind.value: kind for kind in ActionKind}  # (a dict look-up: ActionKind(value) is slow)


@dataclass(frozen=True, slots=True)
class SeatAt:
    """A seat line of the hand: who sat there, with what, and whether they were dealt in."""

    seat: int
    player: str
    stack: int  # at the start of the hand
    end_stack: int | None  # at its end (None when the hand could not be replayed)
    sitting_out: bool
    dealt_in: bool
    line: int
    collected: int = 0  # what the player collected in the hand

    def __init__(
        self,
        seat: int,
        player: str,
        stack: int,
        end_stack: int | None,
        sitting_out: bool,
        dealt_in: bool,
        line: int,
        collected: int = 0,
    ) -> None:
        self.seat, self.player, self.stack, self.end_stack = seat, player, stack, end_stack  # type: ignore[misc]
        self.sitting_out, self.dealt_in, self.line = sitting_out, dealt_in, line  # type: ignore[misc]
        self.collected = collected  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class PostAt:
    player: str
    kind: ActionKind
    amount: int
    line: int

    def __init__(self, player: str, kind: ActionKind, amount: int, line: int) -> None:
        self.player, self.kind, self.amount, self.line = player, kind, amount, line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class TableHand:
    """What a later hand at the same table is judged against (picklable: it may be spilled to disk)."""

    room: str
    format: str
    table: str  # the table key: room and the room's table id (with the tournament's)
    hand_id: str
    number: int | None  # the hand id as a number, where it is one
    started: datetime | None  # UTC, or the printed time where no zone is known
    path: str
    first_line: int
    order: int  # the hand's place in the run (ties in hand number and time keep the input's order)
    digest: bytes  # of the hand's text: an identical duplicate has the same
    kind: str  # hand | zoom | home-game
    unit: Unit
    tournament: str | None
    level: str | None
    small_blind: int | None
    big_blind: int | None
    ante: int | None
    button: int | None
    max_seats: int | None
    seats: tuple[SeatAt, ...]
    posts: tuple[PostAt, ...]
    rebuys: tuple[str, ...]  # players who re-bought or took an add-on in this hand (tournaments)
    rake_printed: bool = True  # False: the hand prints no rake (what a winner kept is then not known)
    replayed: bool = True  # False: the hand could not be replayed (no end stacks)
    seats_kept: bool = True  # False: the room renumbers its seats between hands (their numbers are not kept)
    button_known: bool = True  # False: the reader could not place the button for sure

    def __init__(
        self,
        room: str,
        format: str,
        table: str,
        hand_id: str,
        number: int | None,
        started: datetime | None,
        path: str,
        first_line: int,
        order: int,
        digest: bytes,
        kind: str,
        unit: Unit,
        tournament: str | None,
        level: str | None,
        small_blind: int | None,
        big_blind: int | None,
        ante: int | None,
        button: int | None,
        max_seats: int | None,
        seats: tuple[SeatAt, ...],
        posts: tuple[PostAt, ...],
        rebuys: tuple[str, ...],
        rake_printed: bool = True,
        replayed: bool = True,
        seats_kept: bool = True,
        button_known: bool = True,
    ) -> None:
        # (written out, as the model's classes are: compiled, plain stores; see model/frozen.py)
        self.room, self.format, self.table, self.hand_id = room, format, table, hand_id  # type: ignore[misc]
        self.number, self.started, self.path, self.first_line = number, started, path, first_line  # type: ignore[misc]
        self.order, self.digest, self.kind, self.unit = order, digest, kind, unit  # type: ignore[misc]
        self.tournament, self.level, self.small_blind = tournament, level, small_blind  # type: ignore[misc]
        self.big_blind, self.ante, self.button, self.max_seats = big_blind, ante, button, max_seats  # type: ignore[misc]
        self.seats, self.posts, self.rebuys = seats, posts, rebuys  # type: ignore[misc]
        self.rake_printed, self.replayed = rake_printed, replayed  # type: ignore[misc]
        self.seats_kept, self.button_known = seats_kept, button_known  # type: ignore[misc]

    def to_row(self) -> tuple[object, ...]:
        """The picture as plain values (what the table sequences spill to disk: `marshal` writes these several
        times faster than `pickle` writes the dataclasses)."""
        started = self.started.timestamp() if self.started is not None else None
        return (
            self.room,
            self.format,
            self.table,
            self.hand_id,
            self.number,
            started,
            self.path,
            self.first_line,
            self.order,
            self.digest,
            self.kind,
            self.unit.currency,
            self.unit.decimals,
            self.tournament,
            self.level,
            self.small_blind,
            self.big_blind,
            self.ante,
            self.button,
            self.max_seats,
            tuple(
                (s.seat, s.player, s.stack, s.end_stack, s.sitting_out, s.dealt_in, s.line, s.collected)
                for s in self.seats
            ),
            tuple((p.player, p.kind.value, p.amount, p.line) for p in self.posts),
            self.rebuys,
            self.rake_printed,
            self.replayed,
            self.seats_kept,
            self.button_known,
        )

    @staticmethod
    def from_row(row: tuple[Any, ...]) -> TableHand:
        (room, format_name, table, hand_id, number, started, path, first_line, order, digest, kind) = row[:11]
        (currency, decimals, tournament, level, small, big, ante, button, max_seats) = row[11:20]
        seats, posts, rebuys, rake_printed, replayed, seats_kept, button_known = row[20:]
        return TableHand(
            room,
            format_name,
            table,
            hand_id,
            number,
            datetime.fromtimestamp(started, UTC) if started is not None else None,
            path,
            first_line,
            order,
            digest,
            kind,
            Unit(currency, decimals),
            tournament,
            level,
            small,
            big,
            ante,
            button,
            max_seats,
            _seats_at(seats),
            _posts_at(posts),
            tuple(rebuys),
            rake_printed,
            replayed,
            seats_kept,
            button_known,
        )

    def seat_of(self, player: str) -> SeatAt | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None

    @property
    def dealt_seats(self) -> list[int]:
        return [seat.seat for seat in self.seats if seat.dealt_in]

    def blind_seat(self, kind: ActionKind) -> int | None:
        """The seat of the first player to post `kind`: for the blinds, the one posted in position
        (rooms print the blinds in position first, then the extra blinds of new and returning players)."""
        for post in self.posts:
            if post.kind is kind:
                seat = self.seat_of(post.player)
                return seat.seat if seat is not None else None
        return None

    def posted(self, player: str) -> frozenset[ActionKind]:
        return frozenset(post.kind for post in self.posts if post.player == player)

    @property
    def heads_up(self) -> bool:
        return sum(1 for seat in self.seats if seat.dealt_in) == 2

    def source(self, line: int | None = None) -> Source:
        return Source(self.path, line or self.first_line, line or self.first_line)


TableRow = tuple[Any, ...]  # a TableHand as plain values (TableHand.to_row, TableHand.from_row)


def _seats_at(rows: tuple[Any, ...]) -> tuple[SeatAt, ...]:
    seats: list[SeatAt] = []
    for seat, player, stack, end_stack, sitting_out, dealt_in, line, collected in rows:
        seats.append(SeatAt(seat, player, stack, end_stack, sitting_out, dealt_in, line, collected))
    return tuple(seats)


def _posts_at(rows: tuple[Any, ...]) -> tuple[PostAt, ...]:
    posts: list[PostAt] = []
    for player, value, amount, line in rows:
        posts.append(PostAt(player, ACTION_KINDS[value], amount, line))
    return tuple(posts)


def table_hand(ctx: HandContext, order: int, digest: bytes) -> TableHand:
    """The picture a hand leaves for the next hand at its table. (Fast-fold pools, Zoom or Rush & Cash, seat
    new players every hand: their hands are kept for CT-5 only, see TablePair.)"""
    return TableHand.from_row(table_row(ctx, order, digest))


def table_row(ctx: HandContext, order: int, digest: bytes) -> TableRow:
    """table_hand's picture as the plain row the table sequences store (built directly: the audit makes one
    for every hand, and reads it back as a TableHand only at the end)."""
    # (plain loops: compiled, a generator handed to tuple() is a slow generic call)
    hand = ctx.hand
    # a hand whose dealer's checks were withheld on a line not read (rules/misread.py) leaves no end stacks:
    # what it moved is not known, so no stack is judged across it
    ends = {} if WITHHELD in ctx.memo else _end_stacks(ctx)
    won = _collected(hand)
    dealt: set[str] = set()
    if ctx.replayable:
        for name in ctx.replay.order:
            dealt.add(name)
    else:
        for action in hand.actions:
            dealt.add(action.player)
    seats: list[tuple[Any, ...]] = []
    for seat in hand.seats:
        player = seat.player
        seats.append(
            (
                seat.seat,
                player,
                seat.stack,
                ends.get(player),
                seat.sitting_out or seat.out_of_hand,
                player in dealt,
                seat.source.line,
                won.get(player, 0),
            )
        )
    posts: list[tuple[Any, ...]] = []
    for action in hand.actions:
        if _is_post(action.kind):
            posts.append((action.player, action.kind.value, action.amount, action.source.line))
    rebuys: list[str | None] = []
    for event in hand.events:
        if event.player and event.kind in STACK_BOUGHT:  # (a re-buy or an add-on: its reader says so)
            rebuys.append(event.player)
    replayed = bool(ends)
    return _row(hand, order, digest, tuple(seats), tuple(posts), tuple(rebuys), replayed)


def copy_record(hand: Hand, order: int, digest: bytes) -> TableRow:
    """The picture of an identical copy of a hand already read: where it is, for CT-5; it is not audited."""
    return _row(hand, order, digest, (), (), (), False)


def as_copy(row: TableRow, order: int) -> TableRow:
    """`copy_record` of the hand a picture shows, numbered `order`: for a hand found to be a copy after its
    picture was taken (omaha_audit/run/parallel.py: copies across the files of different workers)."""
    return (*row[:8], order, *row[9:20], (), (), (), row[23], False, *row[25:])


def _row(
    hand: Hand,
    order: int,
    digest: bytes,
    seats: tuple[tuple[Any, ...], ...],
    posts: tuple[tuple[Any, ...], ...],
    rebuys: tuple[str | None, ...],
    replayed: bool,
) -> TableRow:
    tournament = hand.tournament
    stakes = hand.stakes
    unit = hand.unit
    return (
        hand.room,
        hand.format,
        f"{hand.room}\t{hand.table_id}",
        hand.hand_id,
        number_or_none(hand.hand_id),  # (an id of letters, or too long to be a number: none)
        hand.started.timestamp() if hand.started is not None else None,
        hand.source.path,
        hand.source.line,
        order,
        digest,
        hand.kind,
        unit.currency,
        unit.decimals,
        tournament.tournament_id if tournament is not None else None,
        tournament.level if tournament is not None else None,
        stakes.small_blind,
        stakes.big_blind if stakes.big_blind is not None else stakes.small_bet,
        stakes.ante,
        # (a stud table has no button: a dealer seat some rooms print there, as Merge and OnGame, moves by
        # no rule the audit knows, and no blind follows it: OA701 leaves such hands out)
        hand.button if hand.game not in STUD_GAMES else None,
        hand.max_seats,
        seats,
        posts,
        rebuys,
        hand.pot is not None and hand.pot.rake is not None,
        replayed,
        not _has_event(hand, EventKind.SEATS_RENUMBERED),
        not _has_event(hand, EventKind.BUTTON_UNCERTAIN),
    )


def _is_post(kind: ActionKind) -> bool:
    for post in _POSTS:  # noqa: SIM110 (compiled, any() over a generator is a slow generic call)
        if kind is post:
            return True
    return False


def _has_event(hand: Hand, kind: str) -> bool:
    for event in hand.events:  # noqa: SIM110 (compiled, any() over a generator is a slow generic call)
        if event.kind == kind:
            return True
    return False


def text_digest(lines: list[str]) -> bytes:
    """A hand's text as 16 bytes: two records of a hand with the same digest have the same text."""
    return hashlib.blake2b("\n".join(lines).encode("utf-8", "surrogateescape"), digest_size=16).digest()


def _end_stacks(ctx: HandContext) -> dict[str, int]:
    """Each seated player's chips at the end: the start, less what they put in, plus what came back to them
    (the uncalled bet: as printed, or as the engine finds it where the room prints none, or inside the
    collected amount where the room pays it there), what they collected and a cash-out. Empty when the
    hand was not replayed."""
    hand = ctx.hand
    if not ctx.replayable or hand.truncated:
        return {}
    replayed = ctx.replay
    ends = {seat.player: seat.stack for seat in hand.seats}
    for name, state in replayed.players.items():
        if name in ends:
            ends[name] -= state.contributed
    if hand.refunds is Refunds.LINE:
        for returned in hand.uncalled:
            if returned.player in ends:
                ends[returned.player] += returned.amount
    elif hand.refunds is Refunds.IMPLIED:
        refund = ctx.settlement.refund
        if refund is not None and refund[0] in ends:
            ends[refund[0]] += refund[1]
    for item in hand.collected:
        if item.player in ends:
            ends[item.player] += item.amount
    for cash_out in hand.cash_outs:
        if cash_out.player in ends:
            ends[cash_out.player] += cash_out.amount
    for fee in hand.fees:
        if fee.effect is FeeEffect.OUTSIDE and fee.player in ends:
            if fee.kind is FeeKind.INSURANCE:
                ends[fee.player] -= fee.amount  # the premium, paid from the stack
            else:
                del ends[fee.player]  # a cash-out's risk payment: what reached the stack is not printed
    return ends


def _collected(hand: Hand) -> dict[str, int]:
    won: dict[str, int] = {}
    for item in hand.collected:
        won[item.player] = won.get(item.player, 0) + item.amount
    return won


class TablePair:
    """Two hands of one table, the later after the earlier (with the later's house rules): whether they
    are two records of one hand (`duplicate`), and whether any hand was dealt between them."""

    __slots__ = ("consecutive", "duplicate", "earlier", "house", "later", "memory", "moved")

    def __init__(
        self, earlier: TableHand, later: TableHand, house: HouseRules, memory: dict[str, object] | None = None
    ) -> None:
        self.earlier = earlier
        self.later = later
        self.house = house
        self.memory = memory if memory is not None else {}  # what rules keep along one run of consecutive hands
        self.duplicate = earlier.hand_id == later.hand_id
        self.moved = stack_changes(earlier, later)  # players whose chips changed between the hands
        common = sum(1 for seat in later.seats if earlier.seat_of(seat.player) is not None)
        self.consecutive = (
            not self.duplicate
            and later.kind != "zoom"
            and earlier.seats_kept
            and later.seats_kept
            and common >= 2
            and len(self.moved) <= 1
            and earlier.replayed
        )


def stack_changes(earlier: TableHand, later: TableHand) -> dict[str, tuple[int, int]]:
    """Players seated in both hands whose stack at the start of the later is not their stack at the end of
    the earlier: player -> (end of earlier, start of later)."""
    changed: dict[str, tuple[int, int]] = {}
    for seat in later.seats:
        before = earlier.seat_of(seat.player)
        if before is not None and before.end_stack is not None and before.end_stack != seat.stack:
            changed[seat.player] = (before.end_stack, seat.stack)
    return changed


TableCheck = Callable[[TablePair], Iterator[Finding]]


@dataclass(frozen=True, eq=False)
class TableRule:
    """A rule across two hands of one table: a stable code (OA7xx), a name, the RULES.md ids, its check.
    `consecutive_only`: judged only on pairs with no hand between them."""

    code: str
    name: str
    severity: Severity
    rule_ids: tuple[str, ...]
    check: TableCheck
    consecutive_only: bool = True

    @property
    def doc(self) -> str:
        return docstring(self.check)

    @property
    def summary(self) -> str:
        return doc_summary(self.doc, self.name)

    def finding(
        self,
        pair: TablePair,
        message: str,
        line: int | None = None,
        *,
        player: str | None = None,
        seat: int | None = None,
        expected: object = None,
        actual: object = None,
        severity: Severity | None = None,
    ) -> Finding:
        later = pair.later
        where = later.source(line)
        return Finding(
            code=self.code,
            severity=severity or self.severity,
            message=message,
            hand_id=later.hand_id,
            path=where.path,
            line=where.line,
            street=None,
            seat=seat,
            player=player,
            expected=None if expected is None else str(expected),
            actual=None if actual is None else str(actual),
            room=later.room,
            format=later.format,
        )


def clockwise_after(seat: int, seats: list[int]) -> int | None:
    """The first of `seats` after `seat` going clockwise (up the seat numbers, round the table)."""
    if not seats:
        return None
    later = sorted(number for number in seats if number > seat)
    return later[0] if later else min(seats)


def between(start: int, end: int, seat: int) -> bool:
    """Whether `seat` lies strictly between `start` and `end` going clockwise (all the other seats of the
    table when `start` is `end`)."""
    if start < end:
        return start < seat < end
    return seat > start or seat < end


def staying(pair: TablePair) -> list[SeatAt]:
    """The later hand's players who were dealt in both hands, in the same seat."""
    earlier = pair.earlier
    kept = []
    for seat in pair.later.seats:
        before = earlier.seat_of(seat.player)
        if seat.dealt_in and before is not None and before.dealt_in and before.seat == seat.seat:
            kept.append(seat)
    return kept


fast_init(SeatAt, PostAt, TableHand)
