"""Read a Cake Poker hand block: the PokerStars reader with Cake's grammar, header and lines of its own.

What Cake prints otherwise (ROOMS.md 16):

- no `*** HOLE CARDS ***` line: the betting before the flop follows the posts and `Dealt to`;
- two currencies on euro-display tables: the table plays in dollars and shows each amount's euro value
  after it (`$21,89 in chips)  (EUR €17,29)`). The dollar amounts are read; the euro values, rounded,
  are ignored. The header's stakes are the euro display too (`€0,04/€0,08` on a table that posts
  `$0,05`/`$0,10`), so the stakes of such a hand are the blinds it posts in dollars;
- raises print the street total (`raises to $0,30`), calls the chips added; `is all in X` puts in X
  chips, a bet, a raise or a call by the total it brings the player to;
- `posts ante of 25`; a returning player's `posts dead blind $0,05 and big blind $0,10`: a dead blind and a
  live big blind. The corpus's one such line prints the dead blind with a minus (`$-0,10`), which no reading
  makes an amount: the live big blind is read, the dead blind is a part of the line not read (its size is not
  known: the pot's rake, 6% of the pot at that table, fits a dead small blind of $0.05 better than $0.10);
- cards separated by commas (`[3c,5d,Ks,6h]`); the turn and river lines show only the new card;
- one `***SHOW DOWN***` per pot awarded, the side pots first: the awards are numbered from the main pot;
- `X wins $3,55`: the award, after the rake; no total pot and no rake are printed (a PotSummary with
  neither, so that the audit checks what the pot kept);
- names with spaces written with underscores in the mucked-cards lines (`Player_Space`).
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Collected,
    Defect,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    UncalledReturn,
    Unit,
)
from omaha_audit.parse.ledger import ADDED, TO
from omaha_audit.parse.lexer import LineToken
from omaha_audit.rooms.cake.header import SYMBOLS, cake_amount, read_header, read_stakes, read_table
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import BOARD_STREETS, AmountError, HandBuilder, Reading, StarsReader

_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP
_SEPARATORS: Final = re.compile(r"[,\s]+")
_DEAD_NOT_READ: Final = "the dead blind is not read, only the live big blind"


class CakeReader(StarsReader):
    """Reads Cake hand blocks (grammar/cake.lark)."""

    format = "cake"
    grammar = "cake"
    raise_number = TO
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """The table as the header names it (`Odesa (6-Max) 13495`, `Play Money 21 14254`, a tournament's
        `Table 1`); the button from `Dealer: Seat 3`, or in 2011 from the seat marked `DEALER`."""
        header = tokens[0][3]
        found = read_table(header["table"] or "", header["table_number"], header["tournament_max"])
        button: str | None = None
        for kind, _, _, m in tokens:
            if kind == "DEALER":
                button = m["button"]
                break
            if kind == "SEAT" and m["status"] == " DEALER":
                button = m["seat"]
                break
        return {
            "table": found.name,
            "table_id": found.number,
            "max_seats": found.max_seats,
            "button": button,
            "money": "Play Money" if "Play Money" in found.name else None,
        }

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        unit = reading.unit
        if unit.currency == "USD":  # the seats' amounts say what a cash table plays in
            stack = next((m["stack"] for kind, _, _, m in reading.tokens if kind == "SEAT"), "")
            currency = SYMBOLS.get(stack[:1], unit.currency)
            if currency != unit.currency:
                reading.unit = Unit(currency, unit.decimals)
        return CakeBuilder(self, reading, raise_number)


class CakeBuilder(HandBuilder):
    """Cake's own lines, number forms and the pot figures it does not print."""

    def parse_money(self, text: str) -> int:
        return cake_amount(text, self.unit.decimals)

    def card_texts(self, text: str) -> list[str]:
        return [part for part in _SEPARATORS.split(text) if part]

    def read_stakes(self) -> Stakes:
        info, unit = self.info, self.unit
        symbol = info.stakes_text[:1]
        if symbol in SYMBOLS and SYMBOLS[symbol] != unit.currency:
            return self.posted_stakes()
        return read_stakes(info.stakes_text, info.structure, unit.decimals)

    def posted_stakes(self) -> Stakes:
        """The stakes of a euro-display table: the small and big blind the hand posts in dollars (the
        header's euro figures are rounded conversions, `€0.41` for a $0.50 big blind; a post whose amount is
        not read is left to its line)."""
        posted: dict[str, int] = {}
        for kind, line, _, m in self.tokens:
            if kind == "POST" and m["what"] not in posted:
                try:
                    posted[m["what"]] = self.amount(m["amount"], line)
                except AmountError as error:
                    if error.finer and self.unit.decimals == 0:
                        raise  # (chips with decimals: the hand is read again in hundredths)
        small, big = posted.get("small blind"), posted.get("big blind")
        if self.info.structure is Structure.FIXED_LIMIT:  # (limit: the big blind is the small bet)
            return Stakes(None, None, small_bet=big, big_bet=2 * big if big else None)
        return Stakes(small, big)

    def player(self, kind: str, text: str, guess: str | None) -> str:
        name = super().player(kind, text, guess)
        if name not in self.players and "_" in name:
            spaced = name.replace("_", " ")  # the mucked-cards lines write spaces as underscores
            if spaced in self.players:
                return spaced
        return name

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A street line: the flop's three cards, then only the card each later street adds."""
        self.street, self.run = BOARD_STREETS[kind], 0
        self.new_round()
        new = self.cards(m["cards"], line)
        board = (self.streets[-1].cards if self.streets else ()) + new
        self.streets.append(StreetDeal(self.street, 0, board, new, source, False, line))

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "ALL_IN":
            self.all_in(m, line, text, source)
        elif kind == "ANTE":
            name = self.player(kind, text, m["name"])
            chips = self.amount(m["amount"], line)
            self.actions.append(
                Action(
                    self.street,
                    name,
                    self.players.get(name),
                    ActionKind.POST_ANTE,
                    chips,
                    source,
                    self.post(ActionKind.POST_ANTE, name, chips),
                    order=line,
                )
            )
        elif kind == "DEAD_BLIND":
            self.dead_blind(m, line, text, source)
        elif kind != "DEALER":
            super().other_line(kind, m, line, text, source)

    def dead_blind(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`posts dead blind $0,05 and big blind $0,10`: a dead blind and a live big blind; a dead blind not read
        (`$-0,10`) is left out and the line reported, the big blind read."""
        name = self.player("DEAD_BLIND", text, m["name"])
        live = self.amount(m["amount"], line)
        posts = [(ActionKind.POST_BIG_BLIND, live)]
        try:
            posts.insert(0, (ActionKind.POST_DEAD, self.amount(m["dead"], line)))
        except AmountError as error:
            if error.finer and self.unit.decimals == 0:
                raise  # (chips with decimals: the hand is read again in hundredths)
            self.defects.append(Defect(line, text, f"{_DEAD_NOT_READ}: {error.args[0]}"))
        seat = self.players.get(name)
        for post_kind, chips in posts:
            to = self.post(post_kind, name, chips)
            self.actions.append(Action(self.street, name, seat, post_kind, chips, source, to, order=line))

    def all_in(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`name: is all in X`: X chips more; a bet when nobody has bet on the street, a raise when it
        goes above the high bet, else a call (for the high bet, or less)."""
        name = self.player("ALL_IN", text, m["name"])
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
        return False

    def refunds(self) -> Refunds:
        return Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        """Cake prints neither a total nor a rake: the pot is what the players put in, the rake what it
        kept. The awards are after the rake."""
        line = self.collected[-1].source if self.collected else Source(self.path, self.block.last_line)
        return PotSummary(None, None, None, (), line, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)

    def table_id(self, table: str) -> str:
        number = self.table.get("table_id") or table
        tournament = self.info.tournament
        return f"{tournament.tournament_id}/{number}" if tournament is not None else number

    def finish(self) -> Hand:
        self.to_preflop()
        self.number_pots()
        return super().finish()

    def to_preflop(self) -> None:
        """Cake prints no hole-cards line: the betting after the posts is the preflop round."""
        actions = self.actions
        for index, action in enumerate(actions):
            if action.street is _BLINDS and not action.kind.is_post:
                actions[index] = _moved(action, _PREFLOP)
        self.uncalled = [
            UncalledReturn(item.player, item.amount, _PREFLOP, item.source) if item.street is _BLINDS else item
            for item in self.uncalled
        ]

    def number_pots(self) -> None:
        """With a showdown line per pot, side pots first, the award under the last is the main pot's and
        each one before it a side pot's, numbered down from the last side pot."""
        marks = [mark.order for mark in self.showdown_marks]
        sections = sorted({sum(1 for mark in marks if mark < item.source.line) for item in self.collected})
        if len(sections) < 2:
            return
        index_of = {section: len(sections) - 1 - place for place, section in enumerate(sections)}
        renumbered: list[Collected] = []
        for item in self.collected:
            pot = index_of[sum(1 for mark in marks if mark < item.source.line)]
            text = "pot" if pot == 0 else f"side pot-{pot}"
            renumbered.append(Collected(item.player, item.amount, pot, text, item.run, item.source))
        self.collected = renumbered


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


__all__ = ["CakeBuilder", "CakeReader"]
