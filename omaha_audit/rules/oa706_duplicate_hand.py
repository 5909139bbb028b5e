"""OA706 duplicate-hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TablePair, TableRule


def check(pair: TablePair) -> Iterator[Finding]:
    """The same hand of a room appears twice: with the same text it is counted and audited once (info);
    with different text the two records disagree (error) (CT-5).

    Bad: `PokerStars Hand #109716666902` in two files whose seat lines name different players.
    Good: each hand number once; a file copied twice is read once.
    Why: one hand, one record. Two different texts for one hand mean one of them was altered (or the room
    exported it twice differently); an identical copy counted twice would double the hand in every
    statistic, so the later copy is not audited (nor counted in the run's hands).
    """
    if not pair.duplicate:
        return
    earlier, later = pair.earlier, pair.later
    where = f"{earlier.path}:{earlier.first_line}"
    if earlier.digest == later.digest:
        yield RULE.finding(
            pair,
            f"Hand #{later.hand_id} again, with the same text as at {where}: counted and audited once",
            severity=Severity.INFO,
            expected="one record",
            actual="an identical copy",
        )
    else:
        yield RULE.finding(
            pair,
            f"Hand #{later.hand_id} again, with different text from the record at {where}",
            expected="one record",
            actual="two different records",
        )


RULE: Final[TableRule] = TableRule("OA706", "duplicate-hand", Severity.ERROR, ("CT-5",), check, consecutive_only=False)
