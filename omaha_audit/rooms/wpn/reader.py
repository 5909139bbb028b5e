"""Read the Winning Poker Network's old text (2014-2018) into the hand model (ROOMS.md section 7).

The text is not PokerStars-like, so this is a reader of its own, but it reuses the parse kit: the line
lexer classifies every line with the terminals of grammar/wpn.lark and Lark's LALR table checks their
order (omaha_audit/parse), as the PokerStars family does; this module only turns the tokens into the model.

What the text means, and how the reader gives it to the model:

- the header never names the limit: fixed limit when the posted big blind equals the header's first
  number (the pair is then the small and big bet: `40/80` posts 20 and 40), else Omaha is pot limit and
  Hold'em no limit, as fpdb decides; seven-card stud is fixed limit. An Omaha hand whose bets go beyond the
  pot limit (`PLO8-6max-USD-3-6-201701`: an all-in of $402.40 into $33) was dealt no limit: it is read so
  (an event says the limit was inferred), rather than blamed for an overbet the software would not allow;
- `raises (80)`, `calls (60)`, `bets (40)`, `allin (124)`, `caps (253.88)` print the chips the line adds;
  `caps` takes a player to the table's cap (CAP tables: 30 big blinds a hand, as the capped hand shows:
  20 + 26.12 + 253.88 = 300 at $5/$10), and any line that brings a player's hand total to the cap is
  marked `cap_reached` (treated as all in, MR-6). `allin` with no amount after `is disconnected and ALL IN.`
  is the disconnected player kept in the hand without calling: a check with `cap_reached` (all in);
- one line per hole card: `received card: [2d]` (the hero's, and stud's up cards), `received a card.`;
- the summary line of every player carries the awards: `Collects: 198.50` is what the player got over all
  pots (the model's collected amount, in the main pot's place: the text does not say which pot paid it),
  `Bets: 80` what they put in after the uncalled bet; `Collects - Bets = Wins/Loses` is checked (a line
  that disagrees becomes a defect). `Pot: 477. Rake 2.76. JP fee 0.24` is net of the rake and the
  jackpot fee. Tournament hands print no rake (`Pot: 490`), and their table is `<name>, Table <n>`;
- stud's first betting round has no marker and `*** Third street ***` is the round after the fourth card:
  Third, Fourth, Fifth, Sixth street are the model's fourth to seventh streets;
- text after `Game ended at:` (the U+FFFD lines of the damaged fpdb-3 copies) is reported as a defect;
- amounts are read by the reading kit, the text deciding the decimal mark: one in no number style makes its
  line a line not read (the line's post, bet or result left out, the rest of the hand read), a tournament's
  chips with decimals make the reader read the hand again in hundredths, and stakes not read make the hand
  unreadable; cards are read by the kit too (`10d` is the ten of diamonds).
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Fee,
    FeeEffect,
    FeeKind,
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
    SummarySeat,
    Tournament,
    UncalledReturn,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.ledger import reach_cap
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.amounts import AmountError, FinerThanUnit, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.events import event_kind
from omaha_audit.rooms.kit.reader import crashed

GAMES: Final = {
    "Hold'em": Game.HOLDEM,
    "Six Plus Hold'em": Game.SIX_PLUS_HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha HiLow": Game.OMAHA_HI_LO,
    "Seven Cards Stud": Game.STUD,
    "Seven Cards Stud HiLow": Game.STUD_HI_LO,
}
_STUD: Final = (Game.STUD, Game.STUD_HI_LO)
BOARD_STREETS: Final = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
# WPN names stud's rounds after the one before: `Third street` is the round of the fourth card.
STUD_STREETS: Final = {
    "Third": Street.FOURTH,
    "Fourth": Street.FIFTH,
    "Fifth": Street.SIXTH,
    "Sixth": Street.SEVENTH,
    "Seventh": Street.SEVENTH,
}
VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
LIVE_POSTS: Final = frozenset(
    {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE, ActionKind.BRING_IN}
)
_WAGERS: Final = (ActionKind.BET, ActionKind.RAISE)
CAP_BIG_BLINDS: Final = 30  # WPN's CAP tables: at most 30 big blinds a hand
_TOURNAMENT_TABLE: Final = re.compile(r"(?P<name>.*), Table (?P<number>\d+)")
# a CAP table's name: `Mauilite (PRR) - CAP - 6-Max - 3`, `Bahamut (Cap) - 5`, and the tag among others in
# brackets (`(Cap, JP)`, as `(Short, JP)` is written)
_CAP_TABLE: Final = re.compile(r"\bCAP\b|\((?:[^()]*, ?)?Cap(?:, ?[^()]*)?\)")
_PLAY_MONEY: Final = "PM "


class WpnReader:
    """Reads the old WPN hand blocks. Build once (compiles grammar/wpn.lark), use for many hands."""

    format = "wpn"

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("wpn"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error, _hand_id_of(block))

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "STARTED":
            return unreadable(block, block.first_line, "the first line is not `Game started at:`")
        types = [token[0] for token in tokens]
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and "SUMMARY" not in types:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                if rejection.at >= len(tokens):
                    reason = "the hand ends without its summary lines"
                return unreadable(block, line, reason, _hand_id(tokens))
        if len(tokens) < 2 or tokens[1][0] != "GAME_ID":
            return unreadable(block, tokens[0][1], "no `Game ID:` line after the start time")
        ended = next((line for kind, line, _, _ in tokens if kind == "SUMMARY_ENDED"), 0)
        defects = [
            Defect(
                line,
                text,
                "text after the end of the hand"
                if ended and line > ended
                else ("line cut off" if truncated and line == block.last_line else "unreadable line"),
            )
            for line, text in unknown
        ]
        for decimals in (None, 2):
            try:
                return WpnBuilder(self, block, tokens, ignored, defects, truncated, decimals).build()
            except ChipsWithDecimals:
                continue  # tournament chips with decimals: read again in hundredths
            except StakesNotRead as error:
                return unreadable(block, tokens[1][1], f"header stakes: {error}", _hand_id(tokens))
        raise AssertionError("unreachable")


class ChipsWithDecimals(Exception):
    """A tournament's chips printed with decimals: the hand is read again in hundredths."""


