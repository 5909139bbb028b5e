"""Read a PKR hand block into the hand model (ROOMS.md section 17).

The keyword text is read with the parse kit: the line lexer classifies every line with the terminals of
grammar/pkr.lark, Lark's LALR table checks their order, and the ledger (parse/ledger.py) turns the printed
numbers into chips added and street totals; this module builds the hand from the tokens.

What the text means, and how the reader gives it to the model:

- `Button is at seat 5` names the button of the hand before; `Moving Button to seat 6` (once, or twice when
  a hand follows a break) moves it for this hand: the last one is the button;
- raises and calls both print the street total: `raises to $12`, and `calls $12` from a big blind of $4
  adds $8 (ROOMS.md's call-to); `bets $16` adds $16; `posts $0.04` is a new player's big blind, and `posts
  $2` with `posts $1 dead` a returning player's missed blinds (the small blind dead, the big blind live:
  PokerStars' `posts small & big blinds`);
- `Returning $0.13 to Player3 uncalled` gives back an uncalled bet when the hand goes on to a showdown; when
  everybody folds to a bet no line says so (Refunds.IMPLIED for those hands): the excess is left out of the
  pots and the awards;
- `Pot sizes: $0.15` / `Pot sizes: $0.06` print each pot, main pot first, at the end of every betting round,
  before the rake; each group is cross-checked against the chips put in by then (less what went back) and a
  group that disagrees is a defect; the last group is the hand's pots (OA402 compares them with the pots
  the contributions make). `Taking Rake of $0.17 from pot 2`
  names the pot the rake came from, so the model's pots are the last group less its rake (PotBasis.NET), and
  the collected amounts are after the rake;
- awards: `wins $0.38 from side pot #2 with: ...`, `ties side pot #1, and wins $0.43`, `ties, and wins
  $34.75 with high hand: ...`, `ties $34.75 with low hand: ...` (hi/lo halves); the `has ...` lines are the
  descriptions of the hands shown;
- the seat lines printed again after the awards are the stacks after the hand: each is cross-checked (the
  stack before, less what the player put in, plus what went back and what they collected), and one that
  disagrees is a defect;
- a card not shown is `[XX]`: `shows [XX] [J s]` shows one card (a voluntary show, no showdown hand);
- amounts (`$0.05`, `13,800`, `€2`, `£4`) are read by the reading kit, the text deciding the decimal mark;
  one in no number style makes its line a line not read (the line's post, bet or award left out, the rest of
  the hand read, and the cross-checks above made only on the lines before it); a tournament's chips with
  decimals make the reader read the hand again in hundredths; blinds not read make the hand unreadable;
- `has disconnected and has been granted disconnection protection`: the player stays in without acting
  again, as if all in; the line becomes a check that is all in (as the old WPN reader reads `is disconnected
  and ALL IN.`), so the betting of the others is judged as the room dealt it.
"""

from __future__ import annotations

import re
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
    Half,
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
from omaha_audit.parse.ledger import TO, Ledger
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.amounts import AmountError, FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.events import event_kind
from omaha_audit.rooms.kit.reader import crashed

GAMES: Final = {
    "OMAHA": Game.OMAHA,
    "OMAHA HI/LO": Game.OMAHA_HI_LO,
    "HOLD'EM": Game.HOLDEM,
}
STRUCTURES: Final = {
    "NO LIMIT": Structure.NO_LIMIT,
    "POT LIMIT": Structure.POT_LIMIT,
    "FIXED LIMIT": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante of": ActionKind.POST_ANTE,
}
VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises to": ActionKind.RAISE,
}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
HALVES: Final = {"high": Half.HIGH, "low": Half.LOW}
_BRACKET: Final = re.compile(r"\[([^\]]*)\]")
_SPACED_CARD: Final = re.compile(r"([2-9TJQKA]) ([cdhs])")
_TOURNAMENT: Final = re.compile(r"(?:Tournament #|STT # ?)(?P<id>\d+)(?: Table #(?P<table>\d+))?")
_HIDDEN: Final = "XX"


class ChipsWithDecimals(Exception):
    """A tournament's chips printed with decimals: the hand is read again in hundredths."""


