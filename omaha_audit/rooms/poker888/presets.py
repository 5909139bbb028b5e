"""House rules of 888poker (Pacific Poker / Cassava, 888.ro, 888poker.ca-on), as its hands show them and its
published schedule says (ROOMS.md 3.6).

- No flop, no drop: every positive implied rake of the corpus is in a cash hand that saw a flop, and no
  hand that ended before the flop kept anything (walks pay the big blind back in full: `Ignition2011
  collected [ $0.03 ]` at $0.01/$0.02).
- Rake caps: 888's published schedule for No Limit and Pot Limit cash games, in dollars
  (www.888poker.com/poker-software/limits-and-rake; the page is undated, so its caps are taken as an upper
  bound for the corpus's hands of 2011-2022, none of which keeps more): $0.01/$0.02 $0.50; $0.02/$0.05
  $1; $0.05/$0.10 $1 heads-up, $2 for three or more players; $0.10/$0.20 $1 / $2.50; $0.10/$0.25 to $2/$5
  $1 / $4; $5/$10 to $25/$50 $2.50 / $5; $50/$100 and up $5. Fixed limit's own caps ($0.50 to $3, by 2-3,
  4-5 and 6+ players) are at or below these for the same big blind, so fixed-limit hands are held to these
  (a looser check, never a false one).
- Fixed limit: the header prints the blinds (`$5/$10 Blinds Fix Limit Holdem` deals $10/$20 bets), the small
  blind half the small bet.
- The button (CT-1): the corpus's consecutive hands show both a moving button and a dead one, so either is
  accepted (with a moving button only, six pairs of the $75 freeroll are reported; with a dead one only,
  eight findings on six pairs). Where the dead button's seat empties, 888 prints the button where it was
  (three pairs), which OA701 accepts.
- Returning players post the missed small blind dead with the big blind (`posts dead blind [$0.01 +
  $0.02]`); cash players may add chips between hands (`bocce09` tops up to $2).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules, rake_caps

_CAPS: Final = [
    ("0.02", "0.50", "0.50", "0.50"),
    ("0.05", "1", "1", "1"),
    ("0.10", "1", "2", "2"),
    ("0.20", "1", "2.50", "2.50"),
    ("0.25", "1", "4", "4"),
    ("10", "2.50", "5", "5"),
    ("100", "5", "5", "5"),
]

POKER888: Final = HouseRules(
    name="888poker",
    no_flop_no_drop=True,
    button_mode="either",
    missed_small_blind_owed=True,
    top_up_between_hands=True,
    rake_caps=rake_caps("USD", _CAPS),  # (the schedule is in dollars: other currencies are not checked)
    notes="888poker: no rake or total pot printed (what the pot kept is checked); rake caps from 888's "
    "published No Limit / Pot Limit schedule; no flop no drop; tournaments unraked.",
)

PRESETS: Final = (POKER888,)
BY_ROOM: Final = {"888poker": POKER888, "888.ro": POKER888, "888poker.ca-on": POKER888}
