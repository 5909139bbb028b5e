"""Read one Boss Media `<HISTORY>` element into the hand model (ROOMS.md section 8).

What the XML means, and how the reader gives it to the model:

- `<HISTORY ID= TABLE= GAME= GAMEKIND= TABLECURRENCY= LIMIT= STAKES="sb/bb" DATE=>`: `DATE` is Unix seconds
  (UTC); `STAKES` are the blinds, or the small and big bet at fixed limit; tournament amounts are chips.
  The header's `BET/POT/WIN/LOSS` are the hero's and are not read;
- `<PLAYER NAME= SEAT= AMOUNT= STATE= DEALER=>`: empty and reserved seats (`STATE_EMPTY`, `STATE_RESERVED`,
  `NAME=""`, `UNKNOWN` with no chips, the 2011 files' `Unknown`, `Unknown1`) are not seats; `STATE_SITOUT` is
  sitting out; the button is `DEALER="Y"`, or in the files without the attribute the last player dealt
  where that is sure (see infer_button);
- names are opaque strings: `Von MÃ¶gen` (UTF-8 encoded twice by the room) is kept as written;
- `ACTION_RAISE` and `ACTION_ALLIN` print the player's street total; `ACTION_BET` the chips added;
  `ACTION_CALL` the chips added in the 2014 files but the street total in 2010-2012 ones: a call of at
  least the bet is read as a call to it, a smaller one as the chips added (fpdb's rule);
- `HAND_SB` is the small blind, a second one is dead (`secondsb`), `HAND_DSB` a dead small blind,
  `HAND_BB` a big blind (a new player's extra one too), `HAND_AB` the small and big blind together;
- amounts are plain decimals with a point (`VALUE="2.50"`, `AMOUNT="789.26"`; read by the kit with
  `decimal="."`); one an element cannot give makes that element a line not read, the rest of the hand read;
- cards are integers 0-51, rank = n mod 13 + 1 (1 = ace), suits d, c, h, s by thirteens (kit.cards'
  `card_of_index`); `b` is a card not shown. `HAND_BOARD` repeats the whole board on every street; a draw's
  `HAND_BOARD` has no `VALUE` and starts the drawing round (`CHANGECARD COUNT=`: cards changed, and the
  new hand when it is the hero's);
- `<SHOWDOWN POT= RAKE=>`: the final pot net of the rake, and the rake (cumulative over the streets). Each
  `<RESULT WIN=>` is a player's award over every pot (`Collected.pot` ALL_POTS); the uncalled part of a bet
  is in neither (Refunds.IMPLIED). `HAND` is a localisation token (`$(STR_G_WIN_TWOPAIR) ...`), kept as the
  description but not evidence; `$(STR_G_FOLD)` is a folded player, `$(STR_BY_DEFAULT)` the winner
  without a showdown, `$(STR_G_MUCK)` a loser mucking. `WINCARDS` (the best five) is not read: the
  HHSmithy copies are hand-edited and list cards nobody holds.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import (
    ALL_POTS,
    ActionKind,
    Card,
    EventKind,
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
from omaha_audit.model.numbers import number_or_none, whole_number
from omaha_audit.parse.times import unix_time
from omaha_audit.rooms.bossmedia.xml_hand import AmountError, HandParts, Header, unreadable
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, element_text
from omaha_audit.rooms.kit.cards import CardError, card_of_index

ROOM: Final = "bossmedia"
GAMES: Final = {
    "GAME_OMA": (Game.OMAHA, "Omaha"),
    "GAME_OMATU": (Game.OMAHA, "Omaha"),
    "GAME_OMAHL": (Game.OMAHA_HI_LO, "Omaha Hi/Lo"),
    "GAME_THM": (Game.HOLDEM, "Hold'em"),
    "GAME_FCD": (Game.FIVE_CARD_DRAW, "Five Card Draw"),
}
LIMITS: Final = {
    "PL": (Structure.POT_LIMIT, "Pot Limit"),
    "NL": (Structure.NO_LIMIT, "No Limit"),
    "FL": (Structure.FIXED_LIMIT, "Fixed Limit"),
}
BOARDS: Final = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
DRAWS: Final = (Street.DRAW1, Street.DRAW2, Street.DRAW3)
NOT_SEATS: Final = frozenset({"STATE_EMPTY", "STATE_RESERVED"})
# Boss Media's card numbers: rank = n mod 13 + 1 (1 = ace), suits by thirteens.
CARD_RANKS: Final = "A23456789TJQK"
CARD_SUITS: Final = "dchs"
HIDDEN: Final = "b"
_EMPTY_NAME: Final = re.compile(r"(?i)unknown\d*")  # `UNKNOWN`, and the 2011 files' `Unknown`, `Unknown1`
FOLDED: Final = "$(STR_G_FOLD)"
BY_DEFAULT: Final = "$(STR_BY_DEFAULT)"
MUCKED: Final = "$(STR_G_MUCK)"
_POST_KINDS: Final = {
    "HAND_BB": ActionKind.POST_BIG_BLIND,
    "HAND_DSB": ActionKind.POST_DEAD,
    "HAND_AB": ActionKind.POST_SMALL_AND_BIG_BLIND,
}


def read_hand(hand: HandElement, path: str) -> Hand | UnreadableHand:
    """One `<HISTORY>` element. Tournament chips are read whole, or in hundredths if a hand needs them."""
    attrs = hand.element.attrib
    hand_id = attrs.get("ID", "")
    tournament = attrs.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
    for decimals in (0, 2) if tournament else (2,):
        try:
            try:
                return BossHand(hand, path, decimals).build()
            except AntesFound as found:  # (known at the first pot figure: read again with them)
                return BossHand(hand, path, decimals, found.antes).build()
        except AmountError as error:  # (the stakes not read, or chips with decimals)
            if decimals == 0 and error.finer:
                continue
            return unreadable(path, hand.first_line, hand.last_line, error.line, str(error), ROOM, hand_id)
    raise AssertionError("unreachable")


def _between(start: int, seat: int, end: int) -> bool:
    """True when `seat` comes after `start` and before `end`, going round the table by seat number."""
    if start < end:
        return start < seat < end
    return seat > start or seat < end


class AntesFound(Exception):
    """The hand's first pot figure shows antes the text does not print (BossHand.inferred_antes)."""

    def __init__(self, antes: dict[str, int]) -> None:
        super().__init__("antes")
        self.antes = antes


