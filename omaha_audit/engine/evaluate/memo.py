"""One hand's evaluations, remembered: the settlement and the hand-description rule judge the same hole
cards on the same boards, and each evaluation is worth computing once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from omaha_audit.engine.evaluate.high import HighHand, evaluate_high, evaluate_holdem
from omaha_audit.engine.evaluate.low import LowHand, evaluate_low
from omaha_audit.model import Card

_Cards = tuple[Card, ...]
_Value = TypeVar("_Value")


def _remembered(
    table: dict[tuple[_Cards, _Cards], _Value],
    evaluate: Callable[[_Cards, _Cards], _Value],
    hole: _Cards,
    board: _Cards,
) -> _Value:
    key = (hole, board)
    try:
        return table[key]
    except KeyError:
        found = table[key] = evaluate(hole, board)
        return found


class Evaluations:
    """Omaha high, Hold'em high and eight-or-better low of (hole, board), each computed on first use.
    Meant for one hand (the keys are the hand's own card tuples), not as a cache across hands."""

    __slots__ = ("_high", "_holdem", "_low")

    def __init__(self) -> None:
        self._high: dict[tuple[_Cards, _Cards], HighHand] = {}
        self._holdem: dict[tuple[_Cards, _Cards], HighHand] = {}
        self._low: dict[tuple[_Cards, _Cards], LowHand | None] = {}

    def high(self, hole: _Cards, board: _Cards) -> HighHand:
        return _remembered(self._high, evaluate_high, hole, board)

    def holdem(self, hole: _Cards, board: _Cards) -> HighHand:
        return _remembered(self._holdem, evaluate_holdem, hole, board)

    def low(self, hole: _Cards, board: _Cards) -> LowHand | None:
        return _remembered(self._low, evaluate_low, hole, board)
