"""What every hand-history writer of `omaha-audit convert` shares (`phh.py`, `ohh.py`, `pokerstars_text.py`).

A writer module exposes:

* `NAME` (the `--to` value) and `SUFFIX` (the output file's suffix, dot included);
* `convert(hand) -> str | Unconvertible`: one read hand in the target format, or why it cannot be
  written there (a short, stable reason: the command counts hands by it);
* `entry(index, text) -> str`: the text as it goes into a file holding many hands (`index` counts the
  file's converted hands from 1).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unconvertible:
    """A hand the target format cannot express; `reason` is one short line, the same for every hand
    that fails for the same cause (no hand id or amount in it)."""

    reason: str
