"""The stud odd-chip split (omaha_audit/engine/stud_odd_chips.py, RULES.md OC-7) against its definition
written the plain way: seeded random deals of 2-4 tied players with seven distinct cards each, pots of any
size, chips of 1 and 5 units. The shares add up to the pot, differ by at most one chip (plus a remainder
below the chip, to the first in order), nobody gets two odd chips, and the odd chips go to the players whose
best card is best: the highest card (rank, then spades > hearts > diamonds > clubs), or for a low the lowest
(ace low, then clubs < diamonds < hearts < spades)."""

from __future__ import annotations

import random

import pytest

from omaha_audit.engine.stud_odd_chips import card_order, split_by_cards, stud_split
from omaha_audit.model import DECK, Card, Half, parse_card, parse_cards

SUITS = "cdhs"


def _best_card_order(cards: dict[str, list[Card]], low: bool) -> list[str]:
    """The definition: repeatedly, the player who holds the best card among the players left."""

    def worth(card: Card) -> tuple[int, int]:  # higher is better
        if low:
            return -(1 if card.rank == 14 else card.rank), -SUITS.index(card.suit)
        return card.rank, SUITS.index(card.suit)

    left = list(cards)
    order: list[str] = []
    while left:
        best = max((card for name in left for card in cards[name]), key=worth)
        owner = next(name for name in left if best in cards[name])
        order.append(owner)
        left.remove(owner)
    return order


def _deal(rng: random.Random, players: int) -> dict[str, list[Card]]:
    deck = list(DECK)
    rng.shuffle(deck)
    return {f"P{index}": deck[7 * index : 7 * index + 7] for index in range(players)}


@pytest.mark.parametrize("low", [False, True])
def test_the_split_is_exact_and_the_odd_chips_follow_the_best_cards(low: bool) -> None:
    rng = random.Random(20260701 + low)
    seen_odd = 0
    for _ in range(3_000):
        cards = _deal(rng, rng.randint(2, 4))
        winners = list(cards)
        rng.shuffle(winners)  # (the order given never decides)
        chip = rng.choice((1, 1, 5))
        amount = rng.randint(0, 5_000)
        shares = split_by_cards(amount, winners, cards, low, chip)
        assert sum(shares.values()) == amount
        assert set(shares) == set(winners)
        base = (amount // chip) // len(winners) * chip
        odd = (amount // chip) % len(winners)
        leftover = amount % chip
        order = _best_card_order(cards, low)
        assert card_order(winners, cards, low) == order
        for position, name in enumerate(order):
            extra = (chip if position < odd else 0) + (leftover if position == 0 else 0)
            assert shares[name] == base + extra, (order, shares, amount, chip)
        if chip == 1:
            assert max(shares.values()) - min(shares.values()) <= 1
        seen_odd += odd > 0
    assert seen_odd > 1_000  # (the odd chips were exercised, two at a time among four players too)


def test_a_card_all_tied_players_hold_never_decides() -> None:
    """Seventh street's community card (the deck ran out) is every player's seventh card."""
    rng = random.Random(7)
    for _ in range(500):
        deck = list(DECK)
        rng.shuffle(deck)
        shared = deck[0]
        own = {f"P{index}": deck[1 + 6 * index : 7 + 6 * index] for index in range(rng.randint(2, 4))}
        with_shared = {name: [*cards, shared] for name, cards in own.items()}
        for low in (False, True):
            assert card_order(list(own), with_shared, low) == _best_card_order(own, low)


def test_the_examples_of_rules_md() -> None:
    cards = {
        "Player3": list(parse_cards("Ah 3c Kd Qh 9c 7d 5s")),
        "Player5": list(parse_cards("Ks Qd As 3d 9h 7c 5h")),
    }
    assert split_by_cards(17, ["Player3", "Player5"], cards, low=False) == {"Player3": 8, "Player5": 9}
    razz = {
        "Player3": list(parse_cards("Ah 3d 2c 4s Kd 6h Qh")),
        "Player5": list(parse_cards("3s Ac 6d Qs 2d 4c Kc")),
    }
    assert split_by_cards(17, ["Player3", "Player5"], razz, low=True) == {"Player3": 8, "Player5": 9}
    # three tied: $1.01 -> two odd cents, to the two best cards, one each
    three = {
        "A": [parse_card("Kc"), parse_card("2d")],
        "B": [parse_card("Ks"), parse_card("3d")],
        "C": [parse_card("Kh"), parse_card("4d")],
    }
    assert split_by_cards(101, ["A", "B", "C"], three, low=False) == {"A": 33, "B": 34, "C": 34}
    assert split_by_cards(101, ["A", "B", "C"], three, low=True) == {"A": 34, "B": 34, "C": 33}


def test_hi_lo_halves_and_the_same_winners_of_both() -> None:
    cards = {
        "Hero": list(parse_cards("Ad Qs 2h 4c 5s 7h Jh")),
        "Player3": list(parse_cards("Kd Qc Kh Jd 9s 9c 3h")),
        "Player5": list(parse_cards("Ac Th 2s 4d 5c 7d 8s")),
    }
    # OC-3 then OC-7: 15 -> high 8 (Player3), low 7 shared 4 (Player5, [Ac]) / 3 (Hero, [Ad])
    assert sorted(stud_split(15, ("Player3",), ("Hero", "Player5"), cards, 1, razz=False)) == sorted(
        [(Half.HIGH, "Player3", 8), (Half.LOW, "Player5", 4), (Half.LOW, "Hero", 3)]
    )
    # OC-5: the same two win both halves: the whole pot evenly, its odd chip to the highest card ([Ad])
    assert stud_split(15, ("Hero", "Player5"), ("Player5", "Hero"), cards, 1, razz=False) == [
        (Half.WHOLE, "Hero", 8),
        (Half.WHOLE, "Player5", 7),
    ]
    # razz: the winners' pot by the lowest card
    assert stud_split(15, ("Hero", "Player5"), (), cards, 1, razz=True) == [
        (Half.WHOLE, "Hero", 7),
        (Half.WHOLE, "Player5", 8),
    ]
