"""Read one PokerStars-format hand block into the typed model.

The grammar (grammar/pokerstars.lark) checks the order of the lines; this module turns the line tokens
into model objects. A block is read whenever its structure is sound: a garbled line inside it, or text
cut off before the summary, becomes a `Defect` on the hand (or `truncated`), so the audit reports it
and the rest of the hand is still audited. Anything worse makes an `UnreadableHand` with the line and
the reason. Nothing here raises on bad input.
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

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
    UnreadableHand,
    Unit,
    parse_amount,
    parse_card,
)
from omaha_audit.parse.header import HeaderInfo, read_header, read_stakes, unit_for
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.summary import read_pot_line, read_summary_seat


class _TokenFeed(Lexer):
    """Lark lexer that passes through tokens made by the line classifier."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: list[Token]) -> Iterator[Token]:  # type: ignore[override]
        return iter(data)


class AmountError(ValueError):
    pass


POSTS = {
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
VERBS = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
RUNS = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3}
STUD_STREETS = {"4th": Street.FOURTH, "5th": Street.FIFTH, "6th": Street.SIXTH, "7th": Street.SEVENTH}
DRAWS = {"FIRST": Street.DRAW1, "SECOND": Street.DRAW2, "THIRD": Street.DRAW3}
STUD_GAMES = (Game.STUD, Game.STUD_HI_LO, Game.RAZZ)


class PokerStarsReader:
    """Reads PokerStars-format hand blocks. Build once (compiles the grammar), use for many hands."""

    room_format = "pokerstars"

    def __init__(self) -> None:
        self.lark = Lark(grammar_text("pokerstars"), parser="lalr", lexer=_TokenFeed)
        self.classifier = LineClassifier(self.lark)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # noqa: BLE001 - a reader bug must not lose the hand
            return _unreadable(block, block.first_line, f"internal reader error: {error!r}")

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0].type != "HEADER":
            return _unreadable(block, block.first_line, "the first line is not a hand header")
        has_summary = any(token.type == "SUMMARY" for token in tokens)
        defects = [
            Defect(line.line, line.text, "line cut off" if not has_summary and line.line == block.last_line
                   else "unreadable line")
            for line in unknown
        ]
        truncated = False
        try:
            self.lark.parse([Token(token.type, token.text, line=token.line) for token in tokens])
        except UnexpectedToken as error:
            if error.token.type == "$END" and not has_summary:
                truncated = True
            else:
                return _unreadable(block, error.line if error.line > 0 else block.last_line,
                                   _unexpected_reason(error, tokens))
        except UnexpectedInput as error:
            return _unreadable(block, block.first_line, f"unexpected input: {error}")
        except LarkError as error:
            return _unreadable(block, block.first_line, f"grammar error: {error}")
        try:
            info = read_header(tokens[0].fields)
        except ValueError as error:
            return _unreadable(block, tokens[0].line, str(error))
        play_money = len(tokens) > 1 and tokens[1].fields.get("money") == "Play Money"
        for decimals in (None, 2):
            unit = unit_for(info, play_money, decimals)
            try:
                return _Builder(block, info, unit, tokens, ignored, defects, truncated).build()
            except AmountError as error:
                if unit.decimals == 0 and decimals is None:
                    continue  # chips with decimals: read again in hundredths
                return _unreadable(block, error.args[1], error.args[0], info.hand_id)
        raise AssertionError("unreachable")


def _unexpected_reason(error: UnexpectedToken, tokens: list[LineToken]) -> str:
    token = error.token
    if token.type == "$END":
        return "the hand ends without its summary lines"
    previous = next((t for t in reversed(tokens) if t.line < token.line), None)
    after = f" after {previous.type}" if previous else ""
    expected = ", ".join(sorted(error.expected)[:8])
    return f"unexpected {token.type} line{after} (expected one of: {expected})"


def _unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.room)


