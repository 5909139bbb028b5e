"""Read an Absolute Poker / UltimateBet hand block into the model (ROOMS.md 20).

The PokerStars reader's machinery (line classifier, LALR check, ledger, the Hand it builds) with
Absolute's grammar and a builder of its own, since every line reads otherwise:

- `name - Verb amount`: a dash after the name, capitalised verbs; `Raises X to Y` prints the chips added
  (X) and the street total (Y), `Calls`, `Bets` and `All-In X` the chips added (an all-in is a bet, a call
  or a raise by the total it brings the player to); `All-In (Timeout)` with no amount keeps a
  disconnected player in the hand for the chips already in (all-in protection: treated as all in);
- `Posts dead $40 dead $15`: a returning player's $40, of which $15 (the small blind) is dead and the rest
  a live big blind; `Ante $0.25` per player;
- `returned ($25) : not called`: the uncalled bet;
- `Collects $4.30 from main pot` / `from side pot-1`, net of the rake; the 7-2 game's
  `Collects $40 from 72 proposition pot` is money the other players pay the winner outside the pot (a
  fee outside the pot's accounting, not an award);
- the summary's `Total Pot($165) | Rake ($3)` is gross, `| Jackpot Rake ($0.50)` a fee taken from the pot;
  with side pots `Total Pot(5,480:3,750,1,730)`: the total, then the main and side pots, all written with
  thousands commas, told apart by their adding up to the total;
- the summary's seat lines: `won Total ($4.30) HI:($4.30) with ... [Ac Ah - P:Ah,B:Ks,...]` (the hole cards
  before ` - `), `HI:lost with ...`, `HI: [Mucked] [Kd 6c]`, `Folded on the FLOP`.
"""

from __future__ import annotations

import re
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
    FeeEffect,
    FeeKind,
    Hand,
    PotBasis,
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
    SummarySeat,
    UncalledReturn,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED
from omaha_audit.rooms.absolute.header import read_header, read_stakes
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import POSTS, AmountError, HandBuilder, Reading, StarsReader

VERBS: Final = {
    "Folds": ActionKind.FOLD,
    "Checks": ActionKind.CHECK,
    "Calls": ActionKind.CALL,
    "Bets": ActionKind.BET,
    "Raises": ActionKind.RAISE,
    "All-In(Raise)": ActionKind.RAISE,
}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_WAGERS: Final = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
_AMOUNT: Final = r"(?:\$| ?\u20ac)?\d(?:[\d,.]*\d)?"
_TAG: Final = re.compile(r"\((dealer|small blind|big blind)\) ")
_TAGS: Final = {"dealer": "button", "small blind": "small blind", "big blind": "big blind"}
_FOLDED: Final = re.compile(r"Folded on the (?P<street>.+)")
_WON: Final = re.compile(
    r"(?:won|collected) Total \((?P<total>" + _AMOUNT + r")\)(?: All-In)?(?: HI:\((?P<hi>" + _AMOUNT + r")\))?"
    r"(?: LO:\((?P<lo>" + _AMOUNT + r")\))?(?: +with (?P<description>[^\[]*?))? *(?:\[(?P<cards>[^\]]*)\])?"
    r"(?: 72 Prop Win \((?P<prop>" + _AMOUNT + r")\) with \[[^\]]*\])?"
)
_LOST: Final = re.compile(r"HI:lost with (?P<description>[^\[]*?) *\[(?P<cards>[^\]]*)\]")
_MUCKED: Final = re.compile(r"HI: \[Mucked\] \[(?P<cards>[^\]]*)\]")
_NOT_SHOWN: Final = "Does not show"
_ALL_IN_PROTECTION: Final = "all-in-protection"


class AbsoluteReader(StarsReader):
    """Reads Absolute / UltimateBet hand blocks (grammar/absolute.lark)."""

    format = "absolute"
    grammar = "absolute"
    raise_number = ADDED
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return AbsoluteBuilder(self, reading, raise_number)


