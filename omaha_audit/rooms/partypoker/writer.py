"""PartyPoker's text of 2026 (ROOMS.md section 4, dialect C), written from the generator's
record: the same play and faults as the PokerStars writer, in Party's conventions.

What Party prints otherwise than PokerStars (`fpdb-3/PLO-6max-USD-0.10-0.25-202602.cash.out.txt`,
`...202607.multi.hand.split.txt`, and the 2021 tournaments for their header, antes and side pots):

- `***** Hand History For Game <id> *****`, then `0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST
  2026` (the blinds; Eastern time, `EST` or `EDT`), tournaments `350000/700000 Tourney Texas Holdem Game
  Table (NL) (MTT Tournament #301084002) (Buyin $50.0 + $5.0) - ...`; `Table <name> (Real Money) -- Seat 1 is
  the button` (tournaments `Table (301084002) Table #68 ...`); `Total number of players : 4/6`;
- seats `Seat 1: Player4 ($56.64)` (tournament chips `(15123805)`); no colon after names; posts `posts small
  blind (0.10)`, `posts big blind (0.25)`, `posts ante (87500)`; amounts in the betting without a sign;
- `raises X to Y`: X the chips the raise adds, Y the street total; `calls (1.80)`, `bets (5.13)`; an all-in
  line is followed by `X is all-In.`; `folds ` and `checks ` with a trailing space;
- `** Dealing down cards **`, `Dealt to Hero [ 9c, 7h, 8h, 4d ]`, `** Dealing Flop ** :  [ Jc, 7d, 6c ]`, then
  the turn's and the river's new card (`** Dealing Turn ** :  [ Ts ]`); no `Betting is capped` line;
- no uncalled-bet line, no collected line: the summary's `Main Pot: $38.50 [Side Pot 1: $x] Rake: $2.0` (net
  of the rake, the rake as Party prints it, `$0.0`, `$2.0`, `$0.05`; tournaments print no rake), `Board: [
  .. ]` once a flop was dealt, and one balance line per seat: `Hero balance $44.16, bet $23.17, collected
  $41.47, net +$18.30[ 9c, 7h, 8h, 4d ] [ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]`, where `bet` holds
  the uncalled part of the bet and `collected` its return; `lost $0.57` (a hand that reached the end and
  lost), `lost $0.10 (folded)`, `didn't bet (folded)`, `sits out`; cards and words only for hands shown;
- Party's words, lower case (rooms/partypoker/words.py), with the best five cards.

What the corpus does not show is written in the writer's own words, which the reader reads: the games Party
does not deal (`5 Card Omaha Hi`, `6 Card Omaha Hi-Lo`, `Courchevel Hi`, whose face-up card is `** Dealing
Community card ** :  [ 7d ]`); fixed limit (the header's pair is the bets); a returning player's small and
big blind together, `posts big blind + dead (0.35)` (Party's words of 2010-2016 for them); hi/lo words
(`[ HI: a flush, ace high -- Ah,Qh,7h,5h,3h; LO: 7,5,3,2,A ]`); run it twice (each board's streets
numbered, `** Dealing Turn 2 ** :  [ 9d ]`, the summary's `Board 1: [..]` and `Board 2: [..]`, and one
words bracket per board after the cards).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Final
from zoneinfo import ZoneInfo

from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Player,
    Post,
    PreFlopCard,
    Settlement,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate
from omaha_audit.generate.text import grouped
from omaha_audit.generate.writers import HEADER, NUMBERS, Variant, variants
from omaha_audit.model import Card, Game, Street, Structure, Unit
from omaha_audit.rooms.partypoker.words import from_reference

# The fault kinds Party's text cannot show. Party prints no award line: one balance line per player, whose
# `collected` is his total over every pot, half and board (the reader's `ALL_POTS`), and the pots net of the
# rake. In a hand of one pot that is every award; in a hand of several, the text does not say which pot (or
# half, or board) paid an amount.
CANNOT_SHOW: Final = frozenset(
    {
        # A pot split wrongly between two boards both won by one player changes no total at all; where the
        # boards have different winners only the players' totals move, read as a misaward (OA501-OA503),
        # never as the run-twice split (OA506/OA505).
        "run_twice_split_wrong",
        # (odd_chip_wrong and hi_lo_split_wrong are shown: the net pots are printed, so what each player
        # should get is exact, and rules/awards.py compares the totals without a rake-spread allowance then.
        # wrong_winner and low_without_qualifier are shown too: with several pots the totals do not say which
        # pot paid whom, but rules/awards.py names a difference by the one misaward, pot by pot and board by
        # board, whose amounts make it. Where misawards of both kinds make it (two boards, or pots, split
        # alike) it keeps the name the totals' shape gives: 1 low_without_qualifier hand of 1,111 missed in
        # a 20,000-hand run, seed 1.)
    }
)

HAND_SEPARATOR: Final = "\n\n\n"
VARIANTS: Final = variants(
    Variant(
        "thousands", NUMBERS, "amounts grouped by thousands: `$1,056.64`, `raises 1,200.00 to 2,400.00`, chips `87,500`"
    ),
    Variant(
        "sng", HEADER, "a sit-and-go: `... Game Table (NL) (SNG Tournament #T) (Buyin $5.0 + $0.5)`", tournament=True
    ),
    Variant("stt", HEADER, "a single-table tournament: `... (STT Tournament #T) ...`", tournament=True),
)
_GAMES: Final = {
    Game.HOLDEM: "Texas Hold'em",
    Game.OMAHA: "Omaha Hi",
    Game.OMAHA_HI_LO: "Omaha Hi-Lo",
    Game.OMAHA5: "5 Card Omaha Hi",
    Game.OMAHA5_HI_LO: "5 Card Omaha Hi-Lo",
    Game.OMAHA6: "6 Card Omaha Hi",
    Game.OMAHA6_HI_LO: "6 Card Omaha Hi-Lo",
    Game.COURCHEVEL: "Courchevel Hi",
    Game.COURCHEVEL_HI_LO: "Courchevel Hi-Lo",
}
_LIMITS: Final = {Structure.POT_LIMIT: "PL", Structure.NO_LIMIT: "NL", Structure.FIXED_LIMIT: "FL"}
_STREETS: Final = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
_EASTERN: Final = ZoneInfo("America/New_York")


def bet_money(unit: Unit, amount: int, thousands: str = "") -> str:
    """An amount in the betting: `0.10`, `2.40`, `20.52`; chips `87500` (with `thousands`: `87,500`)."""
    if unit.decimals == 0:
        return grouped(amount, thousands)
    whole, cents = divmod(amount, 10**unit.decimals)
    return f"{grouped(whole, thousands)}.{cents:0{unit.decimals}d}"


def money(unit: Unit, amount: int, thousands: str = "") -> str:
    """An amount of the seats and the summary: `$56.64`, `$16`, `$0.20`; chips `15123805` (with `thousands`:
    `$1,056.64`, `15,123,805`)."""
    if unit.decimals == 0:
        return grouped(amount, thousands)
    whole, cents = divmod(amount, 10**unit.decimals)
    digits = grouped(whole, thousands)
    return f"${digits}" if cents == 0 else f"${digits}.{cents:0{unit.decimals}d}"


def rake_money(unit: Unit, amount: int) -> str:
    """The rake as Party prints it, a decimal number's shortest form: `$2.0`, `$0.05`, `$0.84`, `$0.0`."""
    value = Decimal(amount) / 10**unit.decimals
    text = format(value.normalize(), "f")
    return f"${text}" if "." in text else f"${text}.0"


