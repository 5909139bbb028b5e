"""Read one 888poker hand block into the hand model (ROOMS.md section 3).

The text is 888's own ("Dealing" text, not PokerStars-like), so this reader builds the hand itself, on the
shared parse kit: the line lexer classifies every line with the terminals of grammar/888poker.lark, Lark's
LALR table checks their order, and the ledger of street totals gives each action its chips and its street
total (omaha_audit/parse).

What the text means, and how the reader gives it to the model:

- every number (`raises [$0.62]`, `calls [$20]`, `bets [$45]`) is the chips the line adds; there is no
  all-in marker, so a line that puts in a player's last chip is marked all-in here, from the stacks;
- `posts dead blind [$0.01 + $0.02]`: a missed small blind (dead) and the big blind (live), one post of
  both; `[$25 + $0]`: the small blind alone, dead;
- the betting before `** Dealing down cards **` (or with no such line, as in observed hands) is the
  preflop round, but a fold before that line by a player who posted nothing (`Borr_09 folds`) is a player
  not dealt in (an event); the flop line shows three cards, the turn and river lines the card they add;
- numbers and card letters are in the player's language (language.py): an amount that is not understood
  makes its line a line not read (the post, action, seat or award left out of the hand, the rest read), a
  card no language explains is left out of its line, which is reported, and a hand mixing two languages'
  letters keeps only the cards those languages read alike: never read as something else. Only a game line
  whose stakes are not understood leaves the hand unread;
- no total pot and no rake are printed: a tournament's pot keeps nothing (rake 0, as 888 takes its fee
  with the buy-in), a cash pot keeps what it kept (rake None: the audit judges what the players put in
  less what they collected); how the uncalled bet came back, and which pots the collected lines pay, is
  read from the sums (awards.py);
- the summary's `shows`/`mucks` lines are the showdown (whole hands: a shows line's description is empty
  where 888 prints no words); an all-in player's `mucks [..]` is a live hand (888 pays it the side pot it
  wins); `(Hi: ...)`/`(Lo: ...)` after a shows line list the five cards of that player's winning hand (kept
  as the line's description); `did not show his hand` is the winner who showed nothing;
- empty player names (`Seat 2:  ( $895 )`) and names seated twice are reported on their seat lines.
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
    Hand,
    PotBasis,
    PotSummary,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
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
from omaha_audit.rooms.kit.amounts import FinerThanUnit
from omaha_audit.rooms.kit.reader import crashed, unknown_lines
from omaha_audit.rooms.poker888 import header
from omaha_audit.rooms.poker888.awards import read_awards
from omaha_audit.rooms.poker888.language import (
    KNOWN_NAMES,
    Language,
    Undecided,
    amount,
    language_of,
    split_cards,
    undecided,
)

FORMAT_NAME: Final = "888poker"
POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
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
RUNS: Final = {None: 0, "first": 1, "second": 2}
CARD_LINES: Final = frozenset({"DEALT", "FLOP", "TURN", "RIVER", "PREFLOP_CARD", "SUMMARY_SHOWS", "SUMMARY_HILO"})
_BLINDS: Final = Street.BLINDS
_PREFLOP: Final = Street.PREFLOP
_DEAD: Final = ActionKind.POST_DEAD
_FOLD: Final = ActionKind.FOLD
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_FILES_REMEMBERED: Final = 256  # files whose language is remembered (hands come file by file)
_CACHE_LIMIT: Final = 20_000  # distinct amount or card texts remembered


class AmountError(ValueError):
    """An amount of the hand not read, at `line`; `finer` when it has more decimal places than the unit the
    reader took (tournament chips with decimals: the hand is read again in hundredths)."""

    def __init__(self, reason: str, line: int, finer: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.finer = finer


class StakesError(AmountError):
    """The game line's stakes not read: the hand cannot be read without them."""


