"""Read an Entraction hand block into the hand model (ROOMS.md section 14).

The columnar text is read with the parse kit: the line lexer classifies every line with the terminals of
grammar/entraction.lark, Lark's LALR table checks their order, and the ledger (parse/ledger.py) turns the
printed numbers into chips added and street totals; this module builds the hand from the tokens.

What the text means, and how the reader gives it to the model:

- the header's pair is the blinds (the small and big bet in fixed limit), after the currency's word (an ISO
  code, `Fun` for play money, none for a tournament's chips) and before `and N ante` where antes are played
  (`Player0 Ante (10)`); amounts are read by the reading kit, the text deciding the decimal mark; an amount in
  no number style makes its line a line not read (its post, bet or award left out, the rest of the hand
  read), a tournament's chips with decimals make the reader read the hand again in hundredths, and stakes
  not read make the hand unreadable; the blinds are posted in the
  header block: `Small Blind:`, `Big Blind:` (printed before the small blind heads-up), `Small + Big Blind:`
  (a returning player's missed blinds: the small blind dead, the big blind live) and `Blind out of turn:` (a
  new player's big blind);
- every betting number is the chips the line adds: `Raise (0.57)` from a big blind of 0.20 is a raise to
  0.77, `Call (0.37)` its call; `All-In (1.15)` is a bet, a raise or a call by what it brings the player to;
- `Payback (23.00)` gives back the uncalled part of a bet (the corpus survey's table says the refund is not printed:
  it is, on this line);
- `wins: EUR 23.04` is what a player collected, after the rake; `main pot`, `side pot` and `split pot` say
  which pot (one side pot at most in the corpus), hi/lo halves are separate lines without a word; `Rake:`
  is the hand's rake; no total pot is printed;
- `didn't show hand (Kh - 9h - ...)` is a losing hand not shown but revealed: mucked, with its cards;
- the only time is the hand's end (`Game ended 2012-08-07 00:36:56 BST`, `GMT+01:00`): it is the hand's time
  (`started`), for want of a start time.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Game,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    UncalledReturn,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.ledger import ADDED, Ledger
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.times import offset_time, utc_time
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.amounts import AmountError, FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.reader import crashed

GAMES: Final = {
    "Omaha High": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "5-Card Omaha High": Game.OMAHA5,
    "5-Card Omaha Hi/Lo": Game.OMAHA5_HI_LO,
    "Texas Hold'em": Game.HOLDEM,
}
STRUCTURES: Final = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
}
BLINDS: Final = {
    "Small Blind": ActionKind.POST_SMALL_BLIND,
    "Big Blind": ActionKind.POST_BIG_BLIND,
    "Small + Big Blind": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "Blind out of turn": ActionKind.POST_BIG_BLIND,
}
VERBS: Final = {
    "Fold": ActionKind.FOLD,
    "Check": ActionKind.CHECK,
    "Call": ActionKind.CALL,
    "Bet": ActionKind.BET,
    "Raise": ActionKind.RAISE,
}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
BOARD_SIZES: Final = {"FLOP": 3, "TURN": 4, "RIVER": 5}
POTS: Final = {None: 0, "main pot": 0, "split pot": 0, "side pot": 1}
_ALL_IN: Final = "All-In"
# a sit & go's table: `€10+1/1000VIP(€10) Super Turbo Sit & Go 12713943 1` (the tournament's number, the table's)
_TOURNAMENT_TABLE: Final = re.compile(r"(?P<name>.*) (?P<id>\d+) (?P<table>\d+)")
# 2012-08-07 00:36:56 BST | 2012-05-31 02:00:20 GMT+01:00
_ENDED: Final = re.compile(
    r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2}) (?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2})"
    r" (?P<zone>[A-Z]+)(?:(?P<sign>[-+])(?P<hours>\d{2}):?(?P<minutes>\d{2}))?"
)


PLAY_MONEY: Final = "Fun"  # the currency's word of play-money tables


class ChipsWithDecimals(Exception):
    """A tournament's chips printed with decimals: the hand is read again in hundredths."""


class StakesNotRead(Exception):
    """The header's blinds (or ante) fit no number style: the hand cannot be judged."""


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


@functools.lru_cache(maxsize=1024)
def ended_at(text: str) -> datetime | None:
    """The UTC time of `Game ended`'s text; None when its zone is not known."""
    match = _ENDED.fullmatch(text.strip())
    if match is None:
        return None
    parts = [int(match[name]) for name in ("year", "month", "day", "hour", "minute", "second")]
    if match["sign"] is None:
        return utc_time(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], match["zone"])
    if match["zone"] not in ("GMT", "UTC"):
        return None
    minutes = int(match["hours"]) * 60 + int(match["minutes"])
    east = minutes if match["sign"] == "+" else -minutes
    return offset_time(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], east)


