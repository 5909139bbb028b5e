"""Read an Enet Poker hand block: the PokerStars reader with Enet's grammar and lines of its own.

What Enet prints otherwise (ROOMS.md 19):

- the header `Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6`: the time before the date
  (day.month.year) and no zone (`started` is None), a trailing field of unknown meaning; the limit is the
  end of the table's name (`Table 'SantElena 1 - Pot Limit' 6-max ...`);
- euros with a decimal comma; raises, calls and `goes all-in` print the chips added;
- boards without spaces (`[9c2cQd8s]`), each street line with the whole board;
- the table line numbers the button from 0 (`Seat #4 is the button`: the summary's `Seat 5: Player4
  (dealer)`, the blinds on seats 6 and 7), the seat lines from 1;
- a player coming in may post a blind without an amount (`Player4: posts big blind `): a defect of the
  line; no chips are read as put in;
- running `Rake: €0,09` lines at the end of the betting rounds: increments whose sum is the summary's
  rake. Some are negative (`Rake: €-2,22`), a defect;
- `Uncalled bet (€0,82) returned to Player0` followed by `Player0 collected (€0,82) from pot`: the
  collected line repeats the returned bet instead of the pot won (the summary shows another amount), a
  defect reported on the line;
- the summary's `Total pot €0 | Rake €0,67`: the total is not the pot (€0 in most hands, some other
  figure in others: `Total pot €2,75` on a pot of €140.53), so the room is taken to print no total
  (None) and the audit works from what the players put in; the rake is used.
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    Defect,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Source,
    Stakes,
    StreetDeal,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED
from omaha_audit.parse.lexer import LineToken
from omaha_audit.rooms.enet.header import enet_amount, read_header, read_stakes, with_table
from omaha_audit.rooms.kit.amounts import FinerThanUnit
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import BOARD_STREETS, POSTS, AmountError, HandBuilder, Reading, StarsReader
from omaha_audit.rooms.pokerstars.summary import read_summary_seat

_SPACES: Final = re.compile(r"\s+")
_NO_AMOUNT: Final = "a blind posted without an amount: nothing is read as put in"
_NEGATIVE_RAKE: Final = "a negative rake increment"
_REPEATED_REFUND: Final = "the collected line repeats the uncalled bet returned just before it, not the pot won"


class EnetReader(StarsReader):
    """Reads Enet hand blocks (grammar/enet.lark). Raises and calls print the chips added."""

    format = "enet"
    grammar = "enet"
    raise_number = ADDED
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """The TABLE line's fields. Enet numbers the button from 0 there and the seats from 1: `Seat #4 is
        the button` with the blinds on seats 6 and 7 and the summary's `Seat 5: Player4 (dealer)`."""
        table = super().table_fields(tokens)
        button = table.get("button")
        return {**table, "button": str(whole_number(button) + 1)} if button is not None else table

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        reading.info = with_table(reading.info, reading.table.get("limit"))
        return EnetBuilder(self, reading, raise_number)


class EnetBuilder(HandBuilder):
    """Enet's own lines, number forms and pot figures."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.rake_lines = 0  # the running rake lines' sum
        self.rake: int | None = None  # the summary's
        self.rake_source: Source | None = None
        self.seat_names: dict[int, str] = {}  # for the summary's seat lines

    def parse_money(self, text: str) -> int:
        return enet_amount(text, self.unit.decimals)

    def signed_amount(self, text: str, line: int) -> int:
        """A running rake line's amount, the one Enet prints with a minus (`Rake: €-2,22`)."""
        try:
            return enet_amount(text, self.unit.decimals, signed=True)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line, isinstance(error, FinerThanUnit)) from None

    def card_texts(self, text: str) -> list[str]:
        packed = _SPACES.sub("", text)
        return [packed[index : index + 2] for index in range(0, len(packed), 2)]

    def read_stakes(self) -> Stakes:
        return read_stakes(self.info.stakes_text, self.info.structure, self.unit.decimals)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A street line with the whole board: the new cards are those after the previous street's."""
        self.street, self.run = BOARD_STREETS[kind], 0
        self.new_round()
        board = self.cards(m["cards"], line)
        previous = self.streets[-1].cards if self.streets else ()
        new = board[len(previous) :] if board[: len(previous)] == previous else board
        self.streets.append(StreetDeal(self.street, 0, board, new, source, False, line))

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "BLIND_POST":
            if m["amount"] is None:  # no chips are read as put in: the post is not an action
                self.defects.append(Defect(line, text, _NO_AMOUNT))
                return
            name = self.player(kind, text, m["name"])
            post_kind = POSTS[m["what"]]
            chips = self.amount(m["amount"], line)
            to = self.post(post_kind, name, chips)
            self.actions.append(
                Action(self.street, name, self.players.get(name), post_kind, chips, source, to, order=line)
            )
        elif kind == "ALL_IN":
            self.all_in(m, line, text, source)
        elif kind == "RAKE":
            increment = self.signed_amount(m["amount"], line)
            if increment < 0:
                self.defects.append(Defect(line, text, _NEGATIVE_RAKE, inconsistent=True))
            self.rake_lines += increment
        elif kind == "SUMMARY_POT":
            self.rake = self.amount(m["rake"], line)
            self.rake_source = source
        elif kind == "SUMMARY_PLAYER":
            if not self.seat_names:
                self.seat_names = {seat.seat: seat.player for seat in self.seats}
            rest = _SPACES.sub(" ", m["rest"]).replace(" (dealer) ", " (button) ").strip()
            seat = read_summary_seat(whole_number(m["seat"]), rest, self.seat_names, self.amount, self.cards, source)
            self.summary_seats.append(seat)
        else:
            super().other_line(kind, m, line, text, source)

    def all_in(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`name: goes all-in X`: X chips more; a bet when nobody has bet on the street, a raise when it
        goes above the high bet, else a call (for the high bet, or less)."""
        name = self.player("ACTION", text, m["name"])
        chips = self.amount(m["amount"], line)
        to = self.street_bets.get(name, 0) + chips
        if to > self.high:
            action_kind = ActionKind.RAISE if self.high else ActionKind.BET
            self.high = to
        else:
            action_kind = ActionKind.CALL
        self.street_bets[name] = to
        self.actions.append(
            Action(self.street, name, self.players.get(name), action_kind, chips, source, to, True, order=line)
        )

    # ---- the result ------------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False  # (a summary without its pot line is reported below)

    def refunds(self) -> Refunds:
        return Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        rake = self.rake if self.rake is not None else self.rake_lines
        source = self.rake_source or self.src(self.summary_line or self.block.last_line)
        return PotSummary(None, rake, None, (), source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(board for board in super().final_boards() if board)  # `Board []`: no board dealt

    def finish(self) -> Hand:
        whole = not any(defect.not_read for defect in self.defects)  # (else a rake line may be one not read)
        if whole and self.rake is not None and self.rake != self.rake_lines and self.rake_source is not None:
            line = self.rake_source.line
            self.defects.append(
                Defect(
                    line,
                    self.block.lines[line - self.block.first_line],
                    "the rake is not the rake lines' sum",
                    inconsistent=True,
                )
            )
        returned = {item.source.line: item for item in self.uncalled}
        for item in self.collected:
            before = returned.get(item.source.line - 1)
            if before is not None and before.player == item.player and before.amount == item.amount:
                line = item.source.line
                text = self.block.lines[line - self.block.first_line]
                self.defects.append(Defect(line, text, _REPEATED_REFUND, inconsistent=True))
        return super().finish()


__all__ = ["EnetBuilder", "EnetReader"]