class StakesNotRead(Exception):
    """The `Blinds are now` line's amounts fit no number style: the hand cannot be judged."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason, line)
        self.reason = reason
        self.line = line


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


def uncalled_excess(live: dict[str, int]) -> tuple[str, int]:
    """(player, chips) of the uncalled part of the largest live contribution: its excess over the second
    largest (UC-1); ("", 0) when the two largest are equal."""
    first_name, first, second = "", 0, 0
    for name, amount in live.items():
        if amount > first:
            first_name, first, second = name, amount, first
        elif amount > second:
            second = amount
    return (first_name, first - second) if first > second else ("", 0)


class PkrReader:
    """Reads PKR hand blocks. Build once (compiles grammar/pkr.lark), use for many hands."""

    format = "pkr"

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("pkr"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        start = 1 if tokens and tokens[0][0] == "TABLE" else 0
        if len(tokens) <= start or tokens[start][0] != "STARTING":
            return unreadable(block, block.first_line, "no `Starting Hand #` line after the table line")
        hand_id = tokens[start][3]["hand_id"]
        types = [token[0] for token in tokens]
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and "END" not in types:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                return unreadable(block, line, reason, hand_id)
        missing = sorted(_HEADER_LINES - {"TABLE"} - set(types))
        if missing:
            return unreadable(block, block.last_line, f"the header block is cut off (no {missing[0]} line)", hand_id)
        end = next((line for kind, line, _, _ in tokens if kind == "END"), 0)
        defects = [
            Defect(
                line,
                text,
                "text after the end of the hand"
                if end and line > end
                else ("line cut off" if truncated and line == block.last_line else "unreadable line"),
            )
            for line, text in unknown
        ]
        for decimals in (None, 2):
            try:
                return PkrBuilder(self, block, tokens, ignored, defects, truncated, decimals).build()
            except ChipsWithDecimals:
                continue  # tournament chips with decimals: read again in hundredths
            except StakesNotRead as error:
                return unreadable(block, error.line, f"blinds: {error.reason}", hand_id)
        raise AssertionError("unreachable")


class PkrBuilder(Ledger):
    """Turns one hand's tokens into a Hand; the builder is the hand's ledger of street totals."""

    def __init__(
        self,
        reader: PkrReader,
        block: Block,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int | None,
    ) -> None:
        super().__init__(TO, TO)
        self.reader = reader
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        fields: dict[str, re.Match[str]] = {}
        for kind, _, _, m in tokens:
            if kind in _HEADER_LINES and kind not in fields:
                fields[kind] = m
        self.fields = fields
        self.hand_id: str = fields["STARTING"]["hand_id"]
        self.game = GAMES.get(fields["GAME_TYPE"]["game"].strip().upper(), Game.OTHER)
        self.structure = STRUCTURES.get(fields["LIMIT_TYPE"]["limit"].strip().upper(), Structure.NO_LIMIT)
        money = fields["MONEY_TYPE"]["money"].strip().upper()
        if "TOURNAMENT" in money:
            self.unit = Unit("chips", decimals or 0)
        elif "PLAY" in money:
            self.unit = Unit("play", 2 if decimals is None else decimals)
        else:
            self.unit = Unit("USD", 2 if decimals is None else decimals)
        self.retry_finer = decimals is None and self.unit.decimals == 0  # chips: hundredths may follow
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.shows: list[tuple[str, tuple[Card, ...], bool, Source, int]] = []  # (name, cards, whole hand, ...)
        self.descriptions: dict[str, list[str]] = {}
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.put_in: dict[str, int] = {}
        self.dead: dict[str, int] = {}  # dead blind money by player: it buys no stake, and is never returned
        self.returned: dict[str, int] = {}
        self.pot_groups: list[tuple[int, str, int, list[int]]] = []  # (line, text, chips in by then, pots)
        self.rakes: dict[int, int] = {}  # pot number (1 = main) -> rake taken from it
        self.rake_lines: dict[int, tuple[int, str]] = {}  # pot number -> the first line taking rake from it
        self.rake_source: Source | None = None
        self.results: list[tuple[int, str, str, int]] = []  # the closing seat lines: (line, text, name, stack)
        self.board: tuple[Card, ...] = ()
        self.street = Street.BLINDS
        self.button: int | None = None
        self.hero: str | None = None
        self.dealt_in = False
        self.stakes = Stakes(None, None)
        self.merged = 0  # the line of a dead blind already read with the big blind before it
        self.previous = ""  # the kind of the line before (`Pot sizes:` lines come in groups)

    # ---- helpers ------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        """An amount of a line (`$0.05`, `13,800`), read by the kit; raises AmountError (the line is then not
        read), or ChipsWithDecimals for a tournament's chips with decimals (read again in hundredths)."""
        if not text:
            return 0
        try:
            return read_amount(text, self.unit.decimals)
        except FinerThanUnit:
            if self.retry_finer:
                raise ChipsWithDecimals from None
            raise

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[tuple[Card, ...], bool]:
        """The cards of `[9 d][5 d]` or `[Ad 8h]`, and whether none was hidden (`[XX]`)."""
        found: list[Card] = []
        whole = True
        for bracket in _BRACKET.findall(text or ""):
            bracket = bracket.strip()
            if bracket == _HIDDEN:
                whole = False
                continue
            parts = [bracket.replace(" ", "")] if _SPACED_CARD.fullmatch(bracket) else bracket.split()
            for part in parts:
                try:
                    found.append(read_card(part))
                except CardError as error:
                    self.defects.append(Defect(line, source_text, f"not a card: {error}"))
        return tuple(found), whole

    def player(self, text: str, guess: str) -> str:
        if guess in self.players:
            return guess
        if len(self.by_length) != len(self.players):
            self.by_length = sorted(self.players, key=len, reverse=True)
        for name in self.by_length:
            if text.startswith(name + " ") or text.startswith(name + ":"):
                return name
        return guess

    # ---- the hand -----------------------------------------------------------------------------------
    def build(self) -> Hand:
        blinds = self.fields["BLINDS"]
        line = next(line for kind, line, _, _ in self.tokens if kind == "BLINDS")
        try:
            small, big = self.amount(blinds["small"], line), self.amount(blinds["big"], line)
        except AmountError as error:
            raise StakesNotRead(str(error), line) from None
        if self.structure is Structure.FIXED_LIMIT:  # (no fixed-limit hand in the corpus: the usual structure)
            self.stakes = Stakes(None, None, small_bet=big, big_bet=2 * big)
        else:
            self.stakes = Stakes(small, big)
        self.nominal_big_blind = big
        for index, (kind, line, text, m) in enumerate(self.tokens):
            try:
                self.token(index, kind, line, text, m)
            except AmountError as error:  # an amount in no number style: the line is not read
                self.defects.append(Defect(line, text, str(error)))
            self.previous = kind
        if not self.truncated:
            self.cross_check()
        return self.finish()

    def token(self, index: int, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line of the hand, into the model."""
        source = self.src(line)
        if kind == "ACTION":
            self.action_line(m, line, text, source)
        elif kind == "POST" and line != self.merged:
            dead = self.dead_after(index)
            if dead is not None:
                self.merged = dead[1]
            self.post_line(m, line, text, source, dead)
        elif kind == "SEAT":
            self.seat_line(m, line, text, source)
        elif kind == "POT_SIZES":
            self.pot_line(m, line, text, self.previous == "POT_SIZES")
        elif kind in BOARD_STREETS:
            self.board_line(kind, m, line, text, source)
        elif kind == "DEALT":
            self.street = Street.PREFLOP
            name = self.player(text[text.rindex(" to ") + 4 :], m["name"])
            self.hero = name
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line, text)[0], source))
        elif kind == "DEALING":
            self.street = Street.PREFLOP
            self.dealt_in = True
        elif kind == "RETURNING":
            name = self.player(m["name"] + " ", m["name"])
            chips = self.amount(m["amount"], line)
            self.returned[name] = self.returned.get(name, 0) + chips
            self.uncalled.append(UncalledReturn(name, chips, self.street, source))
        elif kind == "RAKE":
            pot = whole_number(m["pot"])
            self.rakes[pot] = self.rakes.get(pot, 0) + self.amount(m["amount"], line)
            self.rake_lines.setdefault(pot, (line, text))
            self.rake_source = self.rake_source or source
        elif kind == "PROTECTED":
            # kept in the hand without calling: a check, all in (what the protection makes the player)
            name = self.player(text, m["name"])
            self.actions.append(
                Action(
                    self.street,
                    name,
                    self.players.get(name),
                    ActionKind.CHECK,
                    0,
                    source,
                    None,
                    True,
                    True,
                    order=line,
                )
            )
            self.events.append(Event("disconnection-protection", text, self.street, source, name))
        elif kind == "SHOWS" or kind == "FOLDS_SHOWS":
            self.show_line(kind, m, line, text, source)
        elif kind == "NO_SHOW":
            name = self.player(text, m["name"])
            self.showdown.append(ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, source, line))
        elif kind == "HAS":
            name = self.player(text, m["name"])
            self.descriptions.setdefault(name, []).append(m["description"])
        elif kind == "WINS":
            self.wins_line(m, line, text, source)
        elif kind == "MOVING" or kind == "BUTTON":  # (the last named: `Moving Button to seat 6`)
            self.button = whole_number(m["button"])
        elif kind == "END" and m["hand_id"] != self.hand_id:
            reason = f"the end line names another hand than #{self.hand_id}"
            self.defects.append(Defect(line, text, reason, inconsistent=True))

    def seat_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if self.dealt_in:  # the seat lines after the awards: the stacks after the hand
            name = m["name"] if m["name"] in self.players else self.player(text[text.index(": ") + 2 :], m["name"])
            self.results.append((line, text, name, self.amount(m["stack"], line)))
            return
        bounty = m["bounty"]
        seat = Seat(
            whole_number(m["seat"]), m["name"], self.amount(m["stack"], line), source, bounty, m["away"] is not None
        )
        self.seats.append(seat)
        self.players[seat.player] = seat.seat
        self.by_length = []  # (sorted again when a name is looked up)

    def dead_after(self, index: int) -> tuple[re.Match[str], int] | None:
        """A returning player's `posts $2` followed by their `posts $1 dead`: the dead line's match and line."""
        m = self.tokens[index][3]
        if m["what"] is not None or m["dead"] is not None or index + 1 >= len(self.tokens):
            return None
        kind, line, _, after = self.tokens[index + 1]
        if kind == "POST" and after["dead"] is not None and after["what"] is None and after["name"] == m["name"]:
            return after, line
        return None

    def post_line(
        self, m: re.Match[str], line: int, text: str, source: Source, dead: tuple[re.Match[str], int] | None
    ) -> None:
        name = self.player(text, m["name"])
        chips = self.amount(m["amount"], line)
        all_in = m["all_in"] is not None
        what = m["what"]
        dead_part = 0
        if dead is not None:
            kind = ActionKind.POST_SMALL_AND_BIG_BLIND
            dead_part = self.amount(dead[0]["amount"], dead[1])
            chips += dead_part
            all_in = all_in or dead[0]["all_in"] is not None
            source = Source(self.path, line, dead[1])
        elif m["dead"] is not None:
            kind = ActionKind.POST_DEAD
            dead_part = chips
        elif what is None:
            kind = ActionKind.POST_BIG_BLIND  # a new player's big blind
        else:
            kind = POSTS[what]
        to = self.post(kind, name, chips)
        self.put_in[name] = self.put_in.get(name, 0) + chips
        if dead_part:
            self.dead[name] = self.dead.get(name, 0) + dead_part
        self.actions.append(
            Action(self.street, name, self.players.get(name), kind, chips, source, to, all_in, False, None, None, line)
        )

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        kind = VERBS[m["verb"]]
        if m["amount"] is not None:
            added, to, increment = self.wager(kind, name, self.amount(m["amount"], line), None, True)
        else:
            added, to, increment = 0, None, None
        self.put_in[name] = self.put_in.get(name, 0) + added
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                kind,
                added,
                source,
                to,
                m["all_in"] is not None,
                False,
                None,
                increment,
                line,
            )
        )

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        street = BOARD_STREETS[kind]
        new, _ = self.cards(m["cards"], line, text)
        self.street = street
        self.new_round()
        self.board = self.board + new
        self.streets.append(StreetDeal(street, 0, self.board, new, source, False, line))

    def show_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        cards, whole = self.cards(m["cards"], line, text)
        if kind == "FOLDS_SHOWS":
            self.actions.append(
                Action(self.street, name, self.players.get(name), ActionKind.FOLD, 0, source, None, order=line)
            )
        self.shows.append((name, cards, whole and kind == "SHOWS", source, line))

    def wins_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        side = m["pot"] or m["tie_pot"]
        index = whole_number(side) if side else 0
        pot_text = f"side pot #{side}" if side else "pot"
        half = HALVES.get(m["half"] or "")
        self.collected.append(Collected(name, self.amount(m["amount"], line), index, pot_text, 0, source, half))
        if m["limited_from"] is not None:
            self.events.append(Event("disconnection-protection-limit", text, Street.SHOWDOWN, source, name))

    # ---- pots and cross-checks ------------------------------------------------------------------------
    def live(self) -> dict[str, int]:
        """Each player's stake so far: what they put in, less dead blind money and what went back."""
        dead, returned = self.dead, self.returned
        return {name: paid - dead.get(name, 0) - returned.get(name, 0) for name, paid in self.put_in.items()}

    def chips_in(self) -> int:
        """The pot so far: the chips put in, less what went back (printed, or the uncalled excess of the largest
        live contribution: dead blinds are no stake)."""
        return sum(self.put_in.values()) - sum(self.returned.values()) - uncalled_excess(self.live())[1]

    def pot_line(self, m: re.Match[str], line: int, text: str, same_group: bool) -> None:
        chips = self.amount(m["amount"], line)
        if same_group and self.pot_groups:
            self.pot_groups[-1][3].append(chips)
        else:
            self.pot_groups.append((line, text, self.chips_in(), [chips]))

    def cross_check(self) -> None:
        """Every `Pot sizes:` group before the last adds up to the chips in the pot by then (the last is the
        hand's pots, which the audit compares with the pots the contributions make), and every closing seat line
        is the player's stack before, less what they put in, plus what went back and what they collected. A line
        that disagrees contradicts the hand (the room's error); only the lines before the first line not read
        are checked (the chips of a line not read are not known)."""
        money = self.unit.format
        unread = min((defect.line for defect in self.defects if defect.not_read), default=self.block.last_line + 1)
        for line, text, chips, pots in self.pot_groups[:-1]:  # (the last is the hand's pots: OA402 judges them)
            if sum(pots) != chips and line < unread:
                reason = f"the pots add up to {money(sum(pots))}; the chips put in by then make {money(chips)}"
                self.defects.append(Defect(line, text, reason, inconsistent=True))
        excess = uncalled_excess(self.live())
        got: dict[str, int] = {}
        for item in self.collected:
            got[item.player] = got.get(item.player, 0) + item.amount
        before = {seat.player: seat.stack for seat in self.seats}
        for line, text, name, stack in self.results:
            if line > unread:
                break
            if name not in before:
                reason = "a seat at the end that was not seated at the start"
                self.defects.append(Defect(line, text, reason, inconsistent=True))
                continue
            back = self.returned.get(name, 0) + (excess[1] if excess[0] == name else 0)
            expected = before[name] - self.put_in.get(name, 0) + back + got.get(name, 0)
            if stack != expected:
                reason = f"the stack after the hand is {money(expected)} by the hand's lines, not {money(stack)}"
                self.defects.append(Defect(line, text, reason, inconsistent=True))

    # ---- the result ---------------------------------------------------------------------------------
    def pot_summary(self) -> PotSummary | None:
        rake = sum(self.rakes.values())
        if self.pot_groups:
            line, _, _, pots = self.pot_groups[-1]
            net = [amount - self.rakes.get(number, 0) for number, amount in enumerate(pots, 1)]
            for number, (rake_line, rake_text) in self.rake_lines.items():
                if number > len(pots):
                    reason = f"rake taken from pot {number}, which is not printed"
                    self.defects.append(Defect(rake_line, rake_text, reason, inconsistent=True))
            return PotSummary(None, rake, net[0], tuple(net[1:]), self.src(line), PotBasis.GROSS, PotBasis.NET)
        if self.rake_source is not None:
            return PotSummary(None, rake, None, (), self.rake_source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        return None

    def finish(self) -> Hand:
        for name, cards, whole, source, line in self.shows:
            words = self.descriptions.get(name) if whole else None
            description = "; ".join(words) if words else None
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, description, 0, source, line))
        for kind, line, text, m in self.ignored:
            self.events.append(Event(event_kind(kind), text, Street.BLINDS, self.src(line), m["name"]))
        table = self.fields.get("TABLE")
        table_name = table["table"] if table is not None else ""
        table_id = table["table_id"] if table is not None else ""
        tournament = None
        if self.fields["TABLE_TYPE"]["kind"] == "TOURNAMENT":
            found = _TOURNAMENT.search(table_name)
            tournament = Tournament(found["id"] if found else "", "", None)
        pot = self.pot_summary()
        refunds = Refunds.LINE if self.uncalled else Refunds.IMPLIED
        game_text = f"{self.fields['GAME_TYPE']['game']} {self.fields['LIMIT_TYPE']['limit']}"
        events = sorted(self.events, key=lambda event: event.source.line)
        return Hand(
            room="pkr",
            format=self.reader.format,
            hand_id=self.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.game,
            game_text=game_text,
            structure=self.structure,
            unit=self.unit,
            stakes=self.stakes,
            started=None,
            started_local=self.fields["STARTED"]["started"],
            table=table_name,
            table_id=table_id,
            max_seats=None,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(events),
            pot=pot,
            boards=(self.board,) if self.board else (),
            summary_seats=(),
            fees=(),
            refunds=refunds,
            tournament=tournament,
            hero=self.hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )


_HEADER_LINES: Final = frozenset(
    {"TABLE", "STARTING", "STARTED", "GAME_TYPE", "LIMIT_TYPE", "TABLE_TYPE", "MONEY_TYPE", "BLINDS"}
)
