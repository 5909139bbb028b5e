"""Read an OnGame hand block into the hand model (ROOMS.md section 13).

The text is not PokerStars-like, so the builder is this module's own, but the parse kit does the rest: the
line lexer classifies every line with the terminals of grammar/ongame.lark, Lark's LALR table checks their
order, and the ledger (parse/ledger.py) turns the printed numbers into chips added and street totals.

What the text means, and how the reader gives it to the model:

- `raises $25.00 to $30.00`: the first number is the chips the raise adds, the second the street total
  (a big blind of $5 raising to $30 adds $25); calls and bets print the chips they add;
- the blinds come from the posts, not from the table line's pair (see header.py): an equal-blind table's
  small-blind seat posts a `big blind` the size of the big blind, and its blinds are that amount twice;
- no line returns an uncalled bet (Refunds.IMPLIED): the excess is simply left out of the pots and awards;
- the summary: `Main pot: $520.00 won by A ($259.50), A ($259.50)` and `Side pot 1: ...` are each pot
  before the rake, with one share per winner and half (`(125 High)`, `(125 Low)` in tournaments; the cash
  tables list hi/lo shares without a word), `Rake taken: $1` the rake of the hand; the seat lines give each
  stack after the hand, its net, and the cards shown (the only place the text shows them: they become the
  showdown) with, for some games, an upper-case description (`(TWO_PAIR KING, SEVEN)`);
- the seat lines are cross-checked as the hand is read: the printed net must be what the player collected
  less what they put in (their uncalled excess given back), and the stack after the hand the stack before
  plus the net; a line that disagrees is a defect;
- a street line printed twice with the same cards (the flop again after the last bet of a fixed-limit hand
  was not called, when the rest is dealt out to an all-in player) is kept as an event, not dealt twice;
- seven-card stud (`Dealing 4th street` ... `Dealing river`) and five-card draw (the draw starts at the first
  `changed N cards` line) are read, not replayed.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    STUD_GAMES,
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
    Tournament,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.ledger import ADDED, Ledger
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.amounts import FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card, split_cards
from omaha_audit.rooms.kit.reader import crashed, unknown_lines
from omaha_audit.rooms.ongame.header import GAMES, STRUCTURES, blinds_from_posts, started_at, unit_for
from omaha_audit.rooms.ongame.summary import shares, uncalled_excess

POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "dead blind": ActionKind.POST_DEAD,
    "small & big blind": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
STUD_STREETS: Final = {
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
}
_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP


_CACHE_LIMIT: Final = 20_000  # distinct amount texts remembered


class AmountError(ValueError):
    """An amount of the hand not read, at `line`: that line is not read (a defect), the rest of the hand
    is; `finer` when it has more decimal places than the unit the reader took (tournament chips with
    decimals: the hand is read again in hundredths)."""

    def __init__(self, reason: str, line: int, finer: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.finer = finer


class StakesError(AmountError):
    """The table line's stakes not read: the hand cannot be read without them."""


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


class OnGameReader:
    """Reads OnGame hand blocks. Build once (compiles grammar/ongame.lark), use for many hands."""

    format = "ongame"

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("ongame"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)
        self.amounts: dict[int, dict[str, int]] = {}  # per number of decimals: text -> units (they repeat)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, _, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not `***** History for hand`")
        hand_id = tokens[0][3]["hand_id"]
        types = [token[0] for token in tokens]
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and "SUMMARY_END" not in types:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                return unreadable(block, line, reason, hand_id)
        if types[1:3] != ["STARTED", "TABLE"]:
            return unreadable(block, block.last_line, "the hand is cut off before its table line", hand_id)
        defects = unknown_lines(unknown, block, truncated)
        for decimals in (None, 2):
            try:
                return OnGameBuilder(self, block, tokens, defects, truncated, decimals).build()
            except AmountError as error:  # (the table line's stakes not read, or chips with decimals)
                if decimals is None and error.finer and tokens[2][3]["money"] in ("TC", "Chips"):
                    continue  # tournament chips with decimals: read again in hundredths
                return unreadable(block, error.line, error.reason, hand_id)
        raise AssertionError("unreachable")