class StakesNotRead(Exception):
    """The `Game ID:` line's stakes fit no number style: the hand cannot be judged."""


_GAME_ID: Final = re.compile(r"Game ID: (\d+) ")


def _hand_id_of(block: Block) -> str | None:
    """The hand's number from its `Game ID:` line, for a block the reader failed on."""
    for text in block.lines[:3]:
        found = _GAME_ID.match(text)
        if found is not None:
            return found.group(1)
    return None


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


def _hand_id(tokens: list[LineToken]) -> str | None:
    for kind, _, _, m in tokens[:3]:
        if kind == "GAME_ID":
            return m["hand_id"]
    return None


class WpnBuilder:
    """Turns one hand's tokens into a Hand, keeping each player's street total and hand total."""

    def __init__(
        self,
        reader: WpnReader,
        block: Block,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int | None,
    ) -> None:
        self.reader = reader
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.ignored = ignored
        self.defects = list(defects)
        self.truncated = truncated
        header = tokens[1][3]
        self.hand_id = header["hand_id"]
        self.table_text = header["table"] or ""
        self.game_text = header["game"]
        self.game = GAMES[self.game_text]
        self.max_seats = whole_number(header["max_seats"]) if header["max_seats"] else None
        pot_token = next((m for kind, _, _, m in tokens if kind == "SUMMARY_POT"), None)
        table = _TOURNAMENT_TABLE.fullmatch(self.table_text)
        # tournaments: `<name>, Table <n>`, or a pot line with no rake (every cash hand prints `Rake`)
        self.tournament_table = table
        self.is_tournament = table is not None or (pot_token is not None and pot_token["rake"] is None)
        if self.table_text.startswith(_PLAY_MONEY):
            self.unit = Unit("play", 2)
        elif self.is_tournament:
            self.unit = Unit("chips", 0 if decimals is None else decimals)
        else:
            self.unit = Unit("USD", 2)
        self.retry_finer = decimals is None and self.unit.decimals == 0  # chips: hundredths may follow
        try:
            self.low = self.amount(header["low"], tokens[1][1])
            self.high = self.amount(header["high"], tokens[1][1])
        except AmountError as error:
            raise StakesNotRead(str(error)) from None
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
        self.summary_seats: list[SummarySeat] = []
        self.fees: list[Fee] = []
        self.boards: tuple[tuple[Card, ...], ...] = ()
        self.pot: PotSummary | None = None
        self.button: int | None = None
        self.street = Street.BLINDS
        # the ledger
        self.street_bets: dict[str, int] = {}
        self.high_bet = 0
        # hole cards seen per player on the current street: (first line, cards before, cards now)
        self.cards_seen: dict[str, list[Card]] = {}
        self.street_cards: dict[str, tuple[int, tuple[Card, ...], list[Card]]] = {}

    # ---- helpers ------------------------------------------------------------------------------------
    def src(self, line: int) -> Source:
        return Source(self.path, line, line)

    def amount(self, text: str | None, line: int) -> int:
        """An amount of a line (`2872.50`, `20`), read by the kit; raises AmountError (the line is then not
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
        """`[9h 10d 7c]`, `[2d]`; a token that is no card is a defect of the line, left out."""
        found: list[Card] = []
        for part in (text or "").split():
            try:
                found.append(read_card(part))
            except CardError as error:
                self.defects.append(Defect(line, source_text, f"not a card: {error}"))
        return tuple(found)

    def player(self, text: str, guess: str | None) -> str:
        """The seated player a `Player <name> ...` line names (names may hold spaces and verbs)."""
        guess = guess or ""
        if guess in self.players:
            return guess
        for name in self.by_length:
            if text.startswith(f"Player {name} ") or text.startswith(f"*Player {name} "):
                return name
        return guess

    # ---- the hand -----------------------------------------------------------------------------------
    def build(self) -> Hand:
        for kind, line, text, m in self.tokens[2:]:
            try:
                self.token(kind, line, text, m)
            except AmountError as error:  # an amount in no number style: the line is not read
                self.defects.append(Defect(line, text, str(error)))
        self.close_cards()
        return self.finish()

    def token(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """One line of the hand, into the model."""
        source = self.src(line)
        if kind == "DEALT":
            self.dealt_line(m, line, text)
        elif kind == "ACTION":
            self.action_line(m, line, text, source)
        elif kind == "POST":
            self.post_line(m, line, text, source)
        elif kind == "SEAT":
            self.seat_line(m, line, text, source)
        elif kind == "BUTTON":
            self.button = whole_number(m["button"])
        elif kind == "STREET":
            self.street_line(m, line, text, source)
        elif kind == "STUD_STREET":
            self.new_street(STUD_STREETS[m["street"]])
        elif kind == "EMPTY_STREET":  # read whole: a street the room printed with no cards
            self.defects.append(Defect(line, text, "a street line without its cards", inconsistent=True))
        elif kind == "UNCALLED":
            returned = UncalledReturn(m["name"] or "", self.amount(m["amount"], line), self.street, source)
            self.uncalled.append(returned)
        elif kind == "SUMMARY":
            self.close_cards()
            self.street = Street.SUMMARY
        elif kind == "SUMMARY_POT":
            self.pot_line(m, line, source)
        elif kind == "SUMMARY_BOARD":
            self.boards = (self.cards(m["cards"], line, text),)
        elif kind == "SUMMARY_RESULT":
            self.result_line(m, line, text, source)

    def seat_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        seat = Seat(whole_number(m["seat"]), m["name"], self.amount(m["stack"], line), source)
        self.seats.append(seat)
        self.players[seat.player] = seat.seat
        self.by_length = sorted(self.players, key=len, reverse=True)
        if m["junk"]:
            reason = "line cut off" if self.truncated and line == self.block.last_line else "stray text after the seat"
            self.defects.append(Defect(line, text, reason))

    def post_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        what = m["what"]
        chips = self.amount(m["amount"], line)
        if what == "has small blind":
            kind = ActionKind.POST_SMALL_BLIND
        elif what == "has big blind":
            kind = ActionKind.POST_BIG_BLIND
        elif what == "straddle":
            kind = ActionKind.POST_STRADDLE
        elif what == "bring in":
            kind = ActionKind.BRING_IN
        elif what == "ante" or what == "posts ante":
            kind = ActionKind.POST_ANTE
        elif m["dead"]:
            kind = ActionKind.POST_DEAD  # `posts (0.25) as a dead bet`: a missed small blind, dead
        else:
            # `posts (0.50)`: a new or returning player's live blind, the big blind's or the small blind's size
            kind = ActionKind.POST_SMALL_BLIND if chips < self.high and chips <= self.low else ActionKind.POST_BIG_BLIND
        name = self.player(text, m["name"])
        if kind is ActionKind.BRING_IN and self.street is Street.BLINDS:
            self.street = Street.THIRD
        own = self.street_bets.get(name, 0)
        to = own + chips if kind in LIVE_POSTS else own
        self.put_in(name, to if kind in LIVE_POSTS else None)
        self.actions.append(
            Action(self.street, name, self.players.get(name), kind, chips, source, to, False, False, None, None, line)
        )

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        verb = m["verb"]
        own = self.street_bets.get(name, 0)
        if verb == "folds" or verb == "checks":
            self.actions.append(
                Action(self.street, name, self.players.get(name), VERBS[verb], 0, source, None, order=line)
            )
            return
        if verb == "allin" and m["amount"] is None:
            # the disconnected player kept in the hand without calling: treated as all in (nothing added)
            self.actions.append(
                Action(
                    self.street, name, self.players.get(name), ActionKind.CHECK, 0, source, None, True, True, order=line
                )
            )
            return
        chips = self.amount(m["amount"], line)
        to = own + chips
        if verb in VERBS:
            kind = VERBS[verb]
        elif to <= self.high_bet:
            kind = ActionKind.CALL
        elif self.high_bet == 0:
            kind = ActionKind.BET
        else:
            kind = ActionKind.RAISE
        self.put_in(name, to)
        capped = verb == "caps"
        self.actions.append(
            Action(
                self.street, name, self.players.get(name), kind, chips, source, to, verb == "allin", capped, order=line
            )
        )

    def put_in(self, name: str, to: int | None) -> None:
        """The ledger after a line that brings the player's street total to `to` (None: a dead post)."""
        if to is not None:
            self.street_bets[name] = to
            if to > self.high_bet:
                self.high_bet = to

    def dealt_line(self, m: re.Match[str], line: int, text: str) -> None:
        if self.street is Street.BLINDS:
            self.street = Street.THIRD if self.game in _STUD else Street.PREFLOP
        card_text = m["card"]
        if card_text is None:
            return  # `received a card.`: a card the hero does not see
        name = self.player(text, m["name"])
        cards = self.cards(card_text, line, text)
        seen = self.street_cards.get(name)
        if seen is None:
            seen = (line, tuple(self.cards_seen.get(name, [])), [])
            self.street_cards[name] = seen
        seen[2].extend(cards)
        self.cards_seen.setdefault(name, []).extend(cards)

    def close_cards(self) -> None:
        """The hole cards seen on the street that ends: one DealtCards per player (cards known before the
        street, then the street's new ones, as stud records them; flop games get theirs at once)."""
        for name, (line, before, new) in self.street_cards.items():
            source = self.src(line)
            if before:
                self.dealt.append(DealtCards(name, before, source, tuple(new)))
            else:
                self.dealt.append(DealtCards(name, tuple(new), source))
        self.street_cards = {}

    def new_street(self, street: Street) -> None:
        self.close_cards()
        self.street = street
        self.street_bets = {}
        self.high_bet = 0

    def street_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        street = BOARD_STREETS[m["street"]]
        self.new_street(street)
        old = self.cards(m["cards"], line, text)
        new_text = m["new_cards"]
        new = self.cards(new_text, line, text) if new_text is not None else old
        board = old + new if new_text is not None else old
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def pot_line(self, m: re.Match[str], line: int, source: Source) -> None:
        """`Pot: 477. Rake 2.76. JP fee 0.24`: net of the rake and the jackpot fee."""
        rake = self.amount(m["rake"], line) if m["rake"] is not None else 0
        if m["jp"] is not None:
            jackpot = self.amount(m["jp"], line)
            self.fees.append(Fee(FeeKind.JACKPOT, jackpot, FeeEffect.TAKEN, "JP fee", source))
        total = self.amount(m["total"], line)
        self.pot = PotSummary(total, rake, None, (), source, PotBasis.NET, PotBasis.NET, PotBasis.NET)

    def result_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`*Player X shows: <words> [cards]. Bets: 80. Collects: 198.50. Wins: 118.50.` and the like."""
        name = self.player(text, m["name"])
        bets = self.amount(m["bets"], line)
        collects = self.amount(m["collects"], line)
        net = self.amount(m["net"], line)
        if collects - bets != (net if m["result"] == "Wins" else -net):
            reason = "Collects less Bets is not the Wins or Loses the line prints"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        shown = m["cards"]
        mucked = m["muck_cards"]
        cards: tuple[Card, ...] = ()
        if shown is not None:
            cards = self.cards(shown, line, text)
            words = m["description"]
            if m["low"] is not None:
                words = f"{words}; low {m['low'].strip()}"
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, words, 0, source, line))
            outcome = "showed"
        elif mucked is not None:
            cards = self.cards(mucked, line, text)
            self.showdown.append(ShowdownLine(name, ShowdownKind.MUCKS, cards, None, 0, source, line))
            outcome = "mucked"
        elif m["no_show"] is None:  # `mucks (does not show cards)`: a winner not showing, or a loser mucking
            kind = ShowdownKind.DOESNT_SHOW if collects else ShowdownKind.MUCKS
            self.showdown.append(ShowdownLine(name, kind, (), None, 0, source, line))
            outcome = "collected" if collects else "mucked"
        else:
            outcome = "collected" if collects else "folded"
        if collects:
            self.collected.append(Collected(name, collects, ALL_POTS, "all pots", 0, source))
        won = (collects,) if collects else ()
        seat = self.players.get(name, 0)
        self.summary_seats.append(SummarySeat(seat, name, (), outcome, won, cards, text, source))

    # ---- the result ---------------------------------------------------------------------------------
    def stakes_and_structure(self) -> tuple[Stakes, Structure]:
        big_blind = next((a.amount for a in self.actions if a.kind is ActionKind.POST_BIG_BLIND), None)
        ante = next((a.amount for a in self.actions if a.kind is ActionKind.POST_ANTE), None)
        if self.game in _STUD or big_blind == self.low:
            return Stakes(None, None, self.low, self.high, ante), Structure.FIXED_LIMIT
        cap = CAP_BIG_BLINDS * self.high if _CAP_TABLE.search(self.table_text) else None
        structure = Structure.POT_LIMIT if self.game.is_omaha else Structure.NO_LIMIT
        return Stakes(self.low, self.high, ante=ante, cap=cap), structure

    def beyond_pot_limit(self) -> Action | None:
        """The first bet or raise above the pot limit, if any (the hand was then dealt no limit). The limit:
        the high bet, plus the pot after the player's call (RULES.md PL-1)."""
        pot = 0
        current: Street | None = None
        bets: dict[str, int] = {}
        high = 0
        for action in self.actions:
            street = Street.PREFLOP if action.street is Street.BLINDS else action.street
            if street is not current:
                current, bets, high = street, {}, 0
            to = action.raise_to
            if action.kind in _WAGERS and to is not None and to > 2 * high - bets.get(action.player, 0) + pot:
                return action
            pot += action.amount
            if to is not None:
                bets[action.player] = to
                high = max(high, to)
        return None

    def finish(self) -> Hand:
        stakes, structure = self.stakes_and_structure()
        if stakes.cap is not None:
            self.actions = reach_cap(self.actions, stakes.cap)
        if structure is Structure.POT_LIMIT:
            over = self.beyond_pot_limit()
            if over is not None:
                structure = Structure.NO_LIMIT
                note = "the header names no limit; a bet above the pot limit says the table was no limit"
                self.events.append(Event("limit-inferred", note, over.street, over.source, over.player))
        for kind, line, text, m in self.ignored:
            self.events.append(Event(event_kind(kind), text, Street.BLINDS, self.src(line), m["name"]))
        for kind, line, text, _ in self.tokens:
            if kind == "SUMMARY_ENDED":
                self.events.append(Event("game-ended", text, Street.SUMMARY, self.src(line)))
        tournament = None
        table_name = self.table_text
        table_id = self.table_text
        if self.is_tournament:
            found = self.tournament_table
            name = found["name"] if found is not None else ""
            number = found["number"] if found is not None else ""
            tournament = Tournament(name, "", None)
            table_name = number
            table_id = f"{name}/{number}"
        hero = next((d.player for d in self.dealt if len(d.cards) + len(d.new_cards) >= 2), None)
        started_local = self.tokens[0][3]["started"]
        game_text = self.game_text if structure is not Structure.FIXED_LIMIT else f"{self.game_text} (fixed limit)"
        events = sorted(self.events, key=lambda event: event.source.line)
        return Hand(
            room="wpn",
            format=self.reader.format,
            hand_id=self.hand_id,
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=self.game,
            game_text=game_text,
            structure=structure,
            unit=self.unit,
            stakes=stakes,
            started=None,
            started_local=started_local,
            table=table_name,
            table_id=table_id,
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
            events=tuple(events),
            pot=self.pot,
            boards=self.boards,
            summary_seats=tuple(self.summary_seats),
            fees=tuple(self.fees),
            refunds=Refunds.LINE,
            tournament=tournament,
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )
