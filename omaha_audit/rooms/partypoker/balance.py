"""PartyPoker's text with a balance summary (ROOMS.md 4, dialects B and C): the 2013 `Game
Table` cash hands, the 2021 tournaments and the 2026 cash hands.

What the text means, and how the builder gives it to the model:

- the game line's pair is the blinds (`0.10/0.25 Omaha Hi Game Table (PL)`); amounts in the betting have no
  currency sign, those of the seats and the summary a `$` (tournament chips none);
- `raises X to Y`: X is the chips the raise adds, Y the street total (Player2 on the 0.25 big blind raises
  2.40 to 2.65); `calls (x)` and `bets (x)` add x; `X is all-In.` follows the line that went all in;
- `Creating Main Pot with $ 38.50 with Player2, Hero` lines are notes (events): the summary's pots count;
- the all-in cash-out of 2026 (`Cash-out Premium % is 1.0`, `opted for cash-out`, `probabilty is 60.37`,
  `Cashout Amount is 23.01`) is money the room pays the player outside the pot (a `CashOut`), less its
  premium (a fee outside the pot: amount × premium / (100 - premium), 0.23 here, since 23.01 is the equity
  of 23.24 less 1%); the pot goes to the hand's winner as usual;
- the summary: `Main Pot: $38.50 [Side Pot 1: $x] Rake: $2.0`, every pot net of the rake (their sum is the
  total, read net); `Board: [..]`; one balance line per seat, the authoritative record of what the player
  `bet` (the uncalled part too) and `collected` (his refund too; a cashed-out player's `collected` is the
  cash-out): cross-checked with the hand's lines (what the player put in, `net = collected - bet`, the
  balance = the stack - bet + collected), a disagreement being a defect. The refund is taken out of the
  collected amount (builder.py); the awards are each player's total over every pot (`ALL_POTS`);
- cards after a balance line were shown (`[ 9c, 7h, 8h, 4d ] [ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]`):
  the words are the description (words.py), the best five after `--` must be the player's cards and the
  board's (else a defect). A player still in the hand at the end who shows no cards mucked;
- `sits out` in the summary: a seat that was not dealt in.

The generator's writer (generate/writers/partypoker.py) writes, in its own words, what the corpus does not
show: other Omaha games and Courchevel (`** Dealing Community card ** :  [ 7d ]`), fixed limit (the pair is
the bets), a returning player's `posts big blind + dead (0.35)`, run it twice (`** Dealing Flop 2 ** : [..]`,
`Board 1: [..]`, one words bracket per board) and hi/lo words (`[ HI: <high> -- <five>; LO: 7,5,3,2,A --
<five> ]`).
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    ALL_POTS,
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
    Seat,
    ShowdownKind,
    ShowdownLine,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    Unit,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.split import Block
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.kit.events import event_kind
from omaha_audit.rooms.partypoker.builder import AmountError, HeaderError, PartyBuilder
from omaha_audit.rooms.partypoker.header import GAMES, LIMITS, currency_of

VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "big blind + dead": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "ante": ActionKind.POST_ANTE,
}
STREETS: Final = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_SIDE: Final = re.compile(r"Side Pot \d+: ([$€£]?\d[\d.,'\u2019]*[KMB]?)")
_BRACKET: Final = re.compile(r"\[ ([^\]]*?) ?\]")
_LOW: Final = "; LO: "
_FOLD: Final = ActionKind.FOLD


class BalanceBuilder(PartyBuilder):
    """Turns the tokens of one hand of the balance-summary text into a Hand."""

    def __init__(
        self,
        block: Block,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int | None,
    ) -> None:
        super().__init__(block, tokens, ignored, defects, truncated)
        self.decimals = decimals
        self.stacks: dict[str, int] = {}
        self.sitting_out: set[str] = set()
        self.run_boards: dict[int, tuple[Card, ...]] = {}  # the board so far, per run (0: before a second run)
        self.cash_out: dict[str, dict[str, int]] = {}  # player -> the cash-out lines' amount and premium
        self.cash_out_line: dict[str, int] = {}
        self.balances: list[LineToken] = []

    def build(self) -> Hand:
        self.read_lines(self.tokens[1:])
        self.seat_unknown_players()
        self.read_lines(self.balances)  # (once every line before them is read: they are checked against them)
        self.take_refund()
        if self.sitting_out:
            self.seats = [
                Seat(seat.seat, seat.player, seat.stack, seat.source, None, seat.player in self.sitting_out)
                for seat in self.seats
            ]
        self.table_id = f"{self.tournament.tournament_id}/{self.table}" if self.tournament else self.table
        return self.finish()

    def read_line(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        if kind == "ACTION":
            self.action_line(m, line, text)
        elif kind == "SEAT":
            stack = self.amount(m["stack"], line)
            self.add_seat(whole_number(m["seat"]), m["name"], stack, self.src(line))
            self.stacks[m["name"]] = stack
        elif kind == "POST":
            self.posted(POSTS[m["what"]], self.player(m["name"]), self.amount(m["amount"], line), line)
        elif kind == "ALL_IN":
            self.mark_all_in(self.player(m["name"]))
        elif kind == "STREET":
            self.street_line(m, line, text)
        elif kind == "DEALT":
            cards = self.cards(m["cards"], line, text)
            self.dealt.append(DealtCards(self.player(m["name"]), cards, self.src(line)))
        elif kind == "HOLE_CARDS":
            self.street = Street.PREFLOP
        elif kind == "PREFLOP_CARD":
            card = self.cards(m["cards"], line, text)
            self.streets.append(StreetDeal(Street.PREFLOP, 0, card, card, self.src(line), False, line))
        elif kind == "SUMMARY_BALANCE":  # (read last: BALANCE)
            self.balances.append(("BALANCE", line, text, m))
        elif kind == "BALANCE":
            self.balance_line(m, line, text)
        elif kind == "SUMMARY_POT":
            self.pot_line(m, line)
        elif kind == "SUMMARY_BOARD":
            self.boards[whole_number(m["run"] or "0")] = self.cards(m["cards"], line, text)
        elif kind == "SUMMARY":
            self.street = Street.SUMMARY
        elif kind == "GAME":
            self.game_line(m, line)
        elif kind == "TABLE":
            self.table = m["table"] or ""
            self.button = whole_number(m["button"]) if m["button"] else None
            if m["money"] == "Play":
                self.unit = Unit("play", self.unit.decimals)
        elif kind == "PLAYERS":
            self.max_seats = whole_number(m["max_seats"]) if m["max_seats"] else None
        elif kind == "POT_CREATED":
            self.events.append(Event("pot-created", text, self.street, self.src(line)))
        elif kind.startswith("CASH_OUT_"):
            self.cash_out_note(kind, m, line, text)

    # ---- the game line ------------------------------------------------------------------------------
    def game_line(self, m: re.Match[str], line: int) -> None:
        game = GAMES.get(m["game"])
        if game is None:
            raise HeaderError(f"unknown game {m['game']!r}", line)
        self.game, self.game_text = game, m["game"]
        self.structure = LIMITS[m["limit"]]
        self.started_local = m["started"]
        if m["tourney"]:
            self.unit = Unit("chips", self.decimals or 0)
            self.tournament = Tournament(m["tournament_id"] or "", m["buy_in"] or "", None)
        else:
            seats = " ".join(text for kind, _, text, _ in self.tokens[:12] if kind == "SEAT")
            self.unit = Unit(currency_of(seats) or "USD", 2 if self.decimals is None else self.decimals)
        low, high = self.header_amount(m["low"], line), self.header_amount(m["high"], line)
        if self.structure is Structure.FIXED_LIMIT:
            self.stakes = Stakes(None, None, small_bet=low, big_bet=high)
        else:
            self.stakes = Stakes(low, high)
        self.nominal_big_blind = self.stakes.big_blind or self.stakes.small_bet or 0

    # ---- betting and streets ------------------------------------------------------------------------
    def action_line(self, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        kind = VERBS[m["verb"]]
        if m["to"] is not None:  # raises X to Y: X added, Y the street total
            self.action(kind, name, self.amount(m["added"], line), self.amount(m["to"], line), line)
            return
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL) and m["amount"] is None:
            self.defects.append(Defect(line, text, f"`{m['verb']}` without an amount"))
        self.action(kind, name, self.amount(m["amount"], line), None, line)

    def street_line(self, m: re.Match[str], line: int, text: str) -> None:
        street = STREETS[m["street"]]
        run = whole_number(m["run"] or "0")
        self.new_street(street)
        new = self.cards(m["cards"], line, text)
        if street is Street.FLOP:  # (a second board's flop: only when the all-in came before the flop)
            board = new
        else:  # the turn and the river print the new card; a board's own cards follow the shared ones
            board = self.run_boards.get(run, self.run_boards.get(0, ())) + new
        self.run_boards[run] = board
        self.streets.append(StreetDeal(street, run, board, new, self.src(line), False, line))

    def cash_out_note(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        said = self.cash_out.setdefault(name, {})
        found = m.groupdict()
        if found.get("amount") is not None:  # (read on its own line: a line not read if it cannot be)
            said["amount"] = self.amount(found["amount"], line)
            self.cash_out_line[name] = line
        if found.get("premium") is not None:  # a percentage, in hundredths of a per cent
            try:
                said["premium"] = read_amount(found["premium"], 2, decimal=".")
            except ValueError as error:
                raise AmountError(f"cash-out premium: {error}", line) from None
        self.events.append(Event(event_kind(kind), text, self.street, self.src(line), name))

    # ---- the summary --------------------------------------------------------------------------------
    def pot_line(self, m: re.Match[str], line: int) -> None:
        main = self.amount(m["main"], line)
        sides = tuple(self.amount(value, line) for value in _SIDE.findall(m["sides"] or ""))
        rake = self.amount(m["rake"], line) if m["rake"] is not None else None
        source = self.src(line)
        self.pot = PotSummary(main + sum(sides), rake, main, sides, source, PotBasis.NET, PotBasis.NET, PotBasis.NET)

    def balance_line(self, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        source = self.src(line)
        bet = self.amount(m["bet"] or m["lost"], line)  # (every amount of the line read before it is kept)
        collected = self.amount(m["collected"], line)
        balance = self.amount(m["balance"], line)
        net = None if m["net"] is None else self.amount(m["net"], line) * (-1 if m["sign"] == "-" else 1)
        if m["sits_out"]:
            self.sitting_out.add(name)
        self.cross_check(name, bet, collected, net, balance, line, text)
        if m["cashed"]:
            self.cashed_out(name, collected, line)
        elif collected:
            self.collected.append(Collected(name, collected, ALL_POTS, "all pots", 0, source))
        brackets = _BRACKET.findall(m["shown"] or "")
        if brackets:
            self.shown(name, brackets, line, text)
        elif m["lost"] is not None and m["folded"] is None and self.still_in(name):
            self.showdown.append(ShowdownLine(name, ShowdownKind.MUCKS, (), None, 0, source, line))

    def cross_check(
        self, name: str, bet: int, collected: int, net: int | None, balance: int, line: int, text: str
    ) -> None:
        """The balance line against the hand's lines: what the player put in, the net, the balance. A line
        read whole that disagrees is the room's record contradicting itself (an inconsistent defect)."""
        put = self.put_in().get(name, 0)
        money = self.unit.format
        wrong: list[str] = []
        if bet != put and not self.unread_all and name not in self.unread:  # (a line not read: said there)
            wrong.append(f"the summary says {name} bet {money(bet)}; the hand's lines put in {money(put)}")
        if net is not None and net != collected - bet:
            wrong.append(f"net {money(net)} is not collected {money(collected)} less bet {money(bet)}")
        stack = self.stacks.get(name)
        if stack is not None and balance != stack - bet + collected:
            wrong.append(
                f"balance {money(balance)} is not the stack {money(stack)} less bet {money(bet)} plus collected"
                f" {money(collected)}"
            )
        self.defects.extend(Defect(line, text, reason, inconsistent=True) for reason in wrong)

    def still_in(self, name: str) -> bool:
        """The player took part and never folded, with someone else still in: he reached the showdown."""
        mine = [action for action in self.actions if action.player == name]
        if not mine or any(action.kind is _FOLD for action in mine):
            return False
        folded = {action.player for action in self.actions if action.kind is _FOLD}
        return len({action.player for action in self.actions} - folded) > 1

    def cashed_out(self, name: str, collected: int, line: int) -> None:
        """The cash-out the room paid (its `Cashout Amount`, else the balance line's `collected`), and its
        premium: a fee of amount x premium / (100 - premium), to the nearest unit (half up)."""
        said = self.cash_out.get(name, {})
        paid = said.get("amount", collected)
        where = self.src(self.cash_out_line.get(name, line))
        premium = said.get("premium", 0)  # (hundredths of a per cent)
        rest = 10_000 - premium
        fee = (2 * paid * premium + rest) // (2 * rest) if 0 < premium < 10_000 else 0
        self.cash_outs.append(CashOut(name, paid, fee, where))
        if fee:
            label = f"Cash-out Premium {premium // 100}.{premium % 100:02}%"
            self.fees.append(Fee(FeeKind.CASH_OUT_FEE, fee, FeeEffect.OUTSIDE, label, where, name))

    def shown(self, name: str, brackets: list[str], line: int, text: str) -> None:
        """`[ cards ] [ words -- best five ]...`: the cards, and one words bracket per board."""
        source = self.src(line)
        hole = self.cards(brackets[0], line, text)
        words = brackets[1:]
        if not words:
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, hole, None, 0, source, line))
            return
        runs = [1, 2] if len(words) > 1 else [0]
        for run, said in zip(runs, words, strict=False):
            parts = []
            for index, half in enumerate(said.split(_LOW)):
                description, _, best = half.partition(" -- ")
                parts.append(description)
                if best and index == 0:  # (the high hand's five; a low's five is not checked)
                    self.check_best_five(hole, self.cards(best, line, text), run, line, text)
            description = _LOW.join(parts)
            self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, hole, description, run, source, line))

    def check_best_five(self, hole: tuple[Card, ...], best: tuple[Card, ...], run: int, line: int, text: str) -> None:
        """The printed best five must be five of the player's cards and the board's (two and three in Omaha)."""
        board = self.boards.get(run) or self.boards.get(0) or self.run_boards.get(run) or ()
        if len(board) != 5 or len(hole) != (self.game.hole_cards or 0) or self.cards_not_read:
            return  # (a card not read is said once, on its own line)
        from_hole = sum(1 for card in best if card in hole)
        from_board = sum(1 for card in best if card in board)
        wrong = len(set(best)) != 5 or from_hole + from_board != 5
        if self.game.is_omaha and (from_hole != 2 or from_board != 3):
            wrong = True
        if wrong:
            reason = "the best five cards printed are not the player's cards and the board's"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
