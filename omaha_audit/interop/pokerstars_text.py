"""Any room's hand written as PokerStars text, so that a tracker which reads only
PokerStars can import it, and so that reading the text back gives the same hand (tests/interop).

What the text says is what the room's hand said, in PokerStars' terms (ROOMS.md names each room's):

* amounts as PokerStars counts them: `raises X to Y` with Y the street total and X the raise over the
  high bet before it (the room's own stated size when it stated one, so that a wrong one stays visible);
  calls and bets the chips added;
* the uncalled bet always as its own `Uncalled bet (X) returned to P` line: rooms that imply it (888,
  iPoker) or pay it back inside `collected` (Winamax, Bovada's "Return uncalled portion") have it
  computed from their lines as the audit computes it (UC-1), and their `collected` amounts less it;
* `Total pot` gross of the rake and net of the uncalled bet, `Main pot`/`Side pot` net, whatever basis
  the room printed them on (model.PotBasis); a room that prints only the big blind (Absolute) has the small
  blind posted written as the small blind; where a room prints no pot total, it is the chips put in
  less the uncalled bet; where it prints no rake, the rake written is that pot less what was collected
  and the other fees, and the hand is marked so in no way the room did not say: the auditor reading the
  converted file judges the figures the room did print, the same way;
* the fees taken from the pot after the rake (`| Jackpot $0.50 | Bingo $0.02`), money the site added as
  `STP added:`, cash-outs as PokerStars' `cashed out the hand for` line;
* hand numbers: PokerStars' are digits; an id with other characters (Winamax's `5343878-96-1383820687`,
  Ongame's `R5-361875219-6`, Cake's hexadecimal) is written as a stable 18-digit number made of the start
  time and a digest of the room and the id (`hand_number`): in time order, never a guess that could
  collide with another hand's;
* the start time in UTC (`2024/05/01 18:04:11 UTC`) where the room's zone is known, else as printed,
  without a zone.

Stud and draw hands are written as PokerStars writes them: each street's or round's mark (`*** 3rd
STREET ***`, `*** FIRST DRAW ***`), its `Dealt to` lines (a player's n-th is his n-th street's), then
its lines; a draw's new cards after the player's discard.

Hands it cannot write are returned as `Unconvertible` with the reason (the command counts them): games
PokerStars has no name for, cancelled or cut-off hands,
fees PokerStars text has no place for (GGPoker's insurance and EV cash-out), amounts with a number of
decimal places PokerStars text does not carry.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

from omaha_audit.engine.ledger import ledger
from omaha_audit.interop.common import Unconvertible, returned_bets
from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    DealtCards,
    Game,
    Hand,
    PotBasis,
    Refunds,
    Seat,
    ShowdownLine,
    Street,
    StreetDeal,
    Structure,
)
from omaha_audit.model.enums import FeeEffect, FeeKind, ShowdownKind
from omaha_audit.rooms.pokerstars.header import GAMES

NAME: Final = "pokerstars"
SUFFIX: Final = ".txt"

_GAME_WORDS: Final[dict[Game, str]] = {
    game: text for text, game in reversed(list(GAMES.items())) if game is not Game.OTHER
}
_STRUCTURE_WORDS: Final = {
    Structure.POT_LIMIT: "Pot Limit",
    Structure.NO_LIMIT: "No Limit",
    Structure.FIXED_LIMIT: "Limit",
    Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP: "Pot Limit Pre-Flop, No Limit Post-Flop",
}
_POST_WORDS: Final = {
    ActionKind.POST_SMALL_BLIND: "small blind",
    ActionKind.POST_BIG_BLIND: "big blind",
    ActionKind.POST_SMALL_AND_BIG_BLIND: "small & big blinds",
    ActionKind.POST_ANTE: "the ante",
    ActionKind.POST_STRADDLE: "straddle",
    ActionKind.POST_BUTTON_BLIND: "button blind",
    ActionKind.POST_DEAD: "dead blind",
}
_VERBS: Final = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises",
}
_STREET_WORDS: Final = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_RUN_WORDS: Final = {0: "", 1: "FIRST ", 2: "SECOND ", 3: "THIRD "}
_LATER_FOLDS: Final = {  # a summary's fold after the first round
    Street.FLOP: "on the Flop",
    Street.TURN: "on the Turn",
    Street.RIVER: "on the River",
    Street.THIRD: "on the 3rd Street",
    Street.FOURTH: "on the 4th Street",
    Street.FIFTH: "on the 5th Street",
    Street.SIXTH: "on the 6th Street",
    Street.SEVENTH: "on the 7th Street",
    Street.DRAW1: "after the 1st Draw",
    Street.DRAW2: "after the 2nd Draw",
    Street.DRAW3: "after the 3rd Draw",
}
_FEE_WORDS: Final = {
    FeeKind.JACKPOT: "Jackpot",
    FeeKind.BINGO: "Bingo",
    FeeKind.FORTUNE: "Fortune",
    FeeKind.TAX: "Pot tax",
    FeeKind.SHARE_TAX: "Tax",
}
_MONTH_NAMES: Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTHS: Final = {name: number for number, name in enumerate(_MONTH_NAMES, 1)}
_DATES: Final = (  # the local dates rooms print (ROOMS.md): year first, day first, month words
    (re.compile(r"(?P<y>\d{4})[/.-](?P<m>\d{1,2})[/.-](?P<d>\d{1,2})"), False),
    (re.compile(r"(?P<d>\d{1,2})[/. -](?P<m>\d{1,2})[/. -](?P<y>\d{4})"), False),
    (re.compile(r"(?P<d>\d{1,2}) (?P<m>[A-Z][a-z]{2}) (?P<y>\d{4})"), True),
    (re.compile(r"(?P<m>[A-Z][a-z]{2}) (?P<d>\d{1,2}) .*?(?P<y>\d{4})"), True),
)
_TIME: Final = re.compile(r"(?<![\d.])(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?")
_PACKED: Final = re.compile(r"(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)")  # Merge: 20081013150000
_WAGERS: Final = frozenset(_POST_WORDS) | {ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.BRING_IN}
_STUD_MARKS: Final = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** 7th STREET ***",
}
_DRAW_MARKS: Final = {
    Street.PREFLOP: "*** DEALING HANDS ***",
    Street.DRAW1: "*** FIRST DRAW ***",
    Street.DRAW2: "*** SECOND DRAW ***",
    Street.DRAW3: "*** THIRD DRAW ***",
}


def entry(index: int, text: str) -> str:
    """PokerStars separates hands with blank lines."""
    return text + "\n\n\n"


def hand_number(hand: Hand) -> str:
    """The hand's id where it is all digits (PokerStars' kind), else a stable 18-digit number: the start
    time's UTC seconds (10 digits) then 8 digits from the room and the id, so that a table's hands keep
    their order by number (the table-history checks and trackers sort by it) and two hands practically
    never share one; without a known time, 18 digits from the room and the id."""
    if hand.hand_id.isdigit() and len(hand.hand_id) <= 20:
        return hand.hand_id
    digest = _digest(f"{hand.room}\0{hand.hand_id}", 8)
    if hand.started is not None and hand.started.year >= 2002:
        return f"{int(hand.started.timestamp()):010d}{digest % 10**8:08d}"
    return str(10**17 + digest % (9 * 10**17))


def convert(hand: Hand) -> str | Unconvertible:
    reason = _cannot_write(hand)
    if reason is not None:
        return Unconvertible(reason)
    return "\n".join(_Writer(hand).lines())


def _cannot_write(hand: Hand) -> str | None:
    if hand.cancelled:
        return "a cancelled hand"
    if hand.truncated:
        return "the hand's text ends before its summary"
    if hand.game not in _GAME_WORDS:
        return "a game PokerStars text has no name for"
    if hand.structure not in _STRUCTURE_WORDS:
        return "a betting structure PokerStars text has no name for"
    unit = hand.unit
    if unit.currency not in ("chips", "play") and not re.fullmatch("[A-Z]{3}", unit.currency):
        return f"a currency PokerStars text has no code for ({unit.currency})"
    expected = 0 if unit.currency in ("chips", "play") else 2
    if unit.decimals != expected:
        return f"amounts in {unit.describe()}: PokerStars text writes {'whole chips' if expected == 0 else 'cents'}"
    stakes = hand.stakes
    if hand.structure is Structure.FIXED_LIMIT:
        if stakes.small_bet is None or stakes.big_bet is None:
            return "no stakes"
    elif stakes.big_blind is None:
        return "no stakes"
    if hand.started is None and _local_time(hand.started_local) is None:
        return "no start time"
    for fee in hand.fees:
        if fee.effect is FeeEffect.OUTSIDE and fee.kind is not FeeKind.CASH_OUT_FEE:
            return "a fee PokerStars text has no line for (insurance, EV cash-out, outside jackpot)"
    if hand.pot is not None and hand.pot.collected_basis is not PotBasis.NET:
        return "collected amounts printed before the rake"
    if any(not seat.player for seat in hand.seats) or any(not action.player for action in hand.actions):
        return "a player without a name"
    return None


class _Writer:
    """One hand's lines, in the order PokerStars prints them."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.money = hand.unit.format
        self.put_in = ledger(hand).put_in
        self.returned = returned_bets(hand)
        self.won = self._won()

    # ---- the figures in PokerStars' terms ------------------------------------------------------

    def _won(self) -> dict[tuple[str, int], list[tuple[int, str]]]:
        """(player, run) -> [(amount, pot words)], net of the uncalled bet where the room paid it back
        inside `collected`."""
        hand = self.hand
        printed = 1 + len(hand.pot.sides) if hand.pot and hand.pot.sides else 1
        pots = max([printed] + [line.pot + 1 for line in hand.collected])  # (readers that place the lines)
        owed = dict(self.returned) if hand.refunds is Refunds.IN_COLLECTED else {}
        won: dict[tuple[str, int], list[tuple[int, str]]] = {}
        for line in hand.collected:
            amount = line.amount
            back = min(owed.get(line.player, 0), amount)
            if back:
                owed[line.player] -= back
                amount -= back
            if amount <= 0 and back:
                continue
            words = _pot_words(line.pot, pots)
            won.setdefault((line.player, line.run), []).append((amount, words))
        return won

    def total_and_rake(self) -> tuple[int, int, int | None, tuple[int, ...]]:
        """Total pot (gross, net of the uncalled bet), rake, main and side pots (net)."""
        hand = self.hand
        returned = sum(self.returned.values())
        put = sum(self.put_in.values()) + hand.stp
        pot = hand.pot
        taken = hand.fees_taken
        collected = sum(amount for shares in self.won.values() for amount, _ in shares)
        gross = put - returned
        rake = pot.rake if pot is not None else None
        if pot is not None and pot.total is not None:
            basis = pot.total_basis
            total = pot.total
            if basis in (PotBasis.GROSS_WITH_REFUNDS, PotBasis.NET_WITH_REFUNDS):
                total -= returned
            if basis in (PotBasis.NET, PotBasis.NET_WITH_REFUNDS):
                total += (rake or 0) + taken
            gross = total
        if rake is None:
            rake = max(0, gross - collected - taken)
        main: int | None = None
        sides: tuple[int, ...] = ()
        if pot is not None and pot.sides and pot.pots_basis is PotBasis.NET:
            main, sides = pot.main, pot.sides
        return gross, rake, main, sides

    # ---- the lines ---------------------------------------------------------------------------

    def lines(self) -> list[str]:
        hand = self.hand
        out = [self.header(), self.table()]
        out.extend(self.seat_line(seat) for seat in hand.seats)
        body = sorted(hand.actions, key=lambda a: a.order)
        out.extend(self.action_line(a, {}) for a in body if _before_cards(a))
        if hand.game.cards_held is not None:
            out.extend(self.rounds(body))
        else:
            out.append("*** HOLE CARDS ***")
            preflop_cards = [deal for deal in hand.streets if deal.street is Street.PREFLOP]
            out.extend(f"*** PRE-FLOP *** [{_cards(deal.new_cards)}]" for deal in preflop_cards)
            out.extend(_dealt_line(dealt) for dealt in hand.dealt if dealt.cards)
            out.extend(f"STP added: {self.money(fee.amount)}" for fee in hand.fees if fee.effect is FeeEffect.ADDED)
            out.extend(self.play(body))
        out.extend(self.uncalled_lines())
        out.extend(self.showdown())
        out.extend(self.summary())
        return out

    def header(self) -> str:
        hand = self.hand
        game = f"{_GAME_WORDS[hand.game]} {_STRUCTURE_WORDS[hand.structure]}"
        stakes = hand.stakes
        if hand.structure is Structure.FIXED_LIMIT:
            pair = f"{self.money(stakes.small_bet or 0)}/{self.money(stakes.big_bet or 0)}"
        else:
            pair = f"{self.money(_small_blind(hand))}/{self.money(stakes.big_blind or 0)}"
        cap = f" - {self.money(stakes.cap)} Cap -" if stakes.cap else ""
        started = _started(hand)
        number = hand_number(hand)
        kind = " Zoom" if hand.kind == "zoom" else ""
        if hand.tournament is not None:
            tour = hand.tournament
            buy_in = f" {tour.buy_in}" if tour.buy_in else ""
            level = f" - Level {tour.level}" if tour.level else ""
            return (
                f"PokerStars{kind} Hand #{number}: Tournament #{_digits(tour.tournament_id)},{buy_in} {game}{level}"
                f" ({pair}{cap}) - {started}"
            )
        iso = "" if hand.unit.currency in ("chips", "play") else f" {hand.unit.currency}"
        return f"PokerStars{kind} Hand #{number}:  {game} ({pair}{cap}{iso}) - {started}"

    def table(self) -> str:
        hand = self.hand
        size = f" {hand.max_seats}-max" if hand.max_seats else ""
        money = " (Play Money)" if hand.play_money or hand.unit.currency == "play" else ""
        button = f" Seat #{hand.button} is the button" if hand.button is not None else ""
        return f"Table '{hand.table}'{size}{money}{button}"

    def seat_line(self, seat: Seat) -> str:
        chips = f"{self.money(seat.stack)} in chips" + (f", {seat.bounty} bounty" if seat.bounty else "")
        status = ""
        if seat.sitting_out:
            status = " is sitting out"
        elif seat.out_of_hand:
            status = " out of hand (moved from another table into small blind)"
        return f"Seat {seat.seat}: {seat.player} ({chips}){status}"

    def action_line(self, action: Action, high: dict[Street, int]) -> str:
        kind, player = action.kind, action.player
        suffix = " and is all-in" if action.all_in else ""
        if kind in _POST_WORDS:
            return f"{player}: posts {_POST_WORDS[kind]} {self.money(action.amount)}{suffix}"
        if kind is ActionKind.BRING_IN:
            return f"{player}: brings in for {self.money(action.amount)}{suffix}"
        if kind is ActionKind.DISCARD:
            count = action.discarded or 0
            return f"{player}: discards {count} card{'' if count == 1 else 's'}"
        if kind is ActionKind.STAND_PAT:
            return f"{player}: stands pat"
        if kind in (ActionKind.FOLD, ActionKind.CHECK):  # (all in on a check: Absolute's timed-out player)
            return f"{player}: {_VERBS[kind]}{suffix or ' '}"
        if kind is ActionKind.RAISE:
            to = action.raise_to if action.raise_to is not None else action.amount
            size = action.increment if action.increment is not None else max(0, to - high.get(action.street, 0))
            return f"{player}: raises {self.money(size)} to {self.money(to)}{suffix}"
        return f"{player}: {_VERBS[kind]} {self.money(action.amount)}{suffix}"

    def play(self, body: list[Action]) -> list[str]:
        """The betting after the hole cards and the boards, by the hand's own order (flop games)."""
        hand = self.hand
        events: list[tuple[int, int, Action | StreetDeal]] = []
        for action in body:
            if not _before_cards(action):
                events.append((action.order, 0, action))
        for deal in hand.streets:
            if deal.street in _STREET_WORDS:
                events.append((deal.order, 1, deal))
        events.sort(key=lambda event: (event[0], event[1]))
        high: dict[Street, int] = {}
        for action in body:
            if _before_cards(action) and action.raise_to is not None:
                high[Street.PREFLOP] = max(high.get(Street.PREFLOP, 0), action.raise_to)
        out: list[str] = []
        for _, _, item in events:
            if isinstance(item, Action):
                out.append(self.action_line(item, high))
                if item.raise_to is not None and item.kind in _WAGERS:
                    high[item.street] = max(high.get(item.street, 0), item.raise_to)
            else:
                out.append(_deal_line(item))
        return out

    def rounds(self, body: list[Action]) -> list[str]:
        """Stud's streets and draw games' rounds: each one's mark, its cards (a player's n-th `Dealt to`
        line is his n-th street's or round's), its lines in the hand's order."""
        hand = self.hand
        names = _DRAW_MARKS if hand.game.is_draw else _STUD_MARKS
        streets = list(names)
        dealt: dict[Street, list[DealtCards]] = {}
        seen: dict[str, int] = {}
        for cards in hand.dealt:
            number = seen.get(cards.player, 0)
            seen[cards.player] = number + 1
            dealt.setdefault(streets[min(number, len(streets) - 1)], []).append(cards)
        betting: dict[Street, list[Action]] = {}
        for action in body:
            if not _before_cards(action):
                street = action.street if action.street in names else streets[0]
                betting.setdefault(street, []).append(action)
        out: list[str] = []
        high: dict[Street, int] = {}
        for street in streets:
            if street not in dealt and street not in betting:
                continue
            out.append(names[street])
            cards_of = {cards.player: cards for cards in dealt.get(street, [])}
            if not hand.game.is_draw or street is streets[0]:  # stud deals the street, then bets
                out.extend(_dealt_line(cards) for cards in dealt.get(street, []))
                cards_of = {}
            for action in betting.get(street, []):
                out.append(self.action_line(action, high))
                if action.raise_to is not None and action.kind in _WAGERS:
                    high[street] = max(high.get(street, 0), action.raise_to)
                if action.kind in (ActionKind.DISCARD, ActionKind.STAND_PAT) and action.player in cards_of:
                    out.append(_dealt_line(cards_of.pop(action.player)))  # a draw's new cards follow it
            out.extend(_dealt_line(cards) for cards in cards_of.values())
        return out

    def showdown(self) -> list[str]:
        """The showdown of each run (PokerStars shows the cards after the last board, whenever a room
        revealed them) with its collected lines."""
        hand = self.hand
        out: list[str] = []
        shows = [line for line in hand.showdown if line.kind is not ShowdownKind.DOESNT_SHOW or line.cards]
        runs = sorted({mark.run for mark in hand.showdown_marks} | {run for _, run in self.won})
        if shows and not runs:
            runs = [0]
        for position, run in enumerate(runs):
            if shows or hand.showdown_marks:
                out.append(f"*** {_RUN_WORDS.get(run, '')}SHOW DOWN ***")
            if position == 0:
                out.extend(self.show_line(line) for line in sorted(shows, key=lambda line: line.order))
            out.extend(self.collected_lines(run))
        if hand.no_low:
            out.append("No low hand qualified")
        for cash in hand.cash_outs:
            fee = f" | Cash Out Fee {self.money(cash.fee)}" if cash.fee else ""
            out.append(f"{cash.player} cashed out the hand for {self.money(cash.amount)}{fee}")
        return out

    def uncalled_lines(self) -> list[str]:
        return [f"Uncalled bet ({self.money(amount)}) returned to {player}" for player, amount in self.returned.items()]

    def collected_lines(self, run: int) -> list[str]:
        out: list[str] = []
        for (player, won_run), shares in self.won.items():
            if won_run == run:
                out.extend(f"{player} collected {self.money(amount)} from {words}" for amount, words in shares)
        return out

    def show_line(self, line: ShowdownLine) -> str:
        player, kind, cards = line.player, line.kind, line.cards
        if kind is ShowdownKind.SHOWS and cards:
            # a description in another room's words would be judged by PokerStars' (OA507): only
            # PokerStars' own are kept
            described = line.description and self.hand.format == "pokerstars"
            words = f" ({line.description})" if described else ""
            return f"{player}: shows [{_cards(cards)}]{words}"
        if kind is ShowdownKind.DOESNT_SHOW:
            return f"{player}: doesn't show hand "
        return f"{player}: mucks hand " + (f"[{_cards(cards)}]" if cards else "")

    def summary(self) -> list[str]:
        hand = self.hand
        money = self.money
        total, rake, main, sides = self.total_and_rake()
        pots = ""
        if main is not None and sides:
            pots = f" Main pot {money(main)}."
            for index, amount in enumerate(sides, start=1):
                label = "Side pot" if len(sides) == 1 else f"Side pot-{index}"
                pots += f" {label} {money(amount)}."
        fees = "".join(
            f" | {_FEE_WORDS.get(fee.kind, fee.label or 'Fee')} {money(fee.amount)}"
            for fee in hand.fees
            if fee.effect is FeeEffect.TAKEN
        )
        out = ["*** SUMMARY ***", f"Total pot {money(total)}{pots} | Rake {money(rake)}{fees}"]
        boards = [board for board in hand.boards if board]
        if hand.run_twice and len(boards) > 1:
            out.append("Hand was run twice")
            out.extend(f"{_RUN_WORDS[run].strip()} Board [{_cards(board)}]" for run, board in enumerate(boards, 1))
        elif boards:
            out.append(f"Board [{_cards(boards[0])}]")
        out.extend(self.summary_seats())
        return out

    def fold_words(self, player: str, street: Street) -> str:
        hand = self.hand
        if street in _LATER_FOLDS:
            return f"folded {_LATER_FOLDS[street]}"
        if hand.game.is_draw and street is not Street.BLINDS:
            return "folded before the Draw"
        bet = any(a.player == player and a.amount > 0 and a.kind is not ActionKind.POST_ANTE for a in hand.actions)
        return "folded before Flop" + ("" if bet else " (didn't bet)")

    def summary_seats(self) -> list[str]:
        hand = self.hand
        folded: dict[str, Street] = {}
        for action in hand.actions:
            if action.kind is ActionKind.FOLD:
                folded.setdefault(action.player, action.street)
        shown = {line.player: line.cards for line in hand.showdown if line.kind is ShowdownKind.SHOWS and line.cards}
        mucked = {line.player: line.cards for line in hand.showdown if line.kind is ShowdownKind.MUCKS}
        tags: dict[str, str] = {}
        for summary in hand.summary_seats:
            tags[summary.player] = "".join(f" ({words})" for words in summary.positions)
        if not hand.summary_seats:
            for seat in hand.seats:
                if seat.seat == hand.button:
                    tags[seat.player] = " (button)"
        out = []
        dealt_in = {a.player for a in hand.actions} | {d.player for d in hand.dealt}
        for seat in hand.seats:
            player = seat.player
            if player not in dealt_in:
                continue
            tag = tags.get(player, "")
            won = {run: sum(a for a, _ in shares) for (name, run), shares in self.won.items() if name == player}
            if player in folded:
                outcome = self.fold_words(player, folded[player])
            elif player in shown:
                runs = sorted({run for _, run in self.won} | ({1, 2} if hand.run_twice else {0}))
                clauses = [f"and won ({self.money(won[run])})" if won.get(run) else "and lost" for run in runs]
                outcome = f"showed [{_cards(shown[player])}] " + ", ".join(clauses)
            elif won:
                outcome = f"collected ({self.money(sum(won.values()))})"
            elif player in mucked:
                cards = mucked[player]
                outcome = f"mucked [{_cards(cards)}]" if cards else "mucked"
            else:
                outcome = "mucked"
            out.append(f"Seat {seat.seat}: {player}{tag} {outcome}")
        return out


