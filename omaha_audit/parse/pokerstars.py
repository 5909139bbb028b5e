"""Read one PokerStars-format hand block into the typed model.

The grammar (grammar/pokerstars.lark) checks the order of the lines; this module turns the line tokens
into model objects. A block is read whenever its structure is sound: a garbled line inside it, or text
cut off before the summary, becomes a `Defect` on the hand (or `truncated`), so the audit reports it
and the rest of the hand is still audited. Anything worse makes an `UnreadableHand` with the line and
the reason. Nothing here raises on bad input.
"""

from __future__ import annotations

import re
from typing import Any, Final

from lark import Lark

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    CashOut,
    Collected,
    DealtCards,
    Defect,
    Event,
    Game,
    Hand,
    PotSummary,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Street,
    StreetDeal,
    SummarySeat,
    UncalledReturn,
    Unit,
    UnreadableHand,
    parse_amount,
    parse_card,
)
from omaha_audit.parse.header import HeaderInfo, read_header, read_stakes, unit_for
from omaha_audit.parse.lalr import LalrChecker, Rejection
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.summary import read_pot_line, read_summary_seat
from omaha_audit.parse.token_feed import TokenFeed


class AmountError(ValueError):
    pass


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
RUNS: Final = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3}
STUD_STREETS: Final = {"4th": Street.FOURTH, "5th": Street.FIFTH, "6th": Street.SIXTH, "7th": Street.SEVENTH}
DRAWS: Final = {"FIRST": Street.DRAW1, "SECOND": Street.DRAW2, "THIRD": Street.DRAW3}
STUD_GAMES: Final = (Game.STUD, Game.STUD_HI_LO, Game.RAZZ)
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
# The groups of the two most frequent lines, in the grammar's order: read with one `groups()` call (no
# look-up per group name). The reader checks the grammar against these when it is built.
ACTION_GROUPS: Final = ("name", "verb", "amount", "raise_to", "cards", "all_in", "cap", "note")
SEAT_GROUPS: Final = ("seat", "name", "stack", "bounty", "status", "hero_mark")
_CACHE_LIMIT: Final = 20_000  # distinct amount or card texts remembered (they repeat from hand to hand)


class PokerStarsReader:
    """Reads PokerStars-format hand blocks. Build once (compiles the grammar), use for many hands."""

    room_format = "pokerstars"

    def __init__(self) -> None:
        self.lark = Lark(grammar_text("pokerstars"), parser="lalr", lexer=TokenFeed)
        for terminal, groups in (("ACTION", ACTION_GROUPS), ("SEAT", SEAT_GROUPS)):
            regex = re.compile(self.lark.get_terminal(terminal).pattern.to_regexp())
            if tuple(regex.groupindex) != groups or regex.groups != len(groups):
                raise ValueError(f"grammar: {terminal} must have exactly the groups {', '.join(groups)}, in order")
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)
        self.amounts: dict[int, dict[str, int]] = {}  # per number of decimals: text -> units
        self.cards: dict[str, tuple[Card, ...]] = {}  # text of valid cards -> cards

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand
            return _unreadable(block, block.first_line, f"internal reader error: {error!r}")

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "HEADER":
            return _unreadable(block, block.first_line, "the first line is not a hand header")
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
                return _unreadable(block, line, _unexpected_reason(rejection, tokens), hand_id)
        try:
            info = read_header(tokens[0][3].groupdict())
        except ValueError as error:
            return _unreadable(block, tokens[0][1], str(error))
        table = tokens[1][3].groupdict() if len(tokens) > 1 else {}
        play_money = table.get("money") == "Play Money"
        for decimals in (None, 2):
            unit = unit_for(info, play_money, decimals)
            try:
                return _Builder(self, block, info, unit, table, tokens, ignored, defects, truncated).build()
            except AmountError as error:
                if unit.decimals == 0 and decimals is None:
                    continue  # chips with decimals: read again in hundredths
                return _unreadable(block, error.args[1], error.args[0], info.hand_id)
        raise AssertionError("unreachable")


