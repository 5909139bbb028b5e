"""Read Americas Cardroom's text (the Winning Poker Network's format from 2019 on) into the hand model, on
the PokerStars family reader (ROOMS.md section 7).

What ACR's text means, and how this reader gives it to the model:

- `raises $30.00 to $40.00`: the first number is the chips the raise adds, the second the street total
  (`raise_number = ADDED`: the ledger keeps the total and derives the increment the two numbers imply);
  calls and bets print the chips added;
- `Total pot $199.00 | Rake $0.96 | JP Fee $0.04` is net of the rake and of the jackpot fee (taken from
  the pot): the players put in 200.00. The `| Rake` part is left out when no rake was taken;
- a hand won without a showdown has no `collected` line: the win is only in the summary (`Seat 5: Hero did
  not show and won 46200.00`), so the reader takes it from there (never both, in every hand seen);
- a walk prints no `Uncalled bet` line: the big blind's unmatched part stays in the total and in the win
  (Refunds.IN_COLLECTED, total NET_WITH_REFUNDS);
- a hand run twice numbers its streets (`*** FLOP 1 ***`), its showdowns and its collected lines (`from main
  pot 1`) and prints a full set of seat lines after each `Board 1 [...]`/`Board 2 [...]` line: the sets are
  merged, one summary seat per player with one amount per board;
- a shown hand's words carry the best five cards in brackets (`(HI - a straight, Five high [5d 4s 3h 2h As] |
  LO - [5,4,3,2,1])`): the reader keeps the words without them and checks the five cards (they must be the
  player's cards and the board's, two and three in Omaha); a set that is not becomes a defect;
- in a hi/lo pot where a low qualified, the summary's `won $X with HI - ...` is the high half only (the
  corpus's run-twice hand: won $61.50 on a board where the player collected $92.25): those seat lines cannot
  say what the player won, so they are kept as events, not summary seats.

All-in or Fold tables (`Omaha(All-in or Fold Limit)`) are no-limit tables where the only bet is all in: read
as Structure.NO_LIMIT, with `kind` "all-in-or-fold" and the header's words kept in `game_text`.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    Collected,
    Defect,
    Event,
    Game,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    Structure,
    SummarySeat,
    Tournament,
    format_cards,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import RUNS, AmountError, HandBuilder, Reading, StarsReader
from omaha_audit.rooms.pokerstars.summary import PotLine, fee

GAMES: Final = {
    "Holdem": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha H/L": Game.OMAHA_HI_LO,
    "5Card Omaha": Game.OMAHA5,
    "5Card Omaha H/L": Game.OMAHA5_HI_LO,
    "7Stud": Game.STUD,
    "7Stud H/L": Game.STUD_HI_LO,
    # not dealt by ACR: the generator's ACR writer spells them so
    "6Card Omaha": Game.OMAHA6,
    "6Card Omaha H/L": Game.OMAHA6_HI_LO,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel H/L": Game.COURCHEVEL_HI_LO,
}
STRUCTURES: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "All-in or Fold Limit": Structure.NO_LIMIT,
}
ALL_IN_OR_FOLD: Final = "All-in or Fold Limit"
POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
    "straddle": ActionKind.POST_STRADDLE,
}
_VOLUNTARY: Final = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
_FEE_PART: Final = re.compile(r"\| ([^|]*?) (\$?\d(?:[\d,.]*\d)?)\s*(?=\||$)")
_CARD: Final = r"(?:10|[2-9TJQKAtjqka])[cdhs]"
# the best five cards inside a shown hand's words: ` [5d 4s 3h 2h As]`
_BEST_FIVE: Final = re.compile(r" \[(" + _CARD + r"(?: " + _CARD + r"){4})\]")
_LOW_PRINTED: Final = re.compile(r"LO - \[\d")
_TABLE_NUMBER: Final = re.compile(r"Table '([^']*)'")


class AcrReader(StarsReader):
    """ACR's text (2019 on): the PokerStars family reader with grammar/acr.lark and ACR's conventions."""

    format = "acr"
    grammar = "acr"
    raise_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        game_text = fields["game"] or ""
        game = GAMES.get(game_text)
        limit = fields["limit"] or ""
        if game is None or limit not in STRUCTURES:
            raise ValueError(f"unknown game {game_text!r} ({limit!r})")
        tournament = None
        stakes_text = fields["stakes"] or ""
        if fields["tournament_id"]:
            tournament = Tournament(fields["tournament_id"] or "", (fields["buy_in"] or "").strip(), fields["level"])
            stakes_text = fields["level_stakes"] or ""
        currency = "chips" if tournament is not None or not stakes_text.startswith("$") else "USD"
        started_local = fields["started"] or ""
        return HeaderInfo(
            room="acr",
            kind="all-in-or-fold" if limit == ALL_IN_OR_FOLD else "hand",
            hand_id=fields["hand_id"] or "",
            game=game,
            game_text=f"{game_text}{fields['reshuffle'] or ''} ({limit})",
            structure=STRUCTURES[limit],
            mixed=None,
            club=None,
            tournament=tournament,
            stakes_text=stakes_text,
            currency=currency,
            started_local=started_local,
            started=parse_started(started_local),
        )

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return AcrBuilder(self, reading, raise_number)


class AcrBuilder(HandBuilder):
    """The family builder with ACR's own lines: posts, shows with the best five, the net pot line, run
    it twice, the wins printed only in the summary."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        printed = self.table.get("table") or ""
        number = _TABLE_NUMBER.fullmatch(printed)
        if number is not None:  # tournaments: `Table '99'`
            self.table = {**self.table, "table": number.group(1)}
        self.low_runs: set[int] = set()  # runs on which a shown hand has a qualifying low
        self.deal_line = 0  # the line of `*** HOLE CARDS ***` / `*** 3rd STREET ***`
        self.pots: tuple[int | None, tuple[int, ...]] = (None, ())  # the main and side pots at the showdown

    def read_stakes(self) -> Stakes:
        """`$3.00/$6.00`, a tournament level's `10/20` (fixed limit: the small and the big bet), read by the kit
        with a decimal point; raises AmountError (a ValueError)."""
        small_text, _, big_text = self.info.stakes_text.partition("/")
        decimals = self.unit.decimals
        small, big = read_amount(small_text, decimals, decimal="."), read_amount(big_text, decimals, decimal=".")
        if self.info.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small_bet=small, big_bet=big)
        return Stakes(small, big)

    # ---- ACR's lines --------------------------------------------------------------------------------
    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "ACR_POST":
            self.post_line(m, line, text, source)
        elif kind == "ACR_SHOWS":
            self.shows_line(m, line, text, source)
        elif kind == "SUMMARY_ACR_TOTAL":
            self.total_line(m, line, source)
        elif kind == "RUN_IT_TWICE":
            self.run_twice = True
        else:
            if kind == "THIRD_STREET" and not self.deal_line:
                self.deal_line = line
            super().other_line(kind, m, line, text, source)

    def post_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`posts the small blind $3.00`, `posts ante 25.00`, `posts dead $0.07` (a missed small and big
        blind: the part up to the big blind is live), `posts $0.05`."""
        name = self.player("POST", text, m["name"])
        chips = self.amount(m["amount"], line)
        what = m["what"]
        stakes = self.stakes
        kind = POSTS.get(what or "")
        if kind is None:
            small = stakes.small_blind or 0
            if what == "dead":
                kind = ActionKind.POST_DEAD if chips <= small else ActionKind.POST_SMALL_AND_BIG_BLIND
            else:  # a plain post: a new player's live blind
                kind = ActionKind.POST_SMALL_BLIND if chips == small else ActionKind.POST_BIG_BLIND
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                kind,
                chips,
                source,
                self.post(kind, name, chips),
                m["all_in"] is not None,
                False,
                None,
                None,
                line,
            )
        )

    def shows_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        name = self.player("SHOWS", text, m["name"])
        hole = self.cards(m["cards"], line)
        description = m["description"]
        if description is not None:
            best = _BEST_FIVE.search(description)
            if best is not None:
                self.check_best_five(hole, self.cards(best.group(1), line), line, text)
                description = description[: best.start()] + description[best.end() :]
            if _LOW_PRINTED.search(description):
                self.low_runs.add(self.run)
        self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, hole, description, self.run, source, line))

    def check_best_five(self, hole: tuple[Card, ...], best: tuple[Card, ...], line: int, text: str) -> None:
        """The printed best five must be five of the player's cards and the board's (two and three in Omaha)."""
        board = self.run_board()
        if len(board) < 5 or any(card in board for card in hole):
            return  # (an incomplete board, or a card dealt twice: the card rules report those)
        from_hole = sum(1 for card in best if card in hole)
        from_board = sum(1 for card in best if card in board)
        omaha = self.info.game.is_omaha
        if (
            len(set(best)) != 5
            or from_hole + from_board != 5
            or (omaha and from_hole != 2)
            or (not omaha and self.info.game.is_flop_game and from_hole > len(hole))
        ):
            reason = "the best five cards printed are not the player's cards and the board's"
            self.defects.append(Defect(line, text, reason, inconsistent=True))

    def run_board(self) -> tuple[Card, ...]:
        """The board of the run being shown down: its own last street line, else the shared one."""
        shared: tuple[Card, ...] = ()
        own: tuple[Card, ...] = ()
        for deal in self.streets:
            if deal.run == self.run:
                own = deal.cards
            elif deal.run == 0:
                shared = deal.cards
        return own or shared

    def total_line(self, m: re.Match[str], line: int, source: Source) -> None:
        """`Total pot $199.00 | Rake $0.96 | JP Fee $0.04`: net of the rake and the fees."""
        rake_text = m["rake"]
        fees = [fee(label, self.amount(value, line), source) for label, value in _FEE_PART.findall(m["fees"] or "")]
        self.pot_line = PotLine(self.amount(m["total"], line), self.amount(rake_text, line), None, (), fees)
        self.pot_source = source
        for item in fees:
            self.fees.append(item)

    # ---- what the text means -------------------------------------------------------------------------
    def pot_bases(self) -> tuple[PotBasis, PotBasis, PotBasis]:
        return PotBasis.NET, PotBasis.NET, PotBasis.NET

    def walk(self) -> bool:
        """No uncalled bet line and no chips put in by choice: everybody folded to the big blind."""
        return not self.uncalled and not any(action.kind in _VOLUNTARY for action in self.actions)

    def refunds(self) -> Refunds:
        return Refunds.IN_COLLECTED if self.walk() else Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        line = self.pot_line
        if line is None or self.pot_source is None:
            return None
        total = PotBasis.NET_WITH_REFUNDS if self.walk() else PotBasis.NET
        main, sides = self.pots
        return PotSummary(line.total, line.rake, main, sides, self.pot_source, total, PotBasis.NET, PotBasis.NET)

    def showdown_pots(self) -> tuple[int | None, tuple[int, ...]]:
        """The main and side pots as the running pot lines right after `*** SHOW DOWN ***` give them (net
        of the rake; a hand run twice prints each board's part: they are added up). None without a showdown."""
        marks = [line for kind, line, _, _ in self.tokens if kind == "SHOW_DOWN"]
        if not marks:
            return None, ()
        follows = {line: index for index, (_, line, _, _) in enumerate(self.tokens)}
        pots: dict[int, int] = {}
        for mark in marks:
            after = follows[mark] + 1
            end = self.tokens[after][1] if after < len(self.tokens) else self.block.last_line + 1
            for kind, line, text, m in self.ignored:
                if kind == "RUNNING_POT" and mark < line < end:
                    index = whole_number(m["side"]) if m["side"] else 0
                    try:
                        pots[index] = pots.get(index, 0) + self.amount(m["amount"], line)
                    except AmountError as error:
                        if error.finer and self.unit.decimals == 0:
                            raise  # (chips with decimals: the hand is read again in hundredths)
                        self.defects.append(Defect(line, text, error.args[0]))
                        return None, ()  # (the pots are not known)
        if 0 not in pots:
            return None, ()
        return pots[0], tuple(pots[index] for index in sorted(pots) if index)

    def finish(self) -> Hand:
        self.pots = self.showdown_pots()
        self.button_draw()
        self.merge_summary_seats()
        if not self.collected:
            self.wins_from_summary()
        return super().finish()

    def button_draw(self) -> None:
        """Tournaments deal one card to every seat before the antes (the draw for the button): those lines
        are events, not the players' hands."""
        deal_line = self.deal_line
        if not deal_line:
            deal_line = next((line for kind, line, _, _ in self.tokens if kind == "HOLE_CARDS"), 0)
        if not deal_line:
            return
        kept = []
        for dealt in self.dealt:
            if dealt.source.line < deal_line:
                text = f"Dealt to {dealt.player} [{format_cards(dealt.cards)}]"
                self.events.append(Event("button-draw", text, Street.BLINDS, dealt.source, dealt.player))
            else:
                kept.append(dealt)
        self.dealt = kept

    def merge_summary_seats(self) -> None:
        """One summary seat per player: the seat lines printed after `Board 2` add that board's amount to
        the seat of the first set. A player whose lines give only the high half of a hi/lo pot where a low
        qualified is left out (an event records the line)."""
        boards = [(line, RUNS[m["run"]]) for kind, line, _, m in self.tokens if kind == "SUMMARY_BOARD"]
        merged: dict[int, SummarySeat] = {}
        partial: set[str] = set()
        hi_lo = self.info.game.is_hi_lo
        for seat in self.summary_seats:
            run = 0
            for line, board_run in boards:
                if line < seat.source.line:
                    run = board_run
            if hi_lo and seat.outcome == "showed" and run in self.low_runs:
                partial.add(seat.player)
            first = merged.get(seat.seat)
            if first is None:
                merged[seat.seat] = seat
                continue
            merged[seat.seat] = SummarySeat(
                first.seat,
                first.player,
                first.positions,
                first.outcome if first.outcome != "folded" else seat.outcome,
                first.won + seat.won,
                first.cards or seat.cards,
                first.text,
                first.source,
                first.folded_street,
                first.cashed_out,
                first.pot_not_awarded,
            )
        kept = []
        for seat in merged.values():
            if seat.player in partial:
                self.events.append(Event("summary-high-half", seat.text, Street.SUMMARY, seat.source, seat.player))
            else:
                kept.append(seat)
        self.summary_seats = kept

    def wins_from_summary(self) -> None:
        """A hand won without a showdown: ACR prints the win only on the winner's summary line."""
        for seat in self.summary_seats:
            amount = sum(seat.won)
            if amount:
                self.collected.append(Collected(seat.player, amount, 0, "pot", 0, seat.source))