def _small_blind(hand: Hand) -> int:
    """The header's small blind; a room that prints only the big blind (Absolute) gets the one posted."""
    if hand.stakes.small_blind is not None:
        return hand.stakes.small_blind
    for action in hand.actions:
        if action.kind is ActionKind.POST_SMALL_BLIND:
            return action.amount
    return 0


def _before_cards(action: Action) -> bool:
    """The posts PokerStars prints before `*** HOLE CARDS ***`."""
    return action.street is Street.BLINDS and action.kind in _POST_WORDS


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _dealt_line(dealt: DealtCards) -> str:
    new = f" [{_cards(dealt.new_cards)}]" if dealt.new_cards else ""
    return f"Dealt to {dealt.player} [{_cards(dealt.cards)}]{new}"


def _deal_line(deal: StreetDeal) -> str:
    street, run = deal.street, deal.run
    cards, new = deal.cards, deal.new_cards
    marker = f"*** {_RUN_WORDS.get(run, '')}{_STREET_WORDS[street]} ***"
    old = cards[: len(cards) - len(new)]
    if street is Street.FLOP and not old:
        return f"{marker} [{_cards(new)}]"
    return f"{marker} [{_cards(old)}] [{_cards(new)}]"


def _pot_words(index: int, pots: int) -> str:
    if index == ALL_POTS or pots == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{index}"


