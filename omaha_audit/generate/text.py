"""Pieces of hand-history text that several rooms' writers share (the writers are in the rooms' folders,
`omaha_audit/rooms/<room>/writer.py`): cards as `Ah Kd`, the street and run words of the PokerStars-like
rooms, amounts grouped by thousands.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Card, Street

RUN_WORD: Final = {0: "", 1: "FIRST ", 2: "SECOND "}
STREET_WORD: Final = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
FOLD_WORD: Final = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def grouped(whole: int, mark: str) -> str:
    """A whole number with `mark` between groups of three digits (`1,500`, `1.234.567`, `1 000`); no mark
    when `mark` is empty."""
    digits = str(whole)
    if not mark or len(digits) <= 3:
        return digits
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[index : index + 3] for index in range(head, len(digits), 3)]
    return mark.join(groups)