class _Builder:
    """Turns the token list of one hand into a Hand."""

    def __init__(
        self,
        block: Block,
        info: HeaderInfo,
        unit: Unit,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
    ) -> None:
        self.block = block
        self.info = info
        self.unit = unit
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        self.path = block.path
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []

    # ---- small helpers -------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        if not text:
            return 0
        raw = text.strip()
        if raw and not (raw[0].isdigit() or raw[0] == "."):
            raw = raw[1:]
        try:
            return parse_amount(raw, self.unit.decimals)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line) from None

    def cards(self, text: str | None, line: int) -> tuple[Card, ...]:
        if not text:
            return ()
        found: list[Card] = []
        for part in text.split():
            try:
                found.append(parse_card(part))
            except ValueError:
                self.defects.append(Defect(line, text, f"not a card: {part!r}"))
        return tuple(found)

    def player(self, token: LineToken) -> str:
        """The seated player a line names (names may hold ': ' and other separators)."""
        guess = token.fields.get("name") or ""
        if guess in self.players:
            return guess
        for name in self.by_length:
            if token.text.startswith(name) and token.text[len(name) : len(name) + 1] in (":", " "):
                return name
        prefix = "Dealt to " if token.type == "DEALT" else "Uncalled bet"
        if token.type in ("DEALT", "UNCALLED"):
            for name in self.by_length:
                if token.text.endswith(name) or f"{prefix}{name} [" in token.text:
                    return name
        return guess

    # ---- the hand ------------------------------------------------------------------------
    def build(self) -> Hand:
        header, table = self.tokens[0], self.tokens[1] if len(self.tokens) > 1 else None
        stakes = read_stakes(self.info, self.unit)
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
        boards: dict[int, tuple[Card, ...]] = {}
        pot: PotSummary | None = None
        no_low: list[int] = []
        street, run = Street.BLINDS, 0
        cancelled = run_twice = False
        stp = 0
        hero: str | None = None
        for token in self.tokens[2:]:
            kind, fields, line = token.type, token.fields, token.line
            if kind == "SEAT":
                status = fields.get("status") or ""
                seat = Seat(
                    seat=int(fields["seat"] or 0),
                    player=fields["name"] or "",
                    stack=self.amount(fields["stack"], line),
                    source=self.src(line),
                    bounty=fields.get("bounty"),
                    sitting_out="sitting out" in status,
                    out_of_hand="out of hand" in status,
                )
                seats.append(seat)
                if fields.get("hero_mark"):
                    hero = seat.player
                self.players[seat.player] = seat.seat
                self.by_length = sorted(self.players, key=len, reverse=True)
            elif kind in ("POST", "BRING_IN"):
                name = self.player(token)
                action_kind = POSTS[fields["what"] or ""] if kind == "POST" else ActionKind.BRING_IN
                actions.append(Action(street, name, self.players.get(name), action_kind,
                                      self.amount(fields["amount"], line), self.src(line),
                                      all_in=bool(fields.get("all_in"))))
            elif kind == "ACTION":
                name = self.player(token)
                verb = VERBS[fields["verb"] or ""]
                raise_to = self.amount(fields["raise_to"], line) if fields.get("raise_to") else None
                actions.append(Action(street, name, self.players.get(name), verb,
                                      self.amount(fields.get("amount"), line), self.src(line),
                                      raise_to=raise_to, all_in=bool(fields.get("all_in")),
                                      cap_reached=bool(fields.get("cap"))))
                if fields.get("note"):
                    events.append(Event(fields["note"] or "", token.text, street, self.src(line), name))
            elif kind == "DISCARD":
                name = self.player(token)
                pat = bool(fields.get("pat"))
                actions.append(Action(street, name, self.players.get(name),
                                      ActionKind.STAND_PAT if pat else ActionKind.DISCARD, 0,
                                      self.src(line), discarded=0 if pat else int(fields["discarded"] or 0)))
            elif kind in ("HOLE_CARDS", "DEALING_HANDS"):
                street, run = Street.PREFLOP, 0
            elif kind == "THIRD_STREET":
                street, run = Street.THIRD, 0
            elif kind == "STUD_STREET":
                street, run = STUD_STREETS[fields["street"] or ""], 0
            elif kind == "DRAW":
                street, run = DRAWS[fields["draw"] or ""], 0
            elif kind == "PREFLOP_CARD":
                card = self.cards(fields["cards"], line)
                streets.append(StreetDeal(Street.PREFLOP, 0, card, card, self.src(line)))
            elif kind in ("FLOP", "TURN", "RIVER"):
                if kind == "RIVER" and self.info.game in STUD_GAMES:
                    street, run = Street.SEVENTH, 0
                    continue
                street, run = Street(kind.lower()), RUNS[fields.get("run")]
                old = self.cards(fields.get("cards"), line)
                new_text = fields.get("new_cards")
                new = self.cards(new_text, line) if new_text is not None else old
                board = old + new if new_text is not None else old
                empty = new_text is not None and not new_text.strip()
                if empty:
                    self.defects.append(Defect(line, token.text, "empty card on the street line"))
                streets.append(StreetDeal(street, run, board, new, self.src(line), empty_new_card=empty))
            elif kind == "DEALT":
                name = self.player(token)
                dealt.append(DealtCards(name, self.cards(fields["cards"], line), self.src(line),
                                        self.cards(fields.get("new_cards"), line)))
            elif kind == "SHOW_DOWN":
                street, run = Street.SHOWDOWN, RUNS[fields.get("run")]
            elif kind in ("SHOWS", "SHOWS_FOR"):
                showdown.append(ShowdownLine(self.player(token), ShowdownKind.SHOWS,
                                             self.cards(fields["cards"], line), fields.get("description"),
                                             run, self.src(line)))
            elif kind == "MUCKS":
                showdown.append(ShowdownLine(self.player(token), ShowdownKind.MUCKS,
                                             self.cards(fields.get("cards"), line), None, run, self.src(line)))
            elif kind == "NO_SHOW":
                showdown.append(ShowdownLine(self.player(token), ShowdownKind.DOESNT_SHOW, (), None, run,
                                             self.src(line)))
            elif kind == "COLLECTED":
                pot_text = fields["pot"] or "pot"
                index = int(fields["side"]) if fields.get("side") else (1 if pot_text == "side pot" else 0)
                collected.append(Collected(self.player(token), self.amount(fields["amount"], line), index,
                                           pot_text, run, self.src(line)))
            elif kind == "UNCALLED":
                uncalled.append(UncalledReturn(self.player(token), self.amount(fields["amount"], line),
                                               street, self.src(line)))
            elif kind == "CASH_OUT":
                cash_outs.append(CashOut(self.player(token), self.amount(fields["amount"], line),
                                         self.amount(fields.get("fee"), line), self.src(line)))
            elif kind == "NO_LOW":
                no_low.append(run)
            elif kind == "CAPPED":
                events.append(Event("betting-capped", token.text, street, self.src(line)))
            elif kind == "CANCELLED":
                cancelled = True
            elif kind in ("STP_ADDED", "SUMMARY_STP"):
                stp = max(stp, self.amount(fields["amount"], line))
            elif kind == "SUMMARY":
                street, run = Street.SUMMARY, 0
            elif kind in ("SUMMARY_TOTAL", "SUMMARY_TOTAL_PIPES"):
                pot = read_pot_line(fields, lambda text, line=line: self.amount(text, line), self.src(line))
            elif kind == "SUMMARY_RUN_TWICE":
                run_twice = True
            elif kind == "SUMMARY_BOARD":
                boards[RUNS[fields.get("run")]] = self.cards(fields["cards"], line)
            elif kind == "SUMMARY_SEAT":
                seat_players = {seat.seat: seat.player for seat in seats}
                summary_seats.append(read_summary_seat(
                    int(fields["seat"] or 0), fields["rest"] or "", seat_players,
                    lambda text, line=line: self.amount(text, line), self.cards, self.src(line)))
        for token in self.ignored:
            events.append(Event(token.type.lower().replace("_", "-"), token.text, Street.BLINDS,
                                self.src(token.line), token.fields.get("name")))
        if hero is None:
            hero = _hero(dealt)
        table_fields = table.fields if table else {}
        button = table_fields.get("button")
        max_seats = table_fields.get("max_seats")
        return Hand(
            room=self.info.room,
            hand_id=self.info.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.info.game,
            game_text=self.info.game_text,
            structure=self.info.structure,
            unit=self.unit,
            stakes=stakes,
            started=self.info.started,
            table=table_fields.get("table") or "",
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
            events=tuple(sorted(events, key=lambda event: event.source.line)),
            pot=pot,
            boards=_final_boards(boards, streets),
            summary_seats=tuple(summary_seats),
            kind=self.info.kind,
            mixed=self.info.mixed,
            tournament=self.info.tournament,
            club=self.info.club,
            run_twice=run_twice or any(deal.run for deal in streets),
            cancelled=cancelled,
            no_low=tuple(no_low),
            hero=hero,
            stp=stp,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )


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