def _digits(text: str) -> str:
    """A tournament id as PokerStars' digits: a stable number for an id with other characters."""
    return text if text.isdigit() else str(_digest(text, 6))


def _digest(text: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=size).digest(), "big")


def _started(hand: Hand) -> str:
    if hand.started is not None:
        return hand.started.strftime("%Y/%m/%d %H:%M:%S UTC")
    local = _local_time(hand.started_local)
    assert local is not None  # _cannot_write refuses a hand without a time
    return local


def _local_time(text: str) -> str | None:
    """A room's printed local time (no zone known) as PokerStars writes one, or None."""
    packed = _PACKED.fullmatch(text.strip())
    if packed:
        year, month, day, hour, minute, second = (int(part) for part in packed.groups())
        return f"{year}/{month:02d}/{day:02d} {hour:02d}:{minute:02d}:{second:02d}"
    clock = _TIME.search(text)
    if clock is None:
        return None
    for pattern, words in _DATES:
        found = pattern.search(text)
        if found is None:
            continue
        number = _MONTHS.get(found["m"]) if words else int(found["m"])
        if number is None or not 1 <= number <= 12:
            continue
        hour, minute = int(clock.group(1)), int(clock.group(2))
        second = int(clock.group(3) or 0)
        return f"{found['y']}/{number:02d}/{int(found['d']):02d} {hour:02d}:{minute:02d}:{second:02d}"
    return None
