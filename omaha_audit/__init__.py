"""omaha-audit: replay poker hand histories and report every dealer error.

The hand evaluator is re-exported here (`omaha_audit.evaluate_high`, ...); it is imported on first use,
so that importing the model or the parser does not load the engine.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EVALUATOR = (
    "HandCategory",
    "HighHand",
    "LowHand",
    "describe_hi_lo",
    "evaluate_high",
    "evaluate_holdem",
    "evaluate_low",
)

__all__ = ["__version__", "build", *_EVALUATOR]


def build() -> str:
    """Which build is running: "compiled" when the install compiled the reader, engine and rules with mypyc
    (hatch_build.py), else "pure" (an editable install, or one without a C compiler)."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    replay = find_spec("omaha_audit.engine.replay")  # (found, not imported: `--version` stays quick)
    return "compiled" if replay is not None and (replay.origin or "").endswith(tuple(EXTENSION_SUFFIXES)) else "pure"


def __getattr__(name: str) -> Any:
    if name in _EVALUATOR:
        return getattr(importlib.import_module("omaha_audit.engine.evaluate"), name)
    raise AttributeError(f"module 'omaha_audit' has no attribute {name!r}")
