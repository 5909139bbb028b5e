"""OA107 truncated-hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """The hand's text stops before its summary: only the part that is there is audited.

    Bad: a hand ending `*** FLOP *** [Js 3d` with no further lines.
    Good: every hand runs to `*** SUMMARY ***` and its seat lines.
    Why: a cut-off record hides who won and what was raked; the room must supply the complete hand.
    """
    hand = ctx.hand
    if not hand.truncated:
        return
    cut = next((d for d in hand.defects if d.reason == "line cut off"), None)
    line = cut.line if cut else hand.source.end_line
    detail = f" mid-line ({cut.text!r})" if cut else ""
    yield RULE.finding(
        ctx,
        f"Hand #{hand.hand_id} is cut off at line {line}{detail}, before its summary",
        hand.source.at(line),
        expected="*** SUMMARY ***",
        actual="end of text",
    )


RULE: Final[Rule] = Rule("OA107", "truncated-hand", Severity.ERROR, (), check, needs_replay=False)
