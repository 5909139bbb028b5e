"""Pot arithmetic on the generator side, written independently of the audit engine: the uncalled bet,
main and side pots, the rake taken from each pot, and how a pot is divided between boards, halves and
tied winners with the odd chips.

Rules (RULES.md):

* UC-1: at the end of the betting, the excess of the largest contribution over the second largest
  (folded players included) goes back to its owner.
* SP-2: pots are cut at every distinct contribution of a live all-in player and at the largest
  contribution; each pot takes every player's chips between its lower and upper level; the live players
  who reached the upper level may win it; pots with the same players merge, empty pots vanish.
* RIT-2: a pot run twice is split between the boards, the odd chip to the first board.
* HL-4 / OC-3: a hi/lo pot with a qualifying low is split into halves, the odd chip to the high half.
* OC-2: tied winners share as evenly as possible; odd chips go one each to the tied winners first
  clockwise from the button.
* OC-5: when the same players tie for both the high and the low, the whole pot is shared as evenly as
  possible (the low half's odd chips start after the players who got the high half's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Contribution:
    player: str
    total: int
    live: bool
    all_in: bool


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]  # in the order the contributions were given (seat order)


def uncalled_excess(contributions: Sequence[tuple[str, int]]) -> tuple[str, int] | None:
    """(player, excess) when one player put in more than anyone else, else None (UC-1)."""
    if len(contributions) < 2:
        return None
    ordered = sorted(contributions, key=lambda item: item[1], reverse=True)
    (player, largest), (_, second) = ordered[0], ordered[1]
    if largest > second:
        return player, largest - second
    return None


def build_pots(contributions: Sequence[Contribution]) -> list[Pot]:
    """Main pot first, then side pots in the order they were created (SP-2)."""
    if not contributions:
        return []
    largest = max(entry.total for entry in contributions)
    levels = sorted({entry.total for entry in contributions if entry.live and entry.all_in} | {largest})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        if level <= floor:
            continue
        amount = sum(max(0, min(entry.total, level) - floor) for entry in contributions)
        eligible = tuple(entry.player for entry in contributions if entry.live and entry.total >= level)
        floor = level
        if amount == 0:
            continue
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
    return pots


def allocate_rake(amounts: Sequence[int], rake: int) -> list[int]:
    """The pots net of rake. Each side pot gives up its proportional share of the rake rounded down;
    the main pot gives up the rest (PokerStars does not publish its allocation; RULES.md SP-4)."""
    total = sum(amounts)
    if total == 0 or rake == 0:
        return list(amounts)
    taken = [rake * amount // total for amount in amounts]
    taken[0] = rake - sum(taken[1:])
    index = 0
    while taken[0] > amounts[0] and index + 1 < len(amounts):  # only with a tiny main pot
        index += 1
        move = min(taken[0] - amounts[0], amounts[index] - taken[index])
        taken[0] -= move
        taken[index] += move
    return [amount - cut for amount, cut in zip(amounts, taken, strict=True)]


def split_between_boards(amount: int, runs: int) -> list[int]:
    """RIT-2: even shares per board, the odd chip(s) to the first board(s)."""
    base, odd = divmod(amount, runs)
    return [base + (1 if index < odd else 0) for index in range(runs)]


def hi_lo_halves(amount: int) -> tuple[int, int]:
    """HL-4 / OC-3: (high half, low half), the odd chip to the high half."""
    low = amount // 2
    return amount - low, low


def split_among(amount: int, winners: Sequence[str], first_odd: int = 0) -> list[tuple[str, int]]:
    """OC-2: share `amount` among `winners` (given first clockwise from the button); the odd chips go
    one each to the winners starting at position `first_odd` in that order."""
    count = len(winners)
    base, odd = divmod(amount, count)
    gets_odd = {(first_odd + step) % count for step in range(odd)}
    return [(winner, base + (1 if index in gets_odd else 0)) for index, winner in enumerate(winners)]


def odd_chip_count(amount: int, winners: int) -> int:
    return amount % winners if winners else 0
