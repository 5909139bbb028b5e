"""Read a BetOnline or Gear Poker hand block: the PokerStars reader with BetOnline's grammar and lines of
its own.

What BetOnline prints otherwise (ROOMS.md 21):

- seats numbered from 0 and listed out of order, with positions after them (`- The button`, `- Big
  Blind`, `- Sitting out`); a seat may have no name (`Seat 4:  (100.00 in chips)`, `: posts small blind`);
- `ante processed 0.00` for every seat of a table without an ante: not a post (a post would deal the
  seat in); `post now 0.02`: a big blind posted to come in; `post dead 0.50`: missed blinds, the big
  blind live and the small blind dead beside it, unprinted (the pot counts both: `Total pot 14.83 |
  Rake 0.78` of 15.61 put in, with 0.75 from that seat before the flop);
- `raises 11.00 to 12.00`: the chips added, then the street total; `Unknown player: raises 3.00 to 3.00`
  names a player who has no seat (kept as written: the audit reports it);
- `Hero shows Jd 8s`: no colon, no brackets; ten written 10; Gear: capitals (`Player5: Folds.`, `[AS QH 3S]`);
- no collected lines: the awards are the summary's (`Seat 5: Hero showed [Jd 8s] and won (0.04)`,
  `Seat 1: Player6 collected (0.07)`; `collected (0.00)` is a seat that was not in the hand);
- the pots: a `Total pot` line during the hand is a side pot, closed when it was formed, and the
  summary's `Total pot` is the main pot, both net of the rake (`winner.no.show`: side pot 0.42 won by
  Player2, main pot 0.29 by Player4, as the summary's awards say). Without a side pot the summary's is
  the whole pot, net;
- an all-in before the flop prints no street lines, only the summary's `Board [...]`: the streets are
  read from it;
- Gear prints no uncalled-bet line (Refunds.IMPLIED) and, once, two summary seats on one line.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Collected,
    Defect,
    Event,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    SummarySeat,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED
from omaha_audit.rooms.betonline.header import read_header
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.kit.seats import first_free_seat
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import VERBS, AmountError, HandBuilder, Reading, StarsReader
from omaha_audit.rooms.pokerstars.summary import read_summary_seat

_SPACES: Final = re.compile(r"\s+")
_NEXT_SEAT: Final = re.compile(r" Seat (\d+): ")
# Gear's summary words, in the PokerStars words the summary reader knows
_GEAR_WORDS: Final = (
    ("(Big Blind)", "(big blind)"),
    ("(Small Blind)", "(small blind)"),
    ("(Button)", "(button)"),
    ("Folded ", "folded "),
    (" from the Pot.", ""),
    (" and lost.", " and lost"),
)
_STREETS: Final = ((Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5))
_TWO_SEATS: Final = "two seats' summary lines run together on one line"


class BetOnlineReader(StarsReader):
    """Reads BetOnline and Gear Poker hand blocks (grammar/betonline.lark). Raises print the chips added
    (and the street total after `to`), calls the chips added."""

    format = "betonline"
    grammar = "betonline"
    raise_number = ADDED
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        table = reading.table
        if not table.get("table") and table.get("table_name"):
            reading.table = {**table, "table": table["table_name"]}  # Gear: the name without quotes
        return BetOnlineBuilder(self, reading, raise_number)


class BetOnlineBuilder(HandBuilder):
    """BetOnline's own lines, its pots and its summary awards."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.side_pots: list[int] = []  # the `Total pot` lines during the hand
        self.total: int | None = None  # the summary's
        self.rake: int | None = None
        self.total_source: Source | None = None
        self.seat_names: dict[int, str] = {}

    def read_stakes(self) -> Stakes:
        """The header's `($0.01/0.02)` (read by the kit with a decimal point), else the blinds the hand posts
        (tournaments and Gear; a post whose amount is not read is left to its line)."""
        stakes_text = self.info.stakes_text
        decimals = self.unit.decimals
        if stakes_text:
            small_text, _, big_text = stakes_text.partition("/")
            small, big = read_amount(small_text, decimals, decimal="."), read_amount(big_text, decimals, decimal=".")
            if self.info.structure is Structure.FIXED_LIMIT:
                return Stakes(None, None, small_bet=small, big_bet=big)
            return Stakes(small, big)
        posted: dict[str, int] = {}
        for kind, line, _, m in self.tokens:
            if kind == "BLIND_POST" and m["what"] and m["what"] not in posted:
                try:
                    posted[m["what"]] = self.amount(m["amount"], line)
                except AmountError as error:
                    if error.finer and decimals == 0:
                        raise  # (chips with decimals: the hand is read again in hundredths)
        return Stakes(posted.get("small blind"), posted.get("big blind"))

    # ---- lines ------------------------------------------------------------------------------
    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "BLIND_POST":
            post_kind = ActionKind.POST_SMALL_BLIND if m["what"] == "small blind" else ActionKind.POST_BIG_BLIND
            self.posted(post_kind, m["name"], self.amount(m["amount"], line), line, text, source)
        elif kind == "DEAD_POST":
            big = self.amount(m["amount"], line)
            small = self.stakes.small_blind or big // 2
            self.posted(ActionKind.POST_SMALL_AND_BIG_BLIND, m["name"], big + small, line, text, source)
        elif kind == "ANTE":
            chips = self.amount(m["amount"], line)
            if chips:
                self.posted(ActionKind.POST_ANTE, m["name"], chips, line, text, source)
            else:
                self.events.append(Event("no-ante", text, self.street, source, m["name"]))
        elif kind == "ACTION_CAPS":
            self.gear_action(m, line, text, source)
        elif kind == "RUNNING_POT":
            self.side_pots.append(self.amount(m["total"], line))
        elif kind == "SUMMARY_POT":
            self.total = self.amount(m["total"], line)
            self.rake = self.amount(m["rake"], line) if m["rake"] else None
            self.total_source = source
        elif kind == "SUMMARY_PLAYER":
            self.summary_seat(whole_number(m["seat"]), m["rest"], line, text, source)
        else:
            super().other_line(kind, m, line, text, source)

    def posted(self, kind: ActionKind, guess: str, chips: int, line: int, text: str, source: Source) -> None:
        name = self.player("POST", text, guess)
        to = self.post(kind, name, chips)
        self.actions.append(Action(self.street, name, self.players.get(name), kind, chips, source, to, order=line))

    def gear_action(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """Gear's `Player4: Calls 900.00 and is All In.`: the PokerStars words in capitals."""
        name = self.player("ACTION", text, m["name"])
        action_kind = VERBS[m["verb"].lower()]
        paid, raise_to = m["amount"], m["raise_to"]
        added, to, increment = 0, None, None
        if paid or raise_to:
            self.line, self.text = line, text
            first = self.amount(paid, line) if paid else 0
            total = self.amount(raise_to, line) if raise_to else None
            added, to, increment = self.wager(action_kind, name, first, total, bool(paid))
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                action_kind,
                added,
                source,
                to,
                m["all_in"] is not None,
                False,
                None,
                increment,
                line,
            )
        )

    def summary_seat(self, number: int, rest: str, line: int, text: str, source: Source) -> None:
        """A summary seat line, in the words the PokerStars summary reader knows; Gear's two seats on one
        line are read as two (and reported)."""
        if not self.seat_names:
            self.seat_names = {seat.seat: seat.player for seat in self.seats}
        if "  " in rest or rest.endswith(" "):
            rest = _SPACES.sub(" ", rest).strip()
        if self.info.room == "gear":
            for gear, stars in _GEAR_WORDS:
                rest = rest.replace(gear, stars)
        if " Seat " not in rest:
            self.summary_seats.append(read_summary_seat(number, rest, self.seat_names, self.amount, self.cards, source))
            return
        pieces = _NEXT_SEAT.split(" " + rest)  # [rest, number, rest, ...]: seats run together
        self.defects.append(Defect(line, text, _TWO_SEATS))
        numbers = [number] + [whole_number(piece) for piece in pieces[1::2]]
        for seat_number, seat_rest in zip(numbers, pieces[0::2], strict=True):
            seat = read_summary_seat(seat_number, seat_rest.strip(), self.seat_names, self.amount, self.cards, source)
            self.summary_seats.append(seat)

    # ---- the result ------------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False  # (the summary's pot line is read here, not as PokerStars')

    def refunds(self) -> Refunds:
        if self.uncalled or self.info.room == "betonline":
            return Refunds.LINE
        return Refunds.IMPLIED  # Gear prints no line for the uncalled part of a bet

    def pot_summary(self) -> PotSummary | None:
        source = self.total_source
        if source is None:
            return None
        net = PotBasis.NET
        if self.side_pots:
            return PotSummary(None, self.rake, self.total, tuple(self.side_pots), source, net, net, net)
        return PotSummary(self.total, self.rake, None, (), source, net, net, net)

    def finish(self) -> Hand:
        if self.total_source is None and self.summary_line:
            text = self.block.lines[self.summary_line - self.block.first_line]
            self.defects.append(Defect(self.summary_line, text, "the summary has no pot line", inconsistent=True))
        self.mark_sitting_out()
        self.seat_unknown_players()
        self.leavers_fold()
        self.awards()
        self.streets_from_board()
        if self.info.room == "gear":
            self.play_order_seats()
        return super().finish()

    def mark_sitting_out(self) -> None:
        status = {m["seat"]: m["status"] for kind, _, _, m in self.tokens if kind == "SEAT"}
        self.seats = [
            Seat(seat.seat, seat.player, seat.stack, seat.source, seat.bounty, True, seat.out_of_hand)
            if status.get(str(seat.seat)) == " - Sitting out"
            else seat
            for seat in self.seats
        ]

    def seat_unknown_players(self) -> None:
        """`Unknown player: raises 3.00 to 3.00`: a player with no seat line. The engine replays seated
        players only, so the player is given the first empty seat after the player who acted before him
        (where his turn falls) and, as a stack, the chips he put in; the line is reported (a defect)."""
        seated = set(self.players)
        size = whole_number(self.table.get("max_seats") or "10")
        for index, action in enumerate(self.actions):
            name = action.player
            if name in seated:
                continue
            seated.add(name)
            taken = {seat.seat for seat in self.seats}
            before = next((a.seat for a in reversed(self.actions[:index]) if a.seat is not None), -1)
            number = first_free_seat(before, size, taken, first=0)
            if number is None:
                continue
            stack = sum(a.amount for a in self.actions if a.player == name)
            self.seats.append(Seat(number, name, stack, action.source))
            self.players[name] = number
            self.actions = [_seated(a, number) if a.player == name else a for a in self.actions]
            text = self.block.lines[action.source.line - self.block.first_line]
            reason = f"{name!r} has no seat: given the empty seat {number}, where his turn falls, to replay the hand"
            self.defects.append(Defect(action.source.line, text, reason))

    def leavers_fold(self) -> None:
        """`Player7 has left the table` during the hand, by a player who had posted and not folded: his hand
        is folded when his turn comes, though no line says so (the summary lists no result for the seat).
        The fold is placed before the next action of the player after him (clockwise, still in)."""
        end = self.summary_line or self.block.last_line
        for kind, line, _, m in self.ignored:
            if kind != "TABLE_LEAVE" or line > end:
                continue
            name = m["name"]
            actions = self.actions
            mine = [action for action in actions if action.player == name]
            if not mine or any(action.kind is ActionKind.FOLD for action in mine) or mine[-1].order > line:
                continue
            seat = self.players.get(name)
            folded = {action.player for action in actions if action.kind is ActionKind.FOLD and action.order < line}
            seats = sorted({(action.seat, action.player) for action in actions if action.seat is not None})
            after = [player for number, player in seats if number > (seat or 0)] + [
                player for number, player in seats if number <= (seat or 0)
            ]
            following = next((player for player in after if player != name and player not in folded), None)
            place = next(
                (index for index, action in enumerate(actions) if action.player == following and action.order > line),
                None,
            )
            if place is None:
                continue
            anchor = actions[place]
            actions.insert(
                place, Action(anchor.street, name, seat, ActionKind.FOLD, 0, self.src(line), order=anchor.order)
            )

    def play_order_seats(self) -> None:
        """Gear numbers its seats against the direction of play: the button on seat 9, the small blind on 8,
        the big blind on 7, the first to act on 6 (both of the corpus's hands). The model numbers seats in
        the direction of play (clockwise, upwards), so Gear's seat s is seat 9 - s here (the text's numbers
        stay in the lines' sources)."""
        top = max([9, *(seat.seat for seat in self.seats)])
        self.seats = [
            Seat(top - seat.seat, seat.player, seat.stack, seat.source, seat.bounty, seat.sitting_out, seat.out_of_hand)
            for seat in self.seats
        ]
        self.players = {name: top - number for name, number in self.players.items()}
        self.actions = [
            _seated(action, top - action.seat if action.seat is not None else None) for action in self.actions
        ]
        self.summary_seats = [
            SummarySeat(
                top - seat.seat,
                seat.player,
                seat.positions,
                seat.outcome,
                seat.won,
                seat.cards,
                seat.text,
                seat.source,
                seat.folded_street,
                seat.cashed_out,
                seat.pot_not_awarded,
            )
            for seat in self.summary_seats
        ]
        button = self.table.get("button")
        if button:
            self.button = top - whole_number(button)

    def awards(self) -> None:
        """The summary's `won (X)` and `collected (X)` as the collected lines the room does not print: a
        side pot's where the amount is a side pot's printed net, else the main pot's."""
        for seat in self.summary_seats:
            for chips in seat.won:
                if not chips:
                    continue
                pot = 0
                if chips != self.total and chips in self.side_pots:
                    pot = self.side_pots.index(chips) + 1
                text = "pot" if pot == 0 else f"side pot-{pot}"
                self.collected.append(Collected(seat.player, chips, pot, text, 0, seat.source))

    def streets_from_board(self) -> None:
        """An all-in before the flop: no street lines, the board only in the summary."""
        board = self.boards.get(0, ())
        if self.streets or len(board) < 3:
            return
        order = next(line for kind, line, _, _ in self.tokens if kind == "SUMMARY_BOARD")
        source = self.src(order)
        for street, size in _STREETS:
            if len(board) >= size:
                new = board[size - 1 : size] if size > 3 else board[:3]
                self.streets.append(StreetDeal(street, 0, board[:size], new, source, False, order))


def _seated(action: Action, seat: int | None) -> Action:
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


__all__ = ["BetOnlineBuilder", "BetOnlineReader"]
