"""The stud and draw evaluators (engine/evaluate/games.py) against references written plainly here from
each game's definition: every five of the cards (every subset for badugi), each valued as a tuple by a
naive ranking, the best taken by `max`/`min`.

The check is on ordering, as in test_evaluate_bruteforce: over a set of hands, two hands compare the same
way (better, worse, split) under the evaluator and the reference, for every pair.

Sets: seven-card stud high, eight-or-better, razz and 2-7 razz on 20,000 random seven-card hands each (the
`slow` test: 200,000); five-card 2-7, A-5 and draw high (five-card stud's showdown) on every rank multiset of
five cards (6,175), each once unsuited and, with five different ranks, once suited; badugi on every four-card
hand of a 28-card deck (ace to seven, four suits: 20,475 hands) and on 20,000 random four-card hands of the
whole deck; Badeucey's badugi (aces high, any four of five cards) on every four-card hand of a 28-card deck
(eight to ace) and on 20,000 random five-card hands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Any

import pytest

from omaha_audit.engine.evaluate.games import (
    badugi,
    badugi_ranks,
    draw_high,
    low8_ranks,
    lowball_27,
    lowball_a5,
    razz_27_low,
    razz_low,
    showdown_key,
    showing_key,
    stud_high,
    stud_low8,
)
from omaha_audit.model import Game
from omaha_audit.model.cards import DECK, parse_card

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_TEXT = [rank + suit for rank in RANKS for suit in SUITS]


def h(text: str) -> list[str]:
    """Cards written out: h("Ac 2d")."""
    return text.split()


def rank_of(card: str, ace_low: bool = False) -> int:
    value = RANKS.index(card[0]) + 2
    return 1 if ace_low and value == 14 else value


# ---- references ----------------------------------------------------------------------------------


@cache
def _high_ranks(ranks: tuple[int, ...], suited: bool, wheel: bool) -> tuple[int, tuple[int, ...]]:
    """(category 0..8, tie-break ranks) of five cards with these ranks (sorted high to low); `wheel`:
    A-2-3-4-5 is a straight (high games) or not (2-7)."""
    counts = Counter(ranks)
    grouped = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif wheel and ranks == (14, 5, 4, 3, 2):
            top = 5
    if top and suited:
        return 8, (top,)
    if shape == [4, 1]:
        return 7, grouped
    if shape == [3, 2]:
        return 6, grouped
    if suited:
        return 5, ranks
    if top:
        return 4, (top,)
    return {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), grouped


def high_five(cards: Sequence[str], wheel: bool = True) -> tuple[int, tuple[int, ...]]:
    ranks = tuple(sorted((rank_of(card) for card in cards), reverse=True))
    return _high_ranks(ranks, len({card[1] for card in cards}) == 1, wheel)


def a5_five(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    """A-5 low of five cards, lower is better: ace is 1, only pairs count (no straight, no flush)."""
    counts = Counter(rank_of(card, ace_low=True) for card in cards)
    shape = tuple(sorted(counts.values(), reverse=True))
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return category, tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))


def ref_stud_high(cards: Sequence[str]) -> Hashable:
    return max(high_five(five) for five in combinations(cards, 5))


def ref_low8(cards: Sequence[str]) -> Hashable:
    """The lowest five different ranks all eight or lower (ace 1), compared from the top: None if none."""
    lows = [
        tuple(sorted((rank_of(card, ace_low=True) for card in five), reverse=True)) for five in combinations(cards, 5)
    ]
    lows = [low for low in lows if len(set(low)) == 5 and low[0] <= 8]
    return min(lows) if lows else None


def ref_razz(cards: Sequence[str]) -> Hashable:
    return min(a5_five(five) for five in combinations(cards, 5))


def ref_27(cards: Sequence[str]) -> Hashable:
    return high_five(cards, wheel=False)


def ref_razz_27(cards: Sequence[str]) -> Hashable:
    """The best 2-7 low of any five: the weakest high hand, the ace high only."""
    return min(high_five(five, wheel=False) for five in combinations(cards, 5))


def ref_badugi(cards: Sequence[str], ace_high: bool = False) -> Hashable:
    """The most cards with no rank and no suit twice (up to four), then the lowest from the top (ace 1, or
    14 with `ace_high`)."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(1, min(len(cards), 4) + 1):
        for chosen in combinations(cards, size):
            ranks = [rank_of(card, ace_low=not ace_high) for card in chosen]
            if len(set(ranks)) != size or len({card[1] for card in chosen}) != size:
                continue
            value = (-size, tuple(sorted(ranks, reverse=True)))
            if best is None or value < best:
                best = value
    return best


