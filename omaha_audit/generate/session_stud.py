"""Stud tables in sessions (seven-card stud, stud hi/lo, razz): what differs from the tables with a button
(session_table.py).

A stud table has no button and no blinds (RULES.md ST-1): every player dealt in posts the ante, and the
lowest up card (razz: the highest) brings in (generate/stud_draw.py deals the hand). So nothing follows a
player from one hand to the next but the stack: a player who sat out, came back or just sat down is dealt
in at once, posting the ante like everyone else, and owes nothing for the hands missed. The hands of a table
stay consecutive as at the other tables: at least two players dealt in the hand before play the next, and
every stack is carried over exactly.

Cash tables deal the PokerStars stakes of the single stud hands (stud_draw.STUD_STAKES); a tournament table's
level rises with the clock and raises the limits, the ante and the bring-in together (`STUD_LEVELS`).
"""

from __future__ import annotations

from random import Random
from typing import Final

from omaha_audit.generate.config import Stakes
from omaha_audit.generate.seating import Placement, Wish
from omaha_audit.generate.stud_draw import STUD_MOST, STUD_STAKES

# Stud tournament levels: (level, small bet, big bet, ante, bring-in), in chips.
STUD_LEVELS: Final[tuple[tuple[str, int, int, int, int], ...]] = (
    ("I", 20, 40, 3, 5),
    ("II", 30, 60, 5, 10),
    ("III", 50, 100, 10, 15),
    ("IV", 80, 160, 15, 25),
    ("V", 100, 200, 20, 30),
    ("VI", 150, 300, 25, 50),
    ("VII", 200, 400, 30, 60),
    ("VIII", 300, 600, 50, 100),
)
STUD_SEATS: Final = 8  # a stud table's seats (seven players at most: STUD_MOST)
STUD_PLAYERS: Final = STUD_MOST


def stud_level_stakes(level: int) -> Stakes:
    name, small_bet, big_bet, ante, bring_in = STUD_LEVELS[level]
    return Stakes(0, small_bet, ante, small_bet, big_bet, name, bring_in)


def stud_cash_stakes(rng: Random) -> Stakes:
    small_bet, big_bet, ante, bring_in = rng.choice(STUD_STAKES)
    return Stakes(0, small_bet, ante, small_bet, big_bet, bring_in=bring_in)


def stud_wish(state: str, sits_out: bool, hold: bool) -> Wish:
    """A seat's wish at a stud table: dealt in (`on` for a player dealt in the hand before, else `free`: back
    or new, with nothing to post but the ante) or sitting out (`hold`: nobody comes back or in this hand)."""
    if sits_out or state == "out" or (hold and state != "on"):
        return Wish("out")
    return Wish("on") if state == "on" else Wish("free")


def stud_placement(wishes: dict[int, Wish]) -> Placement | None:
    """Who is dealt in: every seat not sitting out; None when fewer than two players of the hand before
    play (the table is dealt with fewer changes, or closes). The placement's `big` is the first seat dealt
    in: a stand-in the stud dealer replaces with the bring-in; there is no button (0) and no small blind."""
    on = [seat for seat, wish in wishes.items() if wish.kind == "on"]
    if len(on) < 2:
        return None
    dealt = sorted(seat for seat, wish in wishes.items() if wish.kind != "out")
    return Placement(0, None, dealt[0], dealt)
