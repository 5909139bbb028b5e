"""Odd chips between tied stud hands (RULES.md OC-7): stud has no button, so the chips that do not divide
evenly go by the cards, one each, to the tied players in the order of their cards.

High (seven-card stud, the high half of stud hi/lo, and a hi/lo pot whose both halves the same players win,
OC-5): the player holding the highest card gets the first odd chip, ranks first (ace high), equal ranks by
suit (clubs lowest, then diamonds, hearts, spades). Low (razz, the low half of stud hi/lo): the player holding
the lowest card, ace low, equal ranks by suit (clubs lowest); in 2-7 razz the ace is high there too. Every
card the player holds counts, down and up cards, not only the five of the hand. A second odd chip (three tied
players) goes to the next player in that order: nobody gets two. Each player's cards are compared from the
best card down, so a card all of them hold (seventh street's community card when the deck ran out) never
decides it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from omaha_audit.engine.pots import split_halves, split_in_order
from omaha_audit.model import Card, Half


def _high_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Sorts first for the highest card: each card's place in the deck (rank-major, suits "cdhs"), highest
    first, negated."""
    return tuple(sorted(-card.index for card in cards))


def _low_key(cards: Sequence[Card], ace_low: bool = True) -> tuple[int, ...]:
    """Sorts first for the lowest card: each card's place in an ace-low deck (or, not `ace_low`, the deck's
    own order, ace high), lowest first."""
    return tuple(sorted(card.index - 52 if ace_low and card.rank == 14 else card.index for card in cards))


def card_order(
    players: Sequence[str], cards: Mapping[str, Sequence[Card]], low: bool, ace_low: bool = True
) -> list[str]:
    """`players` in the order they get odd chips: the highest card first, or with `low` the lowest (ace
    low unless not `ace_low`); players without known cards last, in the order given."""
    keyed = [name for name in players if name in cards]
    if low:
        keyed.sort(key=lambda name: _low_key(cards[name], ace_low))
    else:
        keyed.sort(key=lambda name: _high_key(cards[name]))
    return keyed + [name for name in players if name not in cards]


def split_by_cards(
    amount: int,
    winners: Sequence[str],
    cards: Mapping[str, Sequence[Card]],
    low: bool,
    chip: int = 1,
    ace_low: bool = True,
) -> dict[str, int]:
    """`amount` shared among tied `winners` as evenly as the smallest chip allows, the odd chips one each in
    `card_order`; a remainder below the chip to the first of that order."""
    if not winners:
        return {}
    if len(winners) == 1:
        return {winners[0]: amount}
    return split_in_order(amount, winners, card_order(winners, cards, low, ace_low), chip)


def stud_split(
    amount: int,
    high: Sequence[str],
    low: Sequence[str],
    cards: Mapping[str, Sequence[Card]],
    chip: int,
    razz: bool,
    ace_low: bool = True,
) -> list[tuple[Half, str, int]]:
    """One stud pot's `amount` between its `high` winners (razz and 2-7 razz: its winners; `ace_low` False in
    2-7 razz) and `low` winners (stud hi/lo; empty when no low qualifies): the odd chip of the halves high
    (OC-3), the same winners of both halves share the whole pot (OC-5), ties by the cards (OC-7). (half,
    player, chips) per share."""
    if not low or set(high) == set(low):
        whole = split_by_cards(amount, high, cards, razz, chip, ace_low)
        return [(Half.WHOLE, name, value) for name, value in whole.items()]
    high_half, low_half = split_halves(amount, chip)
    out = [(Half.HIGH, name, value) for name, value in split_by_cards(high_half, high, cards, False, chip).items()]
    out += [(Half.LOW, name, value) for name, value in split_by_cards(low_half, low, cards, True, chip).items()]
    return out
