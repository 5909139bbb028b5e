"""What the replay of a stud hand needs beyond the betting: the cards each player shows, who brings in
(ST-1), who acts first from fourth street (ST-3), and whether an open pair on fourth street lets players
bet the big bet (ST-4). RULES.md section "Stud and razz".

Rooms print the up cards as each street is dealt, one `Dealt to` line per player per street: on third street
the up card is the last card of the line (the player's own line also shows the two down cards, one in five-
card stud), on fourth to sixth street the new card (PokerStars' `Dealt to P [Td] [3c]`: the cards before,
then the new one; Kings Club prints the new card alone). Seventh street is dealt down. Where a room prints
the cards another way (Bovada: the player's seven cards on one line; Everleaf: no other player's cards), the
up cards are not known and the order they decide is not judged.

Five-card stud deals one down card and one up card, then an up card on each of three more streets; its four
betting rounds (the rooms' 2nd to 5th street) are put on the model's THIRD to SIXTH street, whose up cards,
bet sizes and open pair (on the round with two up cards) are those of seven-card stud's same rounds.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.engine.evaluate.games import showing_key
from omaha_audit.model import Card, Game, Hand, Street

# the streets whose up card is dealt face up, in order (third street's third card, fourth to sixth's card)
UP_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH)
SUIT_ORDER: Final = "cdhs"  # clubs lowest, spades highest (ST-1)


def up_cards(hand: Hand) -> dict[str, list[Card]]:
    """Each player's up cards in the order dealt (third street's first), as far as the `Dealt to` lines
    show them: a player whose lines do not read as one line per street gets no entry."""
    lines: dict[str, list[tuple[tuple[Card, ...], tuple[Card, ...]]]] = {}
    for dealt in hand.dealt:
        lines.setdefault(dealt.player, []).append((dealt.cards, dealt.new_cards))
    shown: dict[str, list[Card]] = {}
    for player, dealt_lines in lines.items():
        first_cards, first_new = dealt_lines[0]
        first = len(first_cards) + len(first_new)
        if first not in (1, hand.game.down_cards + 1):  # the whole hand (Bovada), or nothing: not one per street
            continue
        cards: list[Card] = []
        for index, (old, new) in enumerate(dealt_lines[: len(UP_STREETS)]):
            if index > 0 and len(new) > 1:
                break
            card = new[-1] if new else old[-1] if old else None
            if card is None:
                break
            cards.append(card)
        shown[player] = cards
    return shown


def _card_order(game: Game, card: Card) -> tuple[int, int]:
    """A card's place in the bring-in order: the higher it sorts, the likelier it brings in. Stud and stud
    hi/lo and five-card stud: the lowest card brings in (ace high), ties by suit, clubs lowest; razz: the
    highest card (ace low, so the king is highest), 2-7 razz: the highest card (ace high), ties by suit,
    spades highest (ST-1)."""
    suit = SUIT_ORDER.index(card.suit)
    if game is Game.RAZZ:
        return (1 if card.rank == 14 else card.rank), suit
    if game is Game.RAZZ_2_7:
        return card.rank, suit
    return -card.rank, -suit


def bring_in_player(game: Game, third: dict[str, Card]) -> str | None:
    """The player who must bring in, from each player's third-street up card; None without cards."""
    if not third:
        return None
    return max(third, key=lambda player: _card_order(game, third[player]))


def first_to_act(game: Game, showing: dict[str, tuple[Card, ...]], seat_order: list[str]) -> list[str]:
    """The players showing the best hand (the highest in stud and stud hi/lo, the lowest in razz and 2-7
    razz), in the order of `seat_order`: the first of them acts first (ST-3) unless the room breaks ties
    otherwise."""
    if not showing:
        return []
    values = {player: showing_key(game, cards) for player, cards in showing.items()}
    best = max(values.values())
    return [player for player in seat_order if values.get(player) == best]


def open_pair(showing: dict[str, tuple[Card, ...]]) -> bool:
    """Someone still in shows a pair on fourth street."""
    return any(len(cards) == 2 and cards[0].rank == cards[1].rank for cards in showing.values())