# ---- the check -------------------------------------------------------------------------------------


def assert_same_order(ours: Sequence[Any], reference: Sequence[Any], reverse: bool = False) -> int:
    """Equal reference values ⇔ equal keys, and the keys sort as the reference does (`reverse`: the key
    grows as the reference falls). Returns the number of distinct values seen."""
    groups: dict[Any, set[Any]] = {}
    for key, value in zip(ours, reference, strict=True):
        groups.setdefault(value, set()).add(key)
    for value, keys in groups.items():
        assert len(keys) == 1, f"hands equal under the reference {value!r} get different keys {keys!r}"
    ordered = sorted(groups, key=lambda value: (value is not None, value))
    keys = [next(iter(groups[value])) for value in ordered]
    for (low, high), (value_low, value_high) in zip(pairwise(keys), pairwise(ordered), strict=True):
        if reverse:
            assert low > high, f"{value_low!r} < {value_high!r} but keys {low!r} <= {high!r}"
        else:
            assert low < high, f"{value_low!r} < {value_high!r} but keys {low!r} >= {high!r}"
    return len(groups)


def random_hands(count: int, size: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK_TEXT, size) for _ in range(count)]


def five_card_classes() -> list[list[str]]:
    """One hand per rank multiset of five cards (no five of a kind), unsuited where it can be, plus a
    suited hand for every set of five different ranks: every value a five-card hand can take."""
    hands: list[list[str]] = []
    for ranks in combinations_with_replacement(RANKS, 5):
        if len(set(ranks)) == 1:
            continue
        used: Counter[str] = Counter()
        hand = []
        for index, rank in enumerate(ranks):
            suit = SUITS[(used[rank] + index) % 4] if len(set(ranks)) == 5 else SUITS[used[rank]]
            used[rank] += 1
            hand.append(rank + suit)
        if len(set(ranks)) == 5 and len({card[1] for card in hand}) == 1:  # keep it unsuited
            hand[0] = hand[0][0] + "d"
        hands.append(hand)
        if len(set(ranks)) == 5:
            hands.append([rank + "h" for rank in ranks])
    return hands


# ---- tests -------------------------------------------------------------------------------------------


def _seven_card_games(count: int, seed: int) -> None:
    hands = random_hands(count, 7, seed)
    assert assert_same_order([stud_high(hand) for hand in hands], [ref_stud_high(hand) for hand in hands]) > 1000
    lows = [stud_low8(hand) for hand in hands]
    reference = [ref_low8(hand) for hand in hands]
    assert all((low is None) == (value is None) for low, value in zip(lows, reference, strict=True))
    assert all(low is None or low8_ranks(low) == value for low, value in zip(lows, reference, strict=True))
    qualified = [(low, value) for low, value in zip(lows, reference, strict=True) if low is not None]
    assert assert_same_order([low for low, _ in qualified], [value for _, value in qualified]) == 56
    assert assert_same_order([razz_low(hand) for hand in hands], [ref_razz(hand) for hand in hands]) > 300
    assert assert_same_order([razz_27_low(hand) for hand in hands], [ref_razz_27(hand) for hand in hands]) > 1000


@pytest.mark.integration  # (a brute-force enumeration: tests/conftest.py)
def test_seven_card_games_against_brute_force() -> None:
    _seven_card_games(20_000, 34)


@pytest.mark.slow
def test_seven_card_games_against_brute_force_many() -> None:
    _seven_card_games(200_000, 3434)


def test_five_card_games_every_value() -> None:
    hands = five_card_classes()
    assert len(hands) == 6175 + 1287
    assert assert_same_order([lowball_27(hand) for hand in hands], [ref_27(hand) for hand in hands]) == 7462
    assert assert_same_order([lowball_a5(hand) for hand in hands], [a5_five(hand) for hand in hands]) == 6175
    assert assert_same_order([draw_high(hand) for hand in hands], [high_five(hand) for hand in hands]) == 7462


def test_razz_and_stud_on_short_hands() -> None:
    """Five and six cards (a player all in before seventh street shows down what he holds)."""
    for size in (5, 6):
        hands = random_hands(5_000, size, size)
        assert_same_order([stud_high(hand) for hand in hands], [ref_stud_high(hand) for hand in hands])
        assert_same_order([razz_low(hand) for hand in hands], [ref_razz(hand) for hand in hands])
        assert_same_order([razz_27_low(hand) for hand in hands], [ref_razz_27(hand) for hand in hands])


def test_razz_27_on_five_cards_is_the_2_7_low() -> None:
    """With five cards (a five-card hand, or five of a 2-7 razz hand) the best of any five is the hand."""
    for hand in five_card_classes():
        assert razz_27_low(hand) == lowball_27(hand)


def test_badeucey_badugi_every_hand_of_a_small_deck() -> None:
    """Aces high: on a deck of eight to ace, every four-card hand orders as the reference (35 badugis, 35
    three-card, 21 two-card and 7 one-card values of seven ranks)."""
    deck = [rank + suit for rank in "89TJQKA" for suit in SUITS]
    hands = [list(hand) for hand in combinations(deck, 4)]
    keys = [badugi(hand, ace_high=True) for hand in hands]
    reference = [ref_badugi(hand, ace_high=True) for hand in hands]
    assert assert_same_order(keys, reference) == 35 + 35 + 21 + 7
    assert all(badugi_ranks(key) == value[1] for key, value in zip(keys, reference, strict=True))


def test_badeucey_badugi_of_five_cards() -> None:
    """Any four of the five cards: 20,000 random five-card hands order as the reference."""
    hands = random_hands(20_000, 5, 55)
    keys = [badugi(hand, ace_high=True) for hand in hands]
    assert assert_same_order(keys, [ref_badugi(hand, ace_high=True) for hand in hands]) > 300
    assert badugi(h("Ac 2d 3h 4s 5c"), ace_high=True) < badugi(h("Ac 2d 3h 4s"), ace_high=True)  # 5432 beats A432


def test_badugi_every_hand_of_a_small_deck() -> None:
    deck = [rank + suit for rank in "A234567" for suit in SUITS]
    hands = [list(hand) for hand in combinations(deck, 4)]
    assert len(hands) == 20_475
    keys = [badugi(hand) for hand in hands]
    reference = [ref_badugi(hand) for hand in hands]
    assert assert_same_order(keys, reference) == 35 + 35 + 21 + 7
    assert all(badugi_ranks(key) == value[1] for key, value in zip(keys, reference, strict=True))


def test_badugi_random_hands_of_the_deck() -> None:
    hands = random_hands(20_000, 4, 4)
    assert_same_order([badugi(hand) for hand in hands], [ref_badugi(hand) for hand in hands])


def test_named_hands() -> None:
    assert lowball_27(h("7c 5d 4h 3s 2c")) < lowball_27(h("7c 6d 4h 3s 2c"))  # the nuts, 7-5
    assert lowball_27(h("Ac 2d 3h 4s 5c")) > lowball_27(h("Kc Qd Jh 9s 8c"))  # no wheel: ace high
    assert lowball_27(h("8c 7c 6d 5h 4s")) > lowball_27(h("Ac Kd Qh Js 9c"))  # a straight is bad
    assert razz_low(h("Ac 2d 3h 4s 5c Kd Kh")) < razz_low(h("Ac 2d 3h 4s 6c 6d 7h"))  # the wheel
    # any five different ranks beat a pair: K-Q-J-T-9 beats the best this hand has, a pair of aces
    assert razz_low(h("Ac Ad 2h 3s 4c 4d 2c")) > razz_low(h("Kc Qd Jh Ts 9c 9d 9h"))
    assert badugi(h("Ac 2d 3h 4s")) < badugi(h("Ac 2d 3h 3s"))  # four cards beat three
    assert badugi(h("Kc Qd Jh Ts")) < badugi(h("Ac 2d 3h 3s"))
    assert stud_low8(h("Ac 2d 3h 4s 9c 9d 8h")) == 0b10001111
    assert stud_low8(h("Ac 2d 3h 4s 9c 9d Th")) is None
    # one scale for the settlement: higher wins
    assert showdown_key(Game.RAZZ, h("Ac 2d 3h 4s 5c Kd Kh")) > showdown_key(Game.RAZZ, h("6c 2d 3h 4s 5c Kd Kh"))
    assert showdown_key(Game.BADUGI, h("Ac 2d 3h 4s")) > showdown_key(Game.BADUGI, h("Ac 2d 3h 3s"))
    assert showdown_key(Game.TRIPLE_DRAW_2_7, h("7c 5d 4h 3s 2c")) > showdown_key(
        Game.TRIPLE_DRAW_2_7, h("8c 5d 4h 3s 2c")
    )
    # up cards: a pair showing beats ace-king in stud; in razz the lowest showing acts first
    assert showing_key(Game.STUD, h("2c 2d")) > showing_key(Game.STUD, h("Ac Kd"))
    assert showing_key(Game.RAZZ, h("Ac 2d")) > showing_key(Game.RAZZ, h("3c 2h"))
    assert showing_key(Game.RAZZ, h("Kc Qd")) > showing_key(Game.RAZZ, h("2c 2h"))
    # 2-7 razz: the ace is high, pairs are bad; five-card stud shows as stud
    assert showing_key(Game.RAZZ_2_7, h("8c 2d")) > showing_key(Game.RAZZ_2_7, h("Ac 2h"))
    assert showing_key(Game.RAZZ_2_7, h("Kc Qd")) > showing_key(Game.RAZZ_2_7, h("3c 3h"))
    assert showing_key(Game.FIVE_CARD_STUD, h("Kc Tc Qd")) > showing_key(Game.FIVE_CARD_STUD, h("Qh 3h Kd"))
    assert showdown_key(Game.RAZZ_2_7, h("7c 5d 4h 3s 2c Kd Kh")) > showdown_key(
        Game.RAZZ_2_7, h("Ac 5d 4h 3s 2c Kd Kh")
    )
    # Badeucey's badugi half: aces high (A-5-4-3 loses to 7-6-3-2)
    assert showdown_key(Game.BADEUCEY, h("6s 7c 2d 3h 8h")) > showdown_key(Game.BADEUCEY, h("Ah 5s 4d 3c 9h"))
    assert showdown_key(Game.BADUGI, h("Ah 5s 4d 3c")) > showdown_key(Game.BADUGI, h("6s 7c 2d 3h"))


def test_card_objects_and_text_agree() -> None:
    for hand in random_hands(500, 7, 7):
        cards = [parse_card(card) for card in hand]
        assert stud_high(cards) == stud_high(hand)
        assert razz_low(cards) == razz_low(hand)
        assert stud_low8(cards) == stud_low8(hand)
    assert len(DECK) == 52


def test_a_card_given_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        stud_high(h("Ac Ac 2d 3h 4s"))
    with pytest.raises(ValueError):
        badugi(h("Ac Ac 2d 3h"))


def test_keys_are_stable() -> None:
    """The encodings the docstring promises (describe and store them)."""
    assert badugi(h("Ac 3d 4h 4s")) == (1 << 16) | 0x4310
    assert razz_low(h("Ac Ad 2h 2s 3c 3d 4h")) == (1 << 20) | 0x11432
    assert lowball_27(h("Ac 2d 3h 4s 5c")) == 0xE5432
