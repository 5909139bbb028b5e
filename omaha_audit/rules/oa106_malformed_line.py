"""OA106 malformed-line."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A line inside a hand is garbled (unreadable text, an impossible card); the rest of the hand is read.

    Bad: `*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]`, `*** FLOP *** [2s] [2s3d 3c]`.
    Good: `*** PRE-FLOP *** [2s]`, `*** FLOP *** [2s 3d 3c]`.
    Why: a room whose software writes corrupt records cannot be audited on those lines; they are shown.
    """
    for defect in ctx.hand.defects:
        if defect.reason.startswith("empty card") or defect.reason == "line cut off":
            continue
        yield RULE.finding(
            ctx,
            f"Line {defect.line} is malformed ({defect.reason}): {defect.text!r}",
            ctx.hand.source.at(defect.line),
            actual=defect.text,
        )


RULE: Final[Rule] = Rule("OA106", "malformed-line", Severity.ERROR, (), check, needs_replay=False)