class AbsoluteBuilder(HandBuilder):
    """Turns the tokens of one Absolute hand into a Hand (the lines are Absolute's own: see the module)."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.total: int | None = None
        self.rake: int | None = None
        self.main: int | None = None
        self.sides: tuple[int, ...] = ()
        self.summary_source: Source | None = None
        self.proposition: int | None = None  # the summary's `72 Proposition Pot ($40)`

    def read_stakes(self) -> Stakes:
        return read_stakes(self.info.stakes_text, self.info.structure, self.unit.decimals)

    # ---- the hand ------------------------------------------------------------------------
    def build(self) -> Hand:
        try:
            self.stakes = stakes = self.read_stakes()
        except ValueError as error:
            raise AmountError(str(error), self.tokens[0][1]) from None
        self.nominal_big_blind = stakes.big_blind or stakes.small_bet or 0
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
            self.action_line(m, line, text, source)
        elif kind == "SEAT":
            seat = Seat(whole_number(m["seat"]), m["name"] or "", self.amount(m["stack"], line), source)
            self.seats.append(seat)
            self.players[seat.player] = seat.seat
            self._by_length = None
        elif kind == "POST":
            self.add_post(POSTS[m["what"]], m, line, text, source)
        elif kind == "DEAD_POST":
            dead, posted = self.amount(m["dead"], line), self.amount(m["amount"], line)
            self.add_post(ActionKind.POST_SMALL_AND_BIG_BLIND, m, line, text, source)
            if dead >= posted:
                reason = "the dead part is not less than the amount posted"
                self.defects.append(Defect(line, text, reason, inconsistent=True))
        elif kind == "NEW_POST":
            self.add_post(ActionKind.POST_BIG_BLIND, m, line, text, source)
        elif kind == "ANTE":
            self.add_post(ActionKind.POST_ANTE, m, line, text, source)
        elif kind == "HOLE_CARDS":
            self.street, self.run = Street.PREFLOP, 0
        elif kind == "DEALT":
            name = self.player(kind, text, m["name"])
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line), source))
        elif kind in BOARD_STREETS:
            self.street_line(kind, m, line, source)
        elif kind == "UNCALLED":
            name = self.player(kind, text, m["name"])
            self.uncalled.append(UncalledReturn(name, self.amount(m["amount"], line), self.street, source))
        elif kind == "SHOW_DOWN":
            self.street, self.run = Street.SHOWDOWN, 0
            self.showdown_marks.append(ShowdownMark(0, line, source))
        elif kind == "SHOWS":
            name = self.player(kind, text, m["name"])
            shown = self.cards(m["cards"], line)
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, shown, m["description"], 0, source, line))
        elif kind == "MUCKS":
            name = self.player(kind, text, m["name"])
            mucked = self.cards(m["cards"], line)
            self.showdown.append(ShowdownLine(name, ShowdownKind.MUCKS, mucked, None, 0, source, line))
        elif kind == "NO_SHOW":
            name = self.player(kind, text, m["name"])
            self.showdown.append(ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, source, line))
        elif kind == "COLLECTED":
            side = m["side"]
            index = whole_number(side) if side else (1 if m["pot"] == "side pot" else 0)
            name = self.player(kind, text, m["name"])
            self.collected.append(Collected(name, self.amount(m["amount"], line), index, m["pot"], 0, source))
        elif kind == "PROP_COLLECTED":
            self.proposition_line(m, line, text, source)
        elif kind == "SUMMARY":
            self.street, self.run = Street.SUMMARY, 0
            self.summary_line = line
        elif kind == "SUMMARY_TOTAL":
            self.total_line(m, line, text, source)
        elif kind == "SUMMARY_BOARD":
            self.boards[0] = self.cards(m["cards"], line)
        elif kind == "SUMMARY_PLAYER":
            self.summary_player(whole_number(m["seat"]), m["rest"], line, text, source)

    def add_post(self, kind: ActionKind, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player("POST", text, m["name"])
        chips = self.amount(m["amount"], line)
        to = self.post(kind, name, chips)
        self.actions.append(Action(self.street, name, self.players.get(name), kind, chips, source, to, order=line))

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name, verb, paid, raise_to, shown, _, _, note = m.groups()
        if name not in self.players:
            name = self.player("ACTION", text, name)
        seat = self.players.get(name)
        street = self.street
        first = self.amount(paid, line) if paid is not None else 0  # (the amounts first: a line not read
        total = self.amount(raise_to, line) if raise_to else None  # changes nothing)
        if note == "Timeout":
            self.events.append(Event("timeout", text, street, source, name))
        if verb == "All-In" and paid is None:
            # all-in protection: a disconnected player kept in the hand for the chips already in
            self.events.append(Event(_ALL_IN_PROTECTION, text, street, source, name))
            self.actions.append(Action(street, name, seat, _CHECK, 0, source, None, True, True, order=line))
            return
        kind = VERBS.get(verb)
        if kind is _FOLD or kind is _CHECK:
            self.actions.append(Action(street, name, seat, kind, 0, source, order=line))
            if shown is not None:  # `Folds (Fold & Show [5c 5d])`: shown while folding, not at a showdown
                cards = self.cards(shown, line)
                self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, None, 0, source, 0))
            return
        if kind is None:  # `All-In X`: the chips added; what it is depends on the total it makes
            to = self.street_bets.get(name, 0) + first
            kind = _CALL if to <= self.high else (_BET if self.high == 0 else _RAISE)
        self.line, self.text = line, text
        added, to_after, increment = self.wager(kind, name, first, total, paid is not None)
        all_in = verb.startswith("All-In")
        self.actions.append(
            Action(street, name, seat, kind, added, source, to_after, all_in, False, None, increment, line)
        )

    def street_line(self, kind: str, m: re.Match[str], line: int, source: Source) -> None:
        street = BOARD_STREETS[kind]
        self.street, self.run = street, 0
        self.new_round()
        old = self.cards(m["cards"], line)
        if kind == "FLOP":
            self.streets.append(StreetDeal(street, 0, old, old, source, False, line))
            return
        new = self.cards(m["new_cards"], line)
        self.streets.append(StreetDeal(street, 0, old + new, new, source, False, line))

    def proposition_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`PLAYER0 Collects $40 from 72 proposition pot`: the 7-2 game's bonus, paid by the other players
        to the winner with seven-deuce outside the pot."""
        name = self.player("COLLECTED", text, m["name"])
        amount = self.amount(m["amount"], line)
        self.fees.append(Fee(FeeKind.OTHER, amount, FeeEffect.OUTSIDE, "72 proposition pot", source, name))
        self.events.append(Event("proposition-pot", text, self.street, source, name))

    def total_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        total = self.amount(m["total"], line)
        rake = self.amount(m["rake"], line) if m["rake"] else None
        jackpot = self.amount(m["jackpot"], line) if m["jackpot"] else None
        proposition = self.amount(m["prop"], line) if m["prop"] else None
        self.summary_source, self.total, self.rake, self.proposition = source, total, rake, proposition
        if jackpot is not None:
            self.fees.append(Fee(FeeKind.JACKPOT, jackpot, FeeEffect.TAKEN, "Jackpot Rake", source))
        if m["pots"]:
            pots = self.split_pots(m["pots"], total)
            if len(pots) == 1:
                self.main, self.sides = pots[0][0], tuple(pots[0][1:])
            elif pots:  # (the text read two ways: not read)
                self.defects.append(Defect(line, text, "the main and side pots cannot be told apart"))
            else:  # (no reading of the pots makes the total the line prints: the room's error)
                reason = "the main and side pots do not add up to the total"
                self.defects.append(Defect(line, text, reason, inconsistent=True))

    def split_pots(self, text: str, total: int) -> list[list[int]]:
        """`3,750,1,730` to [3750, 1730]: commas both separate thousands and the pots; every reading whose
        pots add up to the total (one where the text is clear)."""
        parts = text.replace("$", "").replace("\u20ac", "").replace(" ", "").split(",")
        found: list[list[int]] = []

        def cut(start: int, pots: list[int]) -> None:
            if start == len(parts):
                if sum(pots) == total:
                    found.append(list(pots))
                return
            for end in range(start, len(parts)):
                group = parts[end]
                whole = group.split(".")[0]
                if end == start and not 0 < len(whole) <= 3:
                    return
                if end > start and len(whole) != 3:
                    break
                try:
                    value = self.parse_money(",".join(parts[start : end + 1]))
                except ValueError:
                    return
                pots.append(value)
                cut(end + 1, pots)
                pots.pop()
                if "." in group:  # decimals end a number
                    break

        cut(0, [])
        return found

    # ---- the summary ------------------------------------------------------------------------
    def summary_player(self, number: int, rest: str, line: int, text: str, source: Source) -> None:
        name = next((seat.player for seat in self.seats if seat.seat == number), "")
        if name and rest.startswith(name + " "):
            after = rest[len(name) + 1 :]
        else:
            name, _, after = rest.partition(" ")
        positions: list[str] = []
        while True:
            tag = _TAG.match(after)
            if tag is None:
                break
            positions.append(_TAGS[tag.group(1)])
            after = after[tag.end() :]
        outcome = "other"
        won: tuple[int, ...] = ()
        cards: tuple[Card, ...] = ()
        folded_street: str | None = None
        folded = _FOLDED.fullmatch(after)
        won_match = _WON.fullmatch(after) if folded is None else None
        if folded is not None:
            outcome, folded_street = "folded", folded["street"].lower()
        elif won_match is not None:
            total = self.amount(won_match["total"], line)
            prop = self.amount(won_match["prop"], line) if won_match["prop"] else 0
            won = (total - prop,)
            cards = self.hole_cards(won_match["cards"], line)
            outcome = "showed" if cards else "collected"
        else:
            lost = _LOST.fullmatch(after)
            mucked = _MUCKED.fullmatch(after) if lost is None else None
            if lost is not None:
                outcome, cards = "showed", self.hole_cards(lost["cards"], line)
            elif mucked is not None:
                outcome, cards = "mucked", self.hole_cards(mucked["cards"], line)
            else:
                self.defects.append(Defect(line, text, "unreadable summary line"))
        self.summary_seats.append(
            SummarySeat(number, name, tuple(positions), outcome, won, cards, text, source, folded_street)
        )

    def hole_cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        """`Ac Ah - P:Ah,B:Ks,B:Qs,B:Js,B:10d`: the hole cards before the best five; `Does not show`: none."""
        if not text or text == _NOT_SHOWN:
            return ()
        return self.cards(text.partition(" - ")[0], line)

    # ---- the result ----------------------------------------------------------------------
    def refunds(self) -> Refunds:
        """`returned (...) : not called` lines, except in a walk: when everyone folds to the big blind, no
        line returns its excess over the small blind; it stays in `Total Pot(45)` (blinds of 15 and 30) and
        comes back in the collected amount."""
        if self.uncalled or any(action.kind in _WAGERS for action in self.actions):
            return Refunds.LINE
        return Refunds.IN_COLLECTED

    def pot_summary(self) -> PotSummary | None:
        source = self.summary_source
        if source is None:
            return None
        # the total is gross (holding a walk's unreturned excess); the pots add up to it (gross too); the
        # collected amounts are net
        total = PotBasis.GROSS_WITH_REFUNDS if self.refunds() is Refunds.IN_COLLECTED else PotBasis.GROSS
        return PotSummary(self.total, self.rake, self.main, self.sides, source, total, PotBasis.GROSS, PotBasis.NET)

    def requires_pot_line(self) -> bool:
        return False  # (the PokerStars pot line; Absolute's own is checked in finish)

    def finish(self) -> Hand:
        if self.summary_line and self.summary_source is None and not self.truncated:
            text = self.block.lines[self.summary_line - self.block.first_line]
            reason = "the summary has no `Total Pot` line"
            self.defects.append(Defect(self.summary_line, text, reason, inconsistent=True))
        prop = sum(fee.amount for fee in self.fees if fee.effect is FeeEffect.OUTSIDE)
        whole = not any(defect.not_read for defect in self.defects)  # (else its collect line may be one not read)
        if whole and self.proposition is not None and self.proposition != prop and self.summary_source is not None:
            line = self.summary_source.line
            text = self.block.lines[line - self.block.first_line]
            reason = "the proposition pot is not what its winner collected"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        return super().finish()
