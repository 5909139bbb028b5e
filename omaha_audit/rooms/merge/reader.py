"""Read one Merge Gaming (Carbon) `<game>` element into the hand model (ROOMS.md section 10).

What the text means, and how the reader gives it to the model:

- the `<description type= stakes=>` before the games names the game and the stakes (`Omaha`, `Omaha H/L8`,
  `Holdem`, `7-Stud H/L8`, `Razz`, `Badugi`, `2-7 Lowball`, `... Tournament`; `Pot Limit ($0.50/$1)`,
  `No Limit ($0.10/$0.25)`, `Limit $0.25/$0.50` (the bets), `Half Pot Limit ($0.50/$0.50)`, or just
  `No Limit` in tournaments: the blinds are then the posts'). A game with no description before it is
  not read;
- `<game id= starttime= seats= realmoney= data=>`: `data` is `date|table|table id or tournament-table|game
  id|...` (or with colons). `starttime` is local time, `yyyymmddHHMMSS` with no zone (it reads UTC-5 in
  2010-2012 and UTC-7 in 2013) or `2012/08/14 21:50:08 +0400` with one; the events carry Unix
  milliseconds, so `started` is the first event's time (UTC), else the start time with its offset;
- `<player seat= nickname= balance= dealtin=>`: seats are 0-based, as printed (the `dealer` too);
  `dealtin` is not to be trusted (fpdb): a player is in the hand when an event names him; the others are
  sitting out. In tournaments the balance is printed after the blinds and antes (fpdb's
  `adjustMergeTourneyStack`: a big blind all in shows `$0.00`), so the stack is the balance plus them;
- `<round id= sequence=>` and `<event sequence= type= player= amount=>`: the play order is the rounds' and
  the events' sequence numbers; a round's community cards come before its events. `CALL`, `BET` and
  `ALL_IN` print the chips added; `RAISE` the chips added before 2010-09-08 and the street total from
  that day on (fpdb's `newFormat`); `COMPLETE` the total; `SIT_OUT` is a fold. An `ALL_IN` without an
  amount (`weird.all.in.line`) puts nothing in and is noted;
- amounts are plain decimals with a point (`amount="4.50"`, `balance="$40.62"`: read by the kit with
  `decimal="."`); one an element cannot give makes that element a line not read, the rest of the hand read;
- `<cards type="COMMUNITY" cards="3d,2h,Kc">` is the board so far (cards read by the kit, rank then suit);
  `HOLE` the hero's cards (its `hand=` is a running description, not evidence); `SHOWN`/`MUCKED` a
  player's cards (`null` is a card not shown); stud's `DRAW_DRAWN_CARDS` lists a player's cards with the hidden
  ones empty. In stud and draw each round repeats the cards so far, read as one dealt line per street (the cards
  held, the new ones);
- `<winner amount= uncalled= potnumber= player=>`: an award from pot `potnumber` (1 is the main pot);
  `uncalled="true"` is an uncalled bet returned (Refunds.LINE); a hand without such a row pays the uncalled
  bet back inside the award (Refunds.IN_COLLECTED: `addCallandRaise.format` wins 8.00 = 1 + 5 + 2). No
  total pot and no rake are printed (the rake is what the pot kept).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime
from typing import Final

from omaha_audit.model import (
    ActionKind,
    Card,
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
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.times import offset_time, unix_time
from omaha_audit.rooms.bossmedia.xml_hand import AmountError, HandParts, Header, unreadable
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, element_text
from omaha_audit.rooms.kit.cards import CardError, read_card

ROOM: Final = "merge"
GAMES: Final = {
    "Holdem": (Game.HOLDEM, "Hold'em"),
    "Omaha": (Game.OMAHA, "Omaha"),
    "Omaha H/L8": (Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    "7-Stud": (Game.STUD, "7 Card Stud"),
    "7-Stud H/L8": (Game.STUD_HI_LO, "7 Card Stud Hi/Lo"),
    "Razz": (Game.RAZZ, "Razz"),
    "Badugi": (Game.BADUGI, "Badugi"),
    "2-7 Lowball": (Game.TRIPLE_DRAW_2_7, "2-7 Triple Draw"),
}
LIMITS: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Half Pot Limit": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
# `Pot Limit ($0.50/$1)`, `Limit $0.25/$0.50`, `No Limit` (a tournament): the pair, whatever its number style,
# is read by the kit
_STAKES: Final = re.compile(r"(?P<limit>Half Pot Limit|Pot Limit|No Limit|Limit)\b(?P<rest>.*)")
_PAIR: Final = re.compile(r"(?P<low>[^\s/()][^/()]*?)\s*/\s*(?P<high>[^/()]*[^\s/()])")
_START: Final = re.compile(r"(\d{4})/?(\d\d)/?(\d\d)[ T]?(\d\d):?(\d\d):?(\d\d)?(?:\s*([+-])(\d\d):?(\d\d))?")
ROUNDS: Final = {
    "BLINDS": Street.BLINDS,
    "PREFLOP": Street.PREFLOP,
    "POSTFLOP": Street.FLOP,
    "POSTTURN": Street.TURN,
    "POSTRIVER": Street.RIVER,
    "BRING_IN": Street.THIRD,
    "THIRD_STREET": Street.THIRD,
    "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH,
    "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH,
    "PRE_FIRST_DRAW": Street.PREFLOP,
    "FIRST_DRAW": Street.DRAW1,
    "POST_FIRST_DRAW": Street.DRAW1,
    "SECOND_DRAW": Street.DRAW2,
    "POST_SECOND_DRAW": Street.DRAW2,
    "THIRD_DRAW": Street.DRAW3,
    "POST_THIRD_DRAW": Street.DRAW3,
}
BOARD_STREETS: Final = frozenset({Street.FLOP, Street.TURN, Street.RIVER})
NEW_FORMAT: Final = "20100908"  # RAISE prints the street total from this day on (fpdb's `newFormat`)
EVENTS: Final = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "SIT_IN", "GAME_CANCELLED"})


def read_hand(hand: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
    """One `<game>` element with the `<description>` read before it."""
    hand_id = hand.element.get("id", "")
    description = context.get("description")
    if description is None:
        reason = "no <description> element before the game: its game and stakes are unknown"
        return unreadable(path, hand.first_line, hand.last_line, hand.first_line, reason, ROOM, hand_id)
    tournament = description.get("type", "").endswith(" Tournament")
    for decimals in (0, 2) if tournament else (2,):
        try:
            return MergeHand(hand, description, path, decimals).build()
        except AmountError as error:  # (the stakes not read, or chips with decimals)
            if decimals == 0 and error.finer:
                continue
            return unreadable(path, hand.first_line, hand.last_line, error.line, str(error), ROOM, hand_id)
    raise AssertionError("unreachable")


class MergeHand:
    """The parts of one `<game>`, its events read in sequence order."""

    def __init__(self, hand: HandElement, description: ET.Element, path: str, decimals: int) -> None:
        self.hand = hand
        self.attrs = hand.element.attrib
        self.description = description
        kind = description.get("type", "")
        self.tournament = kind.endswith(" Tournament")
        self.game_name = kind.removesuffix(" Tournament")
        self.play = self.attrs.get("realmoney", "true") != "true"
        if self.tournament:
            unit = Unit("chips", decimals)
        elif self.play:
            unit = Unit("play", 2)
        else:
            unit = Unit("USD", 2)
        retry = self.tournament and decimals == 0  # (chips with decimals: read again in hundredths)
        self.parts = HandParts(path, hand.first_line, hand.last_line, unit, ".", retry)
        self.listed: dict[str, tuple[Card | None, ...]] = {}  # stud and draw: each player's cards so far
        self.header = Header(ROOM, ROOM, self.attrs.get("id", ""))
        self.names: dict[str, str] = {}  # seat number (as printed) -> nickname
        self.broke: set[str] = set()  # cash-game seats with nothing in front of them, not dealt in
        self.active: set[str] = set()  # seats an event names
        self.raise_to = self.start_day() >= NEW_FORMAT
        self.refunds = Refunds.IN_COLLECTED
        self.first_time: int | None = None

    def line(self, element: ET.Element) -> int:
        return self.hand.line(element)

    def money(self, element: ET.Element, name: str) -> int:
        return self.parts.money(element.get(name), self.line(element))

    def start_day(self) -> str:
        found = _START.match(self.attrs.get("starttime", ""))
        return "".join(found.group(1, 2, 3)) if found is not None else ""

    def player(self, element: ET.Element) -> str:
        seat = element.get("player", "")
        name = self.names.get(seat)
        if name is None:
            name = f"(seat {seat})"
            self.parts.defect(self.line(element), element_text(element), f"no seat {seat} in the player list")
            self.names[seat] = name
        return name

    def cards(self, element: ET.Element) -> tuple[tuple[Card, ...], int]:
        """The cards of a `cards=` list, and how many places it has (`null` and empty ones are hidden)."""
        found: list[Card] = []
        places = 0
        for part in element.get("cards", "").split(","):
            text = part.strip()
            places += 1
            if not text or text == "null":
                continue
            try:
                found.append(read_card(text))
            except CardError as error:
                self.parts.defect(self.line(element), element_text(element), str(error))
        return tuple(found), places

    # ---- the hand -------------------------------------------------------------------------------------
    def build(self) -> Hand:
        root = self.hand.element
        players = root.find("players")
        rounds: list[tuple[int, int, ET.Element]] = []
        for index, element in enumerate(root):
            if element.tag == "round":
                sequence = element.get("sequence", "")
                rounds.append((whole_number(sequence) if sequence.isdecimal() else index, index, element))
        rounds.sort(key=lambda item: (item[0], item[1]))
        for _, _, round_element in rounds:
            for event in round_element.iter("event"):
                seat = event.get("player")
                if seat is not None:
                    self.active.add(seat)
        self.read_header()
        if players is not None:
            self.read_players(players, rounds)
        for _, _, round_element in rounds:
            self.read_round(round_element)
        self.header.started = self.started()
        source = self.parts.src(self.hand.first_line)
        pot = PotSummary(None, None, None, (), source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        cancelled = any(event.kind == "game_cancelled" for event in self.parts.events)
        # A game without its END_OF_GAME round stops before its awards (the hero left the table: fpdb's
        # "partial hand history").
        ended = any(element.get("id", "").startswith("END_OF_") for _, _, element in rounds)
        return self.parts.hand(self.header, pot, self.refunds, cancelled, not ended)

    def read_header(self) -> None:
        attrs = self.attrs
        header = self.header
        parts = self.parts
        line = self.hand.first_line
        game, name = GAMES.get(self.game_name, (Game.OTHER, self.game_name))
        stakes_text = self.description.get("stakes", "")
        found = _STAKES.match(stakes_text)
        limit = found.group("limit") if found is not None else ""
        structure = LIMITS.get(limit, Structure.NO_LIMIT)
        header.game, header.structure, header.unit = game, structure, parts.unit
        header.game_text = f"{name} {stakes_text}".strip()
        pair = _PAIR.search(found.group("rest")) if found is not None else None
        low = parts.money(pair.group("low"), line) if pair is not None else 0
        high = parts.money(pair.group("high"), line) if pair is not None else 0
        if structure is Structure.FIXED_LIMIT:
            header.stakes = Stakes(None, None, low or None, high or None)
        else:
            header.stakes = Stakes(low or None, high or None)
            parts.ledger.nominal_big_blind = high
        header.started_local = attrs.get("starttime", "")
        fields = re.split(r"[|:]", attrs.get("data", ""))
        table = fields[1].strip() if len(fields) > 1 else ""
        header.table = table
        header.table_id = table
        seats = attrs.get("seats", "")
        header.max_seats = whole_number(seats) if seats.isdecimal() else None
        header.play_money = self.play
        if self.tournament:
            tournament_table = fields[2] if len(fields) > 2 else ""
            tournament_id, _, number = tournament_table.partition("-")
            header.tournament = Tournament(tournament_id, "", None)
            header.table = number or table
            header.table_id = f"{tournament_id}/{number}"

    def read_players(self, players: ET.Element, rounds: list[tuple[int, int, ET.Element]]) -> None:
        parts = self.parts
        dealer = players.get("dealer", "")
        if dealer.isdecimal():
            parts.button = whole_number(dealer)
        forced: dict[str, int] = {}
        if self.tournament:  # the balances are printed after the blinds and antes
            for _, _, round_element in rounds:
                if round_element.get("id") == "BLINDS":
                    for event in round_element.iter("event"):
                        seat = event.get("player", "")
                        try:
                            forced[seat] = forced.get(seat, 0) + self.money(event, "amount")
                        except AmountError as error:  # (the event itself is a line not read)
                            if error.finer and parts.retry_finer:
                                raise
        for element in players.iter("player"):
            seat = element.get("seat", "")
            name = element.get("nickname", "")
            if not seat.isdecimal():
                parts.defect(self.line(element), element_text(element), "a player without a seat number")
                continue
            line = self.line(element)
            with parts.reading(line, element):  # (a stack not read: the seat is left out, its line not read)
                self.seat(element, seat, name, forced)

    def seat(self, element: ET.Element, seat: str, name: str, forced: dict[str, int]) -> None:
        parts = self.parts
        self.names[seat] = name  # (named even if the stack is not read: the player's lines are his)
        stack = self.money(element, "balance") + forced.get(seat, 0)
        if not stack and not self.tournament and element.get("dealtin") == "false" and seat not in forced:
            self.broke.add(seat)
        sitting_out = seat not in self.active or seat in self.broke
        parts.add_seat(whole_number(seat), name, stack, self.line(element), sitting_out)

    def read_round(self, round_element: ET.Element) -> None:
        parts = self.parts
        round_id = round_element.get("id", "")
        street = ROUNDS.get(round_id)
        if street is not None and street is not Street.BLINDS and street is not parts.street:
            if street in BOARD_STREETS:
                board = next((c for c in round_element.iter("cards") if c.get("type") == "COMMUNITY"), None)
                line = self.line(board if board is not None else round_element)
                cards = self.cards(board)[0] if board is not None else ()
                if board is None or not cards:  # (the room's record of the round is incomplete)
                    text = element_text(board if board is not None else round_element)
                    parts.defect(line, text, "no community cards", inconsistent=True)
                parts.new_street(
                    street,
                    cards,
                    cards[len(parts.board) :] if cards[: len(parts.board)] == parts.board else cards,
                    line,
                )
            elif street is Street.PREFLOP:
                parts.preflop()
            else:
                parts.new_round(street)
        elif round_id == "SHOWDOWN":
            parts.showdown_mark(self.line(round_element))
        shown: dict[str, tuple[ShowdownKind, ET.Element]] = {}
        by_round = not self.header.game.is_flop_game and self.header.game is not Game.OTHER
        if by_round:
            self.deal_by_round(round_element)
        for listed in round_element.iter("cards"):
            kind = listed.get("type", "")
            if kind == "HOLE" and not by_round:
                found, _ = self.cards(listed)
                owner = self.player(listed)
                if found and not any(dealt.player == owner for dealt in parts.dealt):
                    parts.deal(owner, found, self.line(listed))
            elif kind in ("SHOWN", "MUCKED"):
                what = ShowdownKind.SHOWS if kind == "SHOWN" else ShowdownKind.MUCKS
                shown[listed.get("player", "")] = (what, listed)
        events: list[tuple[int, int, ET.Element]] = []
        for index, element in enumerate(round_element):
            if element.tag in ("event", "winner"):
                sequence = element.get("sequence", "")
                events.append((whole_number(sequence) if sequence.isdecimal() else 1 << 30, index, element))
        events.sort(key=lambda item: (item[0], item[1]))
        for _, _, element in events:
            with parts.reading(self.line(element), element):
                if element.tag == "winner":
                    self.winner(element)
                else:
                    self.event(element, round_id, shown)
        for what, listed in shown.values():  # cards shown with no SHOW or MUCK event for them
            found, _ = self.cards(listed)
            parts.show(self.player(listed), what, found, None, self.line(listed))

    def deal_by_round(self, round_element: ET.Element) -> None:
        """Stud and draw: each round lists a player's cards so far (`HOLE` the hero's, `DRAW_DRAWN_CARDS`
        another's, `null` for a card not shown): dealt lines street by street, as the PokerStars text has
        them (the cards held before and the new ones)."""
        parts = self.parts
        listings = sorted(
            (listed for listed in round_element.iter("cards") if listed.get("type") in ("HOLE", "DRAW_DRAWN_CARDS")),
            key=lambda listed: listed.get("type") != "HOLE",  # (the hero first: the first player dealt is he)
        )
        stud = not self.header.game.is_draw
        for listed in listings:
            owner = self.player(listed)
            cards = self.places(listed)
            before = self.listed.get(owner)
            self.listed[owner] = cards
            line = self.line(listed)
            if before is None:
                shown = tuple(card for card in cards if card is not None)
                if shown:
                    parts.deal(owner, shown, line)
                continue
            held = tuple(card for card in before if card is not None)
            if stud:
                new = tuple(card for card in cards[len(before) :] if card is not None)
                if new or len(cards) > len(before):
                    parts.deal(owner, held, line, new)
            else:
                new = tuple(card for card in cards if card is not None and card not in before)
                if new:
                    parts.deal(owner, tuple(card for card in cards if card is not None and card in before), line, new)

    def places(self, element: ET.Element) -> tuple[Card | None, ...]:
        """The `cards=` list place by place, None where a card is not shown."""
        out: list[Card | None] = []
        for part in element.get("cards", "").split(","):
            text = part.strip()
            try:
                out.append(read_card(text) if text and text != "null" else None)
            except CardError:
                out.append(None)  # (`cards` reports it as a defect)
        return tuple(out)

    def event(self, element: ET.Element, round_id: str, shown: dict[str, tuple[ShowdownKind, ET.Element]]) -> None:
        parts = self.parts
        kind = element.get("type", "")
        line = self.line(element)
        stamp = element.get("timestamp", "")
        if self.first_time is None and stamp.isdecimal():
            self.first_time = whole_number(stamp)
        if kind in EVENTS:
            player = element.get("player")
            who = self.names.get(player, player) if player is not None and player.isdigit() else player
            parts.event(kind.lower(), element.get("text") or element_text(element), line, who)
            return
        if element.get("player", "") in self.broke and kind not in ("SHOW", "MUCK"):
            # (`weird.all.in.line`: a CHECK on the river by a seat with $0.00, not dealt in)
            reason = "an action by a player with no chips who was not dealt in"
            parts.defect(line, element_text(element), reason, inconsistent=True)
            return
        player = self.player(element)
        if kind in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "ANTE", "BRING_IN"):
            self.post(kind, element, player, line)
        elif kind in ("FOLD", "SIT_OUT"):
            parts.simple(ActionKind.FOLD, player, line)
        elif kind == "CHECK":
            parts.simple(ActionKind.CHECK, player, line)
        elif kind == "CALL":
            parts.add(ActionKind.CALL, player, self.money(element, "amount"), line)
        elif kind == "BET":
            parts.wager_added(player, self.money(element, "amount"), line)
        elif kind == "RAISE":
            value = self.money(element, "amount")
            if self.raise_to:
                parts.wager_to(player, value, line)
            else:
                parts.wager_added(player, value, line)
        elif kind == "COMPLETE":
            parts.wager_to(player, self.money(element, "amount"), line)
        elif kind == "ALL_IN" and round_id == "BLINDS":  # a blind posted all in
            blind = ActionKind.POST_BIG_BLIND if parts.actions else ActionKind.POST_SMALL_BLIND
            parts.post(blind, player, self.money(element, "amount"), line, True)
        elif kind == "ALL_IN":
            if element.get("amount") is None:
                parts.event("all-in", f"{player} is all in (no amount)", line, player)
            else:
                parts.wager_added(player, self.money(element, "amount"), line, True)
        elif kind == "DRAW":
            count = element.get("text", "0")
            parts.discard(player, whole_number(count) if count.isdecimal() else 0, line)
        elif kind in ("SHOW", "MUCK"):
            seat = element.get("player", "")
            cards_element = shown.pop(seat, None)
            found = self.cards(cards_element[1])[0] if cards_element is not None else ()
            if kind == "SHOW":
                parts.show(player, ShowdownKind.SHOWS, found, None, line)
            elif round_id == "END_OF_FOLDED_GAME":
                parts.show(player, ShowdownKind.DOESNT_SHOW, (), None, line)
            else:
                parts.show(player, ShowdownKind.MUCKS, found, None, line)
        else:
            parts.defect(line, element_text(element), f"unknown event type {kind!r}")

    def post(self, kind: str, element: ET.Element, player: str, line: int) -> None:
        parts = self.parts
        amount = self.money(element, "amount")
        if kind == "SMALL_BLIND":
            post = ActionKind.POST_SMALL_BLIND
        elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
            post = ActionKind.POST_BIG_BLIND
        elif kind == "ANTE":
            post = ActionKind.POST_ANTE
        elif kind == "BRING_IN":
            if parts.street is Street.BLINDS:
                parts.new_round(Street.THIRD)
            post = ActionKind.BRING_IN
        else:  # RETURN_BLIND: the small blind's size, the big blind's, or both (fpdb)
            big = self.header.stakes.big_blind or 0
            post = (
                ActionKind.POST_SMALL_BLIND
                if amount < big
                else ActionKind.POST_BIG_BLIND
                if amount == big
                else ActionKind.POST_SMALL_AND_BIG_BLIND
            )
        parts.post(post, player, amount, line)

    def winner(self, element: ET.Element) -> None:
        parts = self.parts
        player = self.player(element)
        amount = self.money(element, "amount")
        line = self.line(element)
        if element.get("uncalled") == "true":
            parts.refund(player, amount, line)
            self.refunds = Refunds.LINE
            return
        number = element.get("potnumber", "1")
        pot = whole_number(number) - 1 if number.isdecimal() and whole_number(number) > 0 else 0
        if amount:
            parts.collect(player, amount, pot, line)

    def started(self) -> datetime | None:
        """The first event's time (Unix milliseconds), else (none, or none a date holds) the start time with
        its printed offset."""
        first = unix_time(self.first_time, 1000) if self.first_time is not None else None
        if first is not None:
            return first
        found = _START.match(self.attrs.get("starttime", ""))
        if found is None or found.group(7) is None:
            return None
        year, month, day, hour, minute = (int(part) for part in found.group(1, 2, 3, 4, 5))
        second = int(found.group(6) or 0)
        minutes = int(found.group(8)) * 60 + int(found.group(9))
        return offset_time(year, month, day, hour, minute, second, minutes if found.group(7) == "+" else -minutes)
