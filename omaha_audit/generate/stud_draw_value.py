"""What a stud or draw hand is worth at the showdown, for the generator's settlement (generate/showdown.py),
and the words the writers print for it.

The strength comes from the project's evaluators (engine/evaluate/games.py, checked against brute force):
`value` gives (the high or only value, higher is better; the eight-or-better low of stud hi/lo, lower is
better, or None). The words are PokerStars' as the corpus shows them: `a flush, Queen high` (stud, five-card
draw), `HI: ...; LO: 7,6,5,4,3` (stud hi/lo), `Lo: 9,8,6,5,A` or `Lo: a pair of Fives` (razz, 2-7),
`Badugi: T,8,7,5`; a badugi of fewer cards is written `3 cards: 8,4,A` (no such hand is in the corpus).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.engine.evaluate.games import (
    badugi,
    badugi_ranks,
    low8_ranks,
    lowball_27,
    razz_low,
    showdown_key,
    stud_high,
    stud_low8,
)
from omaha_audit.model import Card, Game
from omaha_audit.model.hand_value import describe_hi_lo, describe_key

_CHAR: Final = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def value(game: Game, cards: Sequence[Card]) -> tuple[int, int | None]:
    """(the high or only value, higher is better; the stud hi/lo low mask, lower is better, or None)."""
    low = stud_low8(cards) if game is Game.STUD_HI_LO else None
    return showdown_key(game, cards), low


def _ranks_text(ranks: Sequence[int]) -> str:
    return ",".join(_CHAR.get(rank, str(rank)) for rank in ranks)


def _nibbles(key: int) -> list[int]:
    return [(key >> shift) & 15 for shift in (16, 12, 8, 4, 0)]


def words(game: Game, cards: Sequence[Card]) -> str:
    """The words of a shown stud or draw hand."""
    if game is Game.STUD_HI_LO:
        mask = stud_low8(cards)
        return describe_hi_lo(stud_high(cards), None if mask is None else low8_ranks(mask))
    if game is Game.RAZZ:
        key = razz_low(cards)
        return f"Lo: {_ranks_text(_nibbles(key)) if key >> 20 == 0 else describe_key(key)}"
    if game in (Game.TRIPLE_DRAW_2_7, Game.SINGLE_DRAW_2_7):
        key = lowball_27(cards)
        return f"Lo: {_ranks_text(_nibbles(key)) if key >> 20 == 0 else describe_key(key)}"
    if game is Game.BADUGI:
        ranks = badugi_ranks(badugi(cards))
        return f"Badugi: {_ranks_text(ranks)}" if len(ranks) == 4 else f"{len(ranks)} cards: {_ranks_text(ranks)}"
    return describe_key(stud_high(cards))
