"""The elements of one iPoker `<game>` (parsed by ElementTree), read into plain records: the players, each
round's actions and cards as printed, with their lines. reader.py makes the hand of them.

- `<player seat= name= chips= dealer= win= bet=>`: the seat list (a player without a name is an empty
  seat), the button (`dealer="1"`), and each player's `win` and `bet` (totals over the hand);
- `<round no=N>`: 0 the blinds and antes, 1 preflop (the `Pocket` cards), 2-4 flop, turn, river; stud
  numbers its streets from 2. A `<cards>` element with a player holds that player's cards (`Pocket`, or a
  stud street's); without one it is the board (`Flop`, `Turn`, `River`). Cards are suit first, ten as
  `10` (`SJ`, `D10`), an unknown card `X`;
- `<action no= player= type= sum=>`: kept as printed; reader.py orders them by `no`.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element, tostring

from omaha_audit.model import Card, Defect, Event, Seat, Source, Street, UnreadableHand, parse_card
from omaha_audit.rooms.ipoker.session import Session

BOARD_TYPES: Final = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER, "preflop": Street.PREFLOP}
SUITS: Final = {"s": "s", "h": "h", "d": "d", "c": "c"}


def ipoker_card(text: str) -> Card | None:
    """`SJ`, `D10`, `hq`: suit first, then the rank; None for an unknown card (`X`). ValueError otherwise."""
    if text in ("X", "x"):
        return None
    suit = SUITS.get(text[:1].lower())
    if suit is None:
        raise ValueError(f"not a card: {text!r}")
    return parse_card(text[1:].upper() + suit)


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

    def __init__(self, root: Element, session: Session, place: Place) -> None:
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

    def line(self, element: Element) -> int:
        return self.place.lines.get(element, self.place.first_line)

    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def defect(self, element: Element, reason: str) -> None:
        self.defects.append(Defect(self.line(element), element_text(element), reason))

    def money(self, element: Element, name: str, text: str) -> int | None:
        try:
            return self.session.money(text)
        except ValueError:
            self.defect(element, f"{name}={text!r} is not an amount")
            return None

    def read(self) -> UnreadableHand | None:
        """Read the elements; an unreadable hand when the game has no players block, else None."""
        general = self.root.find("general")
        players = general.find("players") if general is not None else None
        if general is None or players is None:
            return unreadable(self.place, self.place.first_line, "the game has no <general><players> block", None)
        if not self.hand_id:
            self.defect(self.root, "the game has no gamecode")
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
        if not seat_text.isdigit():
            self.defect(element, f"seat={seat_text!r} is not a seat number")
            return
        chips = self.money(element, "chips", element.get("chips") or "")
        seat = Seat(int(seat_text), name, chips or 0, self.src(self.line(element)))
        win_text, bet_text = element.get("win"), element.get("bet")
        win = self.money(element, "win", win_text) if win_text is not None else None
        bet = self.money(element, "bet", bet_text) if bet_text is not None else None
        if name in self.players:
            self.defect(element, f"{name} is listed twice")
        self.players.setdefault(name, PlayerText(seat, win, bet))
        if element.get("dealer") == "1":
            if self.button is not None and self.button != seat.seat:
                self.defect(element, "a second player marked as the dealer")
            else:
                self.button = seat.seat
        if (bet_text is None) != (win_text is None):
            self.defect(element, "a player with only one of `win` and `bet`")

    def read_round(self, element: Element) -> None:
        number_text = element.get("no") or ""
        if not number_text.isdigit():
            self.defect(element, f"round no={number_text!r} is not a round number")
            return
        number = int(number_text)
        for child in element:
            if child.tag == "action":
                no_text = child.get("no") or ""
                no = int(no_text) if no_text.isdigit() else -1
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
        self.boards.append((number, street, int(run_text) if run_text.isdigit() else 0, texts, line))

    def cards(self, texts: list[str], line: int, what: str) -> tuple[list[Card], int]:
        """(the known cards, the number of unknown ones)."""
        known: list[Card] = []
        hidden = 0
        for text in texts:
            try:
                card = ipoker_card(text)
            except ValueError:
                self.defects.append(Defect(line, " ".join(texts), f"{what}: {text!r} is not a card"))
                continue
            if card is None:
                hidden += 1
            else:
                known.append(card)
        return known, hidden
