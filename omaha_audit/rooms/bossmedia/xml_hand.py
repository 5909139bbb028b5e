"""The parts of one hand as an XML room's reader finds them, and the room-neutral `Hand` they make.

The XML readers (Boss Media, Microgaming, Merge, Everest) turn elements into calls on `HandParts`, in the
order the hand was played (the room's sequence numbers where it gives them, else document order): the
parts number every action, street and showdown line in that order (`Action.order`), keep the ledger of
street totals (parse/ledger.py) so that each action gets the chips it adds and the street total it brings
the player to whatever the room prints, and mark a line all-in when it puts in the player's last chips.

Amounts are read by the reading kit (kit/amounts.py) in the room's number style (`decimal`: the decimal mark
the room always writes, or None to let the text decide). An amount an element cannot give (`1,7,0.0`) makes
that element a line not read (`reading`: a `Defect` on its line, the element left out of the hand) and the
rest of the hand is read; only a tournament's chips with decimals (`FinerThanUnit`) go up to the room's
reader, which reads the hand again in hundredths.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime
from types import TracebackType
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Fee,
    Game,
    Half,
    Hand,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    ShowdownMark,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    UncalledReturn,
    Unit,
    UnreadableHand,
)
from omaha_audit.parse.ledger import ADDED, Ledger
from omaha_audit.rooms.bossmedia.xml_stream import element_text
from omaha_audit.rooms.kit.amounts import AmountError as TextError
from omaha_audit.rooms.kit.amounts import FinerThanUnit, read_amount

_AMOUNTS: Final[dict[tuple[str, int, str | None], int]] = {}  # amounts read so far (XML rooms repeat a few thousand)
_AMOUNTS_KEPT: Final = 1 << 14
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_CALL: Final = ActionKind.CALL
_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP


class AmountError(ValueError):
    """An amount of the hand not read, at `line`; `finer` when it has more decimal places than the unit the
    reader took (tournament chips with decimals: a reader may read the hand again in hundredths)."""

    def __init__(self, text: str, line: int, reason: str = "", finer: bool = False) -> None:
        super().__init__(f"amount {text!r} not read: {reason}" if reason else f"amount {text!r} not read")
        self.text = text
        self.line = line
        self.finer = finer


class Reading:
    """`with parts.reading(line, text):` around the reading of one element: an amount it cannot give makes
    the element a line not read (a `Defect`, the element left out) instead of stopping the hand, unless it
    is finer than a unit the reader will read again in hundredths (`HandParts.retry_finer`)."""

    def __init__(self, parts: HandParts, line: int, element: ET.Element) -> None:
        self.parts = parts
        self.line = line
        self.element = element

    def __enter__(self) -> Reading:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool:
        if not isinstance(error, AmountError) or (error.finer and self.parts.retry_finer):
            return False
        self.parts.defects.append(Defect(self.line, element_text(self.element), str(error)))
        return True


class Header:
    """What a hand's header says, in the model's terms (set by the room's reader)."""

    def __init__(self, room: str, format: str, hand_id: str) -> None:
        self.room = room
        self.format = format
        self.hand_id = hand_id
        self.game = Game.OTHER
        self.game_text = ""
        self.structure = Structure.NO_LIMIT
        self.unit = Unit("chips", 0)
        self.stakes = Stakes(None, None)
        self.started: datetime | None = None
        self.started_local = ""
        self.table = ""
        self.table_id = ""
        self.max_seats: int | None = None
        self.tournament: Tournament | None = None
        self.play_money = False


class HandParts:
    """One hand's seats, actions, streets, cards and awards, collected in play order."""

    def __init__(
        self,
        path: str,
        first_line: int,
        last_line: int,
        unit: Unit,
        decimal: str | None = ".",
        retry_finer: bool = False,
    ) -> None:
        self.path = path
        self.first_line = first_line
        self.last_line = last_line
        self.unit = unit
        self.decimal = decimal  # the decimal mark the room always writes (None: the text decides)
        self.retry_finer = retry_finer  # the reader reads the hand again in hundredths if an amount needs them
        self.ledger = Ledger(ADDED, ADDED)
        self.street = _BLINDS
        self.order = 0
        self.seats: list[Seat] = []
        self.seat_of: dict[str, int] = {}
        self.stack_of: dict[str, int] = {}
        self.put_in: dict[str, int] = {}  # each player's chips in the hand so far
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.marks: list[ShowdownMark] = []
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.fees: list[Fee] = []
        self.defects: list[Defect] = []
        self.board: tuple[Card, ...] = ()
        self.button: int | None = None
        self.hero: str | None = None

    # ---- helpers ------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def next_order(self) -> int:
        self.order += 1
        return self.order

    def money(self, text: str | None, line: int) -> int:
        """An amount in the hand's unit, read by the kit in the room's number style (no attribute, or an
        empty one, is nothing); AmountError (with `line`) when the text is no amount of the unit."""
        if text is None:
            return 0
        key = (text, self.unit.decimals, self.decimal)
        known = _AMOUNTS.get(key)
        if known is not None:
            return known
        cleaned = text.strip()
        if not cleaned:
            return 0
        try:
            value = read_amount(cleaned, self.unit.decimals, decimal=self.decimal)
        except TextError as error:
            raise AmountError(text, line, str(error), isinstance(error, FinerThanUnit)) from None
        if len(_AMOUNTS) >= _AMOUNTS_KEPT:
            _AMOUNTS.clear()
        _AMOUNTS[key] = value
        return value

    def count(self, text: str | None, line: int) -> int:
        """An amount written as a whole number of the hand's units (Everest's cents: `amount="1750"`, or
        grouped `1 750`), read by the kit; AmountError (with `line`) when it is none."""
        if text is None or not text.strip():
            return 0
        try:
            return read_amount(text.strip(), 0, decimal=self.decimal)
        except TextError as error:
            raise AmountError(text, line, str(error)) from None

    def reading(self, line: int, element: ET.Element) -> Reading:
        """The guard around the reading of `element`, on `line` (see Reading)."""
        return Reading(self, line, element)

    def defect(self, line: int, text: str, reason: str, inconsistent: bool = False) -> None:
        """A line not read (default), or one read whole that contradicts the hand (`inconsistent`)."""
        self.defects.append(Defect(line, text, reason, inconsistent=inconsistent))

    def event(self, kind: str, text: str, line: int, player: str | None = None) -> None:
        self.events.append(Event(kind, text, self.street, self.src(line), player))

    def own(self, player: str) -> int:
        """The player's street total so far."""
        return self.ledger.street_bets.get(player, 0)

    @property
    def high(self) -> int:
        return self.ledger.high

    # ---- seats --------------------------------------------------------------------------------------
    def add_seat(self, seat: int, player: str, stack: int, line: int, sitting_out: bool = False) -> None:
        self.seats.append(Seat(seat, player, stack, self.src(line), None, sitting_out))
        self.seat_of.setdefault(player, seat)
        self.stack_of.setdefault(player, stack)

    # ---- streets ------------------------------------------------------------------------------------
    def preflop(self) -> None:
        """The hole cards are dealt: the posts are over (the round goes on, with the blinds in)."""
        if self.street is _BLINDS:
            self.street = _PREFLOP

    def new_street(self, street: Street, board: tuple[Card, ...], new: tuple[Card, ...], line: int) -> None:
        """A betting round with its community cards (`board`: the whole board after it)."""
        self.street = street
        self.ledger.new_round()
        self.streets.append(StreetDeal(street, 0, board, new, self.src(line), False, self.next_order()))
        if board:
            self.board = board

    def new_round(self, street: Street) -> None:
        """A betting round without community cards (stud streets, draws)."""
        self.street = street
        self.ledger.new_round()

    # ---- actions ------------------------------------------------------------------------------------
    def _append(
        self, kind: ActionKind, player: str, amount: int, line: int, to: int | None, all_in: bool, discarded: int | None
    ) -> Action:
        total = self.put_in.get(player, 0) + amount
        self.put_in[player] = total
        stack = self.stack_of.get(player)
        if amount and stack is not None and total >= stack > 0:
            all_in = True  # the player's last chips went in
        action = Action(
            self.street,
            player,
            self.seat_of.get(player),
            kind,
            amount,
            self.src(line),
            to,
            all_in,
            False,
            discarded,
            None,
            self.next_order(),
        )
        self.actions.append(action)
        return action

    def post(self, kind: ActionKind, player: str, amount: int, line: int, all_in: bool = False) -> Action:
        """A forced bet: a blind, a dead blind, an ante, a bring-in."""
        to = self.ledger.post(kind, player, amount)
        return self._append(kind, player, amount, line, to, all_in, None)

    def add(self, kind: ActionKind, player: str, added: int, line: int, all_in: bool = False) -> Action:
        """A call, bet or raise that puts `added` chips in."""
        added, to, _ = self.ledger.wager(kind, player, added, None, False)
        return self._append(kind, player, added, line, to, all_in, None)

    def wager_added(self, player: str, added: int, line: int, all_in: bool = False) -> Action:
        """A line that puts `added` chips in and does not say whether it calls, bets or raises."""
        to = self.own(player) + added
        return self.add(self.kind_to(to), player, added, line, all_in)

    def wager_to(self, player: str, to: int, line: int, all_in: bool = False) -> Action:
        """A line that brings the player's street total to `to` (a call, bet or raise by the total)."""
        return self.add(self.kind_to(to), player, max(0, to - self.own(player)), line, all_in)

    def kind_to(self, to: int) -> ActionKind:
        high = self.high
        if to <= high:
            return _CALL
        return _BET if high == 0 else _RAISE

    def simple(self, kind: ActionKind, player: str, line: int) -> Action:
        """A fold or a check."""
        return self._append(kind, player, 0, line, None, False, None)

    def discard(self, player: str, count: int, line: int) -> Action:
        kind = ActionKind.DISCARD if count else ActionKind.STAND_PAT
        return self._append(kind, player, 0, line, None, False, count)

    # ---- cards and awards ---------------------------------------------------------------------------
    def deal(self, player: str, cards: tuple[Card, ...], line: int, new: tuple[Card, ...] = ()) -> None:
        if cards or new:
            self.dealt.append(DealtCards(player, cards, self.src(line), new))
            if self.hero is None:
                self.hero = player

    def show(
        self, player: str, kind: ShowdownKind, cards: tuple[Card, ...], description: str | None, line: int
    ) -> None:
        self.showdown.append(ShowdownLine(player, kind, cards, description, 0, self.src(line), self.next_order()))

    def showdown_mark(self, line: int) -> None:
        if not self.marks:
            self.marks.append(ShowdownMark(0, self.next_order(), self.src(line)))

    def collect(self, player: str, amount: int, pot: int, line: int, half: Half | None = None) -> None:
        label = "all pots" if pot < 0 else ("main pot" if pot == 0 else f"side pot-{pot}")
        self.collected.append(Collected(player, amount, pot, label, 0, self.src(line), half))

    def refund(self, player: str, amount: int, line: int) -> None:
        self.uncalled.append(UncalledReturn(player, amount, self.street, self.src(line)))

    # ---- the hand -----------------------------------------------------------------------------------
    def hand(
        self, header: Header, pot: PotSummary | None, refunds: Refunds, cancelled: bool = False, truncated: bool = False
    ) -> Hand:
        return Hand(
            room=header.room,
            format=header.format,
            hand_id=header.hand_id,
            source=Source(self.path, self.first_line, self.last_line),
            game=header.game,
            game_text=header.game_text,
            structure=header.structure,
            unit=header.unit,
            stakes=header.stakes,
            started=header.started,
            started_local=header.started_local,
            table=header.table,
            table_id=header.table_id,
            max_seats=header.max_seats,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(self.events),
            pot=pot,
            boards=(self.board,) if self.board else (),
            summary_seats=(),
            fees=tuple(self.fees),
            refunds=refunds,
            tournament=header.tournament,
            cancelled=cancelled,
            showdown_marks=tuple(self.marks),
            hero=self.hero,
            truncated=truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=header.play_money,
        )


def unreadable(
    path: str, first_line: int, last_line: int, line: int, reason: str, room: str, hand_id: str | None = None
) -> UnreadableHand:
    return UnreadableHand(path, line, first_line, max(last_line, first_line), reason, hand_id, room)
