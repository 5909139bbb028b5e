"""Read a Kings Club hand block: the PokerStars reader with Kings Club's grammar and lines of its own.

What Kings Club prints otherwise (ROOMS.md 18):

- a header block of three lines: `#39969304: Pot Limit Omaha Hi-Lo - 5/10`, the local time (no zone),
  `Table '8 Game Mix' Seat 6 is the button`; chips only, no currency;
- betting lines without a colon; raises and calls both print the street total (`raises to 30`,
  `calls 90`); `Dealt to Player0: [X X X X]` for every seat, the hidden cards as X;
- `Player1: posts blind 44` (44/88 limit): a player coming back posts the big blind and, unprinted, the
  small blind dead beside it (his net, -77 with an ante of 11, and the pot count both);
- all-in-or-fold tables (`Table 'MAD AOF PLO'`): a player may only fold or go all in, so the hand is
  read as no limit whatever the header's limit (no pot-limit maximum applies to a shove);
- no line for the uncalled part of a bet (Refunds.IMPLIED): it is simply not in the awards;
- the summary: `Seat 1: Player0 (1,089) +89` (each seat's stack after the hand and its net), `Rake 1`,
  and the award of the main pot only (`Player0 wins pot (179)`, `Player1 wins (758.50) from pot`). The
  nets are the complete record: what a player got back is what they put in plus their net, and where
  that is more than the printed award (and the uncalled part of their bet), the rest is a side pot
  the summary does not print. Those amounts become collected lines of the side pots, so that the audit
  judges every pot, and each seat's summary line says what it won;
- double-board Limit Omaha (`*** BOARD 1 - FLOP ***` ... `*** BOARD 2 - RIVER ***`): the engine knows
  two boards only as run-it-twice, whose rules (shared cards, no fixed limit, streets dealt after the
  betting) do not hold here, so the hand is read on its first board, the second board's lines are kept
  as events and the winners are not judged (no final board); the betting, the rake and the pot's
  arithmetic are;
- an all-in before the flop may print only the river line with the whole board (`*** RIVER *** [2s Th
  6h 7c] [5s]`); all-in-or-fold tables print the flop before the betting round (a defect: the flop is
  placed after the first betting round's last line);
- the mixed games (draw, stud, razz, 2-7 razz, Badeucey, Drawmaha) are replayed; stud's `*** 3RD STREET ***`
  deals the fourth card (the first round has no line); Drawmaha's draw comes after the flop's betting.
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    STUD_GAMES,
    Action,
    ActionKind,
    Card,
    Collected,
    Defect,
    Event,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    SummarySeat,
    UncalledReturn,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import TO
from omaha_audit.parse.lexer import LineToken
from omaha_audit.rooms.kingsclub.header import read_header, with_table
from omaha_audit.rooms.kingsclub.pots import side_pot_awards
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import BOARD_STREETS, HandBuilder, Reading, StarsReader

_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP
_POSTS: Final = {
    "the small blind": ActionKind.POST_SMALL_BLIND,
    "the big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "blind": ActionKind.POST_SMALL_AND_BIG_BLIND,  # missed blinds: see KingsClubBuilder.other_line
}
_DRAWS: Final = {"1ST": Street.DRAW1, "2ND": Street.DRAW2, "3RD": Street.DRAW3}
# Kings Club's stud street lines name the round they open by the card before it: `3RD STREET` deals the
# fourth card.
_STUD_STREETS: Final = {
    "3RD": Street.FOURTH,
    "4TH": Street.FIFTH,
    "5TH": Street.SIXTH,
    "6TH": Street.SEVENTH,
    "7TH": Street.SEVENTH,
}
_VOLUNTARY: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
_EARLY_FLOP: Final = "the flop is printed before the first betting round; read after that betting round's last line"
_GARBLED_SUMMARY: Final = "garbled summary line"


class KingsClubReader(StarsReader):
    """Reads Kings Club hand blocks (grammar/kingsclub.lark). Raises and calls print street totals."""

    format = "kingsclub"
    grammar = "kingsclub"
    raise_number = TO
    call_number = TO

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """The header block's third line: `Table '8 Game Mix' Seat 6 is the button`."""
        return next((m.groupdict() for kind, _, _, m in tokens[1:4] if kind == "TABLE"), {})

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        # the header block's second line is the time
        date = next((m["started"] for kind, _, _, m in reading.tokens[1:3] if kind == "DATE"), "")
        reading.info = with_table(reading.info, date, reading.table.get("table") or "")
        return KingsClubBuilder(self, reading, raise_number)


