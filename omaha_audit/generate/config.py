"""What the generator may deal: games, betting structures, stakes, tournament levels, the rake schedule,
and the run's configuration.

Money is an integer count of the smallest unit everywhere: cents at cash tables, chips in tournaments.

Each room's hands are dealt by the room's house-rules preset, the one `omaha-audit audit` judges them
by: generate/dealing.py derives from it the fixed-limit blinds, the rake schedule and caps, and how the
button moves. What is here is what every room shares:

* rake (`RakeSchedule`) is 5% of the total pot after uncalled bets are returned, computed exactly in
  cents and rounded half to even (pot $0.10 → 0.5 cent → $0; pot $0.30 → 1.5 cents → $0.02; pot $0.50 →
  2.5 → $0.02), capped by the big blind of the table and by the number of players dealt into the hand
  (players sitting out are not dealt in; a player who posted missed blinds is), and taken only when a flop
  was dealt where the room's preset says no flop, no drop (a run-it-twice hand that went all-in preflop
  has a flop, so it is raked). For fixed limit the big blind is the posted big blind (the small bet), not
  the header pair. Tournaments are never raked (`Rake 0`).
* ``POKERSTARS_RAKE`` is PokerStars' published No Limit / Pot Limit schedule, written out here again on
  purpose (tests/generate/test_generate_pots.py checks it against the `pokerstars` preset, and that the
  schedule derived from that preset is this one). It is also the generator's usual schedule, the caps a
  room is raked under where its preset states none:

  ==================  =========  ===========  ==========
  big blind           2 dealt    3–4 dealt    5+ dealt
  ==================  =========  ===========  ==========
  $0.01 – $0.04       $0.30      $0.30        $0.30
  $0.05 – $0.09       $0.50      $0.50        $1
  $0.10 – $0.24       $0.50      $1           $1.50
  $0.25 – $0.49       $0.50      $1           $2
  $0.50 – $0.99       $1         $1           $3
  $1 – $1.99          $1.25      $1.25        $3
  $2 – $4.99          $1.50      $1.50        $3.50
  $5 – $9.99          $2         $2           $4.50
  $10 – $19.99        $2.50      $2.50        $4.50
  $20 – $49.99        $3         $3           $5
  $50 and more        $3         $5           $5
  ==================  =========  ===========  ==========

* fixed-limit cash tables (`FIXED_LIMIT_CASH`) are listed by their bets; the blinds are the room's (FL-1:
  the big blind is the small bet, the small blind the preset's, e.g. PokerStars' $5/$10 posts $2/$5, $3/$6
  posts $1/$3, where a room that posts half the small bet posts $2.50/$5 and $1.50/$3).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from omaha_audit.model import Game, Structure

# ---------------------------------------------------------------------------------------------------
# Games and structures
# ---------------------------------------------------------------------------------------------------

GAME_TEXT: dict[Game, str] = {
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.OMAHA5: "5 Card Omaha",
    Game.OMAHA5_HI_LO: "5 Card Omaha Hi/Lo",
    Game.OMAHA6: "6 Card Omaha",
    Game.OMAHA6_HI_LO: "6 Card Omaha Hi/Lo",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "Courchevel Hi/Lo",
    Game.HOLDEM: "Hold'em",
}
GENERATED_GAMES: tuple[Game, ...] = tuple(GAME_TEXT)
# The stud and draw games (generate/stud_draw.py), dealt in runs of their own: PokerStars' words for them.
STUD_DRAW_TEXT: dict[Game, str] = {
    Game.STUD: "7 Card Stud",
    Game.STUD_HI_LO: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.TRIPLE_DRAW_2_7: "Triple Draw 2-7 Lowball",
    Game.SINGLE_DRAW_2_7: "Single Draw 2-7 Lowball",
    Game.BADUGI: "Badugi",
    Game.FIVE_CARD_DRAW: "5 Card Draw",
}
# A-5 triple draw besides: PokerStars deals none (no words of its own above), Full Tilt did (rooms/fulltilt/writer.py).
STUD_DRAW_GAMES: tuple[Game, ...] = (*STUD_DRAW_TEXT, Game.TRIPLE_DRAW_A_5)

STRUCTURE_TEXT: dict[Structure, str] = {
    Structure.POT_LIMIT: "Pot Limit",
    Structure.NO_LIMIT: "No Limit",
    Structure.FIXED_LIMIT: "Limit",
}
GENERATED_STRUCTURES: tuple[Structure, ...] = tuple(STRUCTURE_TEXT)

# ---------------------------------------------------------------------------------------------------
# Stakes
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stakes:
    """Forced bets of one hand. For fixed limit `small_bet`/`big_bet` are the header's pair."""

    small_blind: int
    big_blind: int
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    level: str | None = None  # tournament level, Roman numeral
    bring_in: int = 0  # stud: the bring-in

    def header_pair(self, structure: Structure) -> tuple[int, int]:
        if structure is Structure.FIXED_LIMIT:
            return self.small_bet, self.big_bet
        return self.small_blind, self.big_blind


