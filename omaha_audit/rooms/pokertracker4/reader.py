"""Read a PokerTracker 4 export's hand block (ROOMS.md 26): the PokerStars reader's machinery with the grammar
of the four dialects (grammar/pokertracker4.lark) and a builder that reads each dialect as its own text shows
it, not as the room it came from writes its hands:

- iPoker: `Raise to $250.00` (the archive of 2013) is the chips added, leaving out the player's blind (small
  blind 50 + 250 = 300, called by `Call $600.00` from the big blind's 100 + 800); `Raise (NF) $3.00` and
  `Raise $23.38` are the street total; `Call`, `Bet` and `Allin` the chips added. Without a `Version:` the
  summary's `Total pot $8,398.00 Rake $2.00` is net of the rake and still holds the bet nobody called, which
  the winner's `wins` pays back (Refunds.IN_COLLECTED); with `Version:... Uncalled:Y` the uncalled part is
  left out of both, returned without a line (Refunds.IMPLIED). Cards are suit first (`C7`, `dJ`, `S10`);
- Merge: the same lines (`Raise $0.08`: the street total); no total pot and no rake; `Post DB $0.35` a
  missed small and big blind; `wins $0.08 (uncalled)` (2014) returns an uncalled bet, while in 2012 the
  excess over an all-in blind comes back as a second `wins` (Refunds.IN_COLLECTED);
- Microgaming: every number is the chips added (`raised to €1.25` from a small blind of 0.25 makes 1.50:
  the big blind's `called - €1.00` matches it; `raised to €16.75` after 1.75 in makes 18.50); a bet that
  nobody calls is paid back inside `wins` (`Hero wins €4.35 from the main pot`, `Rake: €0.15`: 4.50 in
  all), the excess over an all-in is left out (Refunds.IMPLIED); the blinds' short all-in `went all-in -
  10.00` before the cards is the big blind's post; `at end` stacks are printed (the tests check them);
- Everest: Full Tilt-like lines: `raises to $5.50` the street total, `calls`, `bets` the chips added,
  `Uncalled bet of $7.00 returned to`, `collects $12.85` after an unprinted rake; a returning player's
  `posts the dead blind of $0.50` with `posts $1.00` is a dead small blind and a live big blind, `posts the
  dead blind of $1.00` alone a live big blind (the player checks on it); `has been disconnected, and is allin`
  keeps a player in the hand for the chips already in (all-in protection: read as all in).

The export names no pot in its awards (`wins $270.00` and `wins $65.00` to one player): each is the player's
amount over all pots (Collected ALL_POTS), except Microgaming's `from the main pot`.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    UncalledReturn,
    Unit,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import TO
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import AmountError, HandBuilder, Reading, StarsReader
from omaha_audit.rooms.pokertracker4.header import EVEREST, IPOKER, MERGE, MICROGAMING, read_header, with_table

_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
# what the verbs say: (kind, or None where the total it makes decides; how the number counts)
ADDED_NUMBER: Final = "added"
TOTAL_NUMBER: Final = "total"
PT_VERBS: Final[dict[str, tuple[ActionKind | None, str]]] = {
    "Fold": (_FOLD, ADDED_NUMBER),
    "Check": (_CHECK, ADDED_NUMBER),
    "Call": (_CALL, ADDED_NUMBER),
    "Bet": (_BET, ADDED_NUMBER),
    "Raise to": (_RAISE, ADDED_NUMBER),  # (iPoker 2013: the chips added, the player's blind left out)
    "Raise (NF)": (_RAISE, TOTAL_NUMBER),
    "Raise": (_RAISE, TOTAL_NUMBER),
    "Allin": (None, ADDED_NUMBER),
}
MG_VERBS: Final[dict[str, tuple[ActionKind | None, str]]] = {
    "folded": (_FOLD, ADDED_NUMBER),
    "checked": (_CHECK, ADDED_NUMBER),
    "called": (_CALL, ADDED_NUMBER),
    "bet": (_BET, ADDED_NUMBER),
    "raised to": (_RAISE, ADDED_NUMBER),
    "raised": (_RAISE, ADDED_NUMBER),
    "went all-in": (None, ADDED_NUMBER),
}
EV_VERBS: Final[dict[str, tuple[ActionKind | None, str]]] = {
    "folds": (_FOLD, ADDED_NUMBER),
    "checks": (_CHECK, ADDED_NUMBER),
    "calls": (_CALL, ADDED_NUMBER),
    "bets": (_BET, ADDED_NUMBER),
    "raises to": (_RAISE, TOTAL_NUMBER),
}
PT_POSTS: Final = {
    "SB": ActionKind.POST_SMALL_BLIND,
    "BB": ActionKind.POST_BIG_BLIND,
    "Ante": ActionKind.POST_ANTE,
    "DB": ActionKind.POST_SMALL_AND_BIG_BLIND,
}
MG_POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
EV_POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    None: ActionKind.POST_BIG_BLIND,  # `posts $1.00`: a returning player's live big blind
}
STREETS: Final = {
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
SUITS: Final = frozenset("cdhsCDHS")
_OF: Final = re.compile(r"(\w+) of (\w)")
_SPLIT: Final = re.compile(r"[,\s]+")


class PokerTrackerReader(StarsReader):
    """Reads PokerTracker 4's export hand blocks, any of the four dialects (grammar/pokertracker4.lark)."""

    format = "pokertracker4"
    grammar = "pokertracker4"
    raise_number = TO  # (the builder hands the ledger each raise's street total)

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        info, table = with_table(reading.info, reading.tokens)
        reading.info, reading.table = info, table
        if info.currency != reading.unit.currency and info.currency != "chips":
            reading.unit = Unit(info.currency, 2)
        return PokerTrackerBuilder(self, reading, raise_number)


