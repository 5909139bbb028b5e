"""Uncalled bets (UC-1), main and side pots (SP-1, SP-2), and exact splitting with odd chips (OC-*)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from omaha_audit.engine.table import clockwise_from
from omaha_audit.model.frozen import fast_init


@dataclass(frozen=True, slots=True, init=False)
class Pot:
    """A pot: `amount` gross chips, contested by `eligible` (live players who put in at least `level`)."""

    index: int  # 0 = main pot, n = side pot n
    amount: int
    eligible: tuple[str, ...]
    level: int

    def __init__(self, index: int, amount: int, eligible: tuple[str, ...], level: int) -> None:
        self.index, self.amount, self.eligible, self.level = index, amount, eligible, level  # type: ignore[misc]


def uncalled_bet(contributions: Mapping[str, int]) -> tuple[str, int] | None:
    """The bet nobody matched (UC-1): (player, c_max - c_second), or None when the top is matched."""
    if len(contributions) < 2:
        return None
    items = iter(contributions.items())
    top, top_amount = next(items)
    other, second_amount = next(items)
    if second_amount > top_amount:
        top, top_amount, second_amount = other, second_amount, top_amount
    for name, amount in items:  # (one pass for the two largest; ties leave no excess)
        if amount > top_amount:
            top, top_amount, second_amount = name, amount, top_amount
        elif amount > second_amount:
            second_amount = amount
    excess = top_amount - second_amount
    return (top, excess) if excess > 0 else None


def build_pots(
    contributions: Mapping[str, int],
    live: Sequence[str],
    all_in: Sequence[str],
    extra_levels: Sequence[int] = (),
) -> list[Pot]:
    """Main and side pots from total contributions after the uncalled bet was returned (SP-2).

    `live` are the players who did not fold, in seat order; `all_in` those of them who are all-in.
    `extra_levels` adds pot boundaries (PokerStars also splits at the stake of an all-in player who was
    then folded, e.g. a sitting-out short blind); pots split that way are kept apart, as the room prints
    them. Otherwise consecutive pots with the same eligible players are merged; empty pots are dropped.
    """
    # (plain loops here: compiled, max and sum over generators, with keywords, are slow generic calls)
    live_set = set(live)
    top = _largest([contributions.get(name, 0) for name in live]) or _largest(list(contributions.values()))
    levels = sorted({contributions[name] for name in all_in if name in live_set} | {v for v in extra_levels if v < top})
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount, span = 0, level - previous
        for paid in contributions.values():  # each stake's part between the two levels
            if paid > previous:
                amount += paid - previous if paid - previous < span else span
        eligible = tuple(name for name in live if contributions.get(name, 0) >= level)
        if amount > 0:
            if pots and pots[-1].eligible == eligible and not extra_levels:
                last = pots[-1]
                pots[-1] = Pot(last.index, last.amount + amount, eligible, level)
            elif not eligible and pots:
                last = pots[-1]  # dead money above every live player joins the last pot
                pots[-1] = Pot(last.index, last.amount + amount, last.eligible, last.level)
            else:
                pots.append(Pot(len(pots), amount, eligible, level))
        previous = level
    dead_above = 0
    for paid in contributions.values():
        if paid > previous:
            dead_above += paid - previous
    if dead_above and pots:  # folded players' chips above every live stake: in the last pot (SP-2 step 4)
        last = pots[-1]
        pots[-1] = Pot(last.index, last.amount + dead_above, last.eligible, last.level)
    return pots


def _largest(values: list[int]) -> int:
    """The largest value, or 0 when there are none."""
    largest = values[0] if values else 0
    for value in values:
        if value > largest:
            largest = value
    return largest


def split_evenly(
    amount: int, winners: Sequence[str], seat_of: Mapping[str, int], button: int | None, chip: int = 1
) -> dict[str, int]:
    """Split `amount` among tied `winners` as evenly as the smallest chip allows; the odd chips go one
    each to the winners first clockwise from the button (OC-2)."""
    if not winners:
        return {}
    if len(winners) == 1:
        return {winners[0]: amount}
    seats = (
        clockwise_from(button, [seat_of[name] for name in winners])
        if button is not None
        else sorted(seat_of[name] for name in winners)
    )
    by_seat = {seat_of[name]: name for name in winners}
    return split_in_order(amount, winners, [by_seat[seat] for seat in seats], chip)


def split_in_order(amount: int, winners: Sequence[str], ordered: Sequence[str], chip: int = 1) -> dict[str, int]:
    """Split `amount` among tied `winners` (two or more) as evenly as the smallest chip allows; the odd chips
    go one each to the winners in `ordered` (the same winners, in the order the rule gives them: OC-2 by
    seat, OC-7 by the cards), and a remainder below the smallest chip to the first of them."""
    chips = amount // chip
    base, odd = divmod(chips, len(winners))
    shares = {name: base * chip for name in winners}
    for name in ordered[:odd]:
        shares[name] += chip
    leftover = amount - chips * chip
    if leftover:
        shares[ordered[0]] += leftover
    return shares


def split_halves(amount: int, chip: int = 1) -> tuple[int, int]:
    """High half and low half of a hi/lo pot; the odd chip goes to the high half (OC-3)."""
    chips = amount // chip
    low = (chips // 2) * chip
    return amount - low, low


def split_boards(amount: int, boards: int, chip: int = 1) -> list[int]:
    """Run-it-twice: the pot split evenly between the boards, odd chips to the first board (RIT-2)."""
    chips = amount // chip
    base, odd = divmod(chips, boards)
    shares = [base * chip + (chip if i < odd else 0) for i in range(boards)]
    shares[0] += amount - chips * chip
    return shares


fast_init(Pot)