class KingsClubBuilder(HandBuilder):
    """Kings Club's own lines, the side pots its summary leaves out, and its boards."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.nets: list[tuple[int, str, int, int, Source, str]] = []  # seat, name, stack after, net, line
        self.rake: int | None = None
        self.rake_source: Source | None = None
        self.double_board = False
        self.early_flop: StreetDeal | None = None  # a flop line printed before the first betting round
        self.early_flop_text = ""

    def card_texts(self, text: str) -> list[str]:
        return [part for part in text.split() if part != "X"]  # hidden cards

    def read_stakes(self) -> Stakes:
        """`5/10`, `1,000/2,000`: the blinds, or fixed limit's small and big bet (read by the kit with a decimal
        point; raises AmountError, a ValueError)."""
        small_text, _, big_text = self.info.stakes_text.partition("/")
        decimals = self.unit.decimals
        small, big = read_amount(small_text, decimals, decimal="."), read_amount(big_text, decimals, decimal=".")
        if self.info.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small_bet=small, big_bet=big)
        return Stakes(small, big)

    # ---- lines ------------------------------------------------------------------------------
    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        board_number = m["board"]
        if board_number is not None and board_number != "1":
            self.double_board = True
            self.events.append(Event("second-board", text, self.street, source))
            return
        if self.info.game in STUD_GAMES:
            return
        old = self.cards(m["cards"], line)
        new_text = m["new_cards"]
        board = old + self.cards(new_text, line) if new_text is not None else old
        previous = self.streets[-1].cards if self.streets else ()
        if self.early_flop is not None:
            previous = self.early_flop.cards
        # (a river line with the whole board and no flop or turn line before it: every card is new)
        new = board[len(previous) :] if board[: len(previous)] == previous else board[len(old) :]
        street = BOARD_STREETS[kind]
        if street is Street.FLOP and self.first_round_open():
            self.early_flop = StreetDeal(street, 0, board, new, source, False, line)
            self.early_flop_text = text
            return
        self.place_early_flop()
        self.street, self.run = street, 0
        self.new_round()
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def first_round_open(self) -> bool:
        """True before anyone has acted after the deal (the flop cannot come yet, unless every player is
        all in from the blinds)."""
        if self.street is not _BLINDS and self.street is not _PREFLOP:
            return False
        return not any(action.kind in _VOLUNTARY for action in self.actions)

    def place_early_flop(self) -> None:
        """The flop printed before the first round: placed after that betting round's last action, if any came."""
        deal = self.early_flop
        if deal is None:
            return
        self.early_flop = None
        after = [action.order for action in self.actions if action.order > deal.order and action.kind in _VOLUNTARY]
        order = deal.order
        if after:
            order = after[-1]
            self.defects.append(Defect(deal.source.line, self.early_flop_text, _EARLY_FLOP, inconsistent=True))
        self.streets.append(StreetDeal(deal.street, 0, deal.cards, deal.new_cards, deal.source, False, order))
        self.street, self.run = deal.street, 0
        self.new_round()

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "POST_BLIND":
            name = self.player(kind, text, m["name"])
            post_kind = _POSTS[m["what"]]
            chips = self.amount(m["amount"], line)
            if post_kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
                # `Player1: posts blind 44` (44/88 limit, a player coming back): the big blind printed, the
                # small blind dead beside it, unprinted; the seat's net (-77 with an ante of 11) and the
                # pot (1,199 less a rake of 5 is the award of 1,194) count both
                chips += self.stakes.small_blind or chips // 2
            to = self.post(post_kind, name, chips)
            self.actions.append(
                Action(
                    self.street,
                    name,
                    self.players.get(name),
                    post_kind,
                    chips,
                    source,
                    to,
                    m["all_in"] is not None,
                    order=line,
                )
            )
        elif kind == "DRAWS":
            self.draw(m, line, text, source)
        elif kind == "DRAW_ROUND":
            self.street, self.run = _DRAWS[m["draw"]], 0
            self.new_round()
        elif kind == "STREET_CARDS":
            self.street, self.run = _STUD_STREETS[m["street"]], 0
            self.new_round()
        elif kind == "RUN_SHOWS":
            name = self.player("SHOWS", text, m["name"])
            cards = self.cards(m["cards"], line)
            self.showdown.append(
                ShowdownLine(name, ShowdownKind.SHOWS, cards, None, whole_number(m["run"]), source, line)
            )
        elif kind == "SUMMARY_NET":
            net = m["net"] or "+0"
            value = self.amount(net[1:], line)
            stack = self.amount(m["stack"], line)
            self.nets.append(
                (whole_number(m["seat"]), m["name"], stack, -value if net[0] == "-" else value, source, text)
            )
        elif kind == "SUMMARY_RAKE":
            self.rake = self.amount(m["rake"], line)
            self.rake_source = source
        elif kind == "SUMMARY_WINS":
            name = self.player("COLLECTED", text, m["name"])
            chips = self.amount(m["amount"] or m["split"], line)
            self.collected.append(Collected(name, chips, 0, "pot", 0, source))
        elif kind != "BETTING_ROUND":
            super().other_line(kind, m, line, text, source)

    def draw(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player("DISCARD", text, m["name"])
        pat = m["pat"] is not None
        count = whole_number(m["count"]) if m["count"] else len(self.cards(m["discarded"], line))
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                ActionKind.STAND_PAT if pat else ActionKind.DISCARD,
                0,
                source,
                discarded=0 if pat else count,
                order=line,
            )
        )

    # ---- the result ------------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False

    def refunds(self) -> Refunds:
        return Refunds.IMPLIED

    def pot_summary(self) -> PotSummary | None:
        """No total pot is printed; the rake is (`Rake 1`), and a hand without the line keeps none: its
        nets add up to nothing."""
        source = self.rake_source or (self.collected[0].source if self.collected else self.src(self.block.last_line))
        rake = self.rake if self.rake is not None else 0
        return PotSummary(None, rake, None, (), source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        if self.double_board:
            return ()  # two boards dealt at once: not a run-it-twice (see the module's docstring)
        return super().final_boards()

    def finish(self) -> Hand:
        self.place_early_flop()
        for kind, line, text, m in self.tokens:
            if kind == "SUMMARY" and m["garbled"] is not None:
                self.defects.append(Defect(line, text, _GARBLED_SUMMARY))
        self.first_round()
        self.settle_nets()
        return super().finish()

    def first_round(self) -> None:
        """The betting before any street line: preflop (third street in stud)."""
        street = Street.THIRD if self.info.game in STUD_GAMES else _PREFLOP
        actions = self.actions
        for index, action in enumerate(actions):
            if action.street is _BLINDS and not action.kind.is_post:
                actions[index] = _moved(action, street)
        self.uncalled = [
            UncalledReturn(item.player, item.amount, street, item.source) if item.street is _BLINDS else item
            for item in self.uncalled
        ]

    def settle_nets(self) -> None:
        """The summary's seat lines: a SummarySeat each, what each player got back, the side pots the
        summary does not print, and the lines whose numbers disagree with the hand. (A hand with a line not
        read has chips put in that the reader does not know: a net is then no evidence against the lines.)"""
        put_in: dict[str, int] = {}
        live: dict[str, int] = {}  # without antes: what an uncalled bet is measured on
        folded: set[str] = set()
        all_in: set[str] = set()
        for action in self.actions:
            player = action.player
            put_in[player] = put_in.get(player, 0) + action.amount
            if action.kind is not ActionKind.POST_ANTE:
                live[player] = live.get(player, 0) + action.amount
            if action.kind is ActionKind.FOLD:
                folded.add(player)
            if action.all_in:
                all_in.add(player)
        refund = _uncalled(live)
        stacks = {seat.player: seat.stack for seat in self.seats}
        printed: dict[str, int] = {}
        for item in self.collected:
            printed[item.player] = printed.get(item.player, 0) + item.amount
        got_back: dict[str, int] = {}
        whole = not any(defect.not_read for defect in self.defects)
        for number, name, stack, net, source, text in self.nets:
            start = stacks.get(name)
            if start is not None and start + net != stack:
                reason = f"the stack after the hand is not {start} plus the net"
                self.defects.append(Defect(source.line, text, reason, inconsistent=True))
            returned = refund[1] if refund is not None and refund[0] == name else 0
            back = put_in.get(name, 0) + net - returned
            if back < 0:
                if whole:
                    reason = "the net is a loss of more than the player put in"
                    self.defects.append(Defect(source.line, text, reason, inconsistent=True))
                back = 0
            got_back[name] = back
            outcome = "collected" if back else ("folded" if name in folded else "other")
            self.summary_seats.append(SummarySeat(number, name, (), outcome, (back,) if back else (), (), text, source))
        stakes = dict(put_in)
        if refund is not None:
            stakes[refund[0]] -= refund[1]
        extra = {name: back - printed.get(name, 0) for name, back in got_back.items() if back > printed.get(name, 0)}
        if extra:
            source = self.collected[-1].source if self.collected else self.src(self.summary_line)
            still_in = [name for name in put_in if name not in folded]
            for name, pot, chips in side_pot_awards(stakes, still_in, all_in, extra):
                text = "pot" if pot == 0 else f"side pot-{pot}"
                self.collected.append(Collected(name, chips, pot, text, 0, source))


def _uncalled(live: dict[str, int]) -> tuple[str, int] | None:
    """The bet nobody matched: its player and the excess over the next largest (UC-1)."""
    ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
        return None
    return ranked[0][0], ranked[0][1] - ranked[1][1]


def _moved(action: Action, street: Street) -> Action:
    return Action(
        street,
        action.player,
        action.seat,
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


__all__ = ["KingsClubBuilder", "KingsClubReader"]