# Big-bet cash tables: (small blind, big blind) in cents.
CASH_BLINDS: tuple[tuple[int, int], ...] = (
    (1, 2),
    (2, 5),
    (5, 10),
    (10, 25),
    (25, 50),
    (50, 100),
    (100, 200),
    (200, 400),
    (300, 600),
    (500, 1000),
)

# Fixed-limit cash tables: (small bet, big bet) in cents; the blinds are the room's (DealingRules).
FIXED_LIMIT_CASH: tuple[tuple[int, int], ...] = (
    (10, 20),
    (25, 50),
    (50, 100),
    (100, 200),
    (200, 400),
    (300, 600),
    (500, 1000),
    (1000, 2000),
    (1500, 3000),
)

# Tournament levels: (level, small blind, big blind, ante) in chips.
TOURNAMENT_LEVELS: tuple[tuple[str, int, int, int], ...] = (
    ("I", 10, 20, 0),
    ("II", 15, 30, 0),
    ("III", 25, 50, 0),
    ("IV", 50, 100, 0),
    ("V", 75, 150, 15),
    ("VI", 100, 200, 25),
    ("VII", 150, 300, 40),
    ("VIII", 200, 400, 50),
    ("IX", 300, 600, 75),
    ("X", 400, 800, 100),
)

# Fixed-limit tournament levels: (level, small bet, big bet, ante); blinds are half and one small bet.
FIXED_LIMIT_LEVELS: tuple[tuple[str, int, int, int], ...] = (
    ("I", 20, 40, 0),
    ("II", 30, 60, 0),
    ("III", 40, 80, 0),
    ("IV", 60, 120, 0),
    ("V", 100, 200, 10),
    ("VI", 150, 300, 20),
    ("VII", 200, 400, 25),
    ("VIII", 300, 600, 50),
)

BUY_INS: tuple[str, ...] = (
    "$5.00+$0.50 USD",
    "$3.00+$0.30 USD",
    "$10.00+$1.00 USD",
    "$1.08+$0.27+$0.15 USD",
    "$27.00+$3.00 USD",
    "$0.98+$0.02 USD",
)

# ---------------------------------------------------------------------------------------------------
# Rake
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RakeSchedule:
    """Percentage rake with caps by big blind and players dealt (module docstring). `capped_from`: the
    smallest big blind whose cap the room's preset states, so that an audit holds the rake to it (None:
    the preset states none, and the caps are only the generator's usual ones)."""

    name: str
    percent_basis_points: int  # 500 = 5.00%
    # (largest big blind in cents or None for "above", cap 2 dealt, cap 3-4 dealt, cap 5+ dealt)
    caps: tuple[tuple[int | None, int, int, int], ...]
    no_flop_no_drop: bool = True
    capped_from: int | None = 0

    def audited_cap(self, big_blind: int) -> bool:
        """Whether an audit holds the rake at this big blind to the cap (`capped_from`)."""
        return self.capped_from is not None and big_blind >= self.capped_from

    def cap(self, big_blind: int, players_dealt: int) -> int:
        for limit, two, three_four, five_plus in self.caps:
            if limit is None or big_blind <= limit:
                if players_dealt <= 2:
                    return two
                return three_four if players_dealt <= 4 else five_plus
        raise AssertionError("the last cap row has no limit")

    def uncapped(self, total_pot: int) -> int:
        """The percentage of the pot, rounded half to even, in whole units."""
        whole, rest = divmod(total_pot * self.percent_basis_points, 10_000)
        if rest * 2 > 10_000 or (rest * 2 == 10_000 and whole % 2 == 1):
            whole += 1
        return whole

    def rake(self, total_pot: int, big_blind: int, players_dealt: int, flop_dealt: bool) -> int:
        if self.no_flop_no_drop and not flop_dealt:
            return 0
        return min(self.uncapped(total_pot), self.cap(big_blind, players_dealt))


POKERSTARS_RAKE = RakeSchedule(
    name="pokerstars",
    percent_basis_points=500,
    caps=(
        (4, 30, 30, 30),
        (9, 50, 50, 100),
        (24, 50, 100, 150),
        (49, 50, 100, 200),
        (99, 100, 100, 300),
        (199, 125, 125, 300),
        (499, 150, 150, 350),
        (999, 200, 200, 450),
        (1999, 250, 250, 450),
        (4999, 300, 300, 500),
        (None, 300, 500, 500),
    ),
    capped_from=2,  # (the preset's first row: a $0.02 big blind)
)

# ---------------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


