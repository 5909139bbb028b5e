"""Read one Full Tilt hand block (its own client's text, 2006-2014) into the typed model, with the
PokerStars family reader: the grammar (grammar/fulltilt.lark) classifies and orders the lines, the
PokerStars builder makes the lines both rooms write, and `FullTiltBuilder` those of Full Tilt's own.

What Full Tilt's text means, as the hands show it (ROOMS.md section 12):

- a raise prints the player's street total (`raises to $0.30`), calls and bets the chips they add;
- the button is named after the blinds (`The button is in seat #5`); antes are `X antes $0.05`;
- a winner is paid on an award line, `X wins the pot ($5.70)`, `wins the high pot`, `ties for the low pot`,
  `wins the side pot`, and when run twice `wins pot 2 ($124.20)` (the board's number: run 2, main pot);
  a few hands print no award line at all and pay the winner in the summary only (`collected ($41.80)`):
  that summary amount is then the award, noted as an event;
- a hand shown at an all-in is printed with its cards (`shows [8h Ad 6h 7d]`), and at the end described
  again without them (`shows two pair, Aces and Sevens`): the description is given the cards shown before;
- Courchevel's first flop card is dealt with the hole cards (`*** FLOPET *** [9h]`) and the flop line then
  prints only the two new cards (`*** FLOP *** [9s Kd]`): the flop is the three cards;
- each street line carries the running gross pot (`(Total Pot: $1.80, 2 Players)`); it is compared with
  what the lines before it put in, and a line that disagrees is a defect;
- run it twice has one summary per board (`*** SUMMARY 1 ***`, `Pot 1 $124.20`, `Board: [...]`, the seat
  lines again): a seat's lines are joined into one summary seat with one amount per board won;
- a history Full Tilt's client saw only part of says `(partial)` after the date and holds only the summary:
  it is read as cut off (truncated);
- a Flipout's blinds, all in on their antes, are printed checking before the cards are dealt: no action
  (nothing can be bet before the deal), kept as events;
- a summary seat line for a seat nobody sits in, or with no outcome (`Seat 4: Player3 (big blind) [0]`), is
  a defect.
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Half,
    Hand,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    SummarySeat,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED, TO
from omaha_audit.parse.lexer import LineToken
from omaha_audit.rooms.fulltilt.header import header_stakes, read_header, table_fields
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import RUNS, AmountError, HandBuilder, Reading, StarsReader

_ANTE: Final = ActionKind.POST_ANTE
_RAISE: Final = ActionKind.RAISE
_SHOWS: Final = ShowdownKind.SHOWS
_PREFLOP: Final = Street.PREFLOP
_BLINDS: Final = Street.BLINDS
_CHECK: Final = ActionKind.CHECK
_FLOP: Final = Street.FLOP
_SUMMARY: Final = Street.SUMMARY
# Stud street lines by number: seven-card stud deals from 3RD STREET, five-card stud from 2ND (its rounds
# are numbered one lower: they are put on the model's streets from THIRD on, in order).
STUD_STREETS: Final = {3: Street.THIRD, 4: Street.FOURTH, 5: Street.FIFTH, 6: Street.SIXTH, 7: Street.SEVENTH}
DRAWS: Final = {None: Street.DRAW1, "FIRST": Street.DRAW1, "SECOND": Street.DRAW2, "THIRD": Street.DRAW3}
HALVES: Final = {"high": Half.HIGH, "low": Half.LOW}
_FOR_HIGH: Final = ", for high"
_SEAT_AGAIN: Final = re.compile(r"\bSeat \d+: ")
_AWARD_PREFIX: Final = re.compile(r" (?:wins|ties for) (.*) \(")


class FullTiltReader(StarsReader):
    """Full Tilt's text: raises to a street total, calls and bets the chips added; the table in the header."""

    format = "fulltilt"
    grammar = "fulltilt"
    raise_number = TO
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        return table_fields(tokens[0][3].groupdict())

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return FullTiltBuilder(self, reading, raise_number)