class OnGameBuilder(Ledger):
    """Turns one hand's tokens into a Hand; the builder is the hand's ledger of street totals."""

    def __init__(
        self,
        reader: OnGameReader,
        block: Block,
        tokens: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int | None,
    ) -> None:
        super().__init__(ADDED, ADDED)
        self.reader = reader
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.defects = defects
        self.truncated = truncated
        header = tokens[0][3]
        self.hand_id: str = header["hand_id"]
        self.tournament_id = header["tournament_id"]
        self.is_tournament = self.hand_id.startswith("T")
        table = tokens[2][3]
        self.table = table
        self.game = GAMES.get(table["game"], Game.OTHER)
        self.structure = STRUCTURES[table["limit"]]
        rake = next((m["rake"] for kind, _, _, m in tokens if kind == "SUMMARY_RAKE"), None)
        self.unit: Unit = unit_for(table["money"], table["low"], rake, decimals)
        self.amount_cache = reader.amounts.setdefault(self.unit.decimals, {})
        self.players: dict[str, int] = {}
        self.by_length: list[str] = []
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.events: list[Event] = []
        self.pots: list[int] = []
        self.pot_source: Source | None = None
        self.rake: int | None = None
        self.results: list[tuple[int, str, str, int, int | None]] = []  # (line, text, name, stack after, net)
        self.board: tuple[Card, ...] = ()
        self.dead: dict[str, int] = {}  # dead blind money by player: it buys no stake, and is never returned
        self.hole: dict[str, list[Card]] = {}  # stud: each player's cards seen so far
        self.street = _BLINDS
        self.hero: str | None = None
        self.button: int | None = None
        self.max_seats: int | None = None
        self.stakes = Stakes(None, None)
        self.small_seat_blind = -1  # found at the first post, once the seats and the button are read
        self.merged = 0  # the line of a dead blind already read with the big blind before it
        self.unread: set[str] = set()  # the players of lines not read (their results are not cross-checked)
        self.unread_all = bool(defects)  # a line not read that may touch anyone's result (any unknown line)
        self.cards_not_read = bool(defects)  # (a line the grammar does not know may hold any card)

    # ---- helpers ------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        if not text:
            return 0
        known = self.amount_cache.get(text)
        if known is not None:
            return known
        try:
            value = read_amount(text, self.unit.decimals, suffixes=True)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line, isinstance(error, FinerThanUnit)) from None
        if len(self.amount_cache) < _CACHE_LIMIT:
            self.amount_cache[text] = value
        return value

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        """`6h, 3s, 8s, 4s`; a stud card the hero does not see (`-`) is left out, and a token that is no card
        (its line reported as not read)."""
        found: list[Card] = []
        for part in split_cards(text or ""):
            if part == "-":
                continue
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, str(error)))
                self.cards_not_read = True
        return tuple(found)

    def player(self, text: str, guess: str) -> str:
        """The seated player a line names (names may hold spaces: `KREST 78 calls 120`)."""
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
        self.stakes = self.read_stakes()
        self.nominal_big_blind = self.stakes.big_blind or self.stakes.small_bet or 0
        for index in range(1, len(self.tokens)):
            _, line, text, m = self.tokens[index]
            try:
                self.read_line(index)
            except StakesError:
                raise
            except AmountError as error:
                if error.finer and self.unit.decimals == 0:
                    raise  # tournament chips with decimals: the reader reads the hand again in hundredths
                # the line not read (nothing of it kept; a big blind and the dead blind after it, read as one
                # post, both), the rest of the hand read
                self.defects.append(Defect(line, text, error.reason))
                name = m.groupdict().get("name")
                if name is None:
                    self.unread_all = True  # (a pot or a rake not read: anyone's result may be off)
                else:
                    self.unread.add(self.player(text, name))
        if not self.truncated:
            self.check_results()
        return self.finish()

    def read_line(self, index: int) -> None:
        """Read one line into the hand; each kind reads its amounts before it changes the hand."""
        kind, line, text, m = self.tokens[index]
        source = self.src(line)
        if kind == "ACTION":
            self.action_line(m, line, text, source)
        elif kind == "POST" and line != self.merged:
            if self.small_seat_blind < 0:
                self.small_seat_blind = self.small_seat_big_blind()
            dead = self.dead_blind_after(index)
            if dead is not None:
                self.merged = dead[1]
            self.post_line(kind, m, line, text, source, line == self.small_seat_blind, dead)
        elif kind == "BRING_IN":
            self.post_line(kind, m, line, text, source)
        elif kind == "SEAT":
            seat = Seat(whole_number(m["seat"]), m["name"], self.amount(m["stack"], line), source)
            self.seats.append(seat)
            self.players[seat.player] = seat.seat
            self.by_length = []  # (sorted again when a name is looked up)
        elif kind == "DEALT" or kind == "NEW_HAND":
            self.dealt_line(kind, m, line, text, source)
        elif kind in BOARD_STREETS:
            self.board_line(kind, m, line, text, source)
        elif kind == "STUD_STREET":
            self.street = STUD_STREETS[m["street"]]
            self.new_round()
        elif kind == "DISCARD":
            self.discard_line(m, line, text, source)
        elif kind == "DEALING":
            self.street = Street.THIRD if self.game in STUD_GAMES else _PREFLOP
        elif kind == "TABLE" and m["speed"]:
            self.events.append(Event("speed-table", text, _BLINDS, source))
        elif kind == "USER":
            self.hero = m["name"]
        elif kind == "BUTTON":
            self.button = whole_number(m["button"])
        elif kind == "PLAYERS":
            self.max_seats = whole_number(m["max_seats"]) if m["max_seats"] else None
        elif kind == "SUMMARY":
            self.street = Street.SUMMARY
        elif kind == "SUMMARY_POT":
            self.pot_line(m, line, text, source)
        elif kind == "SUMMARY_RAKE":
            self.rake = self.amount(m["rake"], line)
            self.pot_source = self.pot_source or source
        elif kind == "SUMMARY_SEAT":
            self.seat_result(m, line, text, source)
        elif kind == "SUMMARY_END" and m["hand_id"] != self.hand_id:
            reason = f"the end line names another hand than {self.hand_id}"
            self.defects.append(Defect(line, text, reason, inconsistent=True))

    def read_stakes(self) -> Stakes:
        table, line = self.table, self.tokens[2][1]
        small: list[int] = []
        big: list[int] = []
        for kind, post_line, _, m in self.tokens:
            if kind == "POST" and not m["all_in"] and m["what"] in ("small blind", "big blind"):
                try:
                    chips = self.amount(m["amount"], post_line)
                except AmountError as error:
                    if error.finer and self.unit.decimals == 0:
                        raise
                    continue  # (the post's line is not read: reported when it is read in turn)
                (small if m["what"] == "small blind" else big).append(chips)
        try:
            ante = self.amount(table["ante"], line) if table["ante"] else None
            low, high = self.amount(table["low"], line), self.amount(table["high"], line)
        except AmountError as error:
            raise StakesError(f"the table line's stakes: {error.reason}", line, error.finer) from None
        return blinds_from_posts(self.structure, low, high, ante, small, big)

    def small_seat_big_blind(self) -> int:
        """The line of a `big blind` the small blind's seat posts at an equal-blind table (no `small blind`
        line; the first seat after the button and the next each post a big blind): the small blind,
        posted at the big blind's size. 0 when the hand has none."""
        posts = [(line, m) for kind, line, _, m in self.tokens if kind == "POST"]
        if any(m["what"] == "small blind" for _, m in posts) or self.button is None:
            return 0
        big = [(line, m["name"]) for line, m in posts if m["what"] == "big blind"]
        if len(big) < 2 or any(m["what"] == "dead blind" and m["name"] == big[0][1] for _, m in posts):
            return 0
        seats = sorted(seat.seat for seat in self.seats)
        after = [seat for seat in seats if seat > self.button] + [seat for seat in seats if seat <= self.button]
        first, second = self.players.get(big[0][1]), self.players.get(big[1][1])
        return big[0][0] if len(after) > 2 and (first, second) == (after[0], after[1]) else 0

    def dead_blind_after(self, index: int) -> tuple[re.Match[str], int] | None:
        """A returning player's `posts big blind` followed by their `posts dead blind`: the missed small blind,
        dead, beside a live big blind (PokerStars' `posts small & big blinds`); the dead line's match and line."""
        m = self.tokens[index][3]
        if m["what"] != "big blind" or index + 1 >= len(self.tokens):
            return None
        kind, line, _, after = self.tokens[index + 1]
        if kind == "POST" and after["what"] == "dead blind" and after["name"] == m["name"]:
            return after, line
        return None

    def post_line(
        self,
        kind: str,
        m: re.Match[str],
        line: int,
        text: str,
        source: Source,
        small_seat: bool = False,
        dead: tuple[re.Match[str], int] | None = None,
    ) -> None:
        name = self.player(text, m["name"])
        chips = self.amount(m["amount"], line)
        all_in = m["all_in"] is not None
        if kind == "BRING_IN":
            action_kind = ActionKind.BRING_IN
        elif small_seat:
            action_kind = ActionKind.POST_SMALL_BLIND
        elif dead is not None:
            action_kind = ActionKind.POST_SMALL_AND_BIG_BLIND
            chips += self.amount(dead[0]["amount"], dead[1])
            all_in = all_in or dead[0]["all_in"] is not None
            source = Source(self.path, line, dead[1])
        else:
            action_kind = POSTS[m["what"]]
            if action_kind is ActionKind.POST_ANTE and not all_in:
                # OnGame never marks an ante all in: one that takes the player's whole stack is
                stack = next((seat.stack for seat in self.seats if seat.player == name), None)
                all_in = stack == chips and not any(action.player == name for action in self.actions)
        to = self.post(action_kind, name, chips)
        if action_kind is ActionKind.POST_DEAD:
            self.dead[name] = self.dead.get(name, 0) + chips
        elif action_kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            self.dead[name] = self.dead.get(name, 0) + chips - min(chips, self.nominal_big_blind or chips)
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                action_kind,
                chips,
                source,
                to,
                all_in,
                False,
                None,
                None,
                line,
            )
        )

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        kind = VERBS[m["verb"]]
        paid, raise_to = m["amount"], m["raise_to"]
        if paid or raise_to:
            first = self.amount(paid, line)
            total = self.amount(raise_to, line) if raise_to else None
            added, to, increment = self.wager(kind, name, first, total, paid is not None)
        else:
            added, to, increment = 0, None, None
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

    def discard_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Hero changed 2 cards`: the first one starts the draw (five-card draw has one)."""
        if self.street is not Street.DRAW1:
            self.street = Street.DRAW1
            self.new_round()
        name = self.player(text, m["name"])
        count = whole_number(m["discarded"])
        kind = ActionKind.DISCARD if count else ActionKind.STAND_PAT
        self.actions.append(
            Action(self.street, name, self.players.get(name), kind, 0, source, discarded=count, order=line)
        )

    def dealt_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        cards = self.cards(m["cards"], line, text)
        if kind == "NEW_HAND" or self.game not in STUD_GAMES:
            self.dealt.append(DealtCards(name, cards, source))
            return
        before = self.hole.setdefault(name, [])
        if before:
            self.dealt.append(DealtCards(name, tuple(before), source, cards))
        else:
            self.dealt.append(DealtCards(name, cards, source))
        before.extend(cards)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        street = BOARD_STREETS[kind]
        new = self.cards(m["cards"], line, text)
        previous = next((deal for deal in reversed(self.streets) if deal.street is street), None)
        if previous is not None:
            if previous.new_cards == new:
                self.events.append(Event("street-repeated", text, street, source))
            elif not self.cards_not_read:  # (a card not read is said once, by its own line)
                reason = f"the {kind.lower()} is dealt again with other cards"
                self.defects.append(Defect(line, text, reason, inconsistent=True))
            return
        self.street = street
        self.new_round()
        self.board = self.board + new
        self.streets.append(StreetDeal(street, 0, self.board, new, source, False, line))

    def pot_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Main pot: $520.00 won by A ($259.50), A ($259.50)`: the pot before the rake and its shares."""
        index = whole_number(m["side"]) if m["side"] else 0
        pot = self.amount(m["amount"], line)  # (every amount of the line read before any is kept)
        found = shares(m["winners"])
        paid = [(self.player(name + " ", name), self.amount(amount, line), half) for name, amount, half in found or ()]
        if index != len(self.pots):
            reason = "the pots are not listed main pot first, then side pots in order"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        self.pots.append(pot)
        if self.pot_source is None:
            self.pot_source = source
        if found is None:
            self.defects.append(Defect(line, text, "the winners of the pot cannot be read"))
            self.unread_all = True
            return
        for name, chips, half in paid:
            self.collected.append(Collected(name, chips, index, m["pot"], 0, source, half))

    def seat_result(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Seat 1: A ($591.00), net: +$259.00, [Ad, Js, 7d, Ah]`: the stack after the hand, the net and the
        cards shown at the showdown."""
        name = m["name"]
        if name not in self.players:
            name = self.player(text[text.index(": ") + 2 :], name)
        stack = self.amount(m["stack"], line)
        net: int | None = None
        if m["net"] is not None:
            net = self.amount(m["net"], line)
            if m["sign"] == "-":
                net = -net
        self.results.append((line, text, name, stack, net))
        if m["cards"] is not None:
            cards = self.cards(m["cards"], line, text)
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, m["description"], 0, source, line))

    # ---- cross-checks ----------------------------------------------------------------------------------
    def check_results(self) -> None:
        """Each seat line's net is what the player collected less what they put in (the uncalled excess of
        the largest contribution given back: dead blinds are no stake, antes are), and its stack the stack
        before plus the net."""
        put_in: dict[str, int] = {}
        for action in self.actions:
            put_in[action.player] = put_in.get(action.player, 0) + action.amount
        got: dict[str, int] = {}
        for item in self.collected:
            got[item.player] = got.get(item.player, 0) + item.amount
        returned = uncalled_excess({name: paid - self.dead.get(name, 0) for name, paid in put_in.items()})
        before = {seat.player: seat.stack for seat in self.seats}
        money = self.unit.format
        if self.unread_all:
            return  # (a line not read may be any player's: no result is checked against the lines)
        if self.unread:  # (whose uncalled excess it is depends on every player's lines)
            returned = ("", 0) if returned[0] in self.unread else returned
        for line, text, name, stack, net in self.results:
            if name in self.unread:
                continue  # (a line of the player's not read: said once, there)
            expected = got.get(name, 0) - put_in.get(name, 0) + (returned[1] if returned[0] == name else 0)
            printed = net or 0
            if printed != expected:  # (a seat line without `net:` did not play: its net is nothing)
                reason = (
                    f"the net is {money(expected)} by the hand's lines (collected less put in), not {money(net or 0)}"
                )
                self.defects.append(Defect(line, text, reason, inconsistent=True))
            elif name in before and stack != before[name] + printed:
                reason = f"the stack after the hand is {money(before[name] + printed)} (the stack before plus the net)"
                self.defects.append(Defect(line, text, reason, inconsistent=True))

    # ---- the result ---------------------------------------------------------------------------------
    def finish(self) -> Hand:
        tournament = None
        if self.is_tournament:
            header = self.tokens[0][3]
            name = header["tournament_name"]
            buy_in = header["buy_in"] or ""
            tournament = Tournament(self.tournament_id or "", f"{name}: {buy_in}" if name else buy_in, None)
        pot: PotSummary | None = None
        if self.pot_source is not None:
            main = self.pots[0] if self.pots else None
            pot = PotSummary(
                None,
                self.rake,
                main,
                tuple(self.pots[1:]),
                self.pot_source,
                PotBasis.GROSS,
                PotBasis.GROSS,
                PotBasis.NET,
            )
        table = self.table
        game_text = f"{table['limit']} {table['game']}"
        started_local = self.tokens[1][3]["started"]
        hero = self.hero if any(d.player == self.hero and d.cards for d in self.dealt) else None
        return Hand(
            room="ongame",
            format=self.reader.format,
            hand_id=self.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.game,
            game_text=game_text,
            structure=self.structure,
            unit=self.unit,
            stakes=self.stakes,
            started=started_at(started_local),
            started_local=started_local,
            table=table["table"],
            table_id=table["table_id"],
            max_seats=self.max_seats,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(self.collected),
            uncalled=(),
            cash_outs=(),
            events=tuple(self.events),
            pot=pot,
            boards=(self.board,) if self.board else (),
            summary_seats=(),
            fees=(),
            refunds=Refunds.IMPLIED,
            tournament=tournament,
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )
