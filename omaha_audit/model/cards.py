"""Playing cards: 52 interned values, parsed from the rooms' two-character spelling ("Ah", "Td")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. `rank` is 2..14 (ace high), `suit` one of "c", "d", "h", "s".

    The 52 cards are interned: `Card(14, "h")` returns the same object as `parse_card("Ah")`, so cards
    compare and hash by identity (fast in sets and dicts). `index` is 0..51, rank-major:
    (rank - 2) * 4 + the suit's position in "cdhs".
    """

    rank: int
    suit: str
    index: int = field(init=False, repr=False)

    def __new__(cls, rank: int, suit: str) -> Card:
        existing = _INTERNED.get((rank, suit))
        return existing if existing is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (self.rank - 2) * 4 + SUIT_CHARS.find(self.suit))

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return parse_card, (str(self),)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_INTERNED: Final[dict[tuple[int, str], Card]] = {}
DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUIT_CHARS)
_INTERNED.update(((card.rank, card.suit), card) for card in DECK)
_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in DECK}
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
