"""The elements of one iPoker `<game>` (parsed by ElementTree), read into plain records: the players, each
round's actions and cards as printed, with their lines. reader.py makes the hand of them.

- `<player seat= name= chips= dealer= win= bet=>`: the seat list (a player without a name is an empty
  seat), the button (`dealer="1"`), and each player's `win` and `bet` (totals over the hand);
- `<round no=N>`: 0 the blinds and antes, 1 preflop (the `Pocket` cards), 2-4 flop, turn, river; stud
  numbers its streets from 2. A `<cards>` element with a player holds that player's cards (`Pocket`, or a
  stud street's); without one it is the board (`Flop`, `Turn`, `River`). Cards are suit first, ten as
  `10` (`SJ`, `D10`: kit.cards' `read_card(suit_first=True)`), an unknown card `X`;
- `<action no= player= type= sum=>`: kept as printed; reader.py orders them by `no`.

Every amount (`chips`, `win`, `bet`, `sum`) is read by the kit with the session's decimal mark
(session.py); one that is no amount makes its element a line not read: a player whose `chips` are not read
is left out of the seats, an action whose `sum` is not read out of the actions, and the rest of the game
is read.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element, tostring

from omaha_audit.model import Card, Defect, Event, Seat, Source, Street, Unit, UnreadableHand
from omaha_audit.model.numbers import whole_number
from omaha_audit.rooms.ipoker.session import Session
from omaha_audit.rooms.kit.amounts import AmountError, FinerThanUnit
from omaha_audit.rooms.kit.cards import CardError, read_card

BOARD_TYPES: Final = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER, "preflop": Street.PREFLOP}
AMOUNT_ATTRIBUTES: Final = ("chips", "win", "bet", "sum")


def ipoker_card(text: str) -> Card | None:
    """`SJ`, `D10`, `hq`: suit first, then the rank; None for an unknown card (`X`). CardError otherwise."""
    if text in ("X", "x"):
        return None
    return read_card(text, suit_first=True)


class Place:
    """Where a game sits in its file: the path, its first and last lines, the line of each element (by
    element), whether `</game>` closed it, and what the document reader found wrong around it."""

    def __init__(self, path: str, first_line: int, last_line: int, lines: dict[Element, int], closed: bool) -> None:
        self.path = path
        self.first_line = first_line
        self.last_line = last_line
        self.lines = lines
        self.closed = closed
        self.defects: list[Defect] = []


class ActionText:
    """One `<action>` element, as printed."""

    def __init__(self, no: int, index: int, round_no: int, element: Element, line: int) -> None:
        self.no = no
        self.index = index  # its place in the document
        self.round_no = round_no
        self.element = element
        self.line = line
        self.player = element.get("player") or ""
        self.type_text = element.get("type") or ""
        self.sum_text = (element.get("sum") or "").strip()


class PlayerText:
    def __init__(self, seat: Seat, win: int | None, bet: int | None) -> None:
        self.seat = seat
        self.win = win
        self.bet = bet


def element_text(element: Element) -> str:
    text = tostring(element, encoding="unicode").strip()
    return text if len(text) <= 200 else text[:197] + "..."


def unreadable(place: Place, line: int, reason: str, hand_id: str | None) -> UnreadableHand:
    return UnreadableHand(place.path, line, place.first_line, place.last_line, reason, hand_id, "ipoker")


class GameElements:
    """What one `<game>` element holds, as printed (`read()` fills it)."""

    def __init__(self, root: Element, session: Session, place: Place, decimals: int | None = None) -> None:
        self.root = root
        self.session = session
        self.place = place
        self.path = place.path
        self.hand_id = root.get("gamecode") or ""
        self.defects = list(place.defects)
        self.events: list[Event] = []
        self.players: dict[str, PlayerText] = {}
        self.button: int | None = None
        self.pockets: dict[str, tuple[list[str], int]] = {}  # name -> (card texts, line)
        self.stud_cards: list[tuple[str, int, list[str], int]] = []  # (name, round, card texts, line)
        self.boards: list[tuple[int, Street, int, list[str], int]] = []  # (round, street, run, cards, line)
        self.acts: list[ActionText] = []
        self.decimals = session.unit.decimals if decimals is None else decimals  # (a tournament read again: 2)
        self.finer = False  # an amount had more decimal places than the unit (a tournament's chips)

    @property
    def unit(self) -> Unit:
        """The game's money unit: the session's, in hundredths where a tournament's chips need them."""
        unit = self.session.unit
        return unit if unit.decimals == self.decimals else Unit(unit.currency, self.decimals)

    def line(self, element: Element) -> int:
        return self.place.lines.get(element, self.place.first_line)

    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def defect(self, element: Element, reason: str, inconsistent: bool = False) -> None:
        """A line not read (default), or one read whole that contradicts the game (`inconsistent`)."""
        self.defects.append(Defect(self.line(element), element_text(element), reason, inconsistent=inconsistent))

    def money(self, element: Element, name: str, text: str) -> int | None:
        """The amount of an attribute, or None (the element a line not read, with the kit's reason)."""
        try:
            return self.session.money(text, self.decimals)
        except AmountError as error:
            self.finer = self.finer or isinstance(error, FinerThanUnit)
            self.defect(element, f"{name}={text!r} is not an amount: {error}")
            return None

    def read(self) -> UnreadableHand | None:
        """Read the elements; an unreadable hand when the game has no players block, else None."""
        general = self.root.find("general")
        players = general.find("players") if general is not None else None
        if general is None or players is None:
            return unreadable(self.place, self.place.first_line, "the game has no <general><players> block", None)
        if not self.hand_id:
            self.defect(self.root, "the game has no gamecode", inconsistent=True)
        if self.session.decimal is None:  # (the session's block showed no decimal mark: the game may)
            self.session.learn_decimal(
                element.get(name) or "" for element in self.root.iter() for name in AMOUNT_ATTRIBUTES
            )
        for player in players.iter("player"):
            self.read_player(player)
        for element in self.root.iter("round"):
            self.read_round(element)
        return None

    def read_player(self, element: Element) -> None:
        name = element.get("name") or ""
        seat_text = element.get("seat") or ""
        if not name:
            return  # an empty seat (`<player seat="1" name="" chips="$0" .../>`)
        if not seat_text.isdecimal():
            self.defect(element, f"seat={seat_text!r} is not a seat number")
            return
        chips = self.money(element, "chips", element.get("chips") or "")
        if chips is None:
            return  # (a stack not read: the seat is left out, its line not read)
        seat = Seat(whole_number(seat_text), name, chips, self.src(self.line(element)))
        win_text, bet_text = element.get("win"), element.get("bet")
        win = self.money(element, "win", win_text) if win_text is not None else None
        bet = self.money(element, "bet", bet_text) if bet_text is not None else None
        if name in self.players:
            self.defect(element, f"{name} is listed twice", inconsistent=True)
        self.players.setdefault(name, PlayerText(seat, win, bet))
        if element.get("dealer") == "1":
            if self.button is not None and self.button != seat.seat:
                self.defect(element, "a second player marked as the dealer", inconsistent=True)
            else:
                self.button = seat.seat
        if (bet_text is None) != (win_text is None):
            self.defect(element, "a player with only one of `win` and `bet`", inconsistent=True)

    def read_round(self, element: Element) -> None:
        number_text = element.get("no") or ""
        if not number_text.isdecimal():
            self.defect(element, f"round no={number_text!r} is not a round number")
            return
        number = whole_number(number_text)
        for child in element:
            if child.tag == "action":
                no_text = child.get("no") or ""
                no = whole_number(no_text) if no_text.isdecimal() else -1
                if no < 0:
                    self.defect(child, "an action without its sequence number (`no`)")
                self.acts.append(ActionText(no, len(self.acts), number, child, self.line(child)))
            elif child.tag == "cards":
                self.read_cards(child, number)

    def read_cards(self, element: Element, number: int) -> None:
        texts = (element.text or "").split()
        line = self.line(element)
        player = element.get("player") or ""
        kind = (element.get("type") or "").strip().lower()
        if player:
            if kind == "pocket":
                self.pockets[player] = (texts, line)
            else:  # stud's `Second Street`, ..., `River` cards of one player
                self.stud_cards.append((player, number, texts, line))
            return
        street = BOARD_TYPES.get(kind)
        if street is None:
            self.defect(element, f"cards of an unknown type {kind!r}")
            return
        run_text = element.get("run") or "0"
        self.boards.append((number, street, whole_number(run_text) if run_text.isdecimal() else 0, texts, line))

    def cards(self, texts: list[str], line: int, what: str) -> tuple[list[Card], int]:
        """(the known cards, the number of unknown ones)."""
        known: list[Card] = []
        hidden = 0
        for text in texts:
            try:
                card = ipoker_card(text)
            except CardError:
                self.defects.append(Defect(line, " ".join(texts), f"{what}: {text!r} is not a card"))
                continue
            if card is None:
                hidden += 1
            else:
                known.append(card)
        return known, hidden
