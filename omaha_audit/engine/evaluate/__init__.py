"""Hand evaluation in pure Python: Omaha high (exactly two hole and three board cards), Omaha
eight-or-better low, and Hold'em high (best five of seven), with PokerStars-style descriptions.

    >>> from omaha_audit.engine.evaluate import evaluate_high, evaluate_low, describe_hi_lo
    >>> high = evaluate_high(["Ah", "2h", "Kh", "2s"], ["5h", "4d", "2d", "Jd", "6h"])
    >>> high.describe()
    'three of a kind, Deuces'
    >>> describe_hi_lo(high, evaluate_low(["Ah", "2h", "Kh", "2s"], ["5h", "4d", "2d", "Jd", "6h"]))
    'HI: three of a kind, Deuces; LO: 6,5,4,2,A'
"""

from collections.abc import Sequence

from omaha_audit.engine.evaluate.high import (
    HandCategory,
    HighHand,
    evaluate_high,
    evaluate_holdem,
    prepare_tables,
)
from omaha_audit.engine.evaluate.low import LowHand, evaluate_low, low_from_ranks
from omaha_audit.engine.evaluate.memo import Evaluations
from omaha_audit.model import hand_value


def describe_hi_lo(high: HighHand, low: LowHand | None) -> str:
    """`HI: a flush, Ace high; LO: 7,5,4,3,A` (the reference words, model/hand_value.py)."""
    return hand_value.describe_hi_lo(high.key, None if low is None else low.ranks)


def showdown_descriptions(highs: Sequence[HighHand], lows: Sequence[LowHand | None] | None = None) -> list[str]:
    """The reference words of one showdown's hands, with PokerStars' kicker clauses (model/hand_value.py)."""
    low_ranks = None if lows is None else [None if low is None else low.ranks for low in lows]
    return hand_value.showdown_descriptions([high.key for high in highs], low_ranks)


__all__ = [
    "Evaluations",
    "HandCategory",
    "HighHand",
    "LowHand",
    "describe_hi_lo",
    "evaluate_high",
    "evaluate_holdem",
    "evaluate_low",
    "low_from_ranks",
    "prepare_tables",
    "showdown_descriptions",
]
