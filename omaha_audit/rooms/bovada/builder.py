"""Build one Bovada hand from its line tokens (see reader.py for what the text means)."""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    DealtCards,
    Defect,
    Event,
    EventKind,
    Game,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Street,
    StreetDeal,
    SummarySeat,
    UncalledReturn,
    Unit,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED, TO, Ledger
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.split import Block
from omaha_audit.rooms.bovada.cards import check_summary_cards
from omaha_audit.rooms.bovada.header import BovadaHeader, mvs_stakes
from omaha_audit.rooms.bovada.result import NEXT_STREET, board_streets, collected_lines, posted_stakes
from omaha_audit.rooms.bovada.rounds import Rounds
from omaha_audit.rooms.bovada.summary import SeatOutcome, read_outcome, split_cards
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.cards import split_cards as card_tokens
from omaha_audit.rooms.kit.events import event_kind

POSTS: Final = {
    "Small Blind": ActionKind.POST_SMALL_BLIND,
    "Small blind": ActionKind.POST_SMALL_BLIND,
    "Ante/Small Blind": ActionKind.POST_SMALL_BLIND,
    "Ante/Small blind": ActionKind.POST_SMALL_BLIND,
    "Big Blind": ActionKind.POST_BIG_BLIND,
    "Big blind": ActionKind.POST_BIG_BLIND,
    "Big blind/Bring in": ActionKind.POST_BIG_BLIND,
    "Posts chip": ActionKind.POST_BIG_BLIND,
    "Ante chip": ActionKind.POST_ANTE,
    "Posts dead chip": ActionKind.POST_DEAD,
    "Bring_in chip": ActionKind.BRING_IN,
}
VERBS: Final = {
    "Folds": ActionKind.FOLD,
    "Fold": ActionKind.FOLD,
    "Checks": ActionKind.CHECK,
    "Calls": ActionKind.CALL,
    "Call": ActionKind.CALL,
    "Bets": ActionKind.BET,
    "D bets": ActionKind.BET,
    "Bets chip info": ActionKind.BET,
    "Raises": ActionKind.RAISE,
}
_ALL_IN: Final = "All-in"
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
STREET_LINES: Final = frozenset({"FLOP", "TURN", "RIVER", "TABLE_CARDS"})
STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
STUD_MARKS: Final = {"3": Street.THIRD, "4": Street.FOURTH, "5": Street.FIFTH, "6": Street.SIXTH, "7": Street.SEVENTH}
STUD: Final = (Game.STUD, Game.STUD_HI_LO)
SHOWDOWN_KINDS: Final = {
    "SHOWDOWN": ShowdownKind.SHOWS,
    "MUCKS": ShowdownKind.MUCKS,
    "NO_SHOW": ShowdownKind.DOESNT_SHOW,
}
POSITIONS: Final = {"Dealer": "button", "Small Blind": "small blind", "Big Blind": "big blind"}
_LIVE: Final = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.BRING_IN})
_HERO_MARK: Final = re.compile(r"\s*\[ME\]$")
_CACHE_LIMIT: Final = 20_000  # distinct amount or card texts remembered (they repeat from hand to hand)
_TABLE_SIZE: Final = 10  # seat numbers above this are ids, not the table's seats (tournaments)


