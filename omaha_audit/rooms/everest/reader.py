"""Read one Everest Poker `<HAND>` element into the hand model (ROOMS.md section 11).

What the XML means, and how the reader gives it to the model:

- the `<SESSION time= tableName= id= type= money= screenName= game= gametype=/>` before the hands names
  the table, the game (`omaha-hi`, `hold-em`), the limit (`pot-limit`, `no-limit`, `fixed-limit`), the
  currency symbol (empty for tournament chips) and the hero; a hand with no session before it is not
  read;
- `<HAND time= id= blinds="5 €/10 €" stakes=>`: `time` is Unix seconds; `blinds` are the blinds, `stakes`
  the small and big bet at fixed limit, each an amount of the currency in the client's number style (read by
  the kit, the text deciding its marks): `$0.01/$0.02`, `0,01 €/0,02 €` (decimal commas in euro rooms),
  `5 €/10 €`, tournament chips `5/10` and `1 750/3 500` (space thousands). When a level has just gone up,
  the first hand of the new level still prints the old one (`LHE-play-STT-201110.new.level`: `blinds="5/10"`
  with blinds of 10 and 20 posted, as fpdb reads them): the stakes are then read from the posts, with an
  event saying so;
- every other amount is an integer count of cents (of the currency, or of a tournament chip), read by the kit
  as a whole number (grouped thousands too); one an element cannot give makes that element a line not read,
  the rest of the hand read;
- `<SEAT position= name= balance=>`, `<DEALER position=>`: positions are 0-based, kept as printed;
- `<BLIND position= amount= penalty=>`: the blinds in the order posted (a `penalty` is a dead part: both
  blinds); `<XBLIND>` a player who posts nothing and sits out the hand; `<ANTE>`;
- `<HOLE position=>8h</HOLE>`: one card per element (read by the kit: `10d`, `Kc`), `--` a card not shown;
- every wager is a `<BET position= amount=>` of the chips added (0 is a check; `allin="1"` all in); the
  reader tells calls, bets and raises apart from the street totals; `<FOLD>`;
- `<SWEEP rake= tax=>net pot</SWEEP>` closes each betting round: the pot so far net of the rake and the
  tax, both cumulative: the last sweep is the total pot, net (`PotSummary`), its rake the rake and its
  tax a fee taken from the pot (`Fee` TAX); `<PUSH position= amount=>` returns an uncalled bet
  (Refunds.LINE);
- `<COMMUNITY>6s, 8c, Jh</COMMUNITY>` deals the new board cards of a street; `<SHOW position=>Jh, Jd</SHOW>`,
  `<MUCK>`, `<XSHOW>` (a winner not showing); `<WIN position= amount= pot=>` each pot's award.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import (
    ActionKind,
    Card,
    Fee,
    FeeEffect,
    FeeKind,
    Game,
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
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.times import unix_time
from omaha_audit.rooms.bossmedia.xml_hand import AmountError, HandParts, Header, unreadable
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, element_text
from omaha_audit.rooms.kit.cards import CardError, read_card

ROOM: Final = "everest"
GAMES: Final = {
    "omaha-hi": (Game.OMAHA, "Omaha"),
    "omaha-hi-lo": (Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    "omaha-hilo": (Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    "hold-em": (Game.HOLDEM, "Hold'em"),
}
LIMITS: Final = {
    "pot-limit": (Structure.POT_LIMIT, "Pot Limit"),
    "no-limit": (Structure.NO_LIMIT, "No Limit"),
    "fixed-limit": (Structure.FIXED_LIMIT, "Fixed Limit"),
    "limit": (Structure.FIXED_LIMIT, "Fixed Limit"),
}
STREETS: Final = (Street.FLOP, Street.TURN, Street.RIVER)
_PAIR: Final = re.compile(r"\s*(?P<low>[^/]*[^/\s])\s*/\s*(?P<high>[^/]*[^/\s])\s*")
HIDDEN: Final = "--"


def read_hand(hand: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
    """One `<HAND>` element with the `<SESSION>` read before it."""
    hand_id = hand.element.get("id", "")
    session = context.get("SESSION")
    if session is None:
        reason = "no <SESSION> element before the hand: its game and table are unknown"
        return unreadable(path, hand.first_line, hand.last_line, hand.first_line, reason, ROOM, hand_id)
    try:
        return EverestHand(hand, session, path).build()
    except AmountError as error:
        return unreadable(path, hand.first_line, hand.last_line, error.line, str(error), ROOM, hand_id)


class EverestHand:
    """The parts of one `<HAND>`, read in document order (Everest numbers nothing)."""

    def __init__(self, hand: HandElement, session: ET.Element, path: str) -> None:
        self.hand = hand
        self.attrs = hand.element.attrib
        self.session = session
        self.tournament = session.get("type", "ring") != "ring"
        symbol = session.get("money", "")
        if self.tournament or not symbol:
            unit = Unit("chips", 2)
        else:
            unit = Unit(CURRENCY_SYMBOLS.get(symbol, symbol), 2)
        self.parts = HandParts(path, hand.first_line, hand.last_line, unit, None)  # (the text decides its marks)
        self.header = Header(ROOM, ROOM, self.attrs.get("id", ""))
        self.names: dict[str, str] = {}
        self.holes: dict[str, list[Card]] = {}
        self.hole_lines: dict[str, int] = {}
        self.streets = 0
        self.sweep: ET.Element | None = None
        self.small_post = -1  # the amount of the plain blind that is the small blind (-1: none)

    def line(self, element: ET.Element) -> int:
        return self.hand.line(element)

    def cents(self, element: ET.Element, name: str) -> int:
        """An amount in cents (every Everest amount but the blinds and stakes): a whole number of units."""
        return self.parts.count(element.get(name), self.line(element))

    def player(self, element: ET.Element) -> str:
        position = element.get("position", "")
        name = self.names.get(position)
        if name is None:
            name = f"(position {position})"
            self.parts.defect(self.line(element), element_text(element), f"no seat at position {position}")
            self.names[position] = name
        return name

    def card_list(self, element: ET.Element) -> tuple[Card, ...]:
        found: list[Card] = []
        for part in (element.text or "").split(","):
            text = part.strip()
            if not text or text == HIDDEN:
                continue
            try:
                found.append(read_card(text))
            except CardError as error:
                self.parts.defect(self.line(element), element_text(element), str(error))
        return tuple(found)

    # ---- the hand -------------------------------------------------------------------------------------
    def build(self) -> Hand:
        self.read_header()
        self.read_posts()
        parts = self.parts
        for element in self.hand.element:
            with parts.reading(self.line(element), element):
                self.element(element)
        for name, cards in self.holes.items():
            parts.deal(name, tuple(cards), self.hole_lines[name])
        pot: PotSummary | None = None
        sweep = self.sweep
        if sweep is not None:
            line = self.line(sweep)
            with parts.reading(line, sweep):
                rake, tax = self.cents(sweep, "rake"), self.cents(sweep, "tax")
                total = parts.count(sweep.text, line)
                if tax:
                    parts.fees.append(Fee(FeeKind.TAX, tax, FeeEffect.TAKEN, "tax", parts.src(line)))
                pot = PotSummary(total, rake, None, (), parts.src(line), PotBasis.NET, PotBasis.NET, PotBasis.NET)
        return parts.hand(self.header, pot, Refunds.LINE)

    def read_header(self) -> None:
        session = self.session
        header = self.header
        parts = self.parts
        game, game_name = GAMES.get(session.get("game", ""), (Game.OTHER, session.get("game", "")))
        structure, limit_name = LIMITS.get(
            session.get("gametype", ""), (Structure.NO_LIMIT, session.get("gametype", ""))
        )
        header.game, header.structure, header.unit = game, structure, parts.unit
        header.game_text = f"{game_name} {limit_name}".strip()
        line = self.hand.first_line
        blinds = self.pair(self.attrs.get("blinds", ""), line)
        bets = self.pair(self.attrs.get("stakes", ""), line)
        if structure is Structure.FIXED_LIMIT:
            header.stakes = Stakes(blinds[0] or None, blinds[1] or None, bets[0] or None, bets[1] or None)
        else:
            header.stakes = Stakes(blinds[0] or None, blinds[1] or None)
            parts.ledger.nominal_big_blind = blinds[1]
        stamp = self.attrs.get("time", "")
        started = unix_time(whole_number(stamp)) if stamp.isdecimal() else None
        if started is not None:
            header.started = started
            header.started_local = started.strftime("%Y/%m/%d %H:%M:%S UTC")
        table = session.get("tableName", "")
        header.table = table
        header.table_id = table
        if self.tournament:
            header.tournament = Tournament(session.get("id", ""), "", None)
            header.table_id = f"{session.get('id', '')}/{table}"
        hero = session.get("screenName")
        if hero:
            parts.hero = hero

    def pair(self, text: str, line: int) -> tuple[int, int]:
        """`5 €/10 €`, `$0.01/$0.02`, `0,01 €/0,02 €`, `5/10`, `1 750/3 500`: two amounts in cents (the whole
        of each side of the `/`, read by the kit; AmountError when one is none)."""
        if not text.strip():
            return 0, 0
        found = _PAIR.fullmatch(text)
        if found is None:
            raise AmountError(text, line, "not a pair of amounts")
        return self.parts.money(found.group("low"), line), self.parts.money(found.group("high"), line)

    def element(self, element: ET.Element) -> None:
        parts = self.parts
        tag = element.tag
        line = self.line(element)
        if tag == "SEAT":
            position = element.get("position", "")
            name = element.get("name", "")
            if not position.isdecimal():
                parts.defect(line, element_text(element), "a seat without a position")
                return
            self.names[position] = name
            parts.add_seat(whole_number(position), name, self.cents(element, "balance"), line)
        elif tag == "DEALER":
            position = element.get("position", "")
            if position.isdecimal():
                parts.button = whole_number(position)
        elif tag == "BLIND":
            self.blind(element, line)
        elif tag == "ANTE":
            parts.post(ActionKind.POST_ANTE, self.player(element), self.cents(element, "amount"), line)
        elif tag == "XBLIND":
            parts.event("no-blind", f"{self.player(element)} posts no blind", line, self.player(element))
        elif tag == "HOLE":
            parts.preflop()
            name = self.player(element)
            self.hole_lines.setdefault(name, line)
            self.holes.setdefault(name, []).extend(self.card_list(element))
        elif tag == "BET":
            parts.preflop()
            name = self.player(element)
            amount = self.cents(element, "amount")
            if amount == 0 and parts.own(name) >= parts.high:
                parts.simple(ActionKind.CHECK, name, line)
            else:
                parts.wager_added(name, amount, line, element.get("allin") == "1")
        elif tag == "FOLD":
            parts.preflop()
            parts.simple(ActionKind.FOLD, self.player(element), line)
        elif tag == "PUSH":
            parts.refund(self.player(element), self.cents(element, "amount"), line)
        elif tag == "SWEEP":
            self.sweep = element
        elif tag == "COMMUNITY":
            cards = self.card_list(element)
            street = STREETS[min(self.streets, len(STREETS) - 1)]
            self.streets += 1
            parts.new_street(street, parts.board + cards, cards, line)
        elif tag == "SHOW":
            parts.showdown_mark(line)
            parts.show(self.player(element), ShowdownKind.SHOWS, self.card_list(element), None, line)
        elif tag == "MUCK":
            parts.show(self.player(element), ShowdownKind.MUCKS, self.card_list(element), None, line)
        elif tag == "XSHOW":
            parts.show(self.player(element), ShowdownKind.DOESNT_SHOW, (), None, line)
        elif tag == "WIN":
            pot_text = element.get("pot", "0")
            amount = self.cents(element, "amount")
            if amount:
                parts.collect(self.player(element), amount, whole_number(pot_text) if pot_text.isdecimal() else 0, line)
        elif tag == "CHAT":
            parts.event("chat", (element.text or "").strip(), line, element.get("name"))
        else:
            parts.defect(line, element_text(element), f"unknown element <{tag}>")

    def blind(self, element: ET.Element, line: int) -> None:
        parts = self.parts
        name = self.player(element)
        amount = self.cents(element, "amount")
        penalty = self.cents(element, "penalty")
        if penalty:
            kind = ActionKind.POST_SMALL_AND_BIG_BLIND
        elif amount == self.small_post:
            kind = ActionKind.POST_SMALL_BLIND
            self.small_post = -1  # (once)
        else:
            kind = ActionKind.POST_BIG_BLIND
        parts.post(kind, name, amount + penalty, line)

    def read_posts(self) -> None:
        """Which plain blind is the small one, and the stakes when a level has just gone up: two blinds
        posted, the smaller is the small blind; one alone is the small blind if no bigger than the printed
        one. Posts exactly twice the printed blinds are the new level's (the stakes are read from them)."""
        header = self.header
        stakes = header.stakes
        small, big = stakes.small_blind or 0, stakes.big_blind or 0
        plain: list[int] = []
        for element in self.hand.element:
            if element.tag == "BLIND":
                try:
                    if not self.cents(element, "penalty"):
                        plain.append(self.cents(element, "amount"))
                except AmountError:
                    continue  # (the blind is a line not read where it is read)
        if len(plain) >= 2:
            self.small_post = min(plain[:2]) if plain[0] != plain[1] else -1
        elif plain:
            self.small_post = plain[0] if plain[0] <= small else -1
        posted = sorted(set(plain))
        doubled = all(amount in (2 * small, 2 * big) for amount in posted)
        if not (small and big and posted and doubled) or all(amount in (small, big) for amount in posted):
            return
        unit = self.parts.unit
        new_small, new_big = 2 * small, 2 * big
        if stakes.small_bet is not None:
            header.stakes = Stakes(new_small, new_big, new_big, 2 * new_big)
        else:
            header.stakes = Stakes(new_small, new_big)
            self.parts.ledger.nominal_big_blind = new_big
        printed = f"{unit.format(small)}/{unit.format(big)}"
        words = f"the blinds went up: {printed} printed, {unit.format(new_small)}/{unit.format(new_big)} posted"
        self.parts.event("level-changed", words, self.hand.first_line)