def started(text: str) -> str:
    """`2026/01/05 9:00:00` (Eastern time) as Party writes it: `Mon Jan 05 09:00:00 EST 2026`."""
    moment = datetime.strptime(text, "%Y/%m/%d %H:%M:%S").replace(tzinfo=_EASTERN)
    return f"{moment:%a %b %d %H:%M:%S} {moment.tzname()} {moment.year}"


def buy_in(text: str) -> str:
    """`$5.00+$0.50 USD` as Party writes a buy-in: `$5.0 + $0.5`."""
    parts = []
    for part in text.removesuffix(" USD").split("+"):
        value = Decimal(part.strip().lstrip("$") or "0").normalize()
        shown = format(value, "f")
        parts.append(f"${shown}" if "." in shown else f"${shown}.0")
    return " + ".join(parts)


class _Writer:
    """One hand's text, line by line, with the street totals Party's raise numbers need."""

    def __init__(self, rec: HandRecord, settlement: Settlement, variants: frozenset[str] = frozenset()) -> None:
        self.rec = rec
        self.settlement = settlement
        self.unit = rec.unit
        self.lines: list[str] = []
        self.bets: dict[str, int] = {}  # live street totals
        self.returned: dict[str, int] = {}  # the uncalled bet given back, per player
        self.variants = variants
        self.thousands = "," if "thousands" in variants else ""

    def bet(self, amount: int) -> str:
        return bet_money(self.unit, amount, self.thousands)

    def cash(self, amount: int) -> str:
        return money(self.unit, amount, self.thousands)

    # ---- the hand -----------------------------------------------------------------------------------
    def write(self) -> str:
        rec = self.rec
        self.lines = [f"***** Hand History For Game {rec.hand_id} *****", self.header(), self.table()]
        self.lines.append(f"Total number of players : {len(rec.seats)}/{rec.max_seats}")
        for player in rec.seats:
            self.lines.append(f"Seat {player.seat}: {player.name} ({self.cash(player.stack)})")
        for line in rec.body:
            self.body_line(line)
        self.summary()
        return "\n".join(self.lines) + HAND_SEPARATOR

    def header(self) -> str:
        rec = self.rec
        low, high = rec.stakes.header_pair(rec.structure)
        pair = f"{self.bet(low)}/{self.bet(high)}"
        game = f"{_GAMES[rec.game]} Game Table ({_LIMITS[rec.structure]})"
        when = started(rec.started)
        if rec.tournament_id is None:
            return f"{pair} {game} - {when}"
        kind = next((name.upper() for name in ("sng", "stt") if name in self.variants), "MTT")
        tournament = f"({kind} Tournament #{rec.tournament_id}) (Buyin {buy_in(rec.buy_in or '')})"
        return f"{pair} Tourney {game} {tournament} - {when}"

    def table(self) -> str:
        rec = self.rec
        name = rec.table
        if rec.tournament_id is not None:  # the generator names a tournament table "<tournament> <number>"
            name = f"({rec.tournament_id}) Table #{rec.table.rsplit(' ', 1)[-1]}"
        return f"Table {name} (Real Money) -- Seat {rec.button} is the button"

    def body_line(self, line: object) -> None:
        if isinstance(line, Post):
            own = self.bets.get(line.player, 0)
            if line.what == "the ante":
                self.lines.append(f"{line.player} posts ante ({self.bet(line.amount)})")
            elif line.what == "small & big blinds":  # the small blind dead, the big blind live
                self.bets[line.player] = own + self.rec.stakes.big_blind
                self.lines.append(f"{line.player} posts big blind + dead ({self.bet(line.amount)})")
            else:
                self.bets[line.player] = own + line.amount
                self.lines.append(f"{line.player} posts {line.what} ({self.bet(line.amount)})")
            if line.all_in:
                self.lines.append(f"{line.player} is all-In.")
        elif isinstance(line, Act):
            self.act(line)
        elif isinstance(line, BoardLine):
            run = f" {line.run}" if line.run else ""
            new = ", ".join(str(card) for card in line.new)
            self.lines.append(f"** Dealing {_STREETS[line.street]}{run} ** :  [ {new} ]")
            self.bets = {}
        elif isinstance(line, Dealt):
            self.lines.append(f"Dealt to {line.player} [ {', '.join(str(card) for card in line.cards)} ]")
        elif isinstance(line, PreFlopCard):
            self.lines.append(f"** Dealing Community card ** :  [ {line.card} ]")
        elif isinstance(line, Uncalled):
            self.returned[line.player] = self.returned.get(line.player, 0) + line.amount
        elif isinstance(line, Text):
            if line.text == "*** HOLE CARDS ***":
                self.lines.append("** Dealing down cards **")
        else:
            raise TypeError(f"unknown line {line!r}")

    def act(self, line: Act) -> None:
        name = line.player
        if line.verb in ("folds", "checks"):
            self.lines.append(f"{name} {line.verb} ")
            return
        own = self.bets.get(name, 0)
        if line.verb == "raises":
            self.bets[name] = line.to
            self.lines.append(f"{name} raises {self.bet(line.to - own)} to {self.bet(line.to)}")
        else:
            self.bets[name] = own + line.amount
            self.lines.append(f"{name} {line.verb} ({self.bet(line.amount)})")
        if line.all_in:
            self.lines.append(f"{name} is all-In.")

    # ---- the summary --------------------------------------------------------------------------------
    def summary(self) -> None:
        rec, settlement, unit = self.rec, self.settlement, self.unit
        self.lines.append("** Summary **")
        pots = list(settlement.pots_net) if settlement.pot_count > 1 else [settlement.total - settlement.rake]
        line = f"Main Pot: {self.cash(pots[0])}"
        line += "".join(f" Side Pot {index}: {self.cash(amount)}" for index, amount in enumerate(pots[1:], 1))
        if rec.tournament_id is None:
            line += f" Rake: {rake_money(unit, settlement.rake)}"
        self.lines.append(line)
        if rec.run_twice:
            for run in (1, 2):
                self.lines.append(f"Board {run}: [ {', '.join(str(card) for card in rec.boards[run - 1])} ]")
        elif rec.boards and rec.boards[0] and rec.flop_dealt:
            self.lines.append(f"Board: [ {', '.join(str(card) for card in rec.boards[0])} ]")
        won: dict[str, int] = {}
        for share in settlement.shares():
            won[share.player] = won.get(share.player, 0) + share.amount
        shows = {
            reveal.player
            for s in settlement.showdowns
            for section in s.sections
            for reveal in section.reveals
            if reveal.shows
        }
        for player in rec.seats:
            self.lines.append(self.balance(player, won, player.name in shows))

    def balance(self, player: Player, won: dict[str, int], showed: bool) -> str:
        name = player.name
        if player.sitting_out:
            return f"{name} balance {self.cash(player.stack)}, sits out"
        back = self.returned.get(name, 0)
        bet = player.total + back  # (the uncalled part of a bet is in it)
        collected = won.get(name, 0) + (back if not player.folded else 0)
        balance = self.cash(player.stack - bet + collected)
        if player.folded:
            if not bet:
                return f"{name} balance {balance}, didn't bet (folded)"
            return f"{name} balance {balance}, lost {self.cash(bet)} (folded)"
        if collected:
            net = collected - bet
            sign = "-" if net < 0 else "+"
            text = f"{name} balance {balance}, bet {self.cash(bet)}, collected {self.cash(collected)}, net"
            text += f" {sign}{self.cash(abs(net))}"
        else:
            text = f"{name} balance {balance}, lost {self.cash(bet)}"
        return text + (self.shown(player) if showed else "")

    def shown(self, player: Player) -> str:
        """`[ cards ] [ words -- best five ]`, one words bracket per board."""
        rec, settlement = self.rec, self.settlement
        text = f"[ {', '.join(str(card) for card in player.hole)} ]"
        runs = sorted({showdown.run for showdown in settlement.showdowns})
        for run in runs:
            said = settlement.summary_descriptions.get((player.name, run))
            if said is None:
                continue
            board = rec.boards[max(run, 1) - 1]
            words = from_reference(said)
            high, mark, low = words.partition("; LO: ")
            try:
                best = ",".join(str(card) for card in _best_five(rec.game, player.hole, board))
            except ValueError:  # a card dealt twice (a fault): the words alone
                text += f" [ {words} ]"
                continue
            text += f" [ {high} -- {best}{mark}{low} ]"
        return text


def _best_five(game: Game, hole: tuple[Card, ...], board: list[Card]) -> tuple[Card, ...]:
    high, _ = evaluate(game, hole, board)
    return tuple(high.cards)


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, ending with the blank lines that separate it from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    return _Writer(rec, settlement, variants).write()


__all__ = ["CANNOT_SHOW", "VARIANTS", "bet_money", "buy_in", "money", "rake_money", "started", "write_hand"]
