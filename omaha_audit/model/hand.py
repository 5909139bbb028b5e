"""The typed hand model: frozen dataclasses with integer money and the source line of every node.

The classes built per line write their own `__init__` (plain assignments, compiled by mypyc into direct
stores); `fast_init` at the end of the module makes them work when interpreted. See model/frozen.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from omaha_audit.model.cards import Card
from omaha_audit.model.enums import (
    ActionKind,
    FeeEffect,
    FeeKind,
    Game,
    Half,
    PotBasis,
    Refunds,
    ShowdownKind,
    Street,
    Structure,
)
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
    """One betting line (a post, bet, call, raise, check or fold), in room-neutral terms: whatever the
    room printed (an increment, a street total or the chips added), the reader gives

    - `amount`: the chips this line put in (0 for checks and folds);
    - `raise_to`: the player's street total after it, for every line that puts chips in (calls and
      posts too; a dead post or an ante leaves it where it was); None for checks and folds;
    - `increment`: for raises whose line states the raise size, the size it states over the previous
      high bet (PokerStars' `raises X to Y`: X), else None: a cross-check of the line's own numbers;
    - `order`: the position of the line in the hand's sequence (actions, street lines and showdown
      markers share one numbering); text readers number by line, others by the room's sequence numbers.
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
    increment: int | None = None
    order: int = 0

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
        increment: int | None = None,
        order: int = 0,
    ) -> None:
        self.street, self.player, self.seat, self.kind = street, player, seat, kind  # type: ignore[misc]
        self.amount, self.source, self.raise_to, self.all_in = amount, source, raise_to, all_in  # type: ignore[misc]
        self.cap_reached, self.discarded = cap_reached, discarded  # type: ignore[misc]
        self.increment, self.order = increment, order  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class StreetDeal:
    """A street marker line. `run` is 0 for a normal street, 1/2 for FIRST/SECOND in run-it-twice."""

    street: Street
    run: int
    cards: tuple[Card, ...]  # the cards on the board after this street (old + new)
    new_cards: tuple[Card, ...]
    source: Source
    empty_new_card: bool = False  # PokerStars' known defect "*** TURN *** [3c Jd 6d] []"
    order: int = 0  # in the hand's sequence (see Action.order)

    def __init__(
        self,
        street: Street,
        run: int,
        cards: tuple[Card, ...],
        new_cards: tuple[Card, ...],
        source: Source,
        empty_new_card: bool = False,
        order: int = 0,
    ) -> None:
        self.street, self.run, self.cards, self.new_cards = street, run, cards, new_cards  # type: ignore[misc]
        self.source, self.empty_new_card, self.order = source, empty_new_card, order  # type: ignore[misc]


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
    order: int = 0  # in the hand's sequence (see Action.order)

    def __init__(
        self,
        player: str,
        kind: ShowdownKind,
        cards: tuple[Card, ...],
        description: str | None,
        run: int,
        source: Source,
        order: int = 0,
    ) -> None:
        self.player, self.kind, self.cards, self.description = player, kind, cards, description  # type: ignore[misc]
        self.run, self.source, self.order = run, source, order  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Collected:
    """`X collected $A from <pot>`. `pot` 0 is the main pot (or the only pot), n is side pot n, and
    ALL_POTS (-1) an amount over every pot of the hand, where the room prints only each player's total
    (old WPN's `Collects: 238.50.`)."""

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
class Fee:
    """Money the room takes or adds besides the rake, or charges a player outside the pot, by kind:
    a jackpot or bingo drop taken from the pot, splash-the-pot money added to it, a cash-out or
    insurance fee a player pays. `effect` says which (see FeeEffect); `label` is the room's word."""

    kind: FeeKind
    amount: int
    effect: FeeEffect
    label: str
    source: Source
    player: str | None = None

    def __init__(
        self, kind: FeeKind, amount: int, effect: FeeEffect, label: str, source: Source, player: str | None = None
    ) -> None:
        self.kind, self.amount, self.effect, self.label = kind, amount, effect, label  # type: ignore[misc]
        self.source, self.player = source, player  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class PotSummary:
    """The pot figures the room printed (`Total pot $X [Main pot $M. Side pot-1 $S1.] | Rake $R`), and
    what they mean in this hand's text, as the reader found it: rooms print the total gross, net of the
    rake, or net and including the uncalled bet returned; main and side pots net or gross; collected
    amounts after or before the rake. A figure the room does not print is None."""

    total: int | None
    rake: int | None
    main: int | None
    sides: tuple[int, ...]
    source: Source
    total_basis: PotBasis = PotBasis.GROSS
    pots_basis: PotBasis = PotBasis.NET
    collected_basis: PotBasis = PotBasis.NET

    def __init__(
        self,
        total: int | None,
        rake: int | None,
        main: int | None,
        sides: tuple[int, ...],
        source: Source,
        total_basis: PotBasis = PotBasis.GROSS,
        pots_basis: PotBasis = PotBasis.NET,
        collected_basis: PotBasis = PotBasis.NET,
    ) -> None:
        self.total, self.rake, self.main, self.sides = total, rake, main, sides  # type: ignore[misc]
        self.source, self.total_basis, self.pots_basis = source, total_basis, pots_basis  # type: ignore[misc]
        self.collected_basis = collected_basis  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class ShowdownMark:
    """A showdown marker line (`*** SHOW DOWN ***`, `*** FIRST SHOW DOWN ***`)."""

    run: int
    order: int
    source: Source

    def __init__(self, run: int, order: int, source: Source) -> None:
        self.run, self.order, self.source = run, order, source  # type: ignore[misc]


