"""OA101 unreadable-hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import UnreadableHand
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity
from omaha_audit.rules.oa104_internal_error import RULE as INTERNAL_ERROR


def check(ctx: HandContext) -> Iterator[Finding]:
    """A block of the input could not be read as a hand; it is reported with its file, line and reason.

    Bad: a hand whose `*** FLOP ***` line comes before `*** HOLE CARDS ***`, or lines of text with no
    hand header above them (a file cut in the middle of a hand, binary junk).
    Good: a complete hand in the room's format.
    Why: nothing in the input may be lost silently; an auditor must know which hands were not audited.
    """
    return iter(())


RULE: Final[Rule] = Rule("OA101", "unreadable-hand", Severity.ERROR, (), check, needs_replay=False)


def unreadable_finding(item: UnreadableHand) -> Finding:
    """OA101 for a block that is not a hand the reader can read; OA104 where the reader itself failed on it
    (a bug of ours, never passed off as an unreadable hand)."""
    where = f" (hand #{item.hand_id})" if item.hand_id else ""
    if item.internal:
        return Finding(
            code=INTERNAL_ERROR.code,
            severity=INTERNAL_ERROR.severity,
            message=f"The reader failed on lines {item.first_line}-{item.last_line}{where}: {item.reason}",
            hand_id=item.hand_id,
            path=item.path,
            line=item.line,
            room=item.room,
            format=item.room,
        )
    return Finding(
        code=RULE.code,
        severity=RULE.severity,
        message=f"Lines {item.first_line}-{item.last_line} could not be read{where}: {item.reason}",
        hand_id=item.hand_id,
        path=item.path,
        line=item.line,
        room=item.room,
        format=item.room,
    )
