"""The generator's own record of one hand: the table, the players' chips, the lines of the betting,
and the settlement (pots, awards, showdown). `writer.py` turns it into PokerStars text; `faults.py`
changes it the way a buggy dealer would.

Amounts are integers in the smallest unit (cents or chips).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from omaha_audit.generate.config import Stakes
from omaha_audit.model import Card, Game, Street, Structure, Unit

# ---------------------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    stack: int  # chips at the start of the hand
    sitting_out: bool = False
    hole: tuple[Card, ...] = ()
    chips: int = 0  # chips behind
    bet: int = 0  # live chips in front of the player on this street
    total: int = 0  # every chip the player put in this hand (antes and dead blinds too), net of refunds
    dead: int = 0  # the part of `total` that was never a bet: antes and the dead half of missed blinds
    folded: bool = False
    all_in: bool = False
    fold_street: Street | None = None
    posted_or_bet: bool = False  # a blind or a voluntary chip: folding preflop is then not "(didn't bet)"
    positions: list[str] = field(default_factory=list)  # "button", "small blind", "big blind"
    muck_if_beaten: bool = True  # mucks a beaten hand at showdown instead of showing it

    @property
    def live(self) -> bool:
        return not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


# ---------------------------------------------------------------------------------------------------
# Lines before the showdown
# ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Post:
    """`name: posts <what> <amount>`; what: small blind | big blind | small & big blinds | the ante."""

    player: str
    what: str
    amount: int
    all_in: bool = False


@dataclass(slots=True)
class Act:
    """A betting line. calls/bets: `amount` is the chips added; raises: `amount` is the increment over
    the previous high bet and `to` the street total."""

    player: str
    verb: str  # folds | checks | calls | bets | raises | brings in
    street: Street
    amount: int = 0
    to: int = 0
    all_in: bool = False


@dataclass(slots=True)
class Dealt:
    player: str
    cards: tuple[Card, ...]


@dataclass(slots=True)
class BoardLine:
    """A street marker. run 0 for a normal street, 1/2 for FIRST/SECOND when the hand is run twice."""

    street: Street
    run: int
    old: tuple[Card, ...]
    new: tuple[Card, ...]


@dataclass(slots=True)
class PreFlopCard:
    """Courchevel's first flop card, dealt face up before the preflop betting."""

    card: Card


@dataclass(slots=True)
class Uncalled:
    player: str
    amount: int


@dataclass(slots=True)
class Text:
    """A fixed line: `*** HOLE CARDS ***`, `Betting is capped`."""

    text: str


@dataclass(slots=True)
class StreetMark:
    """A stud street's or a draw's marker (`*** 3rd STREET ***`, `*** FIRST DRAW ***`; the first betting
    round of a draw game: `*** DEALING HANDS ***`)."""

    street: Street


@dataclass(slots=True)
class StudCards:
    """`Dealt to P [old] [new]`: a stud street's cards (the player's own, or the up cards others see), or
    the cards a draw gave the player (kept, then new)."""

    player: str
    old: tuple[Card, ...]
    new: tuple[Card, ...]


@dataclass(slots=True)
class DrawLine:
    """`P: discards 2 cards [..]` (the cards shown for the hero only) or `P: stands pat` (count 0)."""

    player: str
    count: int
    cards: tuple[Card, ...] = ()


Line = Post | Act | Dealt | BoardLine | PreFlopCard | Uncalled | Text | StreetMark | StudCards | DrawLine

# ---------------------------------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Share:
    """Chips one player collects: one `collected` line."""

    player: str
    amount: int
    pot: int  # 0 main pot (or the only pot), n side pot n
    run: int  # 0 single board, 1/2 run twice
    half: str  # high | low | whole


@dataclass(slots=True)
class Reveal:
    player: str
    shows: bool
    description: str = ""  # the words on the `shows` line (kicker clause included)


@dataclass(slots=True)
class PotSection:
    """One pot of one showdown: the hands first revealed for it, then its collected lines."""

    pot: int
    reveals: list[Reveal]
    shares: list[Share]


@dataclass(slots=True)
class RunShowdown:
    run: int
    sections: list[PotSection]
    no_low: bool = False  # hi/lo: print `No low hand qualified`


@dataclass(slots=True)
class PotResult:
    """How one pot of one board was decided (for choosing what a fault changes)."""

    run: int
    pot: int
    amount: int  # net of rake, this board's part
    contenders: list[str]  # shown players eligible for the pot, first clockwise from the button first
    high_winners: list[str]
    low_winners: list[str]  # empty when no contender has a qualifying low


@dataclass(slots=True)
class Settlement:
    total: int  # gross, after uncalled bets are returned
    rake: int
    pot_count: int
    pots_net: list[int]  # printed Main/Side pots (net of rake); used when pot_count > 1
    showdowns: list[RunShowdown]  # empty when the hand was won without a showdown
    uncontested: list[Share]  # the winner's collected line(s) when nobody else was left
    summary_descriptions: dict[tuple[str, int], str]  # (player, run) → words on the summary line
    shown: dict[str, tuple[Card, ...]]
    mucked: dict[str, tuple[Card, ...]]
    results: list[PotResult] = field(default_factory=list)

    def shares(self) -> list[Share]:
        found = list(self.uncontested)
        for showdown in self.showdowns:
            for section in showdown.sections:
                found.extend(section.shares)
        return found


# ---------------------------------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class HandRecord:
    hand_id: str
    game: Game
    structure: Structure
    stakes: Stakes
    unit: Unit
    started: str  # "2026/01/05 9:00:00"
    table: str
    max_seats: int
    button: int
    seats: list[Player]  # every seated player in seat order, sitting-out ones included
    hero: str
    tournament_id: str | None = None
    buy_in: str | None = None
    body: list[Line] = field(default_factory=list)
    boards: list[list[Card]] = field(default_factory=list)  # the board of each run (one, or two)
    flop_dealt: bool = False
    run_twice: bool = False
    show_first: str | None = None  # last aggressor of the final betting round
    all_in_showdown: bool = False  # someone was all-in: every hand is tabled
    settlement: Settlement | None = None
    tags: set[str] = field(default_factory=set)  # what happened, for coverage tests
    unused_cards: list[Card] = field(default_factory=list)  # cards left in the deck

    @property
    def cash(self) -> bool:
        return self.tournament_id is None

    @property
    def dealt(self) -> list[Player]:
        return [player for player in self.seats if not player.sitting_out]

    def player(self, name: str) -> Player:
        for player in self.seats:
            if player.name == name:
                return player
        raise KeyError(name)

    def player_at(self, seat: int) -> Player | None:
        for player in self.seats:
            if player.seat == seat:
                return player
        return None

    def hero_cards(self) -> tuple[Card, ...]:
        for line in self.body:
            if isinstance(line, Dealt):
                return line.cards
        return ()

    def clockwise_from_button(self, names: list[str] | None = None) -> list[str]:
        """Dealt players (or `names`) ordered from the first seat left of the button round to the button."""
        chosen = self.dealt if names is None else [self.player(name) for name in names]
        ordered = sorted(chosen, key=lambda player: (player.seat - self.button - 1) % self.max_seats)
        return [player.name for player in ordered]
