"""One hand's evaluations, remembered: the settlement and the hand-description rule judge the same hole
cards on the same boards, and each evaluation is worth computing once."""

from __future__ import annotations

from typing import Final

from omaha_audit.engine.evaluate.high import HighHand, evaluate_high, evaluate_holdem
from omaha_audit.engine.evaluate.low import LowHand, evaluate_low
from omaha_audit.model import Card, Game

_Cards = tuple[Card, ...]
_HOLDEM: Final = Game.HOLDEM


class Evaluations:
    """Omaha high, Hold'em high and eight-or-better low of (hole, board), each computed on first use.
    Meant for one hand (the keys are the hand's own card tuples), not as a cache across hands."""

    __slots__ = ("_high", "_holdem", "_low")

    def __init__(self) -> None:
        self._high: dict[tuple[_Cards, _Cards], HighHand] = {}
        self._holdem: dict[tuple[_Cards, _Cards], HighHand] = {}
        self._low: dict[tuple[_Cards, _Cards], LowHand | None] = {}

    # (each written out: compiled, a direct call of the evaluator is much cheaper than one through a
    # function passed in, and a dictionary miss cheaper than a caught KeyError)
    def high(self, hole: _Cards, board: _Cards) -> HighHand:
        key = (hole, board)
        found = self._high.get(key)
        if found is None:
            found = self._high[key] = evaluate_high(hole, board)
        return found

    def holdem(self, hole: _Cards, board: _Cards) -> HighHand:
        key = (hole, board)
        found = self._holdem.get(key)
        if found is None:
            found = self._holdem[key] = evaluate_holdem(hole, board)
        return found

    def high_for(self, game: Game, hole: _Cards, board: _Cards) -> HighHand:
        """The high hand as `game` ranks it: Hold'em's best five of seven cards, else Omaha's two from the
        hole and three from the board."""
        return self.holdem(hole, board) if game is _HOLDEM else self.high(hole, board)

    def low(self, hole: _Cards, board: _Cards) -> LowHand | None:
        key = (hole, board)
        if key in self._low:
            return self._low[key]
        found = self._low[key] = evaluate_low(hole, board)
        return found
