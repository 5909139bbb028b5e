"""The typed hand model: frozen dataclasses with integer money and the source line of every node.

The classes built per line write their own `__init__` (plain assignments, compiled by mypyc into direct
stores); `fast_init` at the end of the module makes them work when interpreted. See model/frozen.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_audit.model.cards import Card
from omaha_audit.model.enums import ActionKind, Game, Half, ShowdownKind, Street, Structure
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.money import Unit


@dataclass(frozen=True, slots=True, init=False)
class Source:
    """Where a node came from: file path and 1-based line numbers in the original file."""

    path: str
    line: int
    end_line: int = 0

    def __init__(self, path: str, line: int, end_line: int = 0) -> None:
        self.path, self.line, self.end_line = path, line, end_line  # type: ignore[misc]

    def at(self, line: int) -> Source:
        return Source(self.path, line, line)


@dataclass(frozen=True, slots=True, init=False)
class Stakes:
    """Forced-bet sizes. For fixed limit `small_bet`/`big_bet` are the header's pair and the blinds
    are whatever the posts show (unknown until replay), so `small_blind`/`big_blind` may be None."""

    small_blind: int | None
    big_blind: int | None
    small_bet: int | None = None
    big_bet: int | None = None
    ante: int | None = None
    cap: int | None = None  # CAP tables: the most any player may put in during the hand

    def __init__(
        self,
        small_blind: int | None,
        big_blind: int | None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        ante: int | None = None,
        cap: int | None = None,
    ) -> None:
        self.small_blind, self.big_blind, self.small_bet = small_blind, big_blind, small_bet  # type: ignore[misc]
        self.big_bet, self.ante, self.cap = big_bet, ante, cap  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Tournament:
    tournament_id: str
    buy_in: str  # as printed: "$5.00+$0.50 USD", "Freeroll", "50FPP", "100+9"
    level: str | None  # Roman numeral as printed
    match_round: str | None = None

    def __init__(self, tournament_id: str, buy_in: str, level: str | None, match_round: str | None = None) -> None:
        self.tournament_id, self.buy_in, self.level = tournament_id, buy_in, level  # type: ignore[misc]
        self.match_round = match_round  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Seat:
    seat: int
    player: str
    stack: int
    source: Source
    bounty: str | None = None
    sitting_out: bool = False
    out_of_hand: bool = False

    def __init__(
        self,
        seat: int,
        player: str,
        stack: int,
        source: Source,
        bounty: str | None = None,
        sitting_out: bool = False,
        out_of_hand: bool = False,
    ) -> None:
        self.seat, self.player, self.stack, self.source = seat, player, stack, source  # type: ignore[misc]
        self.bounty, self.sitting_out, self.out_of_hand = bounty, sitting_out, out_of_hand  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
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

    def __init__(
        self,
        street: Street,
        player: str,
        seat: int | None,
        kind: ActionKind,
        amount: int,
        source: Source,
        raise_to: int | None = None,
        all_in: bool = False,
        cap_reached: bool = False,
        discarded: int | None = None,
    ) -> None:
        self.street, self.player, self.seat, self.kind = street, player, seat, kind  # type: ignore[misc]
        self.amount, self.source, self.raise_to, self.all_in = amount, source, raise_to, all_in  # type: ignore[misc]
        self.cap_reached, self.discarded = cap_reached, discarded  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class StreetDeal:
    """A street marker line. `run` is 0 for a normal street, 1/2 for FIRST/SECOND in run-it-twice."""

    street: Street
    run: int
    cards: tuple[Card, ...]  # the cards on the board after this street (old + new)
    new_cards: tuple[Card, ...]
    source: Source
    empty_new_card: bool = False  # PokerStars' known defect "*** TURN *** [3c Jd 6d] []"

    def __init__(
        self,
        street: Street,
        run: int,
        cards: tuple[Card, ...],
        new_cards: tuple[Card, ...],
        source: Source,
        empty_new_card: bool = False,
    ) -> None:
        self.street, self.run, self.cards, self.new_cards = street, run, cards, new_cards  # type: ignore[misc]
        self.source, self.empty_new_card = source, empty_new_card  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class DealtCards:
    player: str
    cards: tuple[Card, ...]
    source: Source
    new_cards: tuple[Card, ...] = ()  # stud/draw: the second bracket

    def __init__(self, player: str, cards: tuple[Card, ...], source: Source, new_cards: tuple[Card, ...] = ()) -> None:
        self.player, self.cards, self.source, self.new_cards = player, cards, source, new_cards  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class ShowdownLine:
    player: str
    kind: ShowdownKind
    cards: tuple[Card, ...]
    description: str | None
    run: int  # 0, or 1/2 under FIRST/SECOND SHOW DOWN
    source: Source

    def __init__(
        self,
        player: str,
        kind: ShowdownKind,
        cards: tuple[Card, ...],
        description: str | None,
        run: int,
        source: Source,
    ) -> None:
        self.player, self.kind, self.cards, self.description = player, kind, cards, description  # type: ignore[misc]
        self.run, self.source = run, source  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Collected:
    """`X collected $A from <pot>`. `pot` 0 is the main pot (or the only pot), n is side pot n."""

    player: str
    amount: int
    pot: int
    pot_text: str
    run: int
    source: Source
    half: Half | None = None  # PokerStars never says; None means "not printed"

    def __init__(
        self,
        player: str,
        amount: int,
        pot: int,
        pot_text: str,
        run: int,
        source: Source,
        half: Half | None = None,
    ) -> None:
        self.player, self.amount, self.pot, self.pot_text = player, amount, pot, pot_text  # type: ignore[misc]
        self.run, self.source, self.half = run, source, half  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class UncalledReturn:
    player: str
    amount: int
    street: Street
    source: Source

    def __init__(self, player: str, amount: int, street: Street, source: Source) -> None:
        self.player, self.amount, self.street, self.source = player, amount, street, source  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class CashOut:
    player: str
    amount: int
    fee: int
    source: Source

    def __init__(self, player: str, amount: int, fee: int, source: Source) -> None:
        self.player, self.amount, self.fee, self.source = player, amount, fee, source  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """A line that is not a betting action: chat, joins, time-outs, `Betting is capped`, ..."""

    kind: str
    text: str
    street: Street
    source: Source
    player: str | None = None

    def __init__(self, kind: str, text: str, street: Street, source: Source, player: str | None = None) -> None:
        self.kind, self.text, self.street, self.source = kind, text, street, source  # type: ignore[misc]
        self.player = player  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
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

    def __init__(
        self,
        seat: int,
        player: str,
        positions: tuple[str, ...],
        outcome: str,
        won: tuple[int, ...],
        cards: tuple[Card, ...],
        text: str,
        source: Source,
        folded_street: str | None = None,
        cashed_out: bool = False,
        pot_not_awarded: bool = False,
    ) -> None:
        self.seat, self.player, self.positions, self.outcome = seat, player, positions, outcome  # type: ignore[misc]
        self.won, self.cards, self.text, self.source = won, cards, text, source  # type: ignore[misc]
        self.folded_street, self.cashed_out = folded_street, cashed_out  # type: ignore[misc]
        self.pot_not_awarded = pot_not_awarded  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class PotSummary:
    """`Total pot $X [Main pot $M. Side pot-1 $S1. ...] | Rake $R [| Jackpot ...]`."""

    total: int
    rake: int
    main: int | None
    sides: tuple[int, ...]
    fees: tuple[tuple[str, int], ...]  # other deductions printed after the rake (Jackpot, Bingo, ...)
    source: Source

    def __init__(
        self,
        total: int,
        rake: int,
        main: int | None,
        sides: tuple[int, ...],
        fees: tuple[tuple[str, int], ...],
        source: Source,
    ) -> None:
        self.total, self.rake, self.main, self.sides, self.fees = total, rake, main, sides, fees  # type: ignore[misc]
        self.source = source  # type: ignore[misc]

    @property
    def fees_total(self) -> int:
        """What the fees take from the pot; splash-the-pot money ("STP") is added to it, not taken."""
        return sum(amount for name, amount in self.fees if name != "STP")


@dataclass(frozen=True, slots=True, init=False)
class Defect:
    """A line of the hand the room wrote wrongly (garbled, cut off, impossible card): the hand is still
    read, and the audit reports the defect."""

    line: int
    text: str
    reason: str

    def __init__(self, line: int, text: str, reason: str) -> None:
        self.line, self.text, self.reason = line, text, reason  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class UnreadableHand:
    """A block of text that could not be read as a hand: where, and why."""

    path: str
    line: int  # the line where reading failed
    first_line: int
    last_line: int
    reason: str
    hand_id: str | None = None
    room: str | None = None

    def __init__(
        self,
        path: str,
        line: int,
        first_line: int,
        last_line: int,
        reason: str,
        hand_id: str | None = None,
        room: str | None = None,
    ) -> None:
        self.path, self.line, self.first_line, self.last_line = path, line, first_line, last_line  # type: ignore[misc]
        self.reason, self.hand_id, self.room = reason, hand_id, room  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
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

    def __init__(
        self,
        room: str,
        hand_id: str,
        source: Source,
        game: Game,
        game_text: str,
        structure: Structure,
        unit: Unit,
        stakes: Stakes,
        started: str,
        table: str,
        max_seats: int | None,
        button: int | None,
        seats: tuple[Seat, ...],
        actions: tuple[Action, ...],
        streets: tuple[StreetDeal, ...],
        dealt: tuple[DealtCards, ...],
        showdown: tuple[ShowdownLine, ...],
        collected: tuple[Collected, ...],
        uncalled: tuple[UncalledReturn, ...],
        cash_outs: tuple[CashOut, ...],
        events: tuple[Event, ...],
        pot: PotSummary | None,
        boards: tuple[tuple[Card, ...], ...],
        summary_seats: tuple[SummarySeat, ...],
        kind: str = "hand",
        mixed: str | None = None,
        tournament: Tournament | None = None,
        club: str | None = None,
        run_twice: bool = False,
        cancelled: bool = False,
        no_low: tuple[int, ...] = (),
        showdown_lines: tuple[int, ...] = (),
        hero: str | None = None,
        stp: int = 0,
        truncated: bool = False,
        defects: tuple[Defect, ...] = (),
        play_money: bool = False,
    ) -> None:
        self.room, self.hand_id, self.source, self.game = room, hand_id, source, game  # type: ignore[misc]
        self.game_text, self.structure, self.unit = game_text, structure, unit  # type: ignore[misc]
        self.stakes, self.started, self.table, self.max_seats = stakes, started, table, max_seats  # type: ignore[misc]
        self.button, self.seats, self.actions, self.streets = button, seats, actions, streets  # type: ignore[misc]
        self.dealt, self.showdown, self.collected = dealt, showdown, collected  # type: ignore[misc]
        self.uncalled, self.cash_outs, self.events, self.pot = uncalled, cash_outs, events, pot  # type: ignore[misc]
        self.boards, self.summary_seats, self.kind = boards, summary_seats, kind  # type: ignore[misc]
        self.mixed, self.tournament, self.club = mixed, tournament, club  # type: ignore[misc]
        self.run_twice, self.cancelled, self.no_low = run_twice, cancelled, no_low  # type: ignore[misc]
        self.showdown_lines, self.hero, self.stp = showdown_lines, hero, stp  # type: ignore[misc]
        self.truncated, self.defects, self.play_money = truncated, defects, play_money  # type: ignore[misc]

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


fast_init(
    Source,
    Stakes,
    Tournament,
    Seat,
    Action,
    StreetDeal,
    DealtCards,
    ShowdownLine,
    Collected,
    UncalledReturn,
    CashOut,
    Event,
    SummarySeat,
    PotSummary,
    Defect,
    UnreadableHand,
    Hand,
)
