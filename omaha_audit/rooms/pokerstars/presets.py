"""House rules of the rooms that write PokerStars text (RULES.md's appendix; what their hands show)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules, rake_caps

# PokerStars ring-game caps (USD; the same figures apply to EUR and GBP tables): 2 / 3-4 / 5+ players
# dealt in. From PokerStars' published schedule for No Limit / Pot Limit games, raised to $3 for five or
# more players from $0.50 big blind up, where the older flat $3 cap was higher (observed: $2.80 on $0.50/$1
# PLO hands of 2012-2013 in the corpus). An upper bound for the PokerStars hands seen, 2005-2025.
_STARS_ROWS: Final = [
    ("0.02", "0.30", "0.30", "0.30"),
    ("0.05", "0.50", "0.50", "1.00"),
    ("0.10", "0.50", "1.00", "1.50"),
    ("0.25", "0.50", "1.00", "2.00"),
    ("0.50", "1.00", "1.00", "3.00"),
    ("1", "1.25", "1.25", "3.00"),
    ("2", "1.50", "1.50", "3.50"),
    ("5", "2.00", "2.00", "4.50"),
    ("10", "2.50", "2.50", "4.50"),
    ("20", "3.00", "3.00", "5.00"),
    ("50", "3.00", "5.00", "5.00"),
]

# Before 2012 PokerStars capped the rake at $3 for five or more players from $0.10 big blind up (its
# long-standing maximum; rakeback.com's PokerStars rake history, RULES.md PS-RAKE), below the later
# $1.50-$2.00 at $0.10-$0.25 (observed: $2.05 raked from a six-handed $0.10/$0.25 pot of 2009).
_STARS_BEFORE_2012: Final = [
    ("0.10", "0.50", "1.00", "3.00"),
    ("0.25", "0.50", "1.00", "3.00"),
]
_CHANGED_2012: Final = date(2012, 1, 1)

# PokerStars' posted blinds per fixed limit (RULES.md FL-1: $5/$10 posts $2/$5, $3/$6 posts $1/$3,
# $75/$150 posts $50/$75; fpdb's PokerStars converter carries the same table).
_STARS_FL_BLINDS: Final = tuple(
    (Decimal(bet), Decimal(blind))
    for bet, blind in (
        ("0.02", "0.01"),
        ("0.04", "0.01"),
        ("0.10", "0.05"),
        ("0.25", "0.10"),
        ("0.50", "0.25"),
        ("1", "0.50"),
        ("2", "1"),
        ("3", "1"),
        ("4", "2"),
        ("5", "2"),
        ("8", "4"),
        ("10", "5"),
        ("15", "10"),
        ("20", "10"),
        ("30", "15"),
        ("50", "25"),
        ("75", "50"),
        ("100", "50"),
        ("200", "100"),
        ("300", "150"),
        ("500", "250"),
    )
)

POKERSTARS: Final = HouseRules(
    name="pokerstars",
    fl_small_blinds=_STARS_FL_BLINDS,
    pot_level_at_folded_all_in=True,
    hu_cap="4_bets",
    rake_caps=tuple(
        cap
        for currency in ("USD", "EUR", "GBP")
        for cap in rake_caps(currency, _STARS_ROWS) + rake_caps(currency, _STARS_BEFORE_2012, _CHANGED_2012)
    ),
    # PokerStars India (INR), from pokerstars.in's rake page (6-max NL/PL).
    # CT-1: a moving button (every pair of consecutive hands of the corpus's PokerStars cash games and
    # tournaments: the button goes to the next player dealt in both hands; the blinds follow it, so a
    # big blind may pass a player when the player before them leaves; the "dead" reading fails 8 pairs).
    button_mode="moving",
    notes="PokerStars: no flop no drop, capped at 4 bets heads-up (FL-3), odd chip "
    "to the first winner left of the button, run-it-twice remainder to the first board.",
)

RUN_IT_ONCE: Final = HouseRules(
    name="run-it-once",
    # Run It Once Poker (2017-2021, EUR): 5% rake; caps not published in the hands: checked only for
    # no-flop-no-drop.
    notes="Run It Once Poker: PokerStars text format; no rake caps known.",
)

MPL: Final = HouseRules(
    name="mpl",
    rake_caps=rake_caps(
        "INR",
        [
            ("1", "20", "20", "20"),
            ("2", "25", "25", "25"),
            ("5", "50", "60", "70"),
            ("10", "60", "80", "100"),
            ("25", "100", "125", "175"),
            ("50", "125", "150", "200"),
            ("100", "150", "175", "225"),
            ("200", "200", "300", "400"),
            ("500", "300", "450", "575"),
            ("1000", "500", "700", "950"),
        ],
    ),
    notes="MPL Poker (INR): PokerStars text format; caps as on PokerStars India's published schedule.",
)


POKERBROS: Final = HouseRules(
    name="pokerbros",
    notes="PokerBros (club app, PokerStars text): no rake schedule published; RULES.md's defaults.",
)

POKERMASTER: Final = HouseRules(
    name="pokermaster",
    notes="PokerMaster (club app, PokerStars text): no rake schedule published; RULES.md's defaults.",
)

PRESETS: Final = (POKERSTARS, RUN_IT_ONCE, MPL, POKERBROS, POKERMASTER)
# Full Tilt's hands after its move onto the Stars platform (2016) were dealt by PokerStars' software.
BY_ROOM: Final = {
    "pokerstars": POKERSTARS,
    "run-it-once": RUN_IT_ONCE,
    "mpl": MPL,
    "pokerbros": POKERBROS,
    "pokermaster": POKERMASTER,
    "fulltilt": POKERSTARS,
}
