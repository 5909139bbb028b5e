"""Read one Microgaming (MPN) `<Game>` element into the hand model (ROOMS.md section 9).

What the XML means, and how the reader gives it to the model:

- `<Game hhversion= id= date= tablename= stakes="sb|bb" betlimit= gametype= realmoney= currencysymbol=
  istournament= tablesize= rake=>`: files without `hhversion` are version 1. `date` has no zone (the
  model's `started` stays None). `currencysymbol` is the symbol in UTF-16LE, base64 (`rCA=` is `€`,
  `IAAkAA==` ` $`). `rake` is in cents (`rake="3"`: 0.03);
- amounts are plain decimals with a point (`value="0.02"`, `balance="1.68"`, `stakes="0.01|0.02"`: read by
  the kit with `decimal="."`); one an element cannot give makes that element a line not read, the rest of the
  hand read;
- `<Seat num= alias= balance= endbalance= dealer= sittingout=>`: actions name seats, not players;
- `<Action seq= type= seat= value=>`: the play order is `seq` (the `Win` action has none and comes last).
  Version 1 prints a `Call` or a `Raise` as the street total it reaches; version 2 on as the chips it
  adds; `Bet` and `AllIn` are the chips added in every version (fpdb). `SmallBlind`, `BigBlind`; a
  `PostedToPlay` of the small blind's size is a live small blind (the calls after it count it:
  `v5.secondsb.raised`), of the big blind's a live big blind, of any other size both blinds. The seats'
  balances say what each player paid: where a `PostedToPlay` big blind left the player one small blind
  poorer than the actions show (`NLHE-0.05-0.10-201111.posted.to.play`: 10.00 to 9.85 for a 0.10 post
  and checks), the post is read as both blinds, with an event saying so; any other disagreement is a
  defect on the seat's line;
- `MoneyReturned` returns an uncalled bet (Refunds.LINE); a hand without one pays it back inside `Win`
  (Refunds.IN_COLLECTED: the walk in `v5.secondsb` wins 50 = 5 + 10 + 5 + 30). `BadBeatContribution`
  is a jackpot fee the player pays outside the pot (his endbalance is 0.02 lower, the `Win` the whole pot);
- `<Card value= suit= id=>`: rank and suit letters (read by the kit), and an id 0-51 (spades A..K, then
  clubs, diamonds, hearts: kit.cards' `card_of_index`): the id is checked against the letters (a card whose
  id names another is the room's error, OA109). `DealCards` are the hero's, `DealFlop`/`DealTurn`/
  `DealRiver` the board, `ShowCards`/`MuckCards` the showdown;
- `<Action type="Win"><Seat num= amount= pot= lowhandwin=>`: each pot's award (`pot` 0 is the main pot),
  `lowhandwin="1"` the low half. No hand descriptions are printed.
"""

from __future__ import annotations