def _unexpected_reason(rejection: Rejection, tokens: list[LineToken]) -> str:
    if rejection.at >= len(tokens):
        return "the hand ends without its summary lines"
    kind, line = tokens[rejection.at][:2]
    previous = next((t for t in reversed(tokens) if t[1] < line), None)
    after = f" after {previous[0]}" if previous else ""
    expected = ", ".join(sorted(rejection.expected)[:8])
    return f"unexpected {kind} line{after} (expected one of: {expected})"


def _unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.room)


class _Builder:
    """Turns the token list of one hand into a Hand."""

    def __init__(
        self,
        reader: PokerStarsReader,
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
        self.table = table  # the TABLE line's fields (the second line's, whatever it is)
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        self.path = block.path
        self.players: dict[str, int] = {}
        self._by_length: list[str] | None = None
        self.amount_cache = reader.amounts.setdefault(unit.decimals, {})
        self.card_cache = reader.cards

    # ---- small helpers -------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        if not text:
            return 0
        value = self.amount_cache.get(text)
        if value is not None:
            return value
        raw = text.strip()
        if raw and not (raw[0].isdigit() or raw[0] == "."):
            raw = raw[1:]
        try:
            value = parse_amount(raw, self.unit.decimals)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line) from None
        if len(self.amount_cache) >= _CACHE_LIMIT:
            self.amount_cache.clear()
        self.amount_cache[text] = value
        return value

    def cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        if not text:
            return ()
        known = self.card_cache.get(text)
        if known is not None:
            return known
        try:
            cards = tuple(map(parse_card, text.split()))
        except ValueError:  # some part is not a card: keep the others, note each bad one
            found: list[Card] = []
            for part in text.split():
                try:
                    found.append(parse_card(part))
                except ValueError:
                    self.defects.append(Defect(line, text, f"not a card: {part!r}"))
            return tuple(found)
        if len(self.card_cache) >= _CACHE_LIMIT:
            self.card_cache.clear()
        self.card_cache[text] = cards
        return cards

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

    # ---- the hand ------------------------------------------------------------------------
    def build(self) -> Hand:
        info, path, players = self.info, self.path, self.players
        # (the amount cache is read inline for actions; the helpers are called as methods, which compiled
        # code calls directly, where a method bound to a local would be called through Python)
        amounts = self.amount_cache
        amount, cards = self.amount, self.cards  # handed to read_summary_seat and read_pot_line
        table = self.table
        try:
            stakes = read_stakes(info, self.unit)
        except ValueError as error:  # a garbled header: chips with decimals are read again in hundredths
            raise AmountError(str(error), self.tokens[0][1]) from None
        seats: list[Seat] = []
        actions: list[Action] = []
        streets: list[StreetDeal] = []
        dealt: list[DealtCards] = []
        showdown: list[ShowdownLine] = []
        collected: list[Collected] = []
        uncalled: list[UncalledReturn] = []
        cash_outs: list[CashOut] = []
        events: list[Event] = []
        summary_seats: list[SummarySeat] = []
        seat_players: dict[int, str] | None = None
        boards: dict[int, tuple[Card, ...]] = {}
        pot: PotSummary | None = None
        no_low: list[int] = []
        showdown_lines: list[int] = []
        street, run = _BLINDS, 0
        cancelled = run_twice = False
        stp = 0
        hero: str | None = None
        for kind, line, text, m in self.tokens[2:]:
            source = Source(path, line, line)
            if kind == "ACTION":
                name, verb, paid, raise_to, _, all_in, cap, note = m.groups()  # ACTION_GROUPS
                if name not in players:
                    name = self.player(kind, text, name)
                units = (amounts.get(paid) or self.amount(paid, line)) if paid else 0  # (the cache, inlined)
                actions.append(
                    Action(
                        street,
                        name,
                        players.get(name),
                        VERBS[verb],
                        units,
                        source,
                        self.amount(raise_to, line) if raise_to else None,
                        all_in is not None,
                        cap is not None,
                    )
                )
                if note:
                    events.append(Event(note, text, street, Source(path, line, line), name))
            elif kind == "SUMMARY_SEAT":
                if seat_players is None:
                    seat_players = {seat.seat: seat.player for seat in seats}
                number, rest = m.group("seat", "rest")
                summary_seats.append(read_summary_seat(_number(number), rest, seat_players, amount, cards, source))
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
                    hero = seat.player
                players[seat.player] = seat.seat
                self._by_length = None
            elif kind == "POST" or kind == "BRING_IN":
                name, paid, all_in = m.group("name", "amount", "all_in")
                if name not in players:
                    name = self.player(kind, text, name)
                action_kind = POSTS[m["what"]] if kind == "POST" else _BRING_IN
                actions.append(
                    Action(
                        street,
                        name,
                        players.get(name),
                        action_kind,
                        self.amount(paid, line),
                        source,
                        None,
                        all_in is not None,
                    )
                )
            elif kind in BOARD_STREETS:
                if kind == "RIVER" and info.game in STUD_GAMES:
                    street, run = Street.SEVENTH, 0
                    continue
                street, run = BOARD_STREETS[kind], RUNS[m["run"]]
                old = self.cards(m["cards"], line)
                new_text = m["new_cards"]
                new = self.cards(new_text, line) if new_text is not None else old
                board = old + new if new_text is not None else old
                empty = new_text is not None and not new_text.strip()
                if empty:
                    self.defects.append(Defect(line, text, "empty card on the street line"))
                streets.append(StreetDeal(street, run, board, new, source, empty))
            elif kind == "COLLECTED":
                pot_text = m["pot"] or "pot"
                side = m["side"]
                index = int(side) if side else (1 if pot_text == "side pot" else 0)
                collected.append(
                    Collected(
                        self.player(kind, text, m["name"]), self.amount(m["amount"], line), index, pot_text, run, source
                    )
                )
            elif kind == "SHOWS" or kind == "SHOWS_FOR":
                showdown.append(
                    ShowdownLine(
                        self.player(kind, text, m["name"]),
                        _SHOWS,
                        self.cards(m["cards"], line),
                        m["description"],
                        run,
                        source,
                    )
                )
            elif kind == "MUCKS":
                showdown.append(
                    ShowdownLine(
                        self.player(kind, text, m["name"]), _MUCKS, self.cards(m["cards"], line), None, run, source
                    )
                )
            elif kind == "NO_SHOW":
                showdown.append(ShowdownLine(self.player(kind, text, m["name"]), _DOESNT_SHOW, (), None, run, source))
            elif kind == "UNCALLED":
                uncalled.append(
                    UncalledReturn(self.player(kind, text, m["name"]), self.amount(m["amount"], line), street, source)
                )
            elif kind == "DEALT":
                dealt.append(
                    DealtCards(
                        self.player(kind, text, m["name"]),
                        self.cards(m["cards"], line),
                        source,
                        self.cards(m["new_cards"], line),
                    )
                )
            elif kind == "HOLE_CARDS" or kind == "DEALING_HANDS":
                street, run = _PREFLOP, 0
            elif kind == "SUMMARY":
                street, run = _SUMMARY, 0
            elif kind == "SUMMARY_TOTAL" or kind == "SUMMARY_TOTAL_PIPES":
                pot = read_pot_line(m, amount, source)
            elif kind == "SUMMARY_BOARD":
                boards[RUNS[m["run"]]] = self.cards(m["cards"], line)
            elif kind == "SHOW_DOWN":
                street, run = _SHOWDOWN, RUNS[m["run"]]
                showdown_lines.append(line)
            elif kind == "DISCARD":
                name = self.player(kind, text, m["name"])
                pat = bool(m["pat"])
                actions.append(
                    Action(
                        street,
                        name,
                        players.get(name),
                        ActionKind.STAND_PAT if pat else ActionKind.DISCARD,
                        0,
                        source,
                        discarded=0 if pat else int(m["discarded"] or 0),
                    )
                )
            elif kind == "THIRD_STREET":
                street, run = Street.THIRD, 0
            elif kind == "STUD_STREET":
                street, run = STUD_STREETS[m["street"]], 0
            elif kind == "DRAW":
                street, run = DRAWS[m["draw"]], 0
            elif kind == "PREFLOP_CARD":
                card = self.cards(m["cards"], line)
                streets.append(StreetDeal(Street.PREFLOP, 0, card, card, source))
            elif kind == "CASH_OUT":
                cash_outs.append(
                    CashOut(
                        self.player(kind, text, m["name"]),
                        self.amount(m["amount"], line),
                        self.amount(m["fee"], line),
                        source,
                    )
                )
            elif kind == "NO_LOW":
                no_low.append(run)
            elif kind == "CAPPED":
                events.append(Event("betting-capped", text, street, source))
            elif kind == "CANCELLED":
                cancelled = True
            elif kind == "STP_ADDED" or kind == "SUMMARY_STP":
                stp = max(stp, self.amount(m["amount"], line))
            elif kind == "SUMMARY_RUN_TWICE":
                run_twice = True
        for kind, line, text, m in self.ignored:
            events.append(
                Event(
                    kind.lower().replace("_", "-"),
                    text,
                    _BLINDS,
                    Source(path, line, line),
                    m.groupdict().get("name"),
                )
            )
        if hero is None:
            hero = _hero(dealt)
        button = table.get("button")
        max_seats = table.get("max_seats")
        return Hand(
            room=info.room,
            hand_id=info.hand_id,
            source=Source(path, self.block.first_line, self.block.last_line),
            game=info.game,
            game_text=info.game_text,
            structure=info.structure,
            unit=self.unit,
            stakes=stakes,
            started=info.started,
            table=table.get("table") or "",
            max_seats=int(max_seats) if max_seats else None,
            button=int(button) if button else None,
            seats=tuple(seats),
            actions=tuple(actions),
            streets=tuple(streets),
            dealt=tuple(dealt),
            showdown=tuple(showdown),
            collected=tuple(collected),
            uncalled=tuple(uncalled),
            cash_outs=tuple(cash_outs),
            events=tuple(sorted(events, key=_line_of)) if len(events) > 1 else tuple(events),
            pot=pot,
            boards=_final_boards(boards, streets),
            summary_seats=tuple(summary_seats),
            kind=info.kind,
            mixed=info.mixed,
            tournament=info.tournament,
            club=info.club,
            run_twice=run_twice or any(deal.run for deal in streets),
            cancelled=cancelled,
            no_low=tuple(no_low),
            showdown_lines=tuple(showdown_lines),
            hero=hero,
            stp=stp,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=_line_of)) if self.defects else (),
            play_money=self.unit.currency == "play",
        )


# Seat numbers as text -> int: a dictionary look-up costs less than int() (compiled, a generic call).
_NUMBERS: Final[dict[str, int]] = {str(number): number for number in range(1000)}


def _number(text: str) -> int:
    value = _NUMBERS.get(text)
    return value if value is not None else int(text)


def _line_of(item: Event | Defect) -> int:
    return item.source.line if isinstance(item, Event) else item.line


def _hero(dealt: list[DealtCards]) -> str | None:
    players = {line.player for line in dealt if line.cards}
    return next(iter(players)) if len(players) == 1 else None


def _final_boards(summary: dict[int, tuple[Card, ...]], streets: list[StreetDeal]) -> tuple[tuple[Card, ...], ...]:
    """The board(s) at the end: the summary's Board lines, else the last street line of each run."""
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