class BossHand:
    """The parts of one `<HISTORY>` element, read in document order (Boss Media numbers nothing)."""

    def __init__(self, hand: HandElement, path: str, decimals: int, antes: dict[str, int] | None = None) -> None:
        self.hand = hand
        self.antes: dict[str, int] = antes or {}
        self.attrs = hand.element.attrib
        attrs = self.attrs
        self.tournament = attrs.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
        self.play = attrs.get("GAMETYPE", "GAMETYPE_REAL") != "GAMETYPE_REAL"
        if self.tournament:
            unit = Unit("chips", decimals)
        elif self.play:
            unit = Unit("play", 2)
        else:
            unit = Unit(attrs.get("TABLECURRENCY") or "unknown", 2)
        retry = self.tournament and decimals == 0  # (chips with decimals: read again in hundredths)
        self.parts = HandParts(path, hand.first_line, hand.last_line, unit, ".", retry)
        self.header = Header(ROOM, ROOM, attrs.get("ID", ""))
        self.small_blinds = 0
        self.draws = 0
        self.last_dealt: str | None = None
        self.listed_seats: list[int] = []  # every PLAYER's seat, empty ones too
        self.first_blind: tuple[str, str] | None = None  # (KIND, PLAYER) of the first small or big blind
        self.dealt_players: set[str] = set()
        self.deal_order: list[str] = []
        # at the first pot figure (the flop's, or the showdown's): (the figure plus its rake, the chips put
        # in so far, the part of the top bet nobody matched)
        self.first_figure: tuple[int, int, int] | None = None
        self.pot: PotSummary | None = None

    def line(self, element: ET.Element) -> int:
        return self.hand.line(element)

    def money(self, element: ET.Element, name: str) -> int:
        return self.parts.money(element.get(name), self.line(element))

    def cards(self, element: ET.Element) -> tuple[tuple[Card, ...], int]:
        """The known cards among an element's `<CARD LINK=>` children, and how many there are in all."""
        found: list[Card] = []
        count = 0
        for child in element.iter("CARD"):
            count += 1
            link = (child.get("LINK") or "").strip()
            if link == HIDDEN:
                continue
            try:
                index = number_or_none(link)  # (None: no number, or too long to be a card's)
                found.append(card_of_index(-1 if index is None else index, CARD_RANKS, CARD_SUITS))
            except CardError:
                self.parts.defect(self.line(child), element_text(child), f"not a card number: {link!r}")
        return tuple(found), count

    # ---- the hand -------------------------------------------------------------------------------------
    def build(self) -> Hand:
        self.read_header()
        antes_due = bool(self.antes)
        unchecked = not antes_due and self.tournament
        parts = self.parts
        for element in self.hand.element:
            tag = element.tag
            if tag == "PLAYER":
                with parts.reading(self.line(element), element):
                    self.player(element)
            elif tag == "ACTION":
                if antes_due:
                    antes_due = False
                    self.post_antes()
                with parts.reading(self.line(element), element):
                    self.action(element)
            elif tag == "SHOWDOWN":
                self.showdown(element)
            if unchecked and self.first_figure is not None:
                unchecked = False
                antes = self.inferred_antes()
                if antes:
                    raise AntesFound(antes)
        if parts.button is None:
            self.infer_button()
        return parts.hand(self.header, self.pot, Refunds.IMPLIED)

    def infer_button(self) -> None:
        """The files without `DEALER=` (2010-2011): the deal goes round from the small blind, so the button
        is the last player dealt (so it is in every hand of the corpus that has the attribute but one). Where
        listed seats lie between that player and the small blind (with a dead small blind: more than its
        seat), the button may be on an empty seat (a dead button) rather than on that player: the text
        cannot tell, and for the order of play the two are the same; an event says so."""
        parts = self.parts
        last = self.last_dealt
        if last is None or last not in parts.seat_of:
            return
        seat = parts.seat_of[last]
        parts.button = seat
        parts.event("button-inferred", f"the button is the last player dealt: {last}", parts.first_line)
        first = self.first_blind
        if first is not None and first[1] in parts.seat_of and first[1] != last:
            blind_seat = parts.seat_of[first[1]]
            between = sum(1 for other in self.listed_seats if _between(seat, other, blind_seat))
            if between > (0 if first[0] == "HAND_SB" else 1):
                words = f"{between} empty seat(s) between the button ({last}) and the first blind: a dead button?"
                parts.event(EventKind.BUTTON_UNCERTAIN, words, parts.first_line)

    def post_antes(self) -> None:
        """The antes the 2011 tournament files leave out (see inferred_antes), before the first action."""
        parts = self.parts
        line = self.hand.first_line
        for player, ante in self.antes.items():
            parts.post(ActionKind.POST_ANTE, player, ante, line)
        ante = max(self.antes.values())
        words = f"{parts.unit.format(ante)} from each of the {len(self.antes)} players dealt in"
        short = [player for player, paid in self.antes.items() if paid < ante]
        if short:
            words += f" ({', '.join(short)}: all in for less)"
        parts.event("antes-inferred", f"antes not printed, read from the first pot figure: {words}", line)

    def note_first_figure(self, figure: int) -> None:
        if self.first_figure is not None:
            return
        parts = self.parts
        bets = sorted(parts.ledger.street_bets.values(), reverse=True)
        excess = bets[0] - bets[1] if len(bets) > 1 else (bets[0] if bets else 0)
        self.first_figure = (figure, sum(parts.put_in.values()), excess)

    def inferred_antes(self) -> dict[str, int]:
        """The antes of a tournament hand that prints none though its first pot figure holds more than the
        posts and bets before it (fpdb's `calculateAntes`): the same ante from every player dealt in. The 2011
        tournament files print the stacks after the antes (an all-in's VALUE is the whole AMOUNT), so a
        player whose AMOUNT is 0 was all in for the ante, for less than the others: the ante is then the
        difference shared out and rounded up, and that player paid the rest. Empty when no such ante fits."""
        if self.first_figure is None or not self.deal_order or self.antes:
            return {}
        parts = self.parts
        if any(action.kind is ActionKind.POST_ANTE for action in parts.actions):
            return {}
        figure, put_in, excess = self.first_figure
        missing = figure - (put_in - excess)
        players = len(self.deal_order)
        if missing <= 0:
            return {}
        broke = [player for player in self.deal_order if not parts.stack_of.get(player)]
        if not broke:
            if missing % players:
                return {}
            return {player: missing // players for player in self.deal_order}
        ante = -(-missing // players)
        rest = missing - ante * (players - len(broke))
        if len(broke) != 1 or not 0 < rest <= ante:
            return {}
        return {player: rest if player in broke else ante for player in self.deal_order}

    def read_header(self) -> None:
        attrs = self.attrs
        header = self.header
        parts = self.parts
        line = self.hand.first_line
        game, game_name = GAMES.get(attrs.get("GAME", ""), (Game.OTHER, attrs.get("GAME", "")))
        structure, limit_name = LIMITS.get(attrs.get("LIMIT", ""), (Structure.NO_LIMIT, attrs.get("LIMIT", "")))
        header.game, header.structure, header.unit = game, structure, parts.unit
        header.game_text = f"{game_name} {limit_name}".strip()
        low, _, high = attrs.get("STAKES", "").partition("/")
        small, big = parts.money(low, line), parts.money(high, line)
        if structure is Structure.FIXED_LIMIT:
            header.stakes = Stakes(None, None, small, big)
        else:
            header.stakes = Stakes(small or None, big or None)
            parts.ledger.nominal_big_blind = big
        date = attrs.get("DATE", "")
        started = unix_time(whole_number(date)) if date.isdecimal() else None
        if started is not None:
            header.started = started
            header.started_local = started.strftime("%Y/%m/%d %H:%M:%S UTC")
        table = attrs.get("TABLE", "")
        header.table = table
        header.table_id = table
        header.play_money = self.play
        if self.tournament:
            session = attrs.get("SESSION", "").removeprefix("session").removesuffix(".xml")
            tournament_id = attrs.get("TABLETOURNEYID") or session
            header.tournament = Tournament(tournament_id, "", None)
            header.table_id = f"{tournament_id}/{table}"

    def player(self, element: ET.Element) -> None:
        name = element.get("NAME", "")
        state = element.get("STATE", "")
        if element.get("SEAT", "").isdecimal():
            self.listed_seats.append(whole_number(element.get("SEAT", "")))
        empty = _EMPTY_NAME.fullmatch(name) is not None and not self.money(element, "AMOUNT")
        if state in NOT_SEATS or not name or empty:
            return  # an empty seat (the 2011 files name it `Unknown` and give it a result line)
        seat_text = element.get("SEAT", "")
        if not seat_text.isdecimal():
            self.parts.defect(self.line(element), element_text(element), "a player without a seat number")
            return
        seat = whole_number(seat_text)
        stack = self.money(element, "AMOUNT")
        stack += self.antes.get(name, 0)  # (the stacks are printed after the antes: see inferred_antes)
        self.parts.add_seat(seat, name, stack, self.line(element), state == "STATE_SITOUT")
        if element.get("DEALER") == "Y":
            self.parts.button = seat

    def action(self, element: ET.Element) -> None:
        parts = self.parts
        kind = element.get("TYPE", "")
        player = element.get("PLAYER", "")
        line = self.line(element)
        if kind == "HAND_BLINDS":
            self.blind(element, player, line)
        elif kind == "HAND_ANTE":
            parts.post(ActionKind.POST_ANTE, player, self.money(element, "VALUE"), line)
        elif kind == "HAND_DEAL":
            parts.preflop()
            cards, count = self.cards(element)
            if cards and len(cards) == count:
                parts.deal(player, cards, line)
            self.last_dealt = player
            if player not in self.dealt_players:
                self.dealt_players.add(player)
                self.deal_order.append(player)
        elif kind == "ACTION_FOLD":
            parts.simple(ActionKind.FOLD, player, line)
        elif kind == "ACTION_CHECK":
            parts.simple(ActionKind.CHECK, player, line)
        elif kind == "ACTION_CALL":
            value = self.money(element, "VALUE")
            # 2010-2012 print the street total called, 2014 the chips added: a call of at least the bet
            # is to it (fpdb's rule); from nothing in, both readings agree.
            to = value if value >= parts.high else parts.own(player) + value
            if to > parts.high:
                parts.defect(line, element_text(element), "a call above the bet", inconsistent=True)
            parts.add(ActionKind.CALL, player, max(0, to - parts.own(player)), line)
        elif kind == "ACTION_BET":
            parts.wager_added(player, self.money(element, "VALUE"), line)
        elif kind == "ACTION_RAISE":
            parts.wager_to(player, self.money(element, "VALUE"), line)
        elif kind == "ACTION_ALLIN":
            parts.wager_to(player, self.money(element, "VALUE"), line, True)
        elif kind == "HAND_BOARD":
            self.board(element, line)
        elif kind in ("CHANGECARD", "ACTION_DISCARD"):
            count_text = element.get("COUNT", "0")
            parts.discard(player, whole_number(count_text) if count_text.isdecimal() else 0, line)
            cards, count = self.cards(element)
            if cards and len(cards) == count:
                parts.deal(player, (), line, cards)
        elif kind == "ACTION_STAND":
            parts.discard(player, 0, line)
        else:
            parts.defect(line, element_text(element), f"unknown action type {kind!r}")

    def blind(self, element: ET.Element, player: str, line: int) -> None:
        what = element.get("KIND", "")
        amount = self.money(element, "VALUE")
        if self.first_blind is None and what in ("HAND_SB", "HAND_BB"):
            self.first_blind = (what, player)
        if what == "HAND_SB":
            self.small_blinds += 1
            # A second small blind is dead money (fpdb's `secondsb`; the pots say so: SD's 5 in
            # NLHE-SEK-5.00-10.00-201207.secondsb is not part of his raise).
            post = ActionKind.POST_SMALL_BLIND if self.small_blinds == 1 else ActionKind.POST_DEAD
        else:
            found = _POST_KINDS.get(what)
            if found is None:
                self.parts.defect(line, element_text(element), f"unknown blind {what!r}")
                return
            post = found
        parts = self.parts
        left = parts.stack_of.get(player, amount) - parts.put_in.get(player, 0)
        if 0 <= left < amount:
            # A short stack's blind is printed at its full size: the player is all in for what is left
            # (NLHE-CAD-MTT-201101 #5858355: `VALUE="600.00"` from a stack of 424, and the flop's POT
            # holds 424).
            parts.event("short-blind", f"{player} posts {parts.unit.format(left)} all in (printed {amount})", line)
            amount = left
        parts.post(post, player, amount, line, amount == left)
        big_blind = self.header.stakes.big_blind
        if post is ActionKind.POST_BIG_BLIND and big_blind and parts.ledger.high < big_blind:
            parts.ledger.high = big_blind  # (a short big blind: the others still call the full one)

    def board(self, element: ET.Element, line: int) -> None:
        parts = self.parts
        value = element.get("VALUE")
        if element.get("POT"):
            with parts.reading(line, element):  # (a pot figure not read leaves the street's cards read)
                self.note_first_figure(self.money(element, "POT") + self.money(element, "RAKE"))
        if value is None:  # a draw game's drawing round
            street = DRAWS[min(self.draws, len(DRAWS) - 1)]
            self.draws += 1
            parts.new_round(street)
            return
        board_street = BOARDS.get(value)
        if board_street is None:
            parts.defect(line, element_text(element), f"unknown street {value!r}")
            return
        cards, _count = self.cards(element)
        before = parts.board
        if cards[: len(before)] != before:
            reason = "the board repeated on this street is not the one before"
            parts.defect(line, element_text(element), reason, inconsistent=True)
        parts.new_street(board_street, cards, cards[len(before) :], line)

    def showdown(self, element: ET.Element) -> None:
        parts = self.parts
        line = self.line(element)
        with parts.reading(line, element):  # (the pot figures not read: the results are read all the same)
            rake = self.money(element, "RAKE") if element.get("RAKE") else None
            self.note_first_figure(self.money(element, "POT") + (rake or 0))
            source = parts.src(line)
            self.pot = PotSummary(
                self.money(element, "POT"), rake, None, (), source, PotBasis.NET, PotBasis.NET, PotBasis.NET
            )
        shown: list[tuple[str, ShowdownKind, tuple[Card, ...], str | None, int]] = []
        for result in element.iter("RESULT"):
            player = result.get("PLAYER", "")
            where = self.line(result)
            win = 0
            with parts.reading(where, result):
                win = self.money(result, "WIN")
            if win:
                parts.collect(player, win, ALL_POTS, where)
            token = (result.get("HAND") or "").strip()
            cards, count = self.cards(result)
            if token in (FOLDED, BY_DEFAULT) or (player not in self.dealt_players and not win):
                continue  # (an empty seat's result line: `Unknown` with hidden cards)
            if token == MUCKED:
                shown.append((player, ShowdownKind.MUCKS, cards if len(cards) == count else (), None, where))
            elif cards and len(cards) == count:
                shown.append((player, ShowdownKind.SHOWS, cards, token or None, where))
            else:
                shown.append((player, ShowdownKind.DOESNT_SHOW, (), token or None, where))
        if shown:
            parts.showdown_mark(line)
            for player, kind, cards, words, where in shown:
                parts.show(player, kind, cards, words, where)