class PokerTrackerBuilder(HandBuilder):
    """One export hand, whatever its dialect, into the model (the meaning of each dialect's lines: see the
    module)."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.dialect = reading.info.room
        self.total: int | None = None
        self.rake: int | None = None
        self.pot_source: Source | None = None
        self.shown: set[tuple[str, str]] = set()  # (player, cards text) already recorded
        self.bare_posts = {m["name"] for kind, _, _, m in self.tokens if kind == "EV_POST" and m["what"] is None}
        self.left: dict[str, int] = {}  # each player's chips not yet put in

    # ---- numbers and cards ---------------------------------------------------------------------
    def parse_money(self, text: str) -> int:
        """An amount as the export writes it (`$10,000.00`, `€0.25`, `1500.00`), read by the kit, the text
        deciding its marks (the export re-writes other rooms' hands)."""
        return read_amount(text, self.unit.decimals)

    def card_texts(self, text: str) -> list[str]:
        """The card words: `Qh, 9c`, Microgaming's `A of c, 10 of d` (as `Ac`, `10d`), iPoker's suit first
        `C7 SQ D10` or `dJ s7` (read suit first by the kit)."""
        if " of " in text:
            return [rank + suit for rank, suit in _OF.findall(text)]
        return [part for part in _SPLIT.split(text) if part]

    def cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        """The cards of a line, read by the kit (suit first where the word starts with a suit: iPoker's); a word
        that is no card is reported on the line and left out."""
        if not text:
            return ()
        known = self.card_cache.get(text)
        if known is not None:
            return known
        found: list[Card] = []
        whole = True
        for part in self.card_texts(text):
            try:
                found.append(read_card(part, suit_first=part[0] in SUITS))
            except CardError as error:
                self.defects.append(Defect(line, text, str(error)))
                whole = False
        if whole:
            self.card_cache[text] = tuple(found)
        return tuple(found)

    def read_stakes(self) -> Stakes:
        """The header's pair (Microgaming's `0.25|0.50`), read by the kit; a tournament's blinds as posted (a post
        whose amount is not read is left to its line). Raises AmountError (a ValueError)."""
        small_text, _, big_text = self.info.stakes_text.partition("/")
        decimals = self.unit.decimals
        if big_text:
            small, big = read_amount(small_text, decimals), read_amount(big_text, decimals)
            if self.info.structure is Structure.FIXED_LIMIT:
                return Stakes(None, None, small_bet=small, big_bet=big)
            return Stakes(small, big)
        posted: dict[str, int] = {}
        for kind, line, _, m in self.tokens:
            if kind in ("POST", "MG_POST", "EV_POST"):
                what = m["what"] or ""
                if what not in posted:
                    try:
                        posted[what] = self.amount(m["amount"], line)
                    except AmountError as error:
                        if error.finer and decimals == 0:
                            raise  # (chips with decimals: the hand is read again in hundredths)
        small_posted = posted.get("SB", posted.get("small blind"))
        big_posted = posted.get("BB", posted.get("big blind"))
        return Stakes(small_posted, big_posted)

    # ---- the hand ------------------------------------------------------------------------
    def build(self) -> Hand:
        try:
            self.stakes = stakes = self.read_stakes()
        except ValueError as error:
            raise AmountError(str(error), self.tokens[0][1]) from None
        self.nominal_big_blind = stakes.big_blind or stakes.small_bet or 0
        if self.dialect == IPOKER and not self.tokens[0][3]["ip_limit"]:
            note = f"the header names no limit: {self.info.game.value} is read as {self.info.structure.value}"
            self.events.append(Event("limit-inferred", note, Street.BLINDS, self.src(self.tokens[0][1])))
        for kind, line, text, m in self.tokens[1:]:
            try:
                self.token(kind, line, text, m)
            except AmountError as bad_amount:  # an amount not read: its line is not read, the rest of the hand is
                if bad_amount.finer and self.unit.decimals == 0:
                    raise  # (tournament chips with decimals: the reader reads the hand again in hundredths)
                self.defects.append(Defect(bad_amount.args[1], text, bad_amount.args[0]))
        return self.finish()

    def token(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line of the hand into the hand; raises AmountError for an amount it cannot read (before the
        line changes anything)."""
        source = Source(self.path, line, line)
        if kind == "ACTION":
            self.action(PT_VERBS[m["verb"]], m["verb"] == "Allin", m, line, text, source)
        elif kind == "MG_ACTION":
            verb = m["verb"]
            if verb == "went all-in" and self.street is Street.BLINDS and not self.posted(ActionKind.POST_BIG_BLIND):
                self.add_post(ActionKind.POST_BIG_BLIND, m, line, text, source, True)  # a short all-in blind
            else:
                self.action(MG_VERBS[verb], verb == "went all-in", m, line, text, source)
        elif kind == "EV_ACTION":
            self.action(EV_VERBS[m["verb"]], m["all_in"] is not None, m, line, text, source)
        elif kind in ("SEAT", "MG_SEAT", "EV_SEAT"):
            out = kind == "MG_SEAT" and m["mark"] == "Sitting out"
            seat = Seat(whole_number(m["seat"]), m["name"] or "", self.amount(m["stack"], line), source, None, out)
            self.seats.append(seat)
            self.left[seat.player] = seat.stack
            self.players[seat.player] = seat.seat
            self._by_length = None
        elif kind == "POST":
            self.add_post(PT_POSTS[m["what"]], m, line, text, source)
        elif kind == "MG_POST":
            self.add_post(MG_POSTS[m["what"]], m, line, text, source)
        elif kind == "EV_POST":
            self.add_post(self.everest_post(m, line), m, line, text, source)
        elif kind == "HOLE_CARDS":
            self.street, self.run = Street.PREFLOP, 0
        elif kind == "DEALT" or kind == "MG_DEALT":
            if self.street is Street.BLINDS:
                self.street = Street.PREFLOP
            name = self.player(kind, text, m["name"])
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line), source))
        elif kind in ("FLOP", "TURN", "RIVER", "MG_STREET"):
            self.street_line(STREETS[m["street"] if kind == "MG_STREET" else kind], m, line, source)
        elif kind in ("SUMMARY_SHOWS", "MG_SHOWS", "EV_SHOWS", "SUMMARY_EV_SHOWS"):
            self.shows(ShowdownKind.SHOWS, m, line, text, source)
        elif kind in ("SUMMARY_MUCKS", "MG_MUCKS", "EV_MUCKED", "SUMMARY_EV_MUCKED"):
            self.shows(ShowdownKind.MUCKS, m, line, text, source)
        elif kind == "SUMMARY_WINS" or kind == "SUMMARY_EV_COLLECTS":
            name = self.player(kind, text, m["name"])
            amount = self.amount(m["amount"], line)
            if kind == "SUMMARY_WINS" and m["uncalled"]:
                self.uncalled.append(UncalledReturn(name, amount, self.street, source))
            else:
                self.collected.append(Collected(name, amount, ALL_POTS, "all pots", 0, source))
        elif kind == "MG_WINS":
            name = self.player(kind, text, m["name"])
            pot = m["pot"]
            index = whole_number(pot.rsplit(" ", 1)[1]) if pot[-1].isdecimal() else (1 if pot.startswith("side") else 0)
            self.collected.append(Collected(name, self.amount(m["amount"], line), index, pot, 0, source))
        elif kind == "EV_DISCONNECTED":
            # all-in protection: a disconnected player kept in the hand for the chips already in
            name = self.player(kind, text, m["name"])
            street = Street.PREFLOP if self.street is Street.BLINDS else self.street
            self.events.append(Event("all-in-protection", text, street, source, name))
            self.actions.append(
                Action(street, name, self.players.get(name), _CHECK, 0, source, None, True, True, order=line)
            )
        elif kind == "EV_UNCALLED":
            name = self.player(kind, text, m["name"])
            self.uncalled.append(UncalledReturn(name, self.amount(m["amount"], line), self.street, source))
        elif kind == "SUMMARY":
            self.street, self.run = Street.SUMMARY, 0
            self.summary_line = line
        elif kind == "SUMMARY_POT" or kind == "MG_RAKE":
            rake = self.amount(m["rake"], line)
            if kind == "SUMMARY_POT":
                self.total = self.amount(m["total"], line)
            self.rake = rake
            self.pot_source = source

    def posted(self, kind: ActionKind) -> bool:
        return any(action.kind is kind for action in self.actions)

    def everest_post(self, m: re.Match[str], line: int) -> ActionKind:
        what = m["what"]
        if what != "dead blind":
            return EV_POSTS[what]
        # `posts the dead blind of $0.50` beside `posts $1.00`: dead; of a big blind, alone: his live big blind
        if m["name"] in self.bare_posts or self.amount(m["amount"], line) != self.nominal_big_blind:
            return ActionKind.POST_DEAD
        return ActionKind.POST_BIG_BLIND

    def add_post(
        self, kind: ActionKind, m: re.Match[str], line: int, text: str, source: Source, all_in: bool = False
    ) -> None:
        name = self.player("POST", text, m["name"])
        chips = self.amount(m["amount"], line)
        to = self.post(kind, name, chips)
        all_in = self.spend(name, chips) or all_in
        self.actions.append(
            Action(self.street, name, self.players.get(name), kind, chips, source, to, all_in, order=line)
        )

    def action(
        self, verb: tuple[ActionKind | None, str], all_in: bool, m: re.Match[str], line: int, text: str, source: Source
    ) -> None:
        kind, number = verb
        name = self.player("ACTION", text, m["name"])
        seat = self.players.get(name)
        street = Street.PREFLOP if self.street is Street.BLINDS else self.street
        if kind is _FOLD or kind is _CHECK:
            self.actions.append(Action(street, name, seat, kind, 0, source, order=line))
            return
        value = self.amount(m["amount"], line) if m["amount"] else 0
        own = self.street_bets.get(name, 0)
        to = value if number == TOTAL_NUMBER else own + value
        if kind is None:  # an all-in: a call, a bet or a raise by the total it makes
            kind = _CALL if to <= self.high else (_BET if self.high == 0 else _RAISE)
        elif kind is _BET and self.high > 0:
            kind = _RAISE  # (a big blind's `bet - 60.00` before the flop: a raise)
        self.line, self.text = line, text
        if kind is _RAISE:
            added, after, _ = self.wager(_RAISE, name, 0, to, False)
        else:
            added, after, _ = self.wager(kind, name, to - own, None, True)
        all_in = self.spend(name, added) or all_in
        self.actions.append(Action(street, name, seat, kind, added, source, after, all_in, order=line))

    def spend(self, name: str, chips: int) -> bool:
        """The player's chips after a line that puts `chips` in: True when they are all in (the iPoker and
        Merge exports mark only some all-ins, with `Allin`: the stacks say which lines are)."""
        left = self.left.get(name)
        if left is None:
            return False
        self.left[name] = left - chips
        return chips > 0 and left - chips <= 0

    def street_line(self, street: Street, m: re.Match[str], line: int, source: Source) -> None:
        """The board: the flop's three cards, then either the whole board or the new card only."""
        self.street, self.run = street, 0
        self.new_round()
        cards = self.cards(m["cards"], line)
        before = self.streets[-1].cards if self.streets else ()
        if street is Street.FLOP or (len(cards) > 1 and cards[: len(before)] == before):
            board, new = cards, cards[len(before) :] if street is not Street.FLOP else cards
        else:
            board, new = before + cards, cards
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def shows(self, kind: ShowdownKind, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A shown or mucked hand (Everest prints the same one in the hand and again in the summary: once)."""
        name = self.player("SHOWS", text, m["name"])
        key = (name, m["cards"] or "")
        if key in self.shown and key[1]:
            return
        self.shown.add(key)
        description = m["description"] if "description" in m.re.groupindex else None
        cards = self.cards(m["cards"], line)
        self.showdown.append(ShowdownLine(name, kind, cards, description, 0, source, line))

    # ---- the result ----------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False

    def refunds(self) -> Refunds:
        if self.uncalled:
            return Refunds.LINE
        dialect = self.dialect
        if dialect == IPOKER:
            return Refunds.IMPLIED if self.tokens[0][3]["ip_uncalled"] == "Y" else Refunds.IN_COLLECTED
        if dialect == MICROGAMING:
            # a bet nobody called comes back inside `wins`; the excess over an all-in is left out
            folded = {a.player for a in self.actions if a.kind is _FOLD}
            left = {a.player for a in self.actions if not a.kind.is_post or a.amount} - folded
            return Refunds.IN_COLLECTED if len(left) <= 1 else Refunds.IMPLIED
        if dialect == MERGE:
            return Refunds.IN_COLLECTED
        return Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        source = self.pot_source or self.src(self.summary_line or self.tokens[-1][1])
        total = PotBasis.NET_WITH_REFUNDS if self.refunds() is Refunds.IN_COLLECTED else PotBasis.NET
        if self.dialect == EVEREST or self.dialect == MERGE:
            total = PotBasis.GROSS  # (no total is printed)
        return PotSummary(self.total, self.rake, None, (), source, total, PotBasis.NET, PotBasis.NET)
