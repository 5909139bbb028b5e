"""The "Dealing" text of the Party lineage (ROOMS.md 29, family B), as Everleaf and Betfair write it: one
builder from line tokens to the hand model, which each room's reader gives its header and its conventions.

    Seat 5: Villain (  $ 10 USD )               Hero: posts big blind [$ 0.10 USD]
    ** Dealing down cards **                    Dealt to Hero [ Qc, Qh, 7s, Jd ]
    Villain calls [$ 0.05 USD]                  Hero raises [$ 0.20 USD]     (Betfair: raises to [$0.30])
    ** Dealing Flop ** [ Tc, Kc, 3s ]           ** Dealing Turn ** [ 6d ]
    Villain shows [ Qc, 2h, As, 9s ] two pairs, queens and nines
    Villain wins  high ($ 1.71 USD) from main pot with ... [ best five ]

What the family's text leaves out, and how the model says so: no uncalled bet is returned by a line (the
awards simply leave it out: Refunds.IMPLIED), no total pot and no rake are printed (a PotSummary with
neither: the rake is what the pot kept), and an all-in is not marked (Betfair: `goes all-in` on the line
before): a line that puts a player's last chip in is all in.

Amounts and cards are read by the reading kit (rooms/kit): an amount in no number style, or a card that is no
card, makes its line a line not read (a Defect: the line's post, bet or award is left out, the rest of the
hand is read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
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
    Game,
    Half,
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
    Structure,
    Tournament,
    Unit,
)
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED, TO, Ledger
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.split import Block
from omaha_audit.rooms.kit.amounts import AmountError, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card, split_cards
from omaha_audit.rooms.kit.events import event_kind

POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "both blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,  # a returning player: the small blind dead (BL-5)
    "ante": ActionKind.POST_ANTE,
}
VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
STUD_STREETS: Final = {
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
}
STUD: Final = (Game.STUD, Game.STUD_HI_LO)
HALVES: Final = {"high": Half.HIGH, "low": Half.LOW}
_SIDE_NUMBER: Final = re.compile(r"#(\d+)")
# a euro sign read from the wrong code page (fpdb's Everleaf reader accepts it): the euro
_MISDECODED_EURO: Final = "\u02c6"


@dataclass(frozen=True, slots=True, init=False)
class DealingHeader:
    """What a room's header lines say, in the model's terms."""

    room: str
    hand_id: str
    game: Game
    game_text: str
    structure: Structure
    stakes: Stakes
    unit: Unit
    started_local: str
    started: datetime | None
    table: str
    table_id: str
    max_seats: int | None
    tournament: Tournament | None

    def __init__(
        self,
        room: str,
        hand_id: str,
        game: Game,
        game_text: str,
        structure: Structure,
        stakes: Stakes,
        unit: Unit,
        started_local: str,
        started: datetime | None,
        table: str,
        table_id: str,
        max_seats: int | None,
        tournament: Tournament | None,
    ) -> None:
        self.room, self.hand_id, self.game, self.game_text = room, hand_id, game, game_text  # type: ignore[misc]
        self.structure, self.stakes, self.unit = structure, stakes, unit  # type: ignore[misc]
        self.started_local, self.started, self.table = started_local, started, table  # type: ignore[misc]
        self.table_id, self.max_seats, self.tournament = table_id, max_seats, tournament  # type: ignore[misc]


def read_money(text: str, decimals: int, decimal: str | None) -> int:
    """An amount's text as the family writes it (`$ 0.05`, `€ 34.43`, `1,200`, `$0.30`), its unit word left
    out by the grammar, in units of `decimals` places; raises AmountError with the reason. `decimal`: the
    decimal mark the room always writes, None to let the text decide."""
    return read_amount(text.replace(_MISDECODED_EURO, "€"), decimals, decimal=decimal)


class DealingBuilder(Ledger):
    """Turns one hand's tokens into a Hand. `raise_number`: what a raise's number means (Everleaf: the
    chips added; Betfair: the street total); calls and bets print the chips added. `decimal`: the decimal
    mark the room always writes (None: the text decides)."""

    def __init__(
        self,
        format: str,
        block: Block,
        header: DealingHeader,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        raise_number: str,
        decimal: str | None = None,
    ) -> None:
        super().__init__(raise_number, ADDED)
        self.decimal = decimal
        self.format = format
        self.block = block
        self.path = block.path
        self.header = header
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        self.unit = header.unit
        self.nominal_big_blind = header.stakes.big_blind or 0  # (`posts both blinds`: the big blind is live)
        self.line = block.first_line
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []
        self.stacks: dict[str, int] = {}
        self.put_in: dict[str, int] = {}
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.marks: list[ShowdownMark] = []
        self.collected: list[Collected] = []
        self.events: list[Event] = []
        self.button: int | None = None
        self.going_all_in: set[str] = set()  # Betfair: `goes all-in` before the player's line
        self.street = Street.BLINDS
        self.stud = header.game in STUD

    # ---- small helpers ----------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None) -> int:
        """An amount of the line being read; raises AmountError (the line is then not read)."""
        if not text:
            return 0
        return read_money(text, self.unit.decimals, self.decimal)

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        """`Qc, Qh, 7s, Jd` (commas and spaces); a token that is no card is a defect of the line, left out."""
        found: list[Card] = []
        for part in split_cards(text or ""):
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, f"not a card: {error}"))
        return tuple(found)

    def player(self, text: str, guess: str | None) -> str:
        """The seated player a line names: the lexer's guess, else the longest seated name the line starts
        with (a name may hold spaces or a colon)."""
        name = guess or ""
        if name in self.players:
            return name
        for seated in self.by_length:
            if text.startswith(seated) and text[len(seated) : len(seated) + 1] in (" ", ":"):
                return seated
        return name

    # ---- the hand ---------------------------------------------------------------------------------
    def build(self) -> Hand:
        for kind, line, text, m in self.tokens:
            self.line = line
            try:
                self.token(kind, line, text, m)
            except AmountError as error:  # an amount in no number style: the line is not read
                self.defects.append(Defect(line, text, str(error)))
        return self.finish()

    def token(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line of the hand, into the model."""
        if kind == "ACTION":
            self.action(m, line, text)
        elif kind == "POST" or kind == "BRING_IN":
            self.forced(kind, m, line, text)
        elif kind == "SEAT":
            self.seat(m, line, text)
        elif kind == "DEALT":
            name = self.player(text[len("Dealt to ") :], m["name"])
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line, text), self.src(line)))
        elif kind in BOARD_STREETS:
            self.board(kind, m, line, text)
        elif kind == "STUD_STREET":
            self.street = STUD_STREETS[m["street"]]
            self.new_round()
        elif kind == "DEAL_DOWN":
            self.street = Street.THIRD if self.stud else Street.PREFLOP
        elif kind == "COMPLETES":
            self.complete(m, line, text)
        elif kind == "ALL_IN":
            self.going_all_in.add(self.player(text, m["name"]))
        elif kind == "BUTTON":
            self.button = whole_number(m["button"])
        elif kind == "SHOW_DOWN":
            self.marks.append(ShowdownMark(0, line, self.src(line)))
        elif kind == "SHOWS":
            name = self.player(text, m["name"])
            cards = self.cards(m["cards"], line, text)
            description = m["description"]
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, description, 0, self.src(line), line))
        elif kind == "NO_SHOW":
            name = self.player(text, m["name"])
            self.showdown.append(ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, self.src(line), line))
        elif kind == "WINS" or kind == "SUMMARY_WINS":
            self.wins(m, line, text)

    def seat(self, m: re.Match[str], line: int, text: str) -> None:
        name = m["name"]
        if m["new"] is not None:
            # `( new player )`: seated but not dealt in, with no stack printed: an event, not a seat whose
            # chips the model would have to make up
            self.events.append(Event("new-player", text, Street.BLINDS, self.src(line), name))
            return
        stack = self.amount(m["stack"])
        self.seats.append(Seat(whole_number(m["seat"]), name, stack, self.src(line)))
        self.players.setdefault(name, whole_number(m["seat"]))
        self.stacks.setdefault(name, stack)
        self.by_length = sorted(self.players, key=len, reverse=True)

    def forced(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(text, m["name"])
        action_kind = ActionKind.BRING_IN if kind == "BRING_IN" else POSTS[m["what"]]
        chips = self.amount(m["amount"])
        to = self.post(action_kind, name, chips)
        all_in = self.pay(name, chips)
        street = self.street if action_kind is not ActionKind.BRING_IN else Street.THIRD
        self.actions.append(
            Action(street, name, self.players.get(name), action_kind, chips, self.src(line), to, all_in, order=line)
        )

    def pay(self, name: str, chips: int) -> bool:
        """Note the chips a line puts in; True when they are the player's last (or the line before said
        `goes all-in`)."""
        total = self.put_in.get(name, 0) + chips
        self.put_in[name] = total
        stack = self.stacks.get(name)
        marked = name in self.going_all_in
        self.going_all_in.discard(name)
        return marked or (stack is not None and stack > 0 and chips > 0 and total >= stack)

    def action(self, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(text, m["name"])
        kind = VERBS[m["verb"]]
        source = self.src(line)
        seat = self.players.get(name)
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            self.going_all_in.discard(name)
            self.actions.append(Action(self.street, name, seat, kind, 0, source, None, order=line))
            return
        if m["amount"] is None:
            self.defects.append(Defect(line, text, f"`{m['verb']}` without an amount"))
            return
        first = self.amount(m["amount"])
        added, to, increment = self.wager(kind, name, first, None, True)
        all_in = self.pay(name, added)
        self.actions.append(
            Action(self.street, name, seat, kind, added, source, to, all_in, False, None, increment, line)
        )

    def complete(self, m: re.Match[str], line: int, text: str) -> None:
        """Stud: `completes to $0.05`, a raise of the bring-in to the street total printed."""
        name = self.player(text, m["name"])
        convention, self.raise_number = self.raise_number, TO
        added, to, _ = self.wager(ActionKind.RAISE, name, self.amount(m["amount"]), None, True)
        self.raise_number = convention
        all_in = self.pay(name, added)
        action = Action(
            self.street, name, self.players.get(name), ActionKind.RAISE, added, self.src(line), to, all_in, order=line
        )
        self.actions.append(action)

    def board(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        street = BOARD_STREETS[kind]
        self.street = street
        self.new_round()
        new = self.cards(m["cards"], line, text)
        old = self.streets[-1].cards if self.streets else ()
        self.streets.append(StreetDeal(street, 0, old + new, new, self.src(line), False, line))

    def wins(self, m: re.Match[str], line: int, text: str) -> None:
        """`wins $ 0.95 USD from main pot`, `wins  high ($ 1.71 USD) from main pot`, `from side pot #1`."""
        name = self.player(text, m["name"])
        half_text = m["half"]
        if half_text is not None:
            chips = self.amount(m["half_amount"])
        else:
            chips = self.amount(m["amount"])
        pot_text = m["pot"]
        pot = 0
        if pot_text.startswith("side"):
            side = _SIDE_NUMBER.search(pot_text)
            pot = whole_number(side.group(1)) if side else 1
        half = HALVES.get(half_text) if half_text is not None else None
        self.collected.append(Collected(name, chips, pot, pot_text, 0, self.src(line), half))

    # ---- the result -------------------------------------------------------------------------------
    def finish(self) -> Hand:
        header = self.header
        for kind, line, text, m in self.ignored:
            name = m.groupdict().get("name")
            self.events.append(Event(event_kind(kind), text, Street.BLINDS, self.src(line), name))
        collected = self.collected
        if sum(1 for item in collected if item.pot_text == "side pot") > 1:
            # side pots are not numbered (`from side pot` twice): each amount is the player's share of all pots
            collected = [
                Collected(item.player, item.amount, ALL_POTS, item.pot_text, 0, item.source, item.half)
                for item in collected
            ]
        hero = next((dealt.player for dealt in self.dealt if dealt.cards), None)
        last = self.collected[-1].source if self.collected else self.src(self.block.last_line)
        pot = PotSummary(None, None, None, (), last, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        boards = (self.streets[-1].cards,) if self.streets else ()
        return Hand(
            room=header.room,
            format=self.format,
            hand_id=header.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=header.game,
            game_text=header.game_text,
            structure=header.structure,
            unit=self.unit,
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
            collected=tuple(collected),
            uncalled=(),
            cash_outs=(),
            events=tuple(sorted(self.events, key=lambda event: event.source.line)),
            pot=pot,
            boards=boards,
            summary_seats=(),
            refunds=Refunds.IMPLIED,
            tournament=header.tournament,
            showdown_marks=tuple(self.marks),
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )


fast_init(DealingHeader)