import base64
import binascii
import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import (
    ActionKind,
    Card,
    Fee,
    FeeEffect,
    FeeKind,
    Game,
    Half,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    ShowdownKind,
    Stakes,
    Street,
    Structure,
    Tournament,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.money import CURRENCY_SYMBOLS
from omaha_audit.model.numbers import number_or_none, whole_number
from omaha_audit.rooms.bossmedia.xml_hand import AmountError, HandParts, Header, unreadable
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, element_text
from omaha_audit.rooms.kit.amounts import AmountError as TextError
from omaha_audit.rooms.kit.amounts import FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import CardError, card_of_index, read_card

ROOM: Final = "microgaming"
GAMES: Final = {
    "Omaha": Game.OMAHA,
    "Omaha H/L": Game.OMAHA_HI_LO,
    "Hold'em": Game.HOLDEM,
    "Holdem": Game.HOLDEM,
}
LIMITS: Final = {
    "PL": (Structure.POT_LIMIT, "Pot Limit"),
    "NL": (Structure.NO_LIMIT, "No Limit"),
    "FL": (Structure.FIXED_LIMIT, "Fixed Limit"),
}
BOARDS: Final = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
# fpdb's `cid_toval`: ids 0-12 are the spades ace to king, then clubs, diamonds, hearts.
ID_RANKS: Final = "A23456789TJQK"
ID_SUITS: Final = "scdh"
EVENTS: Final = frozenset({"Disconnect", "Reconnect", "SitOut", "SitIn", "Chat", "TimeOut"})
_LAST: Final = 1 << 30  # the place of the actions without a `seq` (the award)


def read_hand(hand: HandElement, path: str) -> Hand | UnreadableHand:
    """One `<Game>` element: read once, and again with a `PostedToPlay` read as both blinds where the
    seats' balances say the player paid both."""
    attrs = hand.element.attrib
    hand_id = attrs.get("id", "")
    tournament = attrs.get("istournament", "0") not in ("0", "")
    for decimals in (0, 2) if tournament else (2,):
        try:
            first = MicroHand(hand, path, decimals, frozenset())
            read = first.build()
            if not first.posted_both:
                return read
            return MicroHand(hand, path, decimals, frozenset(first.posted_both)).build()
        except AmountError as error:  # (the stakes not read, or chips with decimals)
            if decimals == 0 and error.finer:
                continue
            return unreadable(path, hand.first_line, hand.last_line, error.line, str(error), ROOM, hand_id)
    raise AssertionError("unreachable")


def currency(symbol: str) -> str:
    """The currency of a `currencysymbol` (base64 of UTF-16LE text), or "unknown"."""
    try:
        text = base64.b64decode(symbol, validate=True).decode("utf-16-le").strip()
    except (binascii.Error, ValueError):
        return "unknown"
    return CURRENCY_SYMBOLS.get(text, text or "unknown")


class MicroHand:
    """The parts of one `<Game>` element, its actions read in `seq` order."""

    def __init__(self, hand: HandElement, path: str, decimals: int, both: frozenset[str]) -> None:
        self.hand = hand
        self.attrs = hand.element.attrib
        attrs = self.attrs
        self.version = whole_number(attrs["hhversion"]) if attrs.get("hhversion", "").isdecimal() else 1
        self.tournament = attrs.get("istournament", "0") not in ("0", "")
        self.play = attrs.get("realmoney", "true") != "true"
        if self.tournament:
            unit = Unit("chips", decimals)
        elif self.play:
            unit = Unit("play", 2)
        else:
            unit = Unit(currency(attrs.get("currencysymbol", "")), 2)
        retry = self.tournament and decimals == 0  # (chips with decimals: read again in hundredths)
        self.parts = HandParts(path, hand.first_line, hand.last_line, unit, ".", retry)
        self.header = Header(ROOM, ROOM, attrs.get("id", ""))
        self.both = both  # the seats' players whose PostedToPlay is both blinds
        self.names: dict[str, str] = {}  # seat number -> alias
        self.seat_lines: dict[str, tuple[int, str, int, int]] = {}  # alias -> (line, text, balance, endbalance)
        self.small_blind = 0
        self.big_blind = 0
        self.to_play: set[str] = set()  # the players who posted a big blind to play
        self.posted_both: set[str] = set()
        self.jackpot: dict[str, int] = {}
        self.returned: dict[str, int] = {}
        self.won: dict[str, int] = {}
        self.refunds = Refunds.IN_COLLECTED

    def line(self, element: ET.Element) -> int:
        return self.hand.line(element)

    def money(self, element: ET.Element, name: str) -> int:
        return self.parts.money(element.get(name), self.line(element))

    def player(self, element: ET.Element) -> str:
        seat = element.get("seat") or element.get("num") or ""
        name = self.names.get(seat)
        if name is None:
            name = f"(seat {seat})"
            self.parts.defect(self.line(element), element_text(element), f"no seat {seat} in the seat list")
            self.names[seat] = name
        return name

    def cards(self, element: ET.Element) -> tuple[Card, ...]:
        found: list[Card] = []
        for child in element.iter("Card"):
            value, suit, number = child.get("value", ""), child.get("suit", ""), child.get("id", "")
            try:
                card = read_card(value + suit)
            except CardError as error:
                self.parts.defect(self.line(child), element_text(child), str(error))
                continue
            index = number_or_none(number)  # (None: no number, or too long to be a card's)
            if index is not None and index < 52:
                numbered = card_of_index(index, ID_RANKS, ID_SUITS)
                if numbered is not card:
                    reason = f"the card id {number} is {numbered}, not the {card} its value and suit say"
                    self.parts.defect(self.line(child), element_text(child), reason, inconsistent=True)
            found.append(card)
        return tuple(found)

    # ---- the hand -------------------------------------------------------------------------------------
    def build(self) -> Hand:
        self.read_header()
        root = self.hand.element
        parts = self.parts
        for element in root:
            if element.tag == "Seats":
                for seat in element.iter("Seat"):
                    with parts.reading(self.line(seat), seat):
                        self.seat(seat)
        plays: list[tuple[int, int, ET.Element]] = []
        for element in root:
            if element.tag == "Gameplay":
                for index, action in enumerate(element):
                    if action.tag == "Action":
                        seq = action.get("seq", "")
                        plays.append((whole_number(seq) if seq.isdecimal() else _LAST, index, action))
        plays.sort(key=lambda item: (item[0], item[1]))
        for _, _, action in plays:
            if action.get("type") == "Win":  # (each award its own line)
                self.action(action)
                continue
            with parts.reading(self.line(action), action):
                self.action(action)
        rake: int | None = None
        with parts.reading(self.hand.first_line, root):
            rake = self.rake()
        source = parts.src(self.hand.first_line)
        pot = PotSummary(None, rake, None, (), source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        self.check_balances()
        return parts.hand(self.header, pot, self.refunds)

    def rake(self) -> int | None:
        """`rake="3"`: cents of the currency (0.03), in the hand's unit; None when the game prints none."""
        text = self.attrs.get("rake")
        if text is None or not text.strip():
            return None
        places = self.parts.unit.decimals - 2  # (the rake's cents are units of 2 places)
        try:
            if places >= 0:
                return read_amount(text.strip(), places, decimal=".")
            cents = read_amount(text.strip(), 0, decimal=".")
            if cents:
                raise FinerThanUnit(f"a rake of {cents} cents is finer than a chip")
            return 0
        except TextError as error:
            raise AmountError(text, self.hand.first_line, str(error), isinstance(error, FinerThanUnit)) from None

    def read_header(self) -> None:
        attrs = self.attrs
        header = self.header
        parts = self.parts
        line = self.hand.first_line
        game_name = attrs.get("gametype", "")
        header.game = GAMES.get(game_name, Game.OTHER)
        structure, limit_name = LIMITS.get(attrs.get("betlimit", ""), (Structure.NO_LIMIT, attrs.get("betlimit", "")))
        header.structure, header.unit = structure, parts.unit
        header.game_text = f"{game_name} {limit_name}".strip()
        low, _, high = attrs.get("stakes", "").partition("|")
        self.small_blind, self.big_blind = parts.money(low, line), parts.money(high, line)
        if structure is Structure.FIXED_LIMIT:
            header.stakes = Stakes(None, None, self.small_blind, self.big_blind)
        else:
            header.stakes = Stakes(self.small_blind or None, self.big_blind or None)
            parts.ledger.nominal_big_blind = self.big_blind
        header.started_local = attrs.get("date", "")
        table = attrs.get("tablename", "")
        header.table = table
        header.table_id = table
        size = attrs.get("tablesize", "")
        header.max_seats = whole_number(size) if size.isdecimal() else None
        header.play_money = self.play
        if self.tournament:
            header.tournament = Tournament("", "", None)

    def seat(self, element: ET.Element) -> None:
        number = element.get("num", "")
        name = element.get("alias", "")
        if not number.isdecimal():
            self.parts.defect(self.line(element), element_text(element), "a seat without a number")
            return
        self.names[number] = name
        line = self.line(element)
        balance = self.money(element, "balance")
        end = self.money(element, "endbalance") if element.get("endbalance") else balance
        self.seat_lines[name] = (line, element_text(element), balance, end)
        self.parts.add_seat(whole_number(number), name, balance, line, element.get("sittingout") == "true")
        if element.get("dealer") == "true":
            self.parts.button = whole_number(number)
        if self.attrs.get("playerseat") == number:
            self.parts.hero = name

    def action(self, element: ET.Element) -> None:
        parts = self.parts
        kind = element.get("type", "")
        line = self.line(element)
        if kind in BOARDS:
            cards = self.cards(element)
            parts.new_street(BOARDS[kind], parts.board + cards, cards, line)
            return
        if kind == "Win":
            for award in element.iter("Seat"):
                with parts.reading(self.line(award), award):
                    self.award(award)
            return
        player = self.player(element)
        if kind == "SmallBlind":
            parts.post(ActionKind.POST_SMALL_BLIND, player, self.money(element, "value"), line)
        elif kind == "BigBlind":
            parts.post(ActionKind.POST_BIG_BLIND, player, self.money(element, "value"), line)
        elif kind == "PostedToPlay":
            self.posted_to_play(element, player, line)
        elif kind == "DealCards":
            parts.preflop()
            parts.deal(player, self.cards(element), line)
        elif kind == "Fold":
            parts.preflop()
            parts.simple(ActionKind.FOLD, player, line)
        elif kind == "Check":
            parts.preflop()
            parts.simple(ActionKind.CHECK, player, line)
        elif kind in ("Call", "Raise"):
            parts.preflop()
            value = self.money(element, "value")
            if self.version == 1:
                parts.add(
                    ActionKind.CALL if kind == "Call" else ActionKind.RAISE, player, value - parts.own(player), line
                )
            else:
                parts.add(ActionKind.CALL if kind == "Call" else ActionKind.RAISE, player, value, line)
        elif kind == "Bet":
            parts.preflop()
            parts.wager_added(player, self.money(element, "value"), line)
        elif kind == "AllIn":
            parts.preflop()
            parts.wager_added(player, self.money(element, "value"), line, True)
        elif kind == "MoneyReturned":
            amount = self.money(element, "value")
            parts.refund(player, amount, line)
            self.returned[player] = self.returned.get(player, 0) + amount
            self.refunds = Refunds.LINE
        elif kind == "ShowCards":
            parts.showdown_mark(line)
            parts.show(player, ShowdownKind.SHOWS, self.cards(element), None, line)
        elif kind == "MuckCards":
            cards = self.cards(element)
            if parts.marks or cards:
                parts.show(player, ShowdownKind.MUCKS, cards, None, line)
            else:  # the winner of an uncontested pot not showing
                parts.show(player, ShowdownKind.DOESNT_SHOW, (), None, line)
        elif kind == "BadBeatContribution":
            amount = self.money(element, "value")
            parts.fees.append(Fee(FeeKind.JACKPOT, amount, FeeEffect.OUTSIDE, kind, parts.src(line), player))
            self.jackpot[player] = self.jackpot.get(player, 0) + amount
        elif kind in EVENTS:
            parts.event(kind.lower(), element_text(element), line, player)
        else:
            parts.defect(line, element_text(element), f"unknown action type {kind!r}")

    def award(self, award: ET.Element) -> None:
        player = self.player(award)
        amount = self.money(award, "amount")
        pot_text = award.get("pot", "0")
        low = award.get("lowhandwin") == "1"
        if amount:
            pot = whole_number(pot_text) if pot_text.isdecimal() else 0
            self.parts.collect(player, amount, pot, self.line(award), Half.LOW if low else None)
            self.won[player] = self.won.get(player, 0) + amount

    def posted_to_play(self, element: ET.Element, player: str, line: int) -> None:
        parts = self.parts
        value = self.money(element, "value")
        if player in self.both:
            paid = value + self.small_blind
            parts.post(ActionKind.POST_SMALL_AND_BIG_BLIND, player, paid, line)
            words = f"{player} paid {parts.unit.format(paid)}: both blinds (the post prints {parts.unit.format(value)})"
            parts.event("post-inferred", words + ", as the seat's balances say", line, player)
        elif value == self.big_blind:
            parts.post(ActionKind.POST_BIG_BLIND, player, value, line)
            self.to_play.add(player)
        elif value == self.small_blind:
            parts.post(ActionKind.POST_SMALL_BLIND, player, value, line)
        else:
            parts.post(ActionKind.POST_SMALL_AND_BIG_BLIND, player, value, line)

    # ---- the seats' balances --------------------------------------------------------------------------
    def check_balances(self) -> None:
        """Note (in `posted_both`) or report (as defects) where a seat's endbalance is not its balance less
        what the actions put in and the jackpot fee, plus what came back and what it won."""
        parts = self.parts
        if any(defect.not_read for defect in parts.defects):
            return  # (a line not read: what the actions put in is not known, the balances are not evidence)
        put: dict[str, int] = {}
        live: dict[str, int] = {}
        for action in parts.actions:
            put[action.player] = put.get(action.player, 0) + action.amount
            if action.kind is not ActionKind.POST_ANTE:
                live[action.player] = live.get(action.player, 0) + action.amount
        ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
        top, excess = (ranked[0][0], ranked[0][1] - ranked[1][1]) if len(ranked) > 1 else ("", 0)
        for name, (line, text, balance, end) in self.seat_lines.items():
            expected = balance - put.get(name, 0) - self.jackpot.get(name, 0) + self.returned.get(name, 0)
            expected += self.won.get(name, 0)
            if expected == end:
                continue
            if name == top and excess and self.refunds is Refunds.IN_COLLECTED and expected + excess == end:
                # No `MoneyReturned`, and the `Win` leaves the uncalled bet out: it came back unprinted
                # (the version 1 file `v1.allin.call`: 120.01 - 13.51 + 14.50 + 8.75 = 129.75).
                self.refunds = Refunds.IMPLIED
                continue
            if name in self.to_play and expected - end == self.small_blind and not self.both:
                self.posted_both.add(name)
                continue
            words = parts.unit.format(expected)
            reason = f"the endbalance is not the balance less the chips put in plus the award ({words})"
            parts.defect(line, text, reason, inconsistent=True)
