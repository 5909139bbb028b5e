"""OA707 tournament-level."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model.numbers import MOST_DIGITS
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRule

_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def check(pair: TablePair) -> Iterator[Finding]:
    """A tournament's level went down from one hand of a table to the next, or one level was dealt with two
    different blinds or antes (CT-6).

    Bad: `Level V (100/200)` then, at the same table, a later hand of `Level IV (75/150)`; or `Level V
    (100/200)` and later `Level V (150/300)`.
    Good: levels that stay or rise, each level with one set of blinds and antes.
    Why: blind levels only rise; a level that goes down, or blinds that do not match their level, is the
    clock or the structure misapplied: the players in those hands paid the wrong blinds.
    Judged on every two hands of a table in order, across gaps (a gap hides no level change backwards).
    """
    earlier, later = pair.earlier, pair.later
    if pair.duplicate or later.tournament is None or earlier.tournament != later.tournament:
        return
    before, now = level_number(earlier.level), level_number(later.level)
    if before is None or now is None:
        return
    if now < before:
        yield RULE.finding(
            pair,
            f"Level {later.level} after level {earlier.level} (hand #{earlier.hand_id}): the level went down",
            expected=f"level {earlier.level} or later",
            actual=f"level {later.level}",
        )
    elif now == before and _blinds(earlier) != _blinds(later) and _comparable(earlier, later):
        yield RULE.finding(
            pair,
            f"Level {later.level} is dealt at {_text(later)} here and at {_text(earlier)} in hand #{earlier.hand_id}",
            expected=_text(earlier),
            actual=_text(later),
        )


def level_number(level: str | None) -> int | None:
    """A level as printed (`IV`, `12`) as a number; None when it is neither."""
    if not level:
        return None
    if level.isdecimal():
        return int(level) if len(level) <= MOST_DIGITS else None  # (model/numbers.py: too long to be one)
    total = 0
    previous = 0
    for letter in reversed(level.upper()):
        value = _ROMAN.get(letter)
        if value is None:
            return None
        total = total - value if value < previous else total + value
        previous = max(previous, value)
    return total


def _blinds(hand: TableHand) -> tuple[int | None, int | None, int | None]:
    return hand.small_blind, hand.big_blind, hand.ante


def _comparable(earlier: TableHand, later: TableHand) -> bool:
    """Blinds differ in a way the text states: a missing ante on one side is not a different ante."""
    if earlier.small_blind != later.small_blind or earlier.big_blind != later.big_blind:
        return earlier.big_blind is not None and later.big_blind is not None
    return earlier.ante is not None and later.ante is not None


def _text(hand: TableHand) -> str:
    # (a stud hand has no small blind: its figure is the small bet, which `big_blind` holds there)
    blinds = f"{hand.small_blind}/{hand.big_blind}" if hand.small_blind is not None else f"{hand.big_blind}"
    return blinds + (f" ante {hand.ante}" if hand.ante else "")


RULE: Final[TableRule] = TableRule(
    "OA707", "tournament-level", Severity.ERROR, ("CT-6",), check, consecutive_only=False
)
