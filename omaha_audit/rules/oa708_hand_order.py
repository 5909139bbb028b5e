"""OA708 hand-order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TablePair, TableRule


def check(pair: TablePair) -> Iterator[Finding]:
    """At one table a hand that started later has a lower number than the hand before it (CT-5).

    Bad: `Hand #2002 ... 2024/05/01 21:09:40 ET` then, at the same table, `Hand #2001 ... 2024/05/01
    21:10:05 ET`.
    Good: hand numbers and start times increase together.
    Why: a room numbers hands as it deals them; numbers and clocks that disagree mean a record was
    renumbered, re-timed or spliced in from elsewhere. A table's hands are put in order of their start
    times (in UTC where the zone is known), then of their numbers; judged on consecutive hands (no hand
    between them: two tables of one name at different times, or two rooms' numbering, are never compared)
    where both are numbered and both times are known.
    """
    earlier, later = pair.earlier, pair.later
    if pair.duplicate or earlier.number is None or later.number is None or later.number > earlier.number:
        return
    if earlier.started is None or later.started is None or later.started <= earlier.started:
        return
    yield RULE.finding(
        pair,
        f"Hand #{later.hand_id} started at {later.started:%Y-%m-%d %H:%M:%S} UTC, after hand "
        f"#{earlier.hand_id} ({earlier.started:%Y-%m-%d %H:%M:%S} UTC), but has a lower number",
        expected=f"a number above {earlier.hand_id}",
        actual=later.hand_id,
        severity=Severity.WARNING,
    )


RULE: Final[TableRule] = TableRule("OA708", "hand-order", Severity.WARNING, ("CT-5",), check)