class Poker888Reader:
    """Reads 888 hand blocks. Build once (compiles grammar/888poker.lark), use for many hands."""

    format = FORMAT_NAME

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("888poker"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)
        self.languages: dict[str, Language] = {}  # file -> the language its hands showed last
        # texts that repeat from hand to hand: amounts (per number of decimals), card brackets' tokens, and
        # their cards per language
        self.amounts: dict[int, dict[str, int]] = {}
        self.tokens: dict[str, list[str]] = {}
        self.cards: dict[tuple[str, str], tuple[Card, ...]] = {}

    def card_tokens(self, text: str) -> list[str]:
        found = self.tokens.get(text)
        if found is None:
            if len(self.tokens) >= _CACHE_LIMIT:
                self.tokens.clear()
            found = self.tokens[text] = split_cards(text)
        return found

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, _, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "GAME_NO":
            return unreadable(block, block.first_line, "the first line is not `#Game No : N`")
        types = [token[0] for token in tokens]
        has_summary = "SUMMARY" in types
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and not has_summary and len(tokens) > 4:
                truncated = True
            else:
                at = tokens[min(rejection.at, len(tokens) - 1)]
                line, reason = unexpected(rejection, tokens)
                if rejection.at >= len(tokens):  # only the first lines: a `#Game No` line of another room's?
                    reason = f"an 888poker hand with nothing after its {at[0]} line"
                    line = block.first_line
                return unreadable(block, line, reason, _hand_id(tokens))
        defects = unknown_lines(unknown, block, truncated)
        language = self.language(block, tokens)
        for decimals in (None, 2):
            try:
                return Builder(self, block, tokens, defects, truncated, language, decimals).build()
            except AmountError as error:
                if decimals is None and error.finer and _is_tournament(tokens):
                    continue  # tournament chips with decimals: read again in hundredths
                return unreadable(block, error.line, error.reason, _hand_id(tokens))
        raise AssertionError("unreachable")

    def language(self, block: Block, tokens: list[LineToken]) -> Language:
        """The language of the hand's card letters (that of the file's earlier hands when it shows none); for
        a hand mixing two languages' own letters, those languages read together (language.undecided)."""
        words: list[str] = []
        for kind, _, _, m in tokens:
            if kind in CARD_LINES:
                words.extend(self.card_tokens(m["cards"]))
        language, why = language_of(words, self.languages.get(block.path))
        if language is None:
            return undecided(words, why)
        if language.name != "English":
            if len(self.languages) >= _FILES_REMEMBERED:
                self.languages.clear()
            self.languages[block.path] = language
        return language


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


def _hand_id(tokens: list[LineToken]) -> str | None:
    for kind, _, _, m in tokens[:3]:
        if kind in ("BANNER", "GAME_NO"):
            return str(m["hand_id"] if kind == "BANNER" else m["game_no"])
    return None


def _is_tournament(tokens: list[LineToken]) -> bool:
    return any(kind == "TOURNAMENT" for kind, _, _, _ in tokens[:5])


