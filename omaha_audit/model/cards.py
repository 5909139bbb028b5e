"""Playing cards: 52 interned values, parsed from the rooms' two-character spelling ("Ah", "Td")."""

from __future__ import annotations

from dataclasses import dataclass

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. `rank` is 2..14 (ace high), `suit` one of "c", "d", "h", "s".

    `index` is 0..51, rank-major: (rank - 2) * 4 + suit position in "cdhs".
    """

    rank: int
    suit: str

    @property
    def index(self) -> int:
        return (self.rank - 2) * 4 + SUIT_CHARS.index(self.suit)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUIT_CHARS)
_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
# Rooms also write "10" for ten and lower-case ranks in a few exports.
_BY_TEXT.update({"10" + card.suit: card for card in DECK if card.rank == 10})
_BY_TEXT.update({str(card).lower(): card for card in DECK})


def parse_card(text: str) -> Card:
    """Return the card spelt `text` ("Ah", "td", "10s"); raise ValueError for anything else."""
    card = _BY_TEXT.get(text)
    if card is None:
        raise ValueError(f"not a card: {text!r}")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards ("Ah Kd 2c"); an empty or blank string gives ()."""
    return tuple(parse_card(part) for part in text.split())


def as_card(card: Card | str) -> Card:
    """Accept a Card or its text."""
    return card if isinstance(card, Card) else parse_card(card)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)
