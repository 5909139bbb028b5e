"""Shuffling and dealing from one 52-card deck, seeded by the caller's `random.Random`.

Biases a planned fault may ask for (the deal stays a legal deal from one deck):

* ``board="no_low"``: the five board cards hold at most two different ranks from ace to eight, so no
  eight-or-better low can be made (RULES.md HL-3);
* ``mirror=True``: the second player gets the same ranks as the first in other suits wherever the deck
  allows, which makes tied hands and odd chips common.
"""

from __future__ import annotations

from random import Random

from omaha_audit.generate import bias
from omaha_audit.model import DECK, Card, Game

LOW_RANKS = frozenset({14, 2, 3, 4, 5, 6, 7, 8})


def shuffled_deck(rng: Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def deal_cards(
    rng: Random,
    game: Game,
    players: int,
    board: str | None = None,
    mirror: bool = False,
    hero: int | None = None,
    seats: tuple[int, ...] = (),
    button: int | None = None,
) -> tuple[list[tuple[Card, ...]], list[Card], list[Card]]:
    """(hole cards per player in seat order, the five cards of the first board, the rest of the deck).
    `hero` and `button` (their indexes among the players) and `seats` (the players' seat numbers) matter
    only to an unfair deal (bias.py)."""
    deck = shuffled_deck(rng)
    unfair = bias.active()
    if unfair is not None:
        deck = unfair.deck(deck, players)
    size = game.hole_cards or 4
    holes: list[tuple[Card, ...]] = []
    for index in range(players):
        if mirror and index == 1:
            holes.append(_mirror(holes[0], deck))
        else:
            holes.append(tuple(deck[:size]))
            del deck[:size]
    if unfair is not None:
        unfair.holes(holes, deck, hero, seats, button)
    runout = _no_low_board(deck) if board == "no_low" else deck[:5]
    for card in runout:
        deck.remove(card)
    return holes, runout, deck


def _mirror(model: tuple[Card, ...], deck: list[Card]) -> tuple[Card, ...]:
    hand: list[Card] = []
    for card in model:
        twin = next((other for other in deck if other.rank == card.rank), None)
        chosen = twin if twin is not None else deck[0]
        deck.remove(chosen)
        hand.append(chosen)
    return tuple(hand)


def _no_low_board(deck: list[Card]) -> list[Card]:
    chosen: list[Card] = []
    low_ranks: set[int] = set()
    for card in deck:
        if card.rank in LOW_RANKS:
            if card.rank not in low_ranks and len(low_ranks) >= 2:
                continue
            low_ranks.add(card.rank)
        chosen.append(card)
        if len(chosen) == 5:
            return chosen
    # Too few high cards left (big tables of 5- and 6-card Omaha): complete the board from the deck.
    return chosen + [card for card in deck if card not in chosen][: 5 - len(chosen)]


def draw(deck: list[Card], count: int) -> list[Card]:
    cards = deck[:count]
    del deck[:count]
    return cards


def draw_hands(rng: Random, game: Game, players: int) -> tuple[list[tuple[Card, ...]], list[Card], list[Card]]:
    """A draw game's deal: (each player's hand of the game's size, no board, the stub)."""
    deck = shuffled_deck(rng)
    size = game.cards_held or 5
    holes = [tuple(deck[index * size : (index + 1) * size]) for index in range(players)]
    return holes, [], deck[players * size :]