class Builder(Ledger):
    """Turns one hand's tokens into a Hand; the builder is the hand's ledger of street totals."""

    def __init__(
        self,
        reader: Poker888Reader,
        block: Block,
        tokens: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        language: Language,
        decimals: int | None,
    ) -> None:
        super().__init__(ADDED, ADDED)
        self.reader = reader
        self.block = block
        self.path = block.path
        self.tokens = tokens
        self.defects = list(defects)
        self.truncated = truncated
        self.language = language
        self.fields: dict[str, dict[str, str | None]] = {}
        for kind, line, _, m in tokens[:6]:
            if kind in ("GAME_NO", "BANNER", "GAME_LINE", "TABLE", "TOURNAMENT"):
                self.fields[kind] = m.groupdict()
                self.fields[kind]["line"] = str(line)
        table = self.fields.get("TABLE") or self.fields.get("TOURNAMENT") or {}
        self.table = table
        self.tournament = header.tournament_of(table.get("tournament_id"), table.get("buy_in"))
        game_line = self.fields["GAME_LINE"]
        seat_texts = [m["stack"] for kind, _, _, m in tokens if kind == "SEAT"]
        self.unit: Unit = header.unit_of(
            table.get("money"),
            self.tournament is not None,
            [game_line["small"] or "", *seat_texts],
            decimals,
        )
        self.amount_cache = reader.amounts.setdefault(self.unit.decimals, {})
        self.card_cache = reader.cards
        self.players: dict[str, int] = {}
        self._by_length: list[str] | None = None
        self.chips_left: dict[str, int] = {}
        self.seats: list[Seat] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.boards: dict[int, tuple[Card, ...]] = {}
        self.dealt: list[DealtCards] = []
        self.showdown: list[ShowdownLine] = []
        self.collected: list[Collected] = []
        self.events: list[Event] = []
        self.street = _BLINDS
        self.button: int | None = None
        self.players_line: tuple[int, int, str] | None = None
        self.summary_source: Source | None = None
        self.deal_line = any(kind == "DEAL_DOWN" for kind, _, _, _ in tokens)
        self.stakes = Stakes(None, None)

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
            value = amount(text, self.unit.decimals)
        except ValueError as error:
            reason = f"amount {text!r} not understood: {error}"
            raise AmountError(reason, line, isinstance(error, FinerThanUnit)) from None
        if len(self.amount_cache) >= _CACHE_LIMIT:
            self.amount_cache.clear()
        self.amount_cache[text] = value
        return value

    def cards(self, text: str | None, line: int, source_text: str) -> tuple[Card, ...]:
        if not text:
            return ()
        key = (self.language.name, text)
        known = self.card_cache.get(key)
        if known is not None:
            return known
        found: list[Card] = []
        clean = True
        for token in self.reader.card_tokens(text):
            card = self.language.card(token)
            if card is None:
                if isinstance(self.language, Undecided):
                    reason = f"card {token!r} not read alike in {self.language.name}: {self.language.doubt}"
                else:
                    reason = f"card {token!r} not understood in {self.language.name} (the reader knows {KNOWN_NAMES})"
                self.defects.append(Defect(line, source_text, reason))
                clean = False
            else:
                found.append(card)
        cards = tuple(found)
        if clean:
            if len(self.card_cache) >= _CACHE_LIMIT:
                self.card_cache.clear()
            self.card_cache[key] = cards
        return cards

    @property
    def by_length(self) -> list[str]:
        if self._by_length is None:
            self._by_length = sorted(self.players, key=len, reverse=True)
        return self._by_length

    def player(self, text: str, guess: str | None) -> str:
        """The seated player a line names (names may hold spaces and the verbs' words)."""
        guess = guess or ""
        if guess in self.players:
            return guess
        for name in self.by_length:
            if text.startswith(name + " "):
                return name
        return guess

    # ---- the hand -----------------------------------------------------------------------------------
    def build(self) -> Hand:
        self.stakes = self.read_stakes()
        self.nominal_big_blind = self.stakes.big_blind or self.stakes.small_bet or 0
        for kind, line, text, m in self.tokens:
            try:
                self.read_line(kind, line, text, m)
            except StakesError:
                raise
            except AmountError as error:
                if error.finer and self.unit.decimals == 0:
                    raise  # tournament chips with decimals: the reader reads the hand again in hundredths
                self.defects.append(Defect(line, text, error.reason))  # the line left out, the rest read
        return self.finish()

    def read_line(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        """Read one line into the hand; AmountError for an amount it holds that is not understood (nothing of
        the line is then kept: each kind reads its amounts before it changes the hand)."""
        source = self.src(line)
        if kind == "ACTION":
            self.action_line(m, line, text, source)
        elif kind == "POST":
            self.post_line(m, line, text, source)
        elif kind == "SEAT":
            self.seat_line(m, line, text, source)
        elif kind in BOARD_STREETS:
            self.board_line(kind, m, line, text, source)
        elif kind == "DEALT":
            name = self.player(text[len("Dealt to ") :], m["name"])
            self.dealt.append(DealtCards(name, self.cards(m["cards"], line, text), source))
        elif kind == "DEAL_DOWN":
            self.street = _PREFLOP
        elif kind == "SUMMARY":
            self.street = Street.SUMMARY
            self.summary_source = source
        elif kind == "SUMMARY_SHOWS":
            name = self.player(text, m["name"])
            # an all-in hand is live whatever the word: 888 writes `mucks [..]` for an all-in player who
            # lost the main pot, and pays him the side pot his hand wins
            all_in = self.chips_left.get(name, 1) <= 0
            shown = ShowdownKind.SHOWS if m["verb"] == "shows" or all_in else ShowdownKind.MUCKS
            # (a shows line is a whole showdown hand, words or none: an empty description says so)
            words = "" if shown is ShowdownKind.SHOWS else None
            self.showdown.append(ShowdownLine(name, shown, self.cards(m["cards"], line, text), words, 0, source, line))
        elif kind == "SUMMARY_HILO":
            self.hilo_line(m, line, text)
        elif kind == "SUMMARY_NO_SHOW":
            name = self.player(text, m["name"])
            self.showdown.append(ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, source, line))
        elif kind == "SUMMARY_COLLECTED":
            name = self.player(text, m["name"])
            won = self.amount(m["amount"], line)
            self.collected.append(Collected(name, won, 0, "pot", 0, source))
        elif kind == "PREFLOP_CARD":
            card = self.cards(m["cards"], line, text)
            self.streets.append(StreetDeal(_PREFLOP, 0, card, card, source, False, line))
        elif kind == "BUTTON":
            self.button = whole_number(m["button"])
        elif kind == "PLAYERS":
            self.players_line = (line, whole_number(m["players"]), text)
        elif kind == "GAME_NO":
            self.game_no_line(m, line, text)

    def read_stakes(self) -> Stakes:
        game_line = self.fields["GAME_LINE"]
        line = int(game_line["line"] or 0)
        structure = header.STRUCTURES[game_line["limit"] or ""]
        blast = self.fields["BANNER"]["kind"] == "BLAST"
        try:
            stakes, note = header.read_stakes(
                game_line["small"] or "", game_line["big"] or "", structure, self.unit, blast
            )
        except ValueError as error:
            finer = isinstance(error, FinerThanUnit)
            raise StakesError(f"the game line's stakes are not understood: {error}", line, finer) from None
        if note is not None:
            self.events.append(Event("header-stakes", note, _BLINDS, self.src(line)))
        return stakes

    def game_no_line(self, m: re.Match[str], line: int, text: str) -> None:
        banner = self.fields["BANNER"]
        if m["game_no"] != banner["hand_id"]:
            reason = f"the game number is not the banner's ({banner['hand_id']})"
            self.defects.append(Defect(line, text, reason, inconsistent=True))

    def seat_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = m["name"] or ""
        stack = self.amount(m["stack"], line)
        seat = Seat(whole_number(m["seat"]), name, stack, source)
        if not name:
            self.defects.append(Defect(line, text, "the seat's player has no name"))
        elif name in self.players:
            self.defects.append(Defect(line, text, f"{name!r} is seated twice"))
        self.seats.append(seat)
        if name not in self.players:
            self.players[name] = seat.seat
            self.chips_left[name] = stack
        self._by_length = None

    def spend(self, name: str, chips: int) -> bool:
        """Take `chips` from the player's stack; True when that was the last of it (all-in)."""
        left = self.chips_left.get(name)
        if left is None or chips <= 0:
            return False
        self.chips_left[name] = left - chips
        return left - chips <= 0

    def post_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        what = m["what"]
        if what == "dead blind":
            dead_text, plus, live_text = (m["amount"] or "").partition("+")
            dead, live = self.amount(dead_text, line), self.amount(live_text, line) if plus else 0
            if not plus:
                kind, chips = _DEAD, dead
            elif live == 0:
                kind, chips = _DEAD, dead  # `[$25 + $0]`: the missed small blind alone
            elif dead == 0:
                kind, chips = ActionKind.POST_BIG_BLIND, live
            else:
                kind, chips = _SMALL_AND_BIG, dead + live
        else:
            kind, chips = POSTS[what], self.amount(m["amount"], line)
        to = self.post(kind, name, chips)
        all_in = self.spend(name, chips)
        self.actions.append(
            Action(self.street, name, self.players.get(name), kind, chips, source, to, all_in, order=line)
        )

    def action_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player(text, m["name"])
        kind = VERBS[m["verb"]]
        if self.street is _BLINDS and kind is _FOLD and self.deal_line and not self.posted(name):
            # `Borr_09 folds` before `** Dealing down cards **`: folded before the deal by a player who owed
            # nothing, so never dealt in (not a preflop fold out of turn)
            self.events.append(Event("folded-before-deal", text, _BLINDS, source, name))
            return
        if self.street is _BLINDS:
            self.street = _PREFLOP  # the betting before (or without) the deal line is preflop's
        chips_text = m["amount"]
        if chips_text:
            added, to, increment = self.wager(kind, name, self.amount(chips_text, line), None, True)
        else:
            added, to, increment = 0, None, None
        all_in = self.spend(name, added)
        self.actions.append(
            Action(
                self.street, name, self.players.get(name), kind, added, source, to, all_in, False, None, increment, line
            )
        )

    def posted(self, name: str) -> bool:
        return any(action.player == name for action in self.actions)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A street line: the flop's cards, or the one card the turn or river adds (to its run's board)."""
        self.street = BOARD_STREETS[kind]
        self.new_round()
        run = RUNS[m["run"]]
        new = self.cards(m["cards"], line, text)
        board = new if kind == "FLOP" else self.boards.get(run, self.boards.get(0, ())) + new
        self.boards[run] = board
        self.streets.append(StreetDeal(self.street, run, board, new, source, False, line))

    def hilo_line(self, m: re.Match[str], line: int, text: str) -> None:
        """`(Hi: Qc, Qs, 3h, 3c, Th)` after a shows line: that player's winning five, kept as the line's words."""
        cards = self.cards(m["cards"], line, text)
        words = f"{m['half']}: {' '.join(str(card) for card in cards)}"
        for index in range(len(self.showdown) - 1, -1, -1):
            shown = self.showdown[index]
            if shown.kind is ShowdownKind.SHOWS:
                described = f"{shown.description}; {words}" if shown.description else words
                self.showdown[index] = ShowdownLine(
                    shown.player, shown.kind, shown.cards, described, shown.run, shown.source, shown.order
                )
                return
        reason = "a hand's winning cards with no shown hand before them"
        self.defects.append(Defect(line, text, reason, inconsistent=True))

    # ---- the result ---------------------------------------------------------------------------------
    def finish(self) -> Hand:
        fields, table = self.fields, self.table
        banner, game_line = fields["BANNER"], fields["GAME_LINE"]
        room = header.room_of(banner["brand"] or "", banner["tld"], banner["region"])
        structure = header.STRUCTURES[game_line["limit"] or ""]
        game = header.GAMES[game_line["game"] or ""]
        started_local, started = header.started(game_line["date"], game_line["zone"])
        seat_lines = sum(1 for kind, _, _, _ in self.tokens if kind == "SEAT")  # (read or not)
        if self.players_line is not None and self.players_line[1] != seat_lines:
            line, count, text = self.players_line
            reason = f"{count} players, but {seat_lines} seat lines"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        flop_dealt = any(deal.street is Street.FLOP for deal in self.streets)
        keeps_nothing = self.tournament is not None or not flop_dealt
        refunds, collected, uncalled = read_awards(
            self.actions, self.collected, self.nominal_big_blind, keeps_nothing and not self.truncated
        )
        where = self.summary_source or self.src(self.block.last_line)
        rake = 0 if self.tournament is not None else None
        pot = PotSummary(None, rake, None, (), where, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
        if self.language.doubt is not None:
            first = next(line for kind, line, _, _ in self.tokens if kind in CARD_LINES)
            self.events.append(Event("card-letters", self.language.doubt, _BLINDS, self.src(first)))
        hero = next((d.player for d in self.dealt if d.cards), None)
        tournament = self.tournament
        if tournament is not None:
            number = table.get("table_no") or ""
            table_name = number
            table_id = f"{tournament.tournament_id}/{number}" if number else tournament.tournament_id
        else:
            table_name = table_id = table.get("table") or ""
        max_seats = table.get("max_seats")
        game_text = f"{game_line['game']} {game_line['limit']}"
        return Hand(
            room=room,
            format=FORMAT_NAME,
            hand_id=banner["hand_id"] or "",
            source=Source(self.path, self.block.first_line, self.block.last_line),
            game=game,
            game_text=game_text,
            structure=structure,
            unit=self.unit,
            stakes=self.stakes,
            started=started,
            started_local=started_local,
            table=table_name,
            table_id=table_id,
            max_seats=whole_number(max_seats) if max_seats else None,
            button=self.button,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=tuple(collected),
            uncalled=tuple(uncalled),
            cash_outs=(),
            events=tuple(sorted(self.events, key=lambda event: event.source.line)),
            pot=pot,
            boards=self.final_boards(),
            summary_seats=(),
            fees=(),
            refunds=refunds,
            kind="zoom" if banner["kind"] == "Snap Poker" else "hand",  # (Snap Poker: 888's fast-fold tables)
            tournament=tournament,
            run_twice=any(deal.run for deal in self.streets),
            hero=hero,
            truncated=self.truncated,
            defects=tuple(sorted(self.defects, key=lambda defect: defect.line)),
            play_money=self.unit.currency == "play",
        )

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        """The board at the end, or one per run when the hand was run twice."""
        boards = self.boards
        runs = sorted(run for run in boards if run)
        if runs:
            return tuple(boards[run] for run in runs)
        return (boards[0],) if 0 in boards else ()


__all__ = ["Builder", "Poker888Reader"]