class EntractionReader:
    """Reads Entraction hand blocks. Build once (compiles grammar/entraction.lark), use for many hands."""

    format = "entraction"

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("entraction"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, _, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not a `Game # ... - ` header")
        hand_id = tokens[0][3]["hand_id"]
        types = [token[0] for token in tokens]
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and "ENDED" not in types:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                return unreadable(block, line, reason, hand_id)
        defects = [
            Defect(line, text, "line cut off" if truncated and line == block.last_line else "unreadable line")
            for line, text in unknown
        ]
        for decimals in (0, 2):
            try:
                return EntractionBuilder(self, block, tokens, defects, truncated, decimals).build()
            except ChipsWithDecimals:
                continue  # tournament chips with decimals: read again in hundredths
            except StakesNotRead as error:
                return unreadable(block, tokens[0][1], f"header stakes: {error}", hand_id)
        raise AssertionError("unreachable")


class EntractionBuilder(Ledger):
    """Turns one hand's tokens into a Hand; the builder is the hand's ledger of street totals."""

    def __init__(
        self,
        reader: EntractionReader,
        block: Block,
        tokens: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int,
    ) -> None:
        super().__init__(ADDED, ADDED)
        self.reader = reader
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.defects = list(defects)
        self.truncated = truncated
        header = tokens[0][3]
        self.header = header
        self.hand_id: str = header["hand_id"]
        self.game = GAMES.get(header["game"], Game.OTHER)
        self.structure = STRUCTURES[header["limit"]]
        currency = header["currency"]
        if currency == PLAY_MONEY:
            self.unit = Unit("play", 2)
        else:
            self.unit = Unit(currency, 2) if currency else Unit("chips", decimals)
        self.retry_finer = self.unit.decimals == 0  # chips: hundredths may follow
        self.stakes = Stakes(None, None)
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.board: tuple[Card, ...] = ()
        self.rake: int | None = None
        self.rake_source: Source | None = None
        self.street = Street.BLINDS
        self.button: int | None = None
        self.hero: str | None = None
        self.max_seats: int | None = None
        self.ended = ""

    # ---- helpers ------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        """An amount of a line (`0.57`, `2,950.00`), read by the kit; raises AmountError (the line is then not
        read), or ChipsWithDecimals for a tournament's chips with decimals (read again in hundredths)."""
        if not text:
            return 0
        try:
            return read_amount(text, self.unit.decimals)
        except FinerThanUnit:
            if self.retry_finer:
                raise ChipsWithDecimals from None
            raise

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        """`Qs - 7d - 8c`; a token that is no card is a defect of the line, left out."""
        found: list[Card] = []
        for part in (text or "").split(" - "):
            part = part.strip()
            if not part:
                continue
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, f"not a card: {error}"))
        return tuple(found)

    def player(self, text: str, guess: str) -> str:
        """The seated player a line names (names may hold spaces: `zinzan 71`)."""
        guess = guess.strip()
        if guess in self.players:
            return guess
        if len(self.by_length) != len(self.players):
            self.by_length = sorted(self.players, key=len, reverse=True)
        for name in self.by_length:
            if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
                return name
        return guess

    # ---- the hand -----------------------------------------------------------------------------------
    def build(self) -> Hand:
        try:
            self.stakes = self.read_stakes()
        except AmountError as error:
            raise StakesNotRead(str(error)) from None
        self.nominal_big_blind = self.stakes.big_blind or self.stakes.small_bet or 0
        for kind, line, text, m in self.tokens[1:]:
            try:
                self.token(kind, line, text, m)
            except AmountError as error:  # an amount in no number style: the line is not read
                self.defects.append(Defect(line, text, str(error)))
        return self.finish()

    def token(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line of the hand, into the model."""
        source = self.src(line)
        if kind == "ACTION":
            self.action_line(m, line, text, source)
        elif kind == "SEAT":
            seat = Seat(whole_number(m["seat"]), m["name"], self.amount(m["stack"], line), source)
            self.seats.append(seat)
            self.players[seat.player] = seat.seat
            self.by_length = []  # (sorted again when a name is looked up)
        elif kind == "BLIND":
            self.blind_line(m, line, text, source)
        elif kind == "ANTE":
            self.ante_line(m, line, text, source)
        elif kind == "DEALT":
            self.street = Street.PREFLOP
            name = self.player(text, m["name"])
            self.hero = name
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line, text), source))
        elif kind in BOARD_STREETS:
            self.board_line(kind, m, line, text, source)
        elif kind == "PAYBACK":
            name = self.player(text, m["name"])
            self.uncalled.append(UncalledReturn(name, self.amount(m["amount"], line), self.street, source))
        elif kind == "SHOWS" or kind == "NO_SHOW":
            self.show_line(kind, m, line, text, source)
        elif kind == "WINS":
            name = self.player(text, m["name"])
            pot = m["pot"]
            self.collected.append(Collected(name, self.amount(m["amount"], line), POTS[pot], pot or "pot", 0, source))
        elif kind == "RAKE":
            self.rake = self.amount(m["rake"], line)
            self.rake_source = source
        elif kind == "DEALER":
            name = self.player(text[len("Dealer:") :].lstrip(), m["name"])
            self.button = self.players.get(name)
            if self.button is None:
                self.defects.append(Defect(line, text, "the dealer has no seat", inconsistent=True))
        elif kind == "PLAYERS":
            self.max_seats = whole_number(m["max_seats"])
        elif kind == "ENDED":
            self.ended = m["ended"]
            self.events.append(Event("game-ended", text, Street.SUMMARY, source))

    def read_stakes(self) -> Stakes:
        header, line = self.header, self.tokens[0][1]
        low, high = self.amount(header["low"], line), self.amount(header["high"], line)
        ante = self.amount(header["ante"], line) if header["ante"] is not None else None
        if self.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small_bet=low, big_bet=high, ante=ante)
        return Stakes(low, high, ante=ante)

    def ante_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Player0 Ante (10)`: dead money in the pot, no bet."""
        name = self.player(text, m["name"])
        chips = self.amount(m["amount"], line)
        kind = ActionKind.POST_ANTE
        to = self.post(kind, name, chips)
        self.actions.append(
            Action(Street.BLINDS, name, self.players.get(name), kind, chips, source, to, False, False, None, None, line)
        )

    def blind_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        what = m["what"]
        name = self.player(text[len(what) + 1 :].lstrip(), m["name"])
        kind = BLINDS[what]
        chips = self.amount(m["amount"], line)
        to = self.post(kind, name, chips)
        if what == "Blind out of turn":
            self.events.append(Event("blind-out-of-turn", text, Street.BLINDS, source, name))
        self.actions.append(
            Action(Street.BLINDS, name, self.players.get(name), kind, chips, source, to, False, False, None, None, line)
        )

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        verb = m["verb"]
        if m["amount"] is None:
            kind = VERBS.get(verb, ActionKind.CHECK)
            self.actions.append(Action(self.street, name, self.players.get(name), kind, 0, source, None, order=line))
            return
        chips = self.amount(m["amount"], line)
        if verb == _ALL_IN:
            to = self.street_bets.get(name, 0) + chips
            kind = ActionKind.CALL if to <= self.high else ActionKind.RAISE if self.high else ActionKind.BET
        else:
            kind = VERBS[verb]
        added, to_total, increment = self.wager(kind, name, chips, None, True)
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                kind,
                added,
                source,
                to_total,
                verb == _ALL_IN,
                False,
                None,
                increment,
                line,
            )
        )

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Flop Kc - 2s - 2d`, `Turn Kc - 2s - 2d - 5s`: the whole board so far."""
        street = BOARD_STREETS[kind]
        board = self.cards(m["cards"], line, text)
        if board[: len(self.board)] != self.board or len(board) != BOARD_SIZES[kind]:
            reason = "the board does not go on from the street before"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        new = board[len(self.board) :] if board[: len(self.board)] == self.board else board
        self.street = street
        self.new_round()
        self.board = board
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def show_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        cards = self.cards(m["cards"], line, text)
        if kind == "SHOWS":
            shown = ShowdownLine(name, ShowdownKind.SHOWS, cards, m["description"], 0, source, line)
        elif cards:
            shown = ShowdownLine(name, ShowdownKind.MUCKS, cards, None, 0, source, line)
        else:
            shown = ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, source, line)
        self.showdown.append(shown)

    # ---- the result ---------------------------------------------------------------------------------
    def finish(self) -> Hand:
        pot = None
        if self.rake_source is not None:
            pot = PotSummary(None, self.rake, None, (), self.rake_source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        header = self.header
        table = header["table"]
        tournament = None
        if self.unit.currency == "chips":
            found = _TOURNAMENT_TABLE.fullmatch(table)
            tournament = Tournament(found["id"], found["name"], None) if found else Tournament(table, "", None)
        game_text = f"{header['game']} {header['limit']}"
        return Hand(
            room="entraction",
            format=self.reader.format,
            hand_id=self.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.game,
            game_text=game_text,
            structure=self.structure,
            unit=self.unit,
            stakes=self.stakes,
            started=ended_at(self.ended) if self.ended else None,
            started_local=self.ended,
            table=table,
            table_id=table,
            max_seats=self.max_seats,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(self.events),
            pot=pot,
            boards=(self.board,) if self.board else (),
            summary_seats=(),
            fees=(),
            refunds=Refunds.LINE,
            tournament=tournament,
            hero=self.hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )
