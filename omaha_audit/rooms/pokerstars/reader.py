"""Read one PokerStars-format hand block into the typed model; the base of every room that writes
PokerStars-like text.

The grammar (grammar/pokerstars.lark) checks the order of the lines; this module turns the line tokens
into model objects. A block is read whenever its structure is sound: a garbled line inside it, or text
cut off before the summary, becomes a `Defect` on the hand (or `truncated`), so the audit reports it
and the rest of the hand is still audited. Anything worse makes an `UnreadableHand` with the line and
the reason. Nothing here raises on bad input.

What a line's numbers mean is settled here, not in the engine: the builder keeps each player's street
total (the ledger), so whatever a room prints for a raise (the increment over the high bet, the street
total, or the chips added) and for a call (the chips added, or the street total), each `Action` gets
the chips it adds and the total it brings the player to.

A room of the family subclasses `StarsReader` (its grammar, header, conventions) and, for lines of its
own, `HandBuilder` (method `other_line`); see omaha_audit/rooms/README.md.
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    STUD_GAMES,
    Action,
    ActionKind,
    Card,
    CashOut,
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
    Tournament,
    UncalledReturn,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lalr import LalrChecker, Rejection
from omaha_audit.parse.ledger import ADDED, INCREMENT, TO_IS_ADDED, Ledger
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.regex_programs import compile_kept
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.amounts import FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import read_card
from omaha_audit.rooms.kit.events import event_kind
from omaha_audit.rooms.kit.reader import crashed
from omaha_audit.rooms.pokerstars.header import HeaderInfo, read_header, read_stakes, unit_for
from omaha_audit.rooms.pokerstars.summary import PotLine, read_pot_line, read_summary_seat


class AmountError(ValueError):
    """An amount of the hand not read: args (reason, line); `finer` when it has more decimal places than
    the unit the reader took (tournament chips with decimals: the hand is read again in hundredths)."""

    def __init__(self, reason: str, line: int, finer: bool = False) -> None:
        super().__init__(reason, line)
        self.finer = finer


_RAISE_TO_BUG: Final = "Run It Once's raise-to bug: the amount after 'to' is the chips this raise added"

POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "small & big blinds": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "the ante": ActionKind.POST_ANTE,
    "an ante": ActionKind.POST_ANTE,
    "straddle": ActionKind.POST_STRADDLE,
    "button blind": ActionKind.POST_BUTTON_BLIND,
    "missed blind": ActionKind.POST_DEAD,
    "dead blind": ActionKind.POST_DEAD,
}
VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
RUNS: Final = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3, "1": 1, "2": 2, "3": 3}
STUD_STREETS: Final = {"4th": Street.FOURTH, "5th": Street.FIFTH, "6th": Street.SIXTH, "7th": Street.SEVENTH}
DRAWS: Final = {"FIRST": Street.DRAW1, "SECOND": Street.DRAW2, "THIRD": Street.DRAW3}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
# Members bound once: the loop in `build` runs for every line (see omaha_audit/model/enums.py).
_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP
_SHOWDOWN: Final = Street.SHOWDOWN
_SUMMARY: Final = Street.SUMMARY
_SHOWS: Final = ShowdownKind.SHOWS
_MUCKS: Final = ShowdownKind.MUCKS
_DOESNT_SHOW: Final = ShowdownKind.DOESNT_SHOW
_BRING_IN: Final = ActionKind.BRING_IN
_RAISE: Final = ActionKind.RAISE
_CALL: Final = ActionKind.CALL
_BET: Final = ActionKind.BET
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_FIXED_LIMIT_TEXT: Final = "fixed-limit"
# The groups of the two most frequent lines, in the grammar's order: read with one `groups()` call (no
# look-up per group name). The reader checks the grammar against these when it is built.
ACTION_GROUPS: Final = ("name", "verb", "amount", "raise_to", "cards", "all_in", "cap", "note")
SEAT_GROUPS: Final = ("seat", "name", "stack", "bounty", "status", "hero_mark")
_FIRST_UNCALLED_YEAR: Final = 2009  # the first year of PokerStars hands in the corpus with the line
_CACHE_LIMIT: Final = 20_000  # distinct amount or card texts remembered (they repeat from hand to hand)
# Pot figures of the rooms that write PokerStars text: (Total pot, Main/Side pots, collected). PokerStars
# prints the total gross and the pots and collected amounts net of the rake.
POKERSTARS_BASES: Final = (PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
ROOM_BASES: Final = {
    # Run It Once prints Main/Side pots before the rake (ROOMS.md 2.2)
    "run-it-once": (PotBasis.GROSS, PotBasis.GROSS, PotBasis.NET),
    # MPL prints the collected amount before the rake (ROOMS.md 2.2)
    "mpl": (PotBasis.GROSS, PotBasis.NET, PotBasis.GROSS),
}


class StarsReader:
    """Reads the hand blocks of a format of the PokerStars family. Build once (compiles the grammar),
    use for many hands. Subclasses set `format`, `grammar`, the raise and call conventions, and
    override `header_info` (and `make_builder` for lines of their own)."""

    format = "pokerstars"
    grammar = "pokerstars"
    raise_number = INCREMENT
    call_number = ADDED

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text(self.grammar))
        for terminal, groups in (("ACTION", ACTION_GROUPS), ("SEAT", SEAT_GROUPS)):
            regex = compile_kept(self.lark.get_terminal(terminal).pattern.to_regexp())
            if tuple(regex.groupindex) != groups or regex.groups != len(groups):
                raise ValueError(f"grammar: {terminal} must have exactly the groups {', '.join(groups)}, in order")
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)
        # a header in other letter case (re-exports in capitals) is read with the same terminal
        self.header_any_case = compile_kept("(?i)" + self.lark.get_terminal("HEADER").pattern.to_regexp())
        self.amounts: dict[int, dict[str, int]] = {}  # per number of decimals: text -> units
        self.cards: dict[str, tuple[Card, ...]] = {}  # text of valid cards -> cards

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand (OA104)
            return crashed(block, error)

    # ---- what a room of the family overrides ------------------------------------------------------
    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        """The HEADER line's fields to a HeaderInfo; raises ValueError when they make no sense."""
        return read_header(fields)

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """The table's fields (`table`, `table_id`, `max_seats`, `button`, `money`): the TABLE line's, the
        hand's second line. A room that prints them elsewhere (in its header) overrides this."""
        return tokens[1][3].groupdict() if len(tokens) > 1 else {}

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return HandBuilder(self, reading, raise_number)

    # ---- reading -----------------------------------------------------------------------------------
    def classify(self, block: Block) -> tuple[list[LineToken], list[LineToken], list[tuple[int, str]]]:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if block.lines and (not tokens or tokens[0][0] != "HEADER"):
            first = block.lines[0]
            match = self.header_any_case.fullmatch(first)
            if match is not None:
                unknown = [(line, text) for line, text in unknown if line != block.first_line]
                tokens.insert(0, ("HEADER", block.first_line, first, match))
        return tokens, ignored, unknown

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classify(block)
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not a hand header")
        types = [token[0] for token in tokens]
        has_summary = "SUMMARY" in types
        defects = [
            Defect(line, text, "line cut off" if not has_summary and line == block.last_line else "unreadable line")
            for line, text in unknown
        ]
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and not has_summary:
                truncated = True
            else:
                line = tokens[min(rejection.at, len(tokens) - 1)][1]
                hand_id = tokens[0][3].groupdict().get("hand_id")
                return unreadable(block, line, _unexpected_reason(rejection, tokens), hand_id)
        try:
            info = self.header_info(tokens[0][3].groupdict())
        except ValueError as error:
            return unreadable(block, tokens[0][1], str(error))
        table = self.table_fields(tokens)
        play_money = table.get("money") in ("Play Money", "play money")
        for decimals in (None, 2):
            unit = unit_for(info, play_money, decimals)
            reading = Reading(block, info, unit, table, tokens, ignored, defects, truncated)
            try:
                builder = self.make_builder(reading)
                hand = builder.build()
                if builder.overcalls and info.room == "run-it-once":
                    return self.raise_to_bug(reading)
                return hand
            except AmountError as bad_amount:
                if unit.decimals == 0 and decimals is None:
                    continue  # chips with decimals (or stakes not read in chips): read again in hundredths
                return unreadable(block, bad_amount.args[1], bad_amount.args[0], info.hand_id)
        raise AssertionError("unreachable")

    def raise_to_bug(self, reading: Reading) -> Hand:
        """A Run It Once hand whose calls exceed the bets they call when its raises are read as PokerStars
        writes them: read again with `to` as the chips added (TO_IS_ADDED), each raise line where the two
        readings differ reported as malformed."""
        return self.make_builder(reading, TO_IS_ADDED).build()


class Reading:
    """What the reader found of one hand before building it: the block, the header's meaning, the money
    unit, the table's fields, the line tokens (and the lines the grammar ignores), the defects so far, and
    whether the text stops before its summary. A room's builder starts from it."""

    __slots__ = ("block", "defects", "ignored", "info", "table", "tokens", "truncated", "unit")

    def __init__(
        self,
        block: Block,
        info: HeaderInfo,
        unit: Unit,
        table: dict[str, str | Any],
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
    ) -> None:
        self.block = block
        self.info = info
        self.unit = unit
        self.table = table
        self.tokens = tokens
        self.ignored = ignored
        self.defects = defects
        self.truncated = truncated


def _unexpected_reason(rejection: Rejection, tokens: list[LineToken]) -> str:
    if rejection.at >= len(tokens):
        return "the hand ends without its summary lines"
    kind, line = tokens[rejection.at][:2]
    previous = next((t for t in reversed(tokens) if t[1] < line), None)
    after = f" after {previous[0]}" if previous else ""
    expected = ", ".join(sorted(rejection.expected)[:8])
    return f"unexpected {kind} line{after} (expected one of: {expected})"


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


class HandBuilder(Ledger):
    """Turns the token list of one hand into a Hand. The state of the hand being built is kept on the
    builder, so that a room's `other_line` can add to it; the builder is the hand's ledger of street
    totals (`wager`, `post`, `new_round`)."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(raise_number or reader.raise_number, reader.call_number)
        self.reader = reader
        self.block = block = reading.block
        self.info = reading.info
        self.unit = unit = reading.unit
        self.table = reading.table  # the table's fields (the TABLE line's, or where the room prints them)
        self.tokens = reading.tokens
        self.ignored = reading.ignored
        self.defects = list(reading.defects)
        self.truncated = reading.truncated
        self.path = block.path
        self.players: dict[str, int] = {}
        self._by_length: list[str] | None = None
        self.amount_cache = reader.amounts.setdefault(unit.decimals, {})
        self.card_cache = reader.cards
        self.stakes = Stakes(None, None)
        # the hand so far
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledReturn] = []
        self.cash_outs: list[CashOut] = []
        self.events: list[Event] = []
        self.summary_seats: list[SummarySeat] = []
        self.fees: list[Fee] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.pot_line: PotLine | None = None
        self.pot_source: Source | None = None
        self.no_low: list[int] = []
        self.showdown_marks: list[ShowdownMark] = []
        self.street = _BLINDS
        self.run = 0
        self.cancelled = False
        self.run_twice = False
        self.hero: str | None = None
        self.button: int | None = None
        self.summary_line = 0  # the `*** SUMMARY ***` line, once read
        self.line = 0  # the line being read, and its text
        self.text = ""

    # ---- small helpers -------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        if not text:
            return 0
        value = self.amount_cache.get(text)
        if value is not None:
            return value
        try:
            value = self.parse_money(text)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line, isinstance(error, FinerThanUnit)) from None
        if len(self.amount_cache) >= _CACHE_LIMIT:
            self.amount_cache.clear()
        self.amount_cache[text] = value
        return value

    def parse_money(self, text: str) -> int:
        """An amount as the room prints it (`$1,270.5`, `1500`, `€0.02`) in units, read by the kit
        (kit/amounts.py: a decimal point, thousands by comma); raises ValueError (AmountError). Rooms with
        other number forms override this."""
        return read_amount(text, self.unit.decimals, decimal=".")

    def cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        if not text:
            return ()
        known = self.card_cache.get(text)
        if known is not None:
            return known
        parts = self.card_texts(text)
        try:
            cards = tuple(map(read_card, parts))  # the kit's spellings (kit/cards.py)
        except ValueError:  # some part is not a card: keep the others, note each bad one
            found: list[Card] = []
            for part in parts:
                try:
                    found.append(read_card(part))
                except ValueError:
                    self.defects.append(Defect(line, text, f"not a card: {part!r}"))
            return tuple(found)
        if len(self.card_cache) >= _CACHE_LIMIT:
            self.card_cache.clear()
        self.card_cache[text] = cards
        return cards

    def shown_cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        """The cards a show line shows. A player who wins without a showdown may show one card (`shows
        [Qs]`); Hold'em Manager's export writes the card not shown as `XX` (`shows [XX Qs] ()`, `showed [XX
        Qs] and won`): it is no card, and is left out."""
        if text and "XX" in text:
            text = " ".join(part for part in text.split() if part != "XX")
        return self.cards(text, line)

    def card_texts(self, text: str) -> list[str]:
        """The card words of a bracket's text (`Ah Kd 2c`); rooms that write cards otherwise override it."""
        return text.split()

    def read_stakes(self) -> Stakes:
        """The header's stakes in units; raises ValueError. Rooms that print stakes otherwise override it."""
        return read_stakes(self.info, self.unit)

    @property
    def by_length(self) -> list[str]:
        if self._by_length is None:
            self._by_length = sorted(self.players, key=len, reverse=True)
        return self._by_length

    def player(self, kind: str, text: str, guess: str | None) -> str:
        """The seated player a line names (names may hold ': ' and other separators)."""
        guess = guess or ""
        if guess in self.players:
            return guess
        for name in self.by_length:
            if text.startswith(name) and text[len(name) : len(name) + 1] in (":", " "):
                return name
        prefix = "Dealt to " if kind == "DEALT" else "Uncalled bet"
        if kind in ("DEALT", "UNCALLED"):
            for name in self.by_length:
                if text.endswith(name) or f"{prefix}{name} [" in text:
                    return name
        return guess

    # ---- the ledger (parse/ledger.py) ------------------------------------------------------
    def misprinted_raise(self) -> None:
        self.defects.append(Defect(self.line, self.text, _RAISE_TO_BUG, inconsistent=True))

    # ---- the hand ------------------------------------------------------------------------
    def build(self) -> Hand:
        path, players = self.path, self.players
        # (the amount cache is read inline for actions; the helpers are called as methods, which compiled
        # code calls directly, where a method bound to a local would be called through Python)
        amounts = self.amount_cache
        amount, cards = self.amount, self.shown_cards  # handed to read_summary_seat and read_pot_line
        try:
            self.stakes = stakes = self.read_stakes()
        except ValueError as error:  # a garbled header: chips with decimals are read again in hundredths
            raise AmountError(str(error), self.tokens[0][1]) from None
        self.nominal_big_blind = stakes.big_blind or stakes.small_bet or 0
        actions, seats, events = self.actions, self.seats, self.events
        seat_players: dict[int, str] | None = None
        tokens = self.tokens
        position = 0  # the token being read (an amount not read there: its line is not read, the rest is)
        first_token = 1
        while True:
            try:
                for position in range(first_token, len(tokens)):
                    kind, line, text, m = tokens[position]
                    source = Source(path, line, line)
                    if kind == "ACTION":
                        name, verb, paid, raise_to, _, all_in, cap, note = m.groups()  # ACTION_GROUPS
                        if name not in players:
                            name = self.player(kind, text, name)
                        action_kind = VERBS[verb]
                        if paid or raise_to:
                            self.line, self.text = line, text
                            first = (
                                (amounts.get(paid) or self.amount(paid, line)) if paid else 0
                            )  # (the cache, inlined)
                            total = self.amount(raise_to, line) if raise_to else None
                            added, to, increment = self.wager(action_kind, name, first, total, bool(paid))
                        else:
                            added, to, increment = 0, None, None
                        actions.append(
                            Action(
                                self.street,
                                name,
                                players.get(name),
                                action_kind,
                                added,
                                source,
                                to,
                                all_in is not None,
                                cap is not None,
                                None,
                                increment,
                                line,
                            )
                        )
                        if note:
                            events.append(Event(note, text, self.street, Source(path, line, line), name))
                    elif kind == "SUMMARY_SEAT":
                        if seat_players is None:
                            seat_players = {seat.seat: seat.player for seat in seats}
                        number, rest = m.group("seat", "rest")
                        self.summary_seats.append(
                            read_summary_seat(_number(number), rest, seat_players, amount, cards, source)
                        )
                    elif kind == "SEAT":
                        number, name, stack, bounty, status, hero_mark = m.groups()  # SEAT_GROUPS
                        status = status or ""
                        seat = Seat(
                            _number(number or "0"),
                            name or "",
                            self.amount(stack, line),
                            source,
                            bounty,
                            "sitting out" in status,
                            "out of hand" in status,
                        )
                        seats.append(seat)
                        if hero_mark:
                            self.hero = seat.player
                        players[seat.player] = seat.seat
                        self._by_length = None
                    elif kind == "POST" or kind == "BRING_IN":
                        name, paid, all_in = m.group("name", "amount", "all_in")
                        if name not in players:
                            name = self.player(kind, text, name)
                        action_kind = POSTS[m["what"]] if kind == "POST" else _BRING_IN
                        chips = self.amount(paid, line)
                        actions.append(
                            Action(
                                self.street,
                                name,
                                players.get(name),
                                action_kind,
                                chips,
                                source,
                                self.post(action_kind, name, chips),
                                all_in is not None,
                                False,
                                None,
                                None,
                                line,
                            )
                        )
                    elif kind in BOARD_STREETS:
                        self.board_line(kind, m, line, text, source)
                    elif kind == "COLLECTED":
                        pot_text = m["pot"] or "pot"
                        side = m["side"]
                        index = whole_number(side) if side else (1 if pot_text == "side pot" else 0)
                        self.collected.append(
                            Collected(
                                self.player(kind, text, m["name"]),
                                self.amount(m["amount"], line),
                                index,
                                pot_text,
                                self.run,
                                source,
                            )
                        )
                    elif kind == "SHOWS" or kind == "SHOWS_FOR":
                        self.showdown.append(
                            ShowdownLine(
                                self.player(kind, text, m["name"]),
                                _SHOWS,
                                self.shown_cards(m["cards"], line),
                                m["description"] or None,  # (`shows [XX Qs] ()`: no description)
                                self.run,
                                source,
                                line,
                            )
                        )
                    elif kind == "MUCKS":
                        self.showdown.append(
                            ShowdownLine(
                                self.player(kind, text, m["name"]),
                                _MUCKS,
                                self.cards(m["cards"], line),
                                None,
                                self.run,
                                source,
                                line,
                            )
                        )
                    elif kind == "NO_SHOW":
                        self.showdown.append(
                            ShowdownLine(
                                self.player(kind, text, m["name"]), _DOESNT_SHOW, (), None, self.run, source, line
                            )
                        )
                    elif kind == "UNCALLED":
                        self.uncalled.append(
                            UncalledReturn(
                                self.player(kind, text, m["name"]), self.amount(m["amount"], line), self.street, source
                            )
                        )
                    elif kind == "DEALT":
                        name = self.player(kind, text, m["name"])
                        held, new_held = m["cards"], m["new_cards"]
                        if name != m["name"]:  # a name holding brackets (`PC [Mittel]`): the cards follow it
                            held, new_held = _brackets(text[len("Dealt to ") + len(name) :])
                        self.dealt.append(DealtCards(name, self.cards(held, line), source, self.cards(new_held, line)))
                    elif kind == "HOLE_CARDS" or kind == "DEALING_HANDS":
                        self.street, self.run = _PREFLOP, 0
                    elif kind == "SUMMARY":
                        self.street, self.run = _SUMMARY, 0
                        self.summary_line = line
                    elif kind == "SUMMARY_TOTAL" or kind == "SUMMARY_TOTAL_PIPES":
                        self.pot_line = read_pot_line(m, amount, source)
                        self.pot_source = source
                        for fee in self.pot_line.fees:
                            if fee.kind is FeeKind.SPLASH:
                                self.splash(fee.amount, source)
                            else:
                                self.fees.append(fee)
                    elif kind == "SUMMARY_BOARD":
                        self.boards[RUNS[m["run"]]] = self.cards(m["cards"], line)
                    elif kind == "SHOW_DOWN":
                        self.street, self.run = _SHOWDOWN, RUNS[m["run"]]
                        self.showdown_marks.append(ShowdownMark(self.run, line, source))
                    else:
                        self.other_line(kind, m, line, text, source)
                break
            except AmountError as bad_amount:
                if bad_amount.finer and self.unit.decimals == 0:
                    raise  # tournament chips with decimals: the reader reads the hand again in hundredths
                self.defects.append(Defect(bad_amount.args[1], tokens[position][2], bad_amount.args[0]))
                first_token = position + 1
        return self.finish()

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A FLOP, TURN or RIVER line: a new betting round and the board after it."""
        if kind == "RIVER" and self.info.game in STUD_GAMES:
            self.street, self.run = Street.SEVENTH, 0
            self.new_round()
            return
        self.street, self.run = BOARD_STREETS[kind], RUNS[m["run"]]
        self.new_round()
        old = self.cards(m["cards"], line)
        new_text = m["new_cards"]
        new = self.cards(new_text, line) if new_text is not None else old
        board = old + new if new_text is not None else old
        empty = new_text is not None and not new_text.strip()
        if empty:
            self.defects.append(Defect(line, text, "empty card on the street line"))
        self.streets.append(StreetDeal(self.street, self.run, board, new, source, empty, line))

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """The lines the loop in `build` leaves to this method: rarer PokerStars lines; a room of the
        family overrides it for lines of its own (and calls this for the rest)."""
        if kind == "DISCARD":
            name = self.player(kind, text, m["name"])
            pat = bool(m["pat"])
            self.actions.append(
                Action(
                    self.street,
                    name,
                    self.players.get(name),
                    ActionKind.STAND_PAT if pat else ActionKind.DISCARD,
                    0,
                    source,
                    discarded=0 if pat else whole_number(m["discarded"] or "0"),
                    order=line,
                )
            )
        elif kind == "THIRD_STREET":
            self.street, self.run = Street.THIRD, 0
            self.new_round()
        elif kind == "STUD_STREET":
            self.street, self.run = STUD_STREETS[m["street"]], 0
            self.new_round()
        elif kind == "DRAW":
            self.street, self.run = DRAWS[m["draw"]], 0
            self.new_round()
        elif kind == "PREFLOP_CARD":
            card = self.cards(m["cards"], line)
            self.streets.append(StreetDeal(Street.PREFLOP, 0, card, card, source, False, line))
        elif kind == "CASH_OUT":
            fee = self.amount(m["fee"], line)
            name = self.player(kind, text, m["name"])
            self.cash_outs.append(CashOut(name, self.amount(m["amount"], line), fee, source))
            if fee:
                self.fees.append(Fee(FeeKind.CASH_OUT_FEE, fee, FeeEffect.OUTSIDE, "Cash Out Fee", source, name))
        elif kind == "NO_LOW":
            self.no_low.append(self.run)
        elif kind == "CAPPED":
            self.events.append(Event("betting-capped", text, self.street, source))
        elif kind == "CANCELLED":
            self.cancelled = True
        elif kind == "STP_ADDED" or kind == "SUMMARY_STP":
            self.splash(self.amount(m["amount"], line), source)
        elif kind == "SUMMARY_RUN_TWICE":
            self.run_twice = True

    def splash(self, amount: int, source: Source) -> None:
        """Splash-the-pot money the site added: printed both in the hand and on the pot line by some rooms
        (one amount, not two)."""
        for fee in self.fees:
            if fee.kind is FeeKind.SPLASH:
                return
        self.fees.append(Fee(FeeKind.SPLASH, amount, FeeEffect.ADDED, "STP", source))

    # ---- the result ----------------------------------------------------------------------
    pot_line_kinds: tuple[str, ...] = ("SUMMARY_TOTAL", "SUMMARY_TOTAL_PIPES")  # the terminals of a pot line

    def requires_pot_line(self) -> bool:
        """Whether every summary of this format prints a pot line (PokerStars' does); rooms that print
        none override this."""
        return True

    def pot_line_not_read(self) -> bool:
        """Whether the summary's pot line is there but was not read (an amount in it in no style): that line
        is reported as not read, and the summary is not missing it."""
        unread = {defect.line for defect in self.defects if defect.not_read}
        kinds = self.pot_line_kinds
        return bool(unread) and any(kind in kinds and line in unread for kind, line, _, _ in self.tokens)

    def pot_bases(self) -> tuple[PotBasis, PotBasis, PotBasis]:
        """What the hand's (Total pot, Main/Side pots, collected) figures count."""
        return ROOM_BASES.get(self.info.room, POKERSTARS_BASES)

    def refunds(self) -> Refunds:
        """PokerStars printed no `Uncalled bet` line before about 2009 (the excess is left out of the pot and
        the collected amounts: ROOMS.md 2.6; the corpus's hands of 2005-2007); Run It Once prints none in a
        walk and pays the big blind's excess inside the collected amount."""
        if self.uncalled:
            return Refunds.LINE
        room = self.info.room
        if room == "pokerstars" and self.info.started is not None and self.info.started.year < _FIRST_UNCALLED_YEAR:
            return Refunds.IMPLIED
        if room == "run-it-once":
            return Refunds.IN_COLLECTED
        return Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        line = self.pot_line
        if line is None or self.pot_source is None:
            return None
        total, pots, collected = self.pot_bases()
        if total is PotBasis.GROSS and self.refunds() is Refunds.IN_COLLECTED:
            total = PotBasis.GROSS_WITH_REFUNDS
        return PotSummary(line.total, line.rake, line.main, line.sides, self.pot_source, total, pots, collected)

    def table_id(self, table: str) -> str:
        printed = self.table.get("table_id")
        tournament = self.info.tournament
        name = printed or table
        if tournament is None or printed is not None or name.startswith(tournament.tournament_id):
            return name  # (PokerStars names a tournament's tables `<tournament id> <table number>`)
        return f"{tournament.tournament_id}/{name}"

    def tournament(self) -> Tournament | None:
        return self.info.tournament

    def finish(self) -> Hand:
        info, path = self.info, self.path
        if (
            self.summary_line
            and self.pot_line is None
            and not (self.cancelled or self.truncated)
            and self.requires_pot_line()
            and not self.pot_line_not_read()
        ):
            text = self.block.lines[self.summary_line - self.block.first_line]
            self.defects.append(Defect(self.summary_line, text, "the summary has no pot line", inconsistent=True))
        for kind, line, text, m in self.ignored:
            self.events.append(
                Event(
                    event_kind(kind),
                    text,
                    _BLINDS,
                    Source(path, line, line),
                    m.groupdict().get("name"),
                )
            )
        hero = self.hero if self.hero is not None else _hero(self.dealt)
        table = self.table
        button = table.get("button")
        max_seats = table.get("max_seats")
        table_name = table.get("table") or ""
        events = self.events
        return Hand(
            room=info.room,
            format=self.reader.format,
            hand_id=info.hand_id,
            source=Source(path, self.block.first_line, self.block.last_line),
            game=info.game,
            game_text=info.game_text,
            structure=info.structure,
            unit=self.unit,
            stakes=self.stakes,
            started=info.started,
            started_local=info.started_local,
            table=table_name,
            table_id=self.table_id(table_name),
            max_seats=whole_number(max_seats) if max_seats else None,
            button=self.button if self.button is not None else (whole_number(button) if button else None),
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=tuple(self.uncalled),
            cash_outs=tuple(self.cash_outs),
            events=tuple(sorted(events, key=_line_of)) if len(events) > 1 else tuple(events),
            pot=self.pot_summary(),
            boards=self.final_boards(),
            summary_seats=tuple(self.summary_seats),
            fees=tuple(self.fees),
            refunds=self.refunds(),
            kind=info.kind,
            mixed=info.mixed,
            tournament=self.tournament(),
            club=info.club,
            run_twice=self.run_twice or any(deal.run for deal in self.streets),
            cancelled=self.cancelled,
            no_low=tuple(self.no_low),
            showdown_marks=tuple(self.showdown_marks),
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=_line_of)) if self.defects else (),
            play_money=self.unit.currency == "play",
        )

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        """The board(s) at the end: the summary's Board lines, else the last street line of each run."""
        summary, streets = self.boards, self.streets
        if summary:
            return tuple(summary[run] for run in sorted(summary))
        last: dict[int, tuple[Card, ...]] = {}
        for deal in streets:
            if deal.street in (Street.FLOP, Street.TURN, Street.RIVER):
                last[deal.run] = deal.cards
        if not last:
            return ()
        if 0 in last and len(last) > 1:
            # runs share the cards dealt before the all-in
            return tuple(last[run] for run in sorted(last) if run)
        return tuple(last[run] for run in sorted(last))


# Seat numbers as text -> int: a dictionary look-up costs less than int() (compiled, a generic call).
_NUMBERS: Final[dict[str, int]] = {str(number): number for number in range(1000)}


def _number(text: str) -> int:
    value = _NUMBERS.get(text)
    return value if value is not None else whole_number(text)


def _line_of(item: Event | Defect) -> int:
    return item.source.line if isinstance(item, Event) else item.line


_BRACKETS: Final = re.compile(r"\s*\[([^\]]*)\](?: \[([^\]]*)\])?\s*$")


def _brackets(text: str) -> tuple[str | None, str | None]:
    """The one or two bracketed card lists that end a line."""
    match = _BRACKETS.match(text)
    return (match.group(1), match.group(2)) if match else (None, None)


def _hero(dealt: list[DealtCards]) -> str | None:
    players = {line.player for line in dealt if line.cards}
    return next(iter(players)) if len(players) == 1 else None