TABLE_NAMES: tuple[str, ...] = _words(
    """Gaby Benetnasch Pollux Pomona Rastaban Skat Isonoe Aludra Menkar Zaurak Alcyone Mirzam Sualocin Tejat
    Nashira Ankaa Diadem Kornephoros Alphard Algenib Matar Sadr Hadar Wezen Kaus Muphrid Thuban Caph Errai
    Achird"""
)
ROMAN: tuple[str, ...] = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")

_FIRST = _words(
    """tiger lucky river nut ace grind flop shark donk stack royal bluff cool fish silent big little mad crazy
    pot chip wild dark iron"""
)
_SECOND = _words(
    "hunter king rat master queen wolf boy girl man lord fox bear rider maker runner jack shot eye star moon"
)
# Names real files show that stress a reader: spaces, dots, @, $, hyphens, trailing digits.
_ODD_NAMES = (
    "Poker Elfe 1",
    "FLATC@T",
    "DaddyCa$h",
    "mr.bean77",
    "Lord Minge",
    "x_Tilt_x",
    "Jean-Luc",
    "immo 1000",
    "KENZA_MILOU",
    "boysDcrye",
    "The Nut Peddler",
    "O.K. Corral",
    "zz top",
    "l0wba11",
    "Señor Flop",
)


def _player_names() -> tuple[str, ...]:
    names = [f"{a}{b}" for a in _FIRST for b in _SECOND]
    names += [f"{a.capitalize()}{b.capitalize()}{n}" for a in _FIRST[:8] for b in _SECOND[:8] for n in (7, 88)]
    names += list(_ODD_NAMES)
    return tuple(names)


PLAYER_NAMES: tuple[str, ...] = _player_names()

# ---------------------------------------------------------------------------------------------------
# The run's configuration
# ---------------------------------------------------------------------------------------------------

TABLE_SIZES: tuple[int, ...] = (2, 6, 8, 9, 10)


@dataclass(frozen=True, slots=True)
class GenerateConfig:
    """One generator run. `faults` empty means every fault kind; `games`/`structures` empty means all."""

    hands: int
    seed: int
    games: tuple[Game, ...] = GENERATED_GAMES
    structures: tuple[Structure, ...] = GENERATED_STRUCTURES
    min_players: int = 2
    max_players: int = 9
    fault_rate: float = 0.0
    faults: tuple[str, ...] = ()
    tournament_share: float = 0.25
    first_hand_id: int | None = None  # None: 200000000000 + a block of ids chosen by the seed
    start: datetime = field(default_factory=lambda: datetime(2026, 1, 5, 9, 0, 0))
    room: str = "pokerstars"  # whose text to write (a room with a writer: omaha_audit/rooms/<room>/writer.py)
    sessions: bool = False  # whole table sessions with continuity faults (generate/sessions.py)
    tables: int = 4  # sessions: tables open at once
    variants: tuple[str, ...] = ()  # the room's text variants to write (its writer's VARIANTS; generate/writers.py)

    def __post_init__(self) -> None:
        if self.hands < 0:
            raise ValueError("--hands must be 0 or more")
        if not 2 <= self.min_players <= self.max_players <= 10:
            raise ValueError("--players must be between 2 and 10 (e.g. 6 or 2-9)")
        if not 0.0 <= self.fault_rate <= 1.0:
            raise ValueError("--fault-rate must be between 0 and 1")
        if not 0.0 <= self.tournament_share <= 1.0:
            raise ValueError("--tournament-share must be between 0 and 1")
        if not self.games:
            raise ValueError("no game selected")
        if not self.structures:
            raise ValueError("no betting structure selected")
        if not 1 <= self.tables <= 100:
            raise ValueError("--tables must be between 1 and 100")
        if self.seed < 0:
            raise ValueError("--seed must be 0 or more")
        for game in self.games:
            if game not in GAME_TEXT and game not in STUD_DRAW_GAMES:
                raise ValueError(f"the generator does not deal {game.value!r}")
        if any(game in STUD_DRAW_GAMES for game in self.games) and any(game in GAME_TEXT for game in self.games):
            raise ValueError("stud and draw games are generated in runs of their own, without flop games")
        for structure in self.structures:
            if structure not in STRUCTURE_TEXT:
                raise ValueError(f"the generator does not deal {structure.value!r}")


_PLAYERS = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_players(text: str) -> tuple[int, int]:
    """`6` → (6, 6); `2-9` → (2, 9). ValueError for anything else or outside 2..10."""
    match = _PLAYERS.match(text)
    if not match:
        raise ValueError(f"--players {text!r}: expected a number or a range like 2-9")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 2 <= low <= high <= 10:
        raise ValueError(f"--players {text!r}: players must be between 2 and 10")
    return low, high


@dataclass(slots=True)
class GenerateSummary:
    """What a generator run wrote: its hands, the faults and tags it gave them, and the hands it tried."""

    hands: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    tags: Counter[str] = field(default_factory=Counter)
    attempts: int = 0
