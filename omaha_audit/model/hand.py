"""The typed hand model: frozen dataclasses with integer money and the source line of every node."""

from __future__ import annotations

from dataclasses import dataclass

from omaha_audit.model.cards import Card
from omaha_audit.model.enums import ActionKind, Game, Half, ShowdownKind, Street, Structure
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.money import Unit


@fast_init
@dataclass(frozen=True, slots=True)
class Source:
    """Where a node came from: file path and 1-based line numbers in the original file."""

    path: str
    line: int
    end_line: int = 0

    def at(self, line: int) -> Source:
        return Source(self.path, line, line)


@fast_init
@dataclass(frozen=True, slots=True)
class Stakes:
    """Forced-bet sizes. For fixed limit `small_bet`/`big_bet` are the header's pair and the blinds
    are whatever the posts show (unknown until replay), so `small_blind`/`big_blind` may be None."""

    small_blind: int | None
    big_blind: int | None
    small_bet: int | None = None
    big_bet: int | None = None
    ante: int | None = None
    cap: int | None = None  # CAP tables: the most any player may put in during the hand


@fast_init
@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: str
    buy_in: str  # as printed: "$5.00+$0.50 USD", "Freeroll", "50FPP", "100+9"
    level: str | None  # Roman numeral as printed
    match_round: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    player: str
    stack: int
    source: Source
    bounty: str | None = None
    sitting_out: bool = False
    out_of_hand: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class Action:
    """One betting line. Amounts are as printed, in units:

    - posts, calls, bets: `amount` is the chips put in by this line;
    - raises: `amount` is the printed increment over the previous high bet, `raise_to` the street total.
    """

    street: Street
    player: str
    seat: int | None
    kind: ActionKind
    amount: int
    source: Source
    raise_to: int | None = None
    all_in: bool = False
    cap_reached: bool = False
    discarded: int | None = None  # draw games: number of cards discarded


@fast_init
@dataclass(frozen=True, slots=True)
class StreetDeal:
    """A street marker line. `run` is 0 for a normal street, 1/2 for FIRST/SECOND in run-it-twice."""

    street: Street
    run: int
    cards: tuple[Card, ...]  # the cards on the board after this street (old + new)
    new_cards: tuple[Card, ...]
    source: Source
    empty_new_card: bool = False  # PokerStars' known defect "*** TURN *** [3c Jd 6d] []"


@fast_init
@dataclass(frozen=True, slots=True)
class DealtCards:
    player: str
    cards: tuple[Card, ...]
    source: Source
    new_cards: tuple[Card, ...] = ()  # stud/draw: the second bracket


@fast_init
@dataclass(frozen=True, slots=True)
class ShowdownLine:
    player: str
    kind: ShowdownKind
    cards: tuple[Card, ...]
    description: str | None
    run: int  # 0, or 1/2 under FIRST/SECOND SHOW DOWN
    source: Source


@fast_init
@dataclass(frozen=True, slots=True)
class Collected:
    """`X collected $A from <pot>`. `pot` 0 is the main pot (or the only pot), n is side pot n."""

    player: str
    amount: int
    pot: int
    pot_text: str
    run: int
    source: Source
    half: Half | None = None  # PokerStars never says; None means "not printed"


@fast_init
@dataclass(frozen=True, slots=True)
class UncalledReturn:
    player: str
    amount: int
    street: Street
    source: Source


@fast_init
@dataclass(frozen=True, slots=True)
class CashOut:
    player: str
    amount: int
    fee: int
    source: Source


@fast_init
@dataclass(frozen=True, slots=True)
class Event:
    """A line that is not a betting action: chat, joins, time-outs, `Betting is capped`, ..."""

    kind: str
    text: str
    street: Street
    source: Source
    player: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class SummarySeat:
    """`Seat N: name (tags) outcome` in the summary."""

    seat: int
    player: str
    positions: tuple[str, ...]  # "button", "small blind", "big blind", "button blind"
    outcome: str  # folded | showed | mucked | collected | sat-out | other
    won: tuple[int, ...]  # one amount per board ("won ($x)" clauses or "collected ($x)")
    cards: tuple[Card, ...]
    text: str
    source: Source
    folded_street: str | None = None
    cashed_out: bool = False
    pot_not_awarded: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class PotSummary:
    """`Total pot $X [Main pot $M. Side pot-1 $S1. ...] | Rake $R [| Jackpot ...]`."""

    total: int
    rake: int
    main: int | None
    sides: tuple[int, ...]
    fees: tuple[tuple[str, int], ...]  # other deductions printed after the rake (Jackpot, Bingo, ...)
    source: Source

    @property
    def fees_total(self) -> int:
        """What the fees take from the pot; splash-the-pot money ("STP") is added to it, not taken."""
        return sum(amount for name, amount in self.fees if name != "STP")


@fast_init
@dataclass(frozen=True, slots=True)
class Defect:
    """A line of the hand the room wrote wrongly (garbled, cut off, impossible card): the hand is still
    read, and the audit reports the defect."""

    line: int
    text: str
    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class UnreadableHand:
    """A block of text that could not be read as a hand: where, and why."""

    path: str
    line: int  # the line where reading failed
    first_line: int
    last_line: int
    reason: str
    hand_id: str | None = None
    room: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Hand:
    room: str
    hand_id: str
    source: Source
    game: Game
    game_text: str
    structure: Structure
    unit: Unit
    stakes: Stakes
    started: str
    table: str
    max_seats: int | None
    button: int | None
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    streets: tuple[StreetDeal, ...]
    dealt: tuple[DealtCards, ...]
    showdown: tuple[ShowdownLine, ...]
    collected: tuple[Collected, ...]
    uncalled: tuple[UncalledReturn, ...]
    cash_outs: tuple[CashOut, ...]
    events: tuple[Event, ...]
    pot: PotSummary | None
    boards: tuple[tuple[Card, ...], ...]  # final board(s); two when run twice
    summary_seats: tuple[SummarySeat, ...]
    kind: str = "hand"  # hand | zoom | home-game
    mixed: str | None = None  # "8-Game", "Mixed NLH/PLO", ...
    tournament: Tournament | None = None
    club: str | None = None
    run_twice: bool = False
    cancelled: bool = False
    no_low: tuple[int, ...] = ()  # runs (0, 1, 2) with a "No low hand qualified" line
    showdown_lines: tuple[int, ...] = ()  # lines of the `*** SHOW DOWN ***` markers
    hero: str | None = None
    stp: int = 0  # "splash the pot" money the site added
    truncated: bool = False  # the text ends before the summary
    defects: tuple[Defect, ...] = ()
    play_money: bool = False

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None

    @property
    def total_pot(self) -> int | None:
        return self.pot.total if self.pot else None

    @property
    def rake(self) -> int | None:
        return self.pot.rake if self.pot else None
