"""omaha-audit: replay poker hand histories and report every dealer error."""

from __future__ import annotations

from omaha_audit.engine.evaluate import (
    HandCategory,
    HighHand,
    LowHand,
    describe_hi_lo,
    evaluate_high,
    evaluate_holdem,
    evaluate_low,
)

__version__ = "0.1.0"

__all__ = [
    "HandCategory",
    "HighHand",
    "LowHand",
    "__version__",
    "describe_hi_lo",
    "evaluate_high",
    "evaluate_holdem",
    "evaluate_low",
]