LINE_CUT_OFF: Final = "line cut off"  # the text stops inside the hand (OA107)
EMPTY_CARD: Final = "empty card"  # the start of the reason of a card the room printed empty (OA206)


@dataclass(frozen=True, slots=True, init=False)
class Defect:
    """A line of the hand that was not read whole, or that contradicts the rest of the hand; the hand is
    still read, and the audit reports the defect.

    `inconsistent` False (a line not read): the reader did not understand the line, or an amount or a card
    in it (garbled text, a word or a number style it does not know, a line cut off, an empty card). The
    audit says it once (OA106, OA107, OA206) and does not judge the dealer on what the line could change.
    `inconsistent` True: the line was read and contradicts the hand's other lines (a stack after the hand
    that is not the start plus the net, a summary's bet that is not what the lines put in): the room wrote
    it wrongly (OA109)."""

    line: int
    text: str
    reason: str
    inconsistent: bool = False

    def __init__(self, line: int, text: str, reason: str, inconsistent: bool = False) -> None:
        self.line, self.text, self.reason = line, text, reason  # type: ignore[misc]
        self.inconsistent = inconsistent  # type: ignore[misc]

    @property
    def not_read(self) -> bool:
        """A line (or an amount or card of it) the reader did not understand, besides a cut-off text and an
        empty card, which the room wrote so (OA107, OA206)."""
        return not self.inconsistent and self.reason != LINE_CUT_OFF and not self.reason.startswith(EMPTY_CARD)


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
    internal: bool = False  # the reader itself failed (a bug of ours: OA104), not the text

    def __init__(
        self,
        path: str,
        line: int,
        first_line: int,
        last_line: int,
        reason: str,
        hand_id: str | None = None,
        room: str | None = None,
        internal: bool = False,
    ) -> None:
        self.path, self.line, self.first_line, self.last_line = path, line, first_line, last_line  # type: ignore[misc]
        self.reason, self.hand_id, self.room, self.internal = reason, hand_id, room, internal  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """One hand as the room recorded it, in room-neutral terms.

    `room` is the brand that dealt it (`pokerstars`, `run-it-once`, `ggpoker`, ...), `format` the text
    format it was read from (`pokerstars`, `ggpoker`, `winamax`, ...). `started` is the start time in
    UTC when the text says (or implies) the zone, else None; `started_local` the time as printed.
    `table_id` names the table across hands: the room's table number where it prints one, else the
    table's name (prefixed with the tournament id for tournaments)."""

    room: str
    format: str
    hand_id: str
    source: Source
    game: Game
    game_text: str
    structure: Structure
    unit: Unit
    stakes: Stakes
    started: datetime | None
    started_local: str
    table: str
    table_id: str
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
    fees: tuple[Fee, ...] = ()
    refunds: Refunds = Refunds.LINE
    kind: str = "hand"  # hand | zoom | home-game
    mixed: str | None = None  # "8-Game", "Mixed NLH/PLO", ...
    tournament: Tournament | None = None
    club: str | None = None
    run_twice: bool = False
    cancelled: bool = False
    no_low: tuple[int, ...] = ()  # runs (0, 1, 2) with a "No low hand qualified" line
    showdown_marks: tuple[ShowdownMark, ...] = ()
    hero: str | None = None
    truncated: bool = False  # the text ends before the summary
    defects: tuple[Defect, ...] = ()
    play_money: bool = False

    def __init__(
        self,
        room: str,
        format: str,
        hand_id: str,
        source: Source,
        game: Game,
        game_text: str,
        structure: Structure,
        unit: Unit,
        stakes: Stakes,
        started: datetime | None,
        started_local: str,
        table: str,
        table_id: str,
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
        fees: tuple[Fee, ...] = (),
        refunds: Refunds = Refunds.LINE,
        kind: str = "hand",
        mixed: str | None = None,
        tournament: Tournament | None = None,
        club: str | None = None,
        run_twice: bool = False,
        cancelled: bool = False,
        no_low: tuple[int, ...] = (),
        showdown_marks: tuple[ShowdownMark, ...] = (),
        hero: str | None = None,
        truncated: bool = False,
        defects: tuple[Defect, ...] = (),
        play_money: bool = False,
    ) -> None:
        self.room, self.format, self.hand_id, self.source = room, format, hand_id, source  # type: ignore[misc]
        self.game, self.game_text, self.structure, self.unit = game, game_text, structure, unit  # type: ignore[misc]
        self.stakes, self.started, self.started_local = stakes, started, started_local  # type: ignore[misc]
        self.table, self.table_id, self.max_seats = table, table_id, max_seats  # type: ignore[misc]
        self.button, self.seats, self.actions, self.streets = button, seats, actions, streets  # type: ignore[misc]
        self.dealt, self.showdown, self.collected = dealt, showdown, collected  # type: ignore[misc]
        self.uncalled, self.cash_outs, self.events, self.pot = uncalled, cash_outs, events, pot  # type: ignore[misc]
        self.boards, self.summary_seats, self.fees, self.refunds = boards, summary_seats, fees, refunds  # type: ignore[misc]
        self.kind = kind  # type: ignore[misc]
        self.mixed, self.tournament, self.club = mixed, tournament, club  # type: ignore[misc]
        self.run_twice, self.cancelled, self.no_low = run_twice, cancelled, no_low  # type: ignore[misc]
        self.showdown_marks, self.hero = showdown_marks, hero  # type: ignore[misc]
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

    @property
    def stp(self) -> int:
        """Money the site added to the pot (splash the pot, cash drop)."""
        total = 0
        for fee in self.fees:
            if fee.effect is _ADDED:
                total += fee.amount
        return total

    @property
    def share_taxes(self) -> int:
        """The taxes taken from a winner's share once the pot is split (GGPoker's `Tax $0.01`: one player's
        share pays it), not from the pot before: part of `fees_taken`."""
        total = 0
        for fee in self.fees:
            if fee.kind is _TAX and fee.effect is _TAKEN:
                total += fee.amount
        return total

    @property
    def fees_taken(self) -> int:
        """What the fees besides the rake take out of the pot (jackpot, bingo, ...)."""
        total = 0
        for fee in self.fees:
            if fee.effect is _TAKEN:
                total += fee.amount
        return total


ALL_POTS: Final = -1  # Collected.pot of a player's total over every pot

_ADDED: Final = FeeEffect.ADDED
_TAKEN: Final = FeeEffect.TAKEN
_TAX: Final = FeeKind.SHARE_TAX

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
    Fee,
    PotSummary,
    ShowdownMark,
    Defect,
    UnreadableHand,
    Hand,
)
