"""The builder both PartyPoker texts share (reader.py): the hand's state, names, money and cards, the actions
with their street totals (the ledger, parse/ledger.py: every number Party prints is the chips a line adds),
the uncalled bet taken back out of the award that holds it, and the finished Hand.

Neither text prints the uncalled part of a bet: the player's award holds it (`wins $239 USD` for a pot of
199 and an unmatched 40; `collected $41.47` for a pot of 38.50 and 2.97 returned), or the old text pays it
as a side pot of its own (`wins $1 USD from the side pot 1`). The builder takes it back out of that award,
so that the model's collected amounts are what the pots paid, and the hand's refunds are `IMPLIED` (the
excess the engine finds is the one returned; the printed pots of the new text leave it out).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    CashOut,
    Collected,
    DealtCards,
    Defect,
    Event,
    Fee,
    Game,
    Hand,
    PotSummary,
    Refunds,
    Seat,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    Unit,
)
from omaha_audit.parse.ledger import ADDED, Ledger
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.split import Block
from omaha_audit.rooms.kit.amounts import FinerThanUnit
from omaha_audit.rooms.kit.cards import CardError, read_card, split_cards
from omaha_audit.rooms.kit.events import event_kind
from omaha_audit.rooms.kit.seats import first_free_seat
from omaha_audit.rooms.partypoker.header import amount as party_amount
from omaha_audit.rooms.partypoker.header import started

_BLINDS: Final = Street.BLINDS
_DEAD_KINDS: Final = (ActionKind.POST_ANTE, ActionKind.POST_DEAD)
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
FORMAT: Final = "partypoker"
ROOM: Final = "partypoker"


class AmountError(ValueError):
    """An amount of the hand not read, at `line`: that line is not read (a defect), the rest of the hand
    is; `finer` when it has more decimal places than the unit the reader took (tournament chips with
    decimals: the hand is read again in hundredths)."""

    def __init__(self, reason: str, line: int, finer: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.finer = finer


class HeaderError(AmountError):
    """The game line not read (its game or its stakes): the hand cannot be read without it."""


class PartyBuilder(Ledger):
    """What both texts' builders share: the hand's state, names, money and cards, the actions with their
    street totals, the refund taken out of the awards, and the finished Hand."""

    def __init__(
        self,
        block: Block,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
    ) -> None:
        super().__init__(ADDED, ADDED)
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        # what a line not read leaves unknown: the players whose lines were not all read (all of them, for a
        # line of a kind the reader does not know or one naming nobody), and whether a card was not read
        self.unread: set[str] = set()
        self.unread_all = any(defect.not_read for defect in defects)
        self.cards_not_read = self.unread_all
        self.hand_id: str = tokens[0][3]["hand_id"] or ""
        self.unit = Unit("USD", 2)
        self.game = Game.OTHER
        self.game_text = ""
        self.structure = Structure.NO_LIMIT
        self.stakes = Stakes(None, None)
        self.tournament: Tournament | None = None
        self.started_local = ""
        self.kind = "hand"
        self.table = ""
        self.table_id = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.cash_outs: list[CashOut] = []
        self.events: list[Event] = []
        self.fees: list[Fee] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.pot: PotSummary | None = None
        self.street = _BLINDS
        self.no_low: list[int] = []
        self.cancelled = False

    # ---- helpers --------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        if not text:
            return 0
        try:
            return party_amount(text, self.unit.decimals)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line, isinstance(error, FinerThanUnit)) from None

    def header_amount(self, text: str | None, line: int) -> int:
        """An amount of the game line: the hand is not read without it (HeaderError)."""
        try:
            return self.amount(text, line)
        except AmountError as error:
            raise HeaderError(f"the game line's {error.reason}", line, error.finer) from None

    def read_lines(self, tokens: list[LineToken]) -> None:
        """Read the lines (`line`); an amount in a line not read makes it a line not read (a defect, nothing
        of the line kept: each line reads its amounts before it changes the hand), the rest of the hand read.
        The game line's (HeaderError), and a tournament's chips with decimals while they are read as whole
        chips, are raised to the reader."""
        for kind, line, text, m in tokens:
            try:
                self.read_line(kind, line, text, m)
            except HeaderError:
                raise
            except AmountError as error:
                if error.finer and self.unit.decimals == 0:
                    raise
                self.defects.append(Defect(line, text, error.reason))
                name = m.groupdict().get("name")
                if name is None:
                    self.unread_all = True
                else:
                    self.unread.add(self.player(name))

    def read_line(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        raise NotImplementedError

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        """The cards of a bracket (`Js, Ad, 8c, 6d`, `7d Ah 6s 2h`); a token that is no card is left out of
        them, and its line reported as not read."""
        found: list[Card] = []
        for part in split_cards(text or ""):
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, str(error)))
                self.cards_not_read = True
        return tuple(found)

    def add_seat(self, number: int, name: str, stack: int, source: Source, sitting_out: bool = False) -> None:
        self.seats.append(Seat(number, name, stack, source, None, sitting_out))
        self.players.setdefault(name, number)
        self.by_length = sorted(self.players, key=len, reverse=True)

    def player(self, guess: str | None) -> str:
        """The seated player a line names: the name as written, else the longest seated name it starts
        with (`Hero Name raises 3.0 to 3.0` for the seat of `Hero`); an unseated name is kept as written."""
        name = guess or ""
        if name in self.players:
            return name
        for seated in self.by_length:
            if name.startswith(seated) and name[len(seated) : len(seated) + 1] == " ":
                return seated
        return name

    def new_street(self, street: Street) -> None:
        self.street = street
        self.new_round()

    def action(
        self,
        kind: ActionKind,
        name: str,
        first: int,
        total: int | None,
        line: int,
        all_in: bool = False,
    ) -> None:
        """A bet, call, raise, check or fold, its numbers read as the chips added (and the street total)."""
        if kind in (ActionKind.FOLD, ActionKind.CHECK):
            added, to, increment = 0, None, None
        else:
            added, to, increment = self.wager(kind, name, first, total, True)
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                kind,
                added,
                self.src(line),
                to,
                all_in,
                False,
                None,
                increment,
                line,
            )
        )

    def posted(self, kind: ActionKind, name: str, paid: int, line: int, all_in: bool = False, order: int = 0) -> None:
        """A post from `line`; `order`: its place among the hand's lines, when not that line's (a blind the
        text does not print, posted after the antes, before the deal)."""
        to = self.post(kind, name, paid)
        self.actions.append(
            Action(
                self.street, name, self.players.get(name), kind, paid, self.src(line), to, all_in, order=order or line
            )
        )

    def mark_all_in(self, name: str) -> None:
        """`X is all-In.` after X's line: that line went all in."""
        for index in range(len(self.actions) - 1, -1, -1):
            action = self.actions[index]
            if action.player == name:
                if action.amount and not action.all_in:
                    self.actions[index] = Action(
                        action.street,
                        action.player,
                        action.seat,
                        action.kind,
                        action.amount,
                        action.source,
                        action.raise_to,
                        True,
                        action.cap_reached,
                        action.discarded,
                        action.increment,
                        action.order,
                    )
                return

    def put_in(self) -> dict[str, int]:
        """Every chip each player put in (antes and dead blinds too)."""
        totals: dict[str, int] = {}
        for action in self.actions:
            totals[action.player] = totals.get(action.player, 0) + action.amount
        return totals

    def refund(self) -> tuple[str, int] | None:
        """The part of the top bet nobody matched (antes and dead blinds aside), which Party pays back inside
        the bettor's award: (player, chips), or None."""
        live: dict[str, int] = {}
        big_blind = self.nominal_big_blind
        for action in self.actions:
            if action.kind in _DEAD_KINDS:
                continue
            chips = action.amount
            if action.kind is _SMALL_AND_BIG:
                chips = min(chips, big_blind or chips)
            live[action.player] = live.get(action.player, 0) + chips
        ranked = sorted(live.values(), reverse=True)
        if len(ranked) < 2 or ranked[0] == ranked[1]:
            return None
        top = next(name for name, chips in live.items() if chips == ranked[0])
        return top, ranked[0] - ranked[1]

    def take_refund(self) -> None:
        """Take the uncalled bet back out of the award that holds it: an award of exactly that much (the old
        text's one-player side pot, a converter's `wins` for the returned bet), else the bettor's award from
        the last pot he was paid from (Party leaves the excess in the last pot the player is in)."""
        refund = self.refund()
        if refund is None:
            return
        name, chips = refund
        mine = [index for index, item in enumerate(self.collected) if item.player == name]
        if not mine:
            return
        exact = [index for index in mine if self.collected[index].amount == chips]
        index = exact[-1] if exact else max(mine, key=lambda i: (self.collected[i].pot, i))
        item = self.collected[index]
        left = item.amount - min(chips, item.amount)
        if left:
            self.collected[index] = Collected(
                item.player, left, item.pot, item.pot_text, item.run, item.source, item.half
            )
        else:
            del self.collected[index]
        note = f"{name}'s unmatched {self.unit.format(chips)} is paid back inside the award: taken out of it"
        self.events.append(Event("uncalled-in-award", note, Street.SUMMARY, item.source, name))

    def seat_unknown_players(self) -> None:
        """A player who joined after the seat list was written and was dealt in (`Player8 has joined the
        table.`, `Player8 posts big blind [$0.04 USD].`; fpdb re-seats such players too) has no seat line. The
        engine replays seated players only, so he is given the first free seat after the player who acted
        before him, where his turn falls (a seat whose player left with nothing is free), and the table's
        largest stack (his is not printed); the line is reported (a defect). A player who puts no chip in
        (`holdem_AA folds`) is left unseated: the audit reports the name (OA105)."""
        seated = set(self.players)
        size = self.max_seats or 10
        active = {action.player for action in self.actions}
        for index, action in enumerate(self.actions):
            name = action.player
            if name in seated:
                continue
            seated.add(name)
            put = sum(a.amount for a in self.actions if a.player == name)
            if not put:
                continue
            taken = {seat.seat for seat in self.seats if seat.stack > 0 or seat.player in active}
            before = next((a.seat for a in reversed(self.actions[:index]) if a.seat is not None), self.button or 0)
            number = first_free_seat(before, size, taken)
            if number is None:
                continue
            stack = max([put, *[seat.stack for seat in self.seats]])
            self.seats = [seat for seat in self.seats if seat.seat != number]
            self.seats.append(Seat(number, name, stack, action.source))
            self.players[name] = number
            self.by_length = sorted(self.players, key=len, reverse=True)
            self.actions = [_seated(a, number) if a.player == name else a for a in self.actions]
            text = self.block.lines[action.source.line - self.block.first_line]
            reason = (
                f"{name!r} has no seat line: given the free seat {number}, where his turn falls, and the table's"
                f" largest stack, {self.unit.format(stack)}, to replay the hand"
            )
            self.defects.append(Defect(action.source.line, text, reason))

    def events_of_ignored(self) -> None:
        for kind, line, text, m in self.ignored:
            self.events.append(Event(event_kind(kind), text, _BLINDS, self.src(line), m.groupdict().get("name")))
            if kind == "TABLE_CLOSED":
                self.cancelled = True

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        if self.boards:
            return tuple(self.boards[run] for run in sorted(self.boards))
        last: dict[int, tuple[Card, ...]] = {}
        for deal in self.streets:
            if deal.street in (Street.FLOP, Street.TURN, Street.RIVER):
                last[deal.run] = deal.cards
        if 0 in last and len(last) > 1:
            del last[0]
        return tuple(last[run] for run in sorted(last))

    def finish(self) -> Hand:
        self.events_of_ignored()
        hero = None
        dealt = {line.player for line in self.dealt if line.cards}
        if len(dealt) == 1:
            hero = next(iter(dealt))
        events = sorted(self.events, key=lambda event: event.source.line)
        return Hand(
            room=ROOM,
            format=FORMAT,
            hand_id=self.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.game,
            game_text=self.game_text,
            structure=self.structure,
            unit=self.unit,
            stakes=self.stakes,
            started=self.started_utc(),
            started_local=self.started_local,
            table=self.table,
            table_id=self.table_id,
            max_seats=self.max_seats,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=(),
            cash_outs=tuple(self.cash_outs),
            events=tuple(events),
            pot=self.pot,
            boards=self.final_boards(),
            summary_seats=(),
            fees=tuple(self.fees),
            refunds=Refunds.IMPLIED,
            kind=self.kind,
            tournament=self.tournament,
            run_twice=any(deal.run for deal in self.streets),
            cancelled=self.cancelled,
            no_low=tuple(self.no_low),
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )

    def started_utc(self) -> datetime | None:
        return started(self.started_local)


def _seated(action: Action, seat: int) -> Action:
    return Action(
        action.street,
        action.player,
        seat,
        action.kind,
        action.amount,
        action.source,
        action.raise_to,
        action.all_in,
        action.cap_reached,
        action.discarded,
        action.increment,
        action.order,
    )
