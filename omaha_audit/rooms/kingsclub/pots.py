"""The side pots Kings Club's summary leaves out (ROOMS.md 18), from what each player put in.

The summary prints the main pot's award only; a player's net says what they got back in all. What a
player got beyond the printed award is their share of the side pots, which are built here the way the
rules build them (SP-2): one level per stake of a player all in and still in the hand, up to the largest
stake of a player still in; a pot is contested by the players still in who put in at least its level;
levels whose pots the same players contest make one pot. A player's extra is placed in the side pots they
contest, lowest first, up to each pot's size; what remains goes to the last of them (to the main pot
when they contest no side pot: then the printed award is short).
"""

from __future__ import annotations

from collections.abc import Iterable


def side_pots(stakes: dict[str, int], live: list[str], all_in: Iterable[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(amount, players contesting it) of every pot, the main pot first."""
    live_stakes = [stakes.get(name, 0) for name in live]
    top = max(live_stakes, default=0)
    levels = sorted({stakes.get(name, 0) for name in all_in if name in live} | {top})
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount = sum(min(paid, level) - previous for paid in stakes.values() if paid > previous)
        eligible = tuple(name for name in live if stakes.get(name, 0) >= level)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount > 0:
            pots.append((amount, eligible))
        previous = level
    return pots


def side_pot_awards(
    stakes: dict[str, int], live: list[str], all_in: Iterable[str], extra: dict[str, int]
) -> list[tuple[str, int, int]]:
    """(player, pot index, chips) for each player's `extra`: what they got back beyond the printed award
    and the uncalled part of their bet."""
    pots = side_pots(stakes, live, all_in)
    room = [amount for amount, _ in pots]
    awards: list[tuple[str, int, int]] = []
    for name, chips in extra.items():
        mine = [index for index, (_, eligible) in enumerate(pots) if index > 0 and name in eligible]
        if not mine:
            mine = [0]  # no side pot of theirs: the main pot's award is short
        for position, index in enumerate(mine):
            last = position == len(mine) - 1
            share = chips if last or index >= len(room) else min(chips, room[index])
            if share > 0:
                awards.append((name, index, share))
                if index < len(room):
                    room[index] -= share
                chips -= share
            if chips <= 0:
                break
    return awards