class FullTiltBuilder(HandBuilder):
    """The PokerStars builder, with Full Tilt's own lines (see the module docstring)."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        header = reading.tokens[0][3]
        self.game_stakes: str = header["game_stakes"] or ""
        if header["partial"]:
            self.truncated = True  # Full Tilt's own word: the client saw only part of the hand
        self.stud_offset: int | None = None  # five-card stud numbers its streets from 2ND
        self.run_starts: list[tuple[int, int]] = []  # (index of the first summary seat of a board, board)

    def read_stakes(self) -> Stakes:
        """The header's stakes, ante and cap (`$0.10/$0.20 Ante $0.05`, `50K/100K`, `$2,000 Cap`), read by the
        kit; raises AmountError (a ValueError)."""
        info = self.info
        return header_stakes(self.game_stakes, info.structure, self.unit.decimals, info.tournament is not None)

    # ---- Full Tilt's lines ------------------------------------------------------------------------------
    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "ANTE" or kind == "EXTRA_POST":
            self.forced(kind, m, line, text, source)
        elif kind == "BUTTON":
            self.button = whole_number(m["button"])
        elif kind == "COMPLETE":
            self.complete(m, line, text, source)
        elif kind == "SHOWN" or kind == "SHOWS_TEXT":
            self.shown(kind, m, line, text, source)
        elif kind == "LOW_TEXT":
            self.low_text(m, text, source)
        elif kind == "AWARD":
            self.award(m, line, text, source)
        elif kind == "STUD_STREET":
            self.check_pot(m, line, text)
            number = whole_number(m["street"])
            if self.stud_offset is None:
                self.stud_offset = 3 - number
            self.street, self.run = STUD_STREETS.get(number + self.stud_offset, Street.SEVENTH), 0
            self.new_round()
        elif kind == "DRAW":
            self.check_pot(m, line, text)
            self.street, self.run = DRAWS[m["draw"]], 0
            self.new_round()
        elif kind == "PREFLOP_CARD":
            self.check_pot(m, line, text)
            super().other_line(kind, m, line, text, source)
        elif kind == "DISCARD" and m["pat_cards"] is not None:
            # `Hero stands pat on [6d 2c 3s 9s 7s]`: the hand kept, the player's cards after this draw (as
            # a `Dealt to` line after a draw gives them), no other line follows
            super().other_line(kind, m, line, text, source)
            name = self.player(kind, text, m["name"])
            self.dealt.append(DealtCards(name, self.cards(m["pat_cards"], line), source))
        elif kind == "RUN_TWICE":
            self.run_twice = True
            self.events.append(Event("run-it-twice", text, self.street, source))
        elif kind == "SUMMARY_RUN":
            self.run = whole_number(m["run"])
            self.run_twice = True
            self.run_starts.append((len(self.summary_seats), self.run))
        elif kind == "SUMMARY_BOARD_LINE":
            self.boards[self.run] = self.cards(m["cards"], line)
        elif kind == "SUMMARY_DURATION" or kind == "SUMMARY_RUN_POT":
            return
        else:
            super().other_line(kind, m, line, text, source)

    def forced(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`X antes $0.05`; `X posts a dead small blind of $0.05` (dead) or `X posts $0.10` (live)."""
        name = self.player(kind, text, m["name"])
        if kind == "ANTE":
            action_kind = _ANTE
        else:
            action_kind = ActionKind.POST_DEAD if m["dead"] else ActionKind.POST_BIG_BLIND
        chips = self.amount(m["amount"], line)
        to = self.post(action_kind, name, chips)
        all_in = m["all_in"] is not None
        self.actions.append(
            Action(self.street, name, self.players.get(name), action_kind, chips, source, to, all_in, order=line)
        )

    def complete(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """Stud: `X completes it to $3`, the bring-in raised to the full bet (a raise to that total)."""
        name = self.player("COMPLETE", text, m["name"])
        self.line, self.text = line, text
        added, to, _ = self.wager(_RAISE, name, self.amount(m["amount"], line), None, False)
        all_in = m["all_in"] is not None
        self.actions.append(
            Action(self.street, name, self.players.get(name), _RAISE, added, source, to, all_in, order=line)
        )

    def shown(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A hand shown: with its cards (SHOWN), or described again without them (SHOWS_TEXT)."""
        name = self.player(kind, text, m["name"])
        description: str | None = m["description"]
        if kind == "SHOWN":
            cards = self.cards(m["cards"], line)
            old = m["old_description"]
            if old is not None:  # 2006: `shows [...] (a flush, Ace high)`, a low on the next line
                description = f"{old}{_FOR_HIGH}" if self.info.game.is_hi_lo else old
        else:
            cards = self.cards_shown_before(name)
            if not cards:  # no cards of this player anywhere before: the words describe nothing checkable
                self.events.append(Event("shows-description", text, self.street, source, name))
                return
        self.showdown.append(ShowdownLine(name, _SHOWS, cards, description, self.run, source, line))

    def cards_shown_before(self, name: str) -> tuple[Card, ...]:
        """The cards `name` showed before in this hand (or was dealt, in a flop game)."""
        for shown in reversed(self.showdown):
            if shown.player == name and shown.cards:
                return shown.cards
        if self.info.game.is_flop_game:
            for dealt in reversed(self.dealt):
                if dealt.player == name and dealt.cards:
                    return dealt.cards
        return ()

    def low_text(self, m: re.Match[str], text: str, source: Source) -> None:
        """2006 hi/lo: ` (8,7,4,3,A)` on its own line, the low of the hand shown just before."""
        last = self.showdown[-1] if self.showdown else None
        if last is None or last.kind is not _SHOWS or not (last.description or "").endswith(_FOR_HIGH):
            self.events.append(Event("low-description", text, self.street, source))
            return
        description = f"{last.description} and {m['low']}, for low"
        self.showdown[-1] = ShowdownLine(
            last.player, last.kind, last.cards, description, last.run, last.source, last.order
        )

    def award(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`X wins the pot ($5.70) with ...`, `X ties for the high pot ...`, `X wins pot 2 ($124.20) ...`."""
        name = self.player("AWARD", text, m["name"])
        side, which, board = m["side"], m["which"], m["run"]
        pot = whole_number(side) if side else (1 if which == "side" else 0)
        words = _AWARD_PREFIX.search(text, len(name))
        self.collected.append(
            Collected(
                name,
                self.amount(m["amount"], line),
                pot,
                words.group(1) if words else "pot",
                whole_number(board) if board else self.run,
                source,
                HALVES.get(m["half"] or "", Half.WHOLE),
            )
        )

    # ---- streets -----------------------------------------------------------------------------------
    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        self.check_pot(m, line, text)
        if kind == "FLOP" and self.info.game.is_courchevel:
            first = next((deal for deal in reversed(self.streets) if deal.street is _PREFLOP), None)
            cards = self.cards(m["cards"], line)
            if first is not None and first.cards and len(cards) == 2:
                # the two new cards after the FLOPET card: the flop is all three (its dealt cards too, so
                # that the duplicate check sees the FLOPET card on the board)
                self.street, self.run = _FLOP, RUNS[m["run"]]
                self.new_round()
                board = first.cards[:1] + cards
                self.streets.append(StreetDeal(_FLOP, self.run, board, board, source, False, line))
                return
        super().board_line(kind, m, line, text, source)

    def check_pot(self, m: re.Match[str], line: int, text: str) -> None:
        """The running `(Total Pot: $1.80, ...)` must be what the lines before it put in, less the bets
        returned."""
        printed = m["total"]
        if printed is None:
            return
        try:
            total = self.amount(printed, line)
        except AmountError as error:  # (the street line is read; its running pot is not)
            if error.finer and self.unit.decimals == 0:
                raise  # (chips with decimals: the hand is read again in hundredths)
            self.defects.append(Defect(line, text, error.args[0]))
            return
        put_in = 0
        for action in self.actions:
            put_in += action.amount
        for returned in self.uncalled:
            put_in -= returned.amount
        if total != put_in and not any(defect.not_read for defect in self.defects):
            reason = f"the running pot says {printed}; the lines before it put in {self.unit.format(put_in)}"
            self.defects.append(Defect(line, text, reason, inconsistent=True))

    # ---- the result ----------------------------------------------------------------------------------
    def finish(self) -> Hand:
        seats = [self.outcome_words(seat) for seat in self.summary_seats]
        if any(action.street is _BLINDS and action.kind is _CHECK for action in self.actions):
            self.blind_checks()
        if not self.collected and not self.truncated:
            self.awards_from_summary(seats)
        if self.seats and not self.truncated:
            self.check_summary_seats(seats)
        if self.run_starts:
            seats = merge_boards(seats)
        self.summary_seats = seats
        return super().finish()

    def blind_checks(self) -> None:
        """A Flipout's blinds, all in on their antes, are printed checking before the cards are dealt: no
        action (nothing is owed, nothing can be bet), recorded as events."""
        kept: list[Action] = []
        for action in self.actions:
            if action.street is _BLINDS and action.kind is _CHECK:
                text = f"{action.player} checks"
                self.events.append(Event("blind-check", text, _BLINDS, action.source, action.player))
            else:
                kept.append(action)
        self.actions = kept

    def check_summary_seats(self, seats: list[SummarySeat]) -> None:
        """Summary seat lines Full Tilt wrote wrongly: for a seat nobody sits in (two lines run together:
        `Seat 3: Player4 Seat 4: Player1 (big blind) collected ($0.50), mucked`), or with no outcome
        (`Seat 4: Player3 (big blind) [0]` for a player who folded on the river)."""
        seated = {seat.seat for seat in self.seats}
        for seat in seats:
            text = f"Seat {seat.seat}: {seat.text}"
            if seat.seat not in seated:
                together = _SEAT_AGAIN.search(seat.text) is not None
                if together:  # (garbled: not read)
                    self.defects.append(Defect(seat.source.line, text, "two summary seat lines run together"))
                else:  # (read whole, and no player sits there: the room's error)
                    reason = "a summary line for an empty seat"
                    self.defects.append(Defect(seat.source.line, text, reason, inconsistent=True))
            elif seat.outcome == "other":
                self.defects.append(Defect(seat.source.line, text, "the summary seat line gives no outcome"))

    def outcome_words(self, seat: SummarySeat) -> SummarySeat:
        """Full Tilt's summary words the PokerStars reading leaves as `other`: `didn't bet (folded)` is a
        fold, `is sitting out` a player sitting out."""
        if seat.outcome != "other":
            return seat
        if seat.text.endswith("(folded)"):
            outcome = "folded"
        elif seat.text.endswith("is sitting out"):
            outcome = "sat-out"
        else:
            return seat
        return SummarySeat(
            seat.seat,
            seat.player,
            seat.positions,
            outcome,
            seat.won,
            seat.cards,
            seat.text,
            seat.source,
            seat.folded_street,
            seat.cashed_out,
            seat.pot_not_awarded,
        )

    def awards_from_summary(self, seats: list[SummarySeat]) -> None:
        """A hand with no award line pays its winners in the summary only: those amounts are the awards."""
        boards = self.run_starts
        for index, seat in enumerate(seats):
            if not seat.won or seat.outcome not in ("collected", "showed"):
                continue
            board = 0
            for start, number in boards:
                if index >= start:
                    board = number
            for amount in seat.won:
                self.collected.append(Collected(seat.player, amount, 0, "pot", board, seat.source, None))
            self.events.append(Event("award-from-summary", seat.text, _SUMMARY, seat.source, seat.player))


def merge_boards(seats: list[SummarySeat]) -> list[SummarySeat]:
    """One summary seat per seat: a run-it-twice hand prints each seat once per board."""
    by_seat: dict[int, list[SummarySeat]] = {}
    for seat in seats:
        by_seat.setdefault(seat.seat, []).append(seat)
    merged: list[SummarySeat] = []
    for group in by_seat.values():
        first = group[0]
        if len(group) == 1:
            merged.append(first)
            continue
        won: tuple[int, ...] = ()
        for seat in group:
            won += seat.won
        cards = next((seat.cards for seat in group if seat.cards), ())
        merged.append(
            SummarySeat(
                first.seat,
                first.player,
                first.positions,
                first.outcome,
                won,
                cards,
                " | ".join(seat.text for seat in group),
                first.source,
                first.folded_street,
                any(seat.cashed_out for seat in group),
                any(seat.pot_not_awarded for seat in group),
            )
        )
    return merged
