"""Read a GGPoker hand block: the PokerStars reader with GG's grammar, header and lines of its own.

GG writes PokerStars' layout (its fpdb converter is the Stars one with changes, ROOMS.md 1), so the
PokerStars family's reader does the work; this module adds what GG prints otherwise:

- the header (`header.py`): game labels `PLO`, `PLO-5`, `Omaha (NL postflop)`, ..., no time zone;
- `name: straddle $20`: a straddle with no "posts", its amount the straddler's street total;
- `Cash Drop to Pot : total $0.2`: the site's money added to the pot (a fee of kind CASH_DROP, ADDED);
- EV Cashout and all-in insurance: money between a player and the site, outside the pot. `Receives
  Cashout ($x)` is a `CashOut` (the site pays the player instead of the pot); `Pays Cashout Risk ($x)`
  and `pay premium of all-in insurance ($x)` are fees OUTSIDE the pot, charged to the player;
- the pot line without a rake (2020 files: `Total pot $37.5`): the rake is None, not printed;
- the time bank card (Rush & Cash, 2025), on the summary's seat lines: `bought time bank card ($0.05), won
  ($2.13)` and, for every other seat, `received ($0.01) from time bank card, folded before Flop`: money
  between the players outside the pot, fees OUTSIDE it on each player (what the buyer pays; what the
  others receive, as a negative amount); the seat's outcome is read from the rest of the line;
- run it twice: the summary's `SECOND Board [3d Td]` after an all-in on the flop holds only that run's
  cards, rebuilt here from the cards the runs share; the internal export's `FIRST` / `Board [...]` pairs;
  the 2025 exports' `*** FIRST FLOP ***` (and `*** FIRST TURN ***`) for streets dealt and bet before the
  all-in, which both runs share (the runs part at the first street printed SECOND): read as the streets
  of the hand (run 0), as the older exports print them (`*** FLOP ***`, then `*** FIRST TURN ***`).
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    CashOut,
    Defect,
    Fee,
    FeeEffect,
    FeeKind,
    Hand,
    PotSummary,
    Source,
    Stakes,
    Street,
    StreetDeal,
    SummarySeat,
)
from omaha_audit.parse.ledger import ADDED, INCREMENT
from omaha_audit.rooms.ggpoker.header import read_header, read_stakes
from omaha_audit.rooms.ggpoker.pots import assign, pots_of
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import (
    BOARD_STREETS,
    RUNS,
    AmountError,
    HandBuilder,
    Reading,
    StarsReader,
)
from omaha_audit.rooms.pokerstars.summary import read_summary_seat

_STRADDLE: Final = ActionKind.POST_STRADDLE
_CASH_DROP: Final = FeeKind.CASH_DROP
_OUTSIDE: Final = FeeEffect.OUTSIDE
# the streets whose cards every run shares (Courchevel: the pre-flop card too)
_SHARED_STREETS: Final = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
# the board streets in the order they are dealt (where a run-twice hand's runs part)
_BOARD_ORDER: Final = {Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
# before a seat's outcome: `bought time bank card ($0.05), ` or `received ($0.01) from time bank card, `
_TIME_BANK: Final = re.compile(
    r"(?:bought time bank card \((?P<paid>[^)]*)\)|received \((?P<got>[^)]*)\) from time bank card), "
)
# `folded before Flop with King High Flush`: GG describes a folded hand (cash-out hands), after the street
_FOLDED_WITH: Final = re.compile(r"folded (?:before|on) (?:the )?(\w+) with ")


class GGReader(StarsReader):
    """Reads GGPoker hand blocks (grammar/ggpoker.lark). Raises print the increment (`raises $45 to $64`),
    calls the chips added, as PokerStars does."""

    format = "ggpoker"
    grammar = "ggpoker"
    raise_number = INCREMENT
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return GGBuilder(self, reading, raise_number)


class GGBuilder(HandBuilder):
    """The PokerStars builder, with GG's own lines (`other_line`), stakes, pot line and boards."""

    run_labels = False  # the summary writes a run's label on a line of its own (the internal export)
    parting: int | None = None  # where the runs part: the first street printed SECOND or THIRD (_BOARD_ORDER)

    def read_stakes(self) -> Stakes:
        return read_stakes(self.info.stakes_text, self.info.structure, self.unit)

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "STRADDLE":
            self.straddle(m, line, text, source)
        elif kind == "CASH_DROP":
            self.fees.append(Fee(_CASH_DROP, self.amount(m["amount"], line), FeeEffect.ADDED, "Cash Drop", source))
        elif kind == "RECEIVES_CASHOUT":
            name = self.player(kind, text, m["name"])
            self.cash_outs.append(CashOut(name, self.amount(m["amount"], line), 0, source))
        elif kind == "CASHOUT_RISK":
            name = self.player(kind, text, m["name"])
            amount = self.amount(m["amount"], line)
            self.fees.append(Fee(FeeKind.CASH_OUT_RISK, amount, _OUTSIDE, "Cashout Risk", source, name))
        elif kind == "INSURANCE_PREMIUM":
            name = self.player(kind, text, m["name"])
            amount = self.amount(m["amount"], line)
            self.fees.append(Fee(FeeKind.INSURANCE, amount, _OUTSIDE, "all-in insurance premium", source, name))
        elif kind == "SUMMARY_RUN_LABEL":
            self.run_labels = True  # (read with the boards: summary_boards)
        else:
            super().other_line(kind, m, line, text, source)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A street line; a FIRST street dealt before the runs part (`*** FIRST FLOP *** [Th Jc Tc]`, then
        `*** SECOND TURN *** [Th Jc Tc] [Kd]`) is a street of the hand both runs share (run 0)."""
        super().board_line(kind, m, line, text, source)
        if self.run != 1:
            return
        if self.parting is None:
            self.parting = self.first_parted()
        if _BOARD_ORDER.get(self.street, 0) < self.parting:
            self.run = 0
            deal = self.streets[-1]
            self.streets[-1] = StreetDeal(
                deal.street, 0, deal.cards, deal.new_cards, deal.source, deal.empty_new_card, deal.order
            )

    def first_parted(self) -> int:
        """The first street printed for a second or third run (0 for none: every FIRST street is run 1)."""
        parted = [
            _BOARD_ORDER[BOARD_STREETS[kind]]
            for kind, _, _, m in self.tokens
            if kind in BOARD_STREETS and m["run"] in ("SECOND", "THIRD")
        ]
        return min(parted, default=0)

    def straddle(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`name: straddle $20`: the amount is the player's street total after it (ROOMS.md 1.3)."""
        name = self.player("STRADDLE", text, m["name"])
        total = self.amount(m["amount"], line)
        added = max(total - self.street_bets.get(name, 0), 0)
        to = self.post(_STRADDLE, name, added)
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                _STRADDLE,
                added,
                source,
                to,
                m["all_in"] is not None,
                False,
                None,
                None,
                line,
            )
        )

    # ---- the result ----------------------------------------------------------------------
    def pot_summary(self) -> PotSummary | None:
        """GG's pot line; without `| Rake` (the 2020 files) the rake is not printed: None."""
        summary = super().pot_summary()
        if summary is None or self.rake_printed():
            return summary
        return PotSummary(
            summary.total,
            None,
            summary.main,
            summary.sides,
            summary.source,
            summary.total_basis,
            summary.pots_basis,
            summary.collected_basis,
        )

    def rake_printed(self) -> bool:
        for kind, _, _, m in reversed(self.tokens):
            if kind == "SUMMARY_TOTAL":
                return m["rake"] is not None
        return False

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        """The summary's boards, each run's complete: a run's board printed with only its own cards
        (`SECOND Board [3d Td]` after an all-in on the flop) gets the cards the runs share in front."""
        boards = self.summary_boards()
        if len(boards) < 2:
            return super().final_boards()
        runs = sorted(boards)
        first = boards[runs[0]]
        shared: tuple[Card, ...] = ()
        for deal in self.streets:
            if deal.run == 0 and deal.street in _SHARED_STREETS:
                shared = deal.cards
        complete = [first]
        for run in runs[1:]:
            board = boards[run]
            if len(board) < len(first) and len(shared) + len(board) == len(first):
                board = shared + board
            complete.append(board)
        return tuple(complete)

    def summary_boards(self) -> dict[int, tuple[Card, ...]]:
        """The summary's boards by run, the internal export's `FIRST` / `Board [...]` pairs included."""
        if not self.run_labels:
            return self.boards
        boards: dict[int, tuple[Card, ...]] = {}
        run = 0
        for kind, line, _, m in self.tokens:
            if kind == "SUMMARY_RUN_LABEL":
                run = RUNS[m["run"]]
            elif kind == "SUMMARY_BOARD":
                boards[RUNS[m["run"]] or run] = self.cards(m["cards"], line)
                run = 0
        return boards

    def finish(self) -> Hand:
        self.summary_seats = [_gg_seat(self.seat_with_time_bank(seat)) for seat in self.summary_seats]
        if len(self.collected) > 1:  # which pot each `from pot` line pays (pots.py)
            line = self.pot_line
            deduction = (line.rake if line is not None else 0) + sum(
                fee.amount for fee in self.fees if fee.effect is FeeEffect.TAKEN
            )
            self.collected = assign(self.collected, pots_of(self.actions, self.uncalled), deduction)
        return super().finish()

    def seat_with_time_bank(self, seat: SummarySeat) -> SummarySeat:
        """`time_bank`; an amount of the time bank card not read makes the seat line a line not read (the
        line left as read so far, its time bank money not counted)."""
        try:
            return self.time_bank(seat)
        except AmountError as error:
            if error.finer and self.unit.decimals == 0:
                raise  # chips with decimals: the reader reads the hand again in hundredths
            line = error.args[1]
            self.defects.append(Defect(line, self.block.lines[line - self.block.first_line], error.args[0]))
            return seat

    def time_bank(self, seat: SummarySeat) -> SummarySeat:
        """A seat line that starts with GG's time bank card: a player buys time to act (`bought time bank card
        ($0.05)`, one big blind) and its price is shared among the others (`received ($0.01) from time bank
        card`). Neither is in the pot, and neither in the hand's own stacks: the buyer's next hand in the
        corpus starts $0.05 below where this one leaves him (806fe078, #RC3793773643 then #RC3793774140); a
        share reaches the stack some hands later, as Rush & Cash moves the player on before the hand ends (Hero
        receives $0.01 in #RC3792545469 and starts #RC3792546285 a cent above where #RC3792546173 left him).
        Each is a fee OUTSIDE the pot on its player (a share received as a negative amount); the outcome is
        read from the rest of the line."""
        found = _TIME_BANK.search(seat.text) if "time bank card" in seat.text else None
        if found is None:
            return seat
        line = seat.source.line
        paid = found["paid"]
        if paid is not None:
            amount, label = self.amount(paid, line), "time bank card"
        else:
            amount, label = -self.amount(found["got"], line), "share of a time bank card"
        self.fees.append(Fee(FeeKind.OTHER, amount, _OUTSIDE, label, seat.source, seat.player))
        rest = seat.text[: found.start()] + seat.text[found.end() :]
        again = read_summary_seat(seat.seat, rest, {seat.seat: seat.player}, self.amount, self.cards, seat.source)
        return SummarySeat(
            again.seat,
            again.player,
            again.positions,
            again.outcome,
            again.won,
            again.cards,
            seat.text,
            seat.source,
            again.folded_street,
            again.cashed_out,
            again.pot_not_awarded,
        )


def _gg_seat(seat: SummarySeat) -> SummarySeat:
    """A summary seat with what GG's words mean: `, EV Cashout ($x)` marks the player who cashed out; the
    street a described folded hand was folded on is the word before `with`."""
    text = seat.text
    if "EV Cashout (" not in text and not (seat.outcome == "folded" and " with " in text):
        return seat
    folded = _FOLDED_WITH.search(text)
    return SummarySeat(
        seat.seat,
        seat.player,
        seat.positions,
        seat.outcome,
        seat.won,
        seat.cards,
        text,
        seat.source,
        folded.group(1) if folded else seat.folded_street,
        seat.cashed_out or "EV Cashout (" in text,
        seat.pot_not_awarded,
    )