class AmountError(ValueError):
    """An amount of the hand not read, at `line`: that line is not read (a defect), the rest of the hand is."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


class StakesError(AmountError):
    """The stakes the header or the `Table Info:` line prints, not read: the hand is not read without them."""


class BovadaBuilder(Ledger):
    """Turns one hand's tokens into a Hand. Players are named by seat (`Seat 3`; tournaments: the printed
    seat id, `Seat 75`), the one identity the text keeps from hand to hand; the positions the lines name
    them by are mapped to it through the seat list."""

    def __init__(
        self,
        format: str,
        block: Block,
        header: BovadaHeader,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        amounts: dict[int, dict[str, int]],
        cards: dict[str, tuple[Card, ...]],
    ) -> None:
        super().__init__(TO, ADDED)
        self.format = format
        self.block = block
        self.path = block.path
        self.header = header
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        self.cards_not_read = any(defect.not_read for defect in defects)  # (a card, or a line that may hold one)
        self.unit = Unit("chips", 0) if header.tournament is not None else Unit("USD", 2)
        self.stud = header.game in STUD
        self.amount_cache = amounts.setdefault(self.unit.decimals, {})  # text -> units (they repeat)
        self.card_cache = cards  # text of valid cards -> cards
        self.put_in: dict[str, int] = {}  # player -> chips put in so far
        self.line = block.first_line
        # the seats: position (as printed, without the hero's mark) -> player; printed seat number -> player
        self.by_position: dict[str, str] = {}
        self.by_printed: dict[int, str] = {}
        self.players: dict[str, int] = {}  # player -> seat (the table's order)
        self.stacks: dict[str, int] = {}
        self.positions: dict[str, str] = {}  # player -> position
        self.hero: str | None = None
        self.button: int | None = None
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: dict[str, tuple[list[Card], Source]] = {}
        self.showdown: list[ShowdownLine] = []
        self.shows: list[tuple[str, ShowdownKind, tuple[Card, ...], str | None, Source, int]] = []
        self.results: list[tuple[str, int, bool, str, Source]] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.summary_seats: list[SummarySeat] = []
        self.halves: dict[str, tuple[bool, bool]] = {}
        self.summary_hole: dict[str, tuple[Card, ...]] = {}
        self.board: tuple[Card, ...] = ()
        self.board_source: Source | None = None
        self.total_line: tuple[int, int | None, int] | None = None  # (total, rake or None, line)
        self.mvs: tuple[str, str] | None = None
        self.printed: tuple[int, int] | None = None  # the stakes a tournament level or an MVS table prints
        self.street = Street.BLINDS
        self.table_streets = 0  # `Card dealt to table` lines so far
        self.stud_round = 0
        types = {token[0] for token in tokens}
        self.infer = not self.stud and not (types & STREET_LINES)
        self.rounds: Rounds | None = None
        self.inferred: list[tuple[Street, int]] = []  # (street, order) of the streets found from the betting
        self.first_after = 0  # the first showdown or result line after the betting
        self.summary_line = 0

    # ---- small helpers ----------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None) -> int:
        """An amount as Bovada prints it (`$1,130`, `$0.05`, `10,000` chips: a decimal point, thousands by
        comma), read by the kit; AmountError at the line being read when it is in no such style."""
        if not text:
            return 0
        value = self.amount_cache.get(text)
        if value is None:
            try:
                value = read_amount(text, self.unit.decimals, decimal=".")
            except ValueError as error:
                raise AmountError(f"amount {text!r}: {error}", self.line) from None
            if len(self.amount_cache) < _CACHE_LIMIT:
                self.amount_cache[text] = value
        return value

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        """The cards of a bracket (`7s Ac 7h As`); a token that is no card is left out, its line reported."""
        known = self.card_cache.get(text or "")
        if known is not None:
            return known
        found: list[Card] = []
        valid = True
        for part in card_tokens(text or ""):
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, str(error)))
                self.cards_not_read, valid = True, False
        result = tuple(found)
        if text and valid and len(self.card_cache) < _CACHE_LIMIT:
            self.card_cache[text] = result
        return result

    def player(self, printed: str | None) -> str:
        """The player a line's position names (an unknown position is kept as printed: OA105)."""
        text = printed or ""
        if text.endswith("]"):
            clean = _HERO_MARK.sub("", text)
            found = self.by_position.get(clean, clean)
            if clean != text and self.hero is None:
                self.hero = found
            return found
        return self.by_position.get(text, text)

    # ---- the hand ---------------------------------------------------------------------------------
    def build(self) -> Hand:
        self.printed = self.read_printed_stakes()
        self.seat_lines()
        self.rounds = Rounds(self.stacks) if self.infer else None
        for kind, line, text, m in self.tokens[1:]:
            self.line = line
            try:
                self.read_line(kind, line, text, m)
            except StakesError:
                raise
            except AmountError as error:  # the line not read (nothing of it kept), the rest of the hand read
                self.defects.append(Defect(line, text, error.reason))
        return self.finish()

    def read_line(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line into the hand; each kind reads its amounts before it changes the hand."""
        if kind == "ACTION":
            if self.street is Street.BLINDS:
                self.blind_all_in(m, line, text)
            else:
                self.action(m, line, text)
        elif kind == "DEALT":
            self.deal(m, line, text)
        elif kind == "POST":
            self.post_line(m, line)
        elif kind in BOARD_STREETS or kind == "TABLE_CARDS":
            self.street_line(kind, m, line, text)
        elif kind == "STUD_STREET":
            self.street = STUD_MARKS.get(m["street"][0], self.street)
            self.stud_round = STUD_STREETS.index(self.street)
            self.new_round()
        elif kind == "HOLE_CARDS":
            self.street = Street.THIRD if self.stud else Street.PREFLOP
        elif kind == "UNCALLED":
            name = self.player(m["name"])
            chips = self.amount(m["amount"])
            if self.street is Street.BLINDS and self.ante_returned(name, chips, line, text):
                return
            self.uncalled.append(UncalledReturn(name, chips, self.street, self.src(line)))
            if self.rounds is not None:
                self.rounds.refund(name, chips)
        elif kind in ("SHOWDOWN", "MUCKS", "NO_SHOW", "FOLD_SHOW"):
            self.shown(kind, m, line, text)
        elif kind == "RESULT":
            chips = self.amount(m["amount"])
            self.note_after(line)
            name = self.player(m["name"])
            self.results.append((name, chips, m["side"] is not None, text, self.src(line)))
        elif kind == "SUMMARY":
            self.street = Street.SUMMARY
            self.summary_line = line
        elif kind == "SUMMARY_TOTAL":
            total = self.amount(m["total"])
            self.total_line = (total, self.amount(m["rake"]) if m["rake"] is not None else None, line)
        elif kind == "SUMMARY_BOARD":
            self.board = self.cards(m["cards"], line, text)
            self.board_source = self.src(line)
        elif kind == "SUMMARY_SEAT":
            self.summary_seat(m, line, text)
        # (DEALER: the button, read with the seats; TABLE_INFO: the stakes, read first)

    def read_printed_stakes(self) -> tuple[int, int] | None:
        """The (small blind, big blind) a tournament level (the header) or an MVS table (`Table Info:
        ... Stakes: $0.50-$1`) prints; StakesError when they are not read."""
        info = next(((line, m) for kind, line, _, m in self.tokens if kind == "TABLE_INFO"), None)
        if info is not None:
            self.mvs = mvs_stakes(info[1]["info"])
        printed = self.header.level_stakes or self.mvs
        if printed is None:
            return None
        self.line = info[0] if self.header.level_stakes is None and info is not None else self.block.first_line
        try:
            return self.amount(printed[0]), self.amount(printed[1])
        except AmountError as error:
            raise StakesError(f"the stakes printed: {error.reason}", error.line) from None

    def seat_lines(self) -> None:
        """The seat list. Tournament seat numbers that are ids (above the table's size) are replaced by the
        seats' places in the list, which goes round the table."""
        seat_tokens = [(line, m) for kind, line, _, m in self.tokens if kind == "SEAT"]
        printed = [whole_number(m["seat"]) for _, m in seat_tokens]
        ids = any(number > _TABLE_SIZE for number in printed) or printed != sorted(printed)
        for index, (line, m) in enumerate(seat_tokens):
            number = printed[index]
            seat = index + 1 if ids else number
            name = f"Seat {number}"
            position = m["name"]
            if position is not None:
                clean = _HERO_MARK.sub("", position)
                if clean != position:
                    self.hero = name
                self.by_position.setdefault(clean, name)
                self.positions[name] = clean
            else:
                self.by_position.setdefault(f"Seat+{number}", name)
            if m["me"]:
                self.hero = name
            self.by_printed.setdefault(number, name)
            self.line = line
            try:
                stack = self.amount(m["stack"] if position is not None else m["bare_stack"])
            except AmountError as error:  # the seat not read: its player (known by position) has no seat
                self.defects.append(Defect(line, self.block.lines[line - self.block.first_line], error.reason))
                continue
            self.players.setdefault(name, seat)
            self.stacks.setdefault(name, stack)
            self.seats.append(Seat(seat, name, stack, self.src(line)))
            if position is not None and _HERO_MARK.sub("", position) == "Dealer":
                self.button = seat
        if ids:
            note = "the seats are numbered by their place in the list: the printed numbers are ids, not the table's"
            self.events.append(Event(EventKind.SEATS_RENUMBERED, note, Street.BLINDS, self.src(seat_tokens[0][0])))
        if self.button is None:  # no `Dealer` seated: `Set dealer [n]` (a tournament's n: the place in the list)
            dealer = next((m for kind, _, _, m in self.tokens if kind == "DEALER"), None)
            printed_button = whole_number(dealer["button"]) if dealer is not None and dealer["button"] else None
            if printed_button is not None and (not ids or printed_button <= len(seat_tokens)):
                self.button = printed_button

    def note_after(self, line: int) -> None:
        if not self.first_after:
            self.first_after = line

    # ---- forced bets ------------------------------------------------------------------------------
    def post_line(self, m: re.Match[str], line: int) -> None:
        name = self.player(m["name"])
        what = m["what"]
        chips = self.amount(m["amount"])
        kind = POSTS[what]
        if what == "Posts chip" and chips < self.big_blind_so_far():
            kind = ActionKind.POST_SMALL_BLIND  # a live small-blind-sized post (`UTG : Posts chip $5` at $5/$10)
        if kind is ActionKind.POST_DEAD and chips > self.big_blind_so_far():
            # `Posts dead chip $30` at $10/$20: the dead small blind and the live big blind together
            kind = ActionKind.POST_SMALL_AND_BIG_BLIND
            self.nominal_big_blind = self.big_blind_so_far()
        self.add_post(name, kind, chips, line, self.stacks.get(name) == chips)

    def blind_all_in(self, m: re.Match[str], line: int, text: str) -> None:
        """An `All-in` before the hole cards: the blind (or ante) the player could not post in full."""
        name = self.player(m["name"])
        chips = self.amount(m["amount"])
        position = self.positions.get(name, "")
        posted = {action.kind for action in self.actions}
        antes = any(kind == "POST" and m2["what"] == "Ante chip" for kind, _, _, m2 in self.tokens)
        blinds_begun = ActionKind.POST_SMALL_BLIND in posted or ActionKind.POST_BIG_BLIND in posted
        if m["verb"] != _ALL_IN:
            self.defects.append(Defect(line, text, "a betting line before the hole cards are dealt"))
            return
        if antes and not blinds_begun and not any(a.player == name for a in self.actions):
            kind = ActionKind.POST_ANTE
        elif position == "Small Blind":
            kind = ActionKind.POST_SMALL_BLIND
        else:
            kind = ActionKind.POST_BIG_BLIND
        self.add_post(name, kind, chips, line, True)

    def ante_returned(self, name: str, chips: int, line: int, text: str) -> bool:
        """`Return uncalled portion of bet` before the hole cards, after the player's ante: the part of the
        ante nobody could match (the only other player all in for less) comes back. The ante is then what
        stays in (an event keeps the line); True when the line was read so."""
        for index in range(len(self.actions) - 1, -1, -1):
            action = self.actions[index]
            if action.player == name:
                if action.kind is not ActionKind.POST_ANTE or action.amount < chips:
                    return False
                kept = action.amount - chips
                self.put_in[name] = self.put_in.get(name, 0) - chips
                self.actions[index] = Action(
                    action.street,
                    name,
                    action.seat,
                    action.kind,
                    kept,
                    action.source,
                    action.raise_to,
                    False,
                    order=action.order,
                )
                if self.rounds is not None:
                    self.rounds.refund(name, chips)
                self.events.append(Event("ante-returned", text, Street.BLINDS, self.src(line), name))
                return True
        return False

    def add_post(self, name: str, kind: ActionKind, chips: int, line: int, all_in: bool) -> None:
        to = self.post(kind, name, chips)
        self.put_in[name] = self.put_in.get(name, 0) + chips
        live = kind in _LIVE or kind is ActionKind.POST_SMALL_AND_BIG_BLIND
        street = Street.THIRD if kind is ActionKind.BRING_IN else self.street
        action = Action(street, name, self.players.get(name), kind, chips, self.src(line), to, all_in, order=2 * line)
        self.actions.append(action)
        if self.rounds is not None:
            self.rounds.pay(name, chips, to if live else None, all_in)

    def big_blind_so_far(self) -> int:
        for action in self.actions:
            if action.kind is ActionKind.POST_BIG_BLIND:
                return action.amount
        return self.printed[1] if self.printed else 0

    # ---- dealing and streets ----------------------------------------------------------------------
    def deal(self, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        cards = self.cards(m["cards"], line, text)
        held = self.dealt.get(name)
        if held is None:
            self.dealt[name] = (list(cards), self.src(line))
            if self.rounds is not None:
                self.rounds.seen(name)
            return
        held[0].extend(cards)
        if self.stud:
            count = len(held[0])
            street_index = min(max(count - 3, 0), len(STUD_STREETS) - 1)
            if street_index > self.stud_round:
                self.stud_round = street_index
                self.street = STUD_STREETS[street_index]
                self.new_round()

    def street_line(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        if kind == "TABLE_CARDS":
            new = self.cards(m["cards"], line, text)
            street = (Street.FLOP, Street.TURN, Street.RIVER)[min(self.table_streets, 2)]
            self.table_streets += 1
            old = self.streets[-1].cards if self.streets else ()
            board = old + new
        elif kind == "RIVER" and self.stud:
            self.street = Street.SEVENTH
            self.new_round()
            return
        else:
            street = BOARD_STREETS[kind]
            old = self.cards(m["cards"], line, text)
            new_text = m["new_cards"] if kind != "FLOP" else None
            new = self.cards(new_text, line, text) if new_text is not None else old
            board = old + new if new_text is not None else old
        self.street = street
        self.new_round()
        self.streets.append(StreetDeal(street, 0, board, new, self.src(line), False, 2 * line))

    def next_street(self, line: int) -> None:
        """The betting round is over (no street line in this text): this line starts the next street."""
        street = NEXT_STREET.get(self.street)
        if street is None:
            return
        self.street = street
        self.new_round()
        if self.rounds is not None:
            self.rounds.next_round()
        self.inferred.append((street, 2 * line - 1))

    # ---- betting ----------------------------------------------------------------------------------
    def action(self, m: re.Match[str], line: int, text: str) -> None:
        rounds = self.rounds
        if rounds is not None and rounds.closed():
            self.next_street(line)
        name = self.player(m["name"])
        verb = m["verb"]
        note = m["note"] or ""
        source = self.src(line)
        seat = self.players.get(name)
        if verb == _ALL_IN and "raise" not in note:
            kind, added, to, increment = self.all_in(name, self.amount(m["amount"]))
        else:
            kind = ActionKind.RAISE if verb == _ALL_IN else VERBS[verb]
            if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
                self.actions.append(Action(self.street, name, seat, kind, 0, source, None, order=2 * line))
                if rounds is not None:
                    rounds.act(name, 0, None, False, kind is ActionKind.FOLD)
                return
            first = self.amount(m["amount"])
            raise_to = m["raise_to"]
            if kind is ActionKind.RAISE:
                # `Raises $10 to $11`: the chips added, then the total; `Raises $35`: the total
                self.raise_number = ADDED if raise_to is not None else TO
            added, to, increment = self.wager(kind, name, first, self.amount(raise_to) if raise_to else None, True)
        put_in = self.put_in.get(name, 0) + added
        self.put_in[name] = put_in
        stack = self.stacks.get(name)
        all_in = verb == _ALL_IN or (stack is not None and put_in >= stack > 0)
        self.actions.append(
            Action(self.street, name, seat, kind, added, source, to, all_in, False, None, increment, 2 * line)
        )
        if rounds is not None:
            rounds.act(name, added, to, all_in, False)

    def all_in(self, name: str, chips: int) -> tuple[ActionKind, int, int | None, int | None]:
        """`All-in $x`: the chips the player adds, a call, bet or raise by the total it brings them to."""
        own = self.street_bets.get(name, 0)
        to = own + chips
        if to <= self.high:
            kind = ActionKind.CALL
        elif self.high == 0:
            kind = ActionKind.BET
        else:
            kind = ActionKind.RAISE
        self.raise_number = ADDED
        added, total, _ = self.wager(kind, name, chips, to if kind is ActionKind.RAISE else None, False)
        return kind, added, total, None

    # ---- showdown ---------------------------------------------------------------------------------
    def shown(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        source = self.src(line)
        if kind == "FOLD_SHOW":
            self.actions.append(
                Action(self.street, name, self.players.get(name), ActionKind.FOLD, 0, source, None, order=2 * line)
            )
            if self.rounds is not None:
                self.rounds.act(name, 0, None, False, True)
            self.events.append(Event("folds-and-shows", text, self.street, source, name))
            return
        self.note_after(line)
        cards = self.cards(m["cards"], line, text)
        self.shows.append((name, SHOWDOWN_KINDS[kind], cards, m["description"], source, 2 * line))

    # ---- summary ----------------------------------------------------------------------------------
    def summary_seat(self, m: re.Match[str], line: int, text: str) -> None:
        number = whole_number(m["seat"])
        rest = m["rest"]
        name = self.by_printed.get(number)
        position = self.positions.get(name, "") if name is not None else ""
        if position and rest.startswith(position):
            after = rest[len(position) :]
        else:
            after = rest
            for printed in sorted(self.by_position, key=len, reverse=True):
                if rest.startswith(printed + " "):
                    name = name or self.by_position[printed]
                    after = rest[len(printed) :]
                    break
        outcome = read_outcome(after)
        source = self.src(line)
        player = name or f"Seat {number}"
        if outcome is None:
            self.defects.append(Defect(line, text, "the summary seat line is cut off or garbled"))
            return
        high = self.amount(outcome.high) if outcome.high else 0  # (the amounts first: read before it is kept)
        low = self.amount(outcome.low) if outcome.low else 0
        plain = self.amount(outcome.won) if outcome.won else 0
        kind = "folded" if self.fast_folded(player, outcome) else outcome.outcome
        hole: tuple[Card, ...] = ()
        if outcome.cards is not None:
            hole_text, _ = split_cards(outcome.cards)
            hole = self.cards(hole_text, line, text)
            self.summary_hole[player] = hole
            dealt = self.dealt.get(player)
            held = tuple(dealt[0]) if dealt is not None else None
            low_printed, shows = outcome.low is not None, kind == "showed"
            game, board = self.header.game, self.board
            reasons = check_summary_cards(
                game, held, board, outcome.cards, outcome.other, outcome.low_cards, low_printed, shows
            )
            for reason in [] if self.cards_not_read else reasons:  # (a card not read: said once, on its line)
                # the line read whole, its cards not the hand's: the room's record contradicting itself
                self.defects.append(Defect(line, text, reason, inconsistent=True))
        won: tuple[int, ...] = ()
        if kind in ("collected", "showed") and (high or low or plain):
            won = (high + low + plain,)
        if outcome.high or outcome.low:
            self.halves[player] = (bool(outcome.high), bool(outcome.low))
        positions = (POSITIONS[position],) if position in POSITIONS else ()
        seat = self.players.get(player, 0)
        self.summary_seats.append(SummarySeat(seat, player, positions, kind, won, hole, text, source, outcome.folded))

    def fast_folded(self, player: str, outcome: SeatOutcome) -> bool:
        """Zone Poker's summary line of a player who left the table before their fold was printed (`UTG :
        Leave(Auto)`, then later `UTG : Folds`): `lost with One pair [2h 2c]`, the hole cards and what they
        make with the board, no best five and no amount. The player folded: the line is their fold."""
        if self.header.kind != "zoom" or not outcome.lost or outcome.outcome != "showed":
            return False
        if outcome.won or outcome.high or outcome.low or "-" in (outcome.cards or ""):
            return False
        return any(action.player == player and action.kind is ActionKind.FOLD for action in self.actions)

    # ---- the result -------------------------------------------------------------------------------
    def finish(self) -> Hand:
        header = self.header
        game = header.game
        wanted = game.hole_cards
        dealt = [DealtCards(name, tuple(cards), source) for name, (cards, source) in self.dealt.items()]
        for name, kind, cards, description, source, order in self.shows:
            if kind is ShowdownKind.SHOWS:
                held = self.dealt.get(name)
                hole = tuple(held[0]) if held is not None else self.summary_hole.get(name, ())
                if wanted is not None and len(hole) != wanted and name in self.summary_hole:
                    hole = self.summary_hole[name]
                cards = hole
            self.showdown.append(ShowdownLine(name, kind, cards, description, 0, source, order))
        if self.infer:
            source = self.board_source or self.src(self.summary_line or self.block.last_line)
            tail = 2 * (self.first_after or self.summary_line or self.block.last_line) - 1
            streets, short = board_streets(self.inferred, self.board, source, tail)
            self.streets.extend(streets)
            if short and not any(defect.not_read for defect in self.defects):
                # (the board printed whole, and short of the streets the betting reached; with a line not read,
                # where the betting reached is not known)
                text = self.block.lines[source.line - self.block.first_line]
                self.defects.append(Defect(source.line, text, short, inconsistent=True))
        collected = collected_lines(self.results, self.halves, game)
        for terminal, line, text, m in self.ignored:
            printed = m.groupdict().get("name")
            who = self.player(printed) if printed else None
            self.events.append(Event(event_kind(terminal), text, Street.BLINDS, self.src(line), who))
        if not header.limit_printed:
            note = "the header names no limit: a Hold'em tournament is no limit"
            self.events.append(Event("limit-inferred", note, Street.BLINDS, self.src(self.block.first_line)))
        tournament = header.tournament
        table_id = f"{tournament.tournament_id}/{header.table}" if tournament is not None else header.table
        boards = (self.board,) if self.board else (self.streets[-1].cards,) if self.streets else ()
        refunds = Refunds.LINE if self.uncalled else Refunds.IN_COLLECTED
        pot = self.pot_summary(refunds)  # (before the defects are taken: it may add one)
        return Hand(
            room=header.room,
            format=self.format,
            hand_id=header.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=game,
            game_text=header.game_text,
            structure=header.structure,
            unit=self.unit,
            stakes=posted_stakes(header.structure, self.printed, self.actions),
            started=header.started,
            started_local=header.started_local,
            table=header.table,
            table_id=table_id,
            max_seats=2 if header.heads_up else None,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(dealt),
            showdown=tuple(self.showdown),
            collected=tuple(collected),
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(sorted(self.events, key=lambda event: event.source.line)),
            pot=pot,
            boards=boards,
            summary_seats=tuple(self.summary_seats),
            fees=(),
            refunds=refunds,
            kind=header.kind,
            tournament=tournament,
            hero=self.hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
        )

    def total_not_read(self) -> bool:
        """A `Total Pot` line printed and not read (a line not read already says so)."""
        return any(kind == "SUMMARY_TOTAL" for kind, _, _, _ in self.tokens)

    def pot_summary(self, refunds: Refunds) -> PotSummary | None:
        """`Total Pot($x)` is gross; in a walk it still holds the big blind's unmatched part (no line returns
        it). Tournament hands take no rake. Cash hands print the rake only in 2012: from 2013 the total is
        given with no rake (None): the total is judged against the chips put in (OA602), what the pot kept is
        the rake (OA601 sees no more paid out than the total, OA603 the rake's size). A Zone Poker hand may end
        with an empty summary (fpdb's notes): no total is printed."""
        basis = PotBasis.GROSS_WITH_REFUNDS if refunds is Refunds.IN_COLLECTED else PotBasis.GROSS
        if self.total_line is None:
            if not self.summary_line or self.truncated or self.total_not_read():
                return None
            text = self.block.lines[self.summary_line - self.block.first_line]
            if self.header.kind == "zoom" and not self.summary_seats and not self.board:
                note = "Zone Poker's empty summary: no `Total Pot` is printed"
                self.events.append(Event("summary-empty", note, Street.SUMMARY, self.src(self.summary_line)))
                return PotSummary(None, None, None, (), self.src(self.summary_line), basis, PotBasis.NET, PotBasis.NET)
            reason = "the summary has no `Total Pot` line"  # (the room's incomplete record, not a line not read)
            self.defects.append(Defect(self.summary_line, text, reason, inconsistent=True))
            return None
        total, rake, line = self.total_line
        return PotSummary(total, rake, None, (), self.src(line), basis, PotBasis.NET, PotBasis.NET)
