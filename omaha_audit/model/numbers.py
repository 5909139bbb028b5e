"""Numbers read from a hand's text (seats, buttons, table sizes, pot numbers, levels, sequence numbers,
times): a run of digits longer than MOST_DIGITS is no number any room writes. Python refuses to read a
longer digit string than its limit (4,300 digits by default, 640 at its lowest setting), and the time it
takes grows with the square of the length, so such a run is never converted: the reader raises
NumberTooLong, the hand holding it is reported as unreadable with that reason (the reading kit's
`crashed`), and a hand's id stays text."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

MOST_DIGITS: Final = 640  # (the lowest limit Python's int() may be set to: read whatever the setting)


class NumberTooLong(ValueError):
    """A run of digits longer than MOST_DIGITS where the reader wanted a number."""


def too_long(digits: int) -> NumberTooLong:
    return NumberTooLong(f"a number of {digits:,} digits, longer than any a room writes (at most {MOST_DIGITS})")


def whole_number(text: str) -> int:
    """`text` (digits, as `int()` reads them) as an int; NumberTooLong when longer than MOST_DIGITS."""
    if len(text) > MOST_DIGITS:
        raise too_long(len(text))
    return int(text)


def decimal_whole(value: Decimal) -> int:
    """A whole Decimal (a JSON or TOML number read exactly) as an int; NumberTooLong when it has more than
    MOST_DIGITS digits (`1E+999999999` is a valid Decimal whose int would not fit in memory)."""
    if value.is_finite() and value.adjusted() >= MOST_DIGITS:
        raise too_long(value.adjusted() + 1)
    return int(value)


def number_or_none(text: str) -> int | None:
    """`text` as an int when it is ASCII digits and no longer than MOST_DIGITS (a hand's number as a sort
    key), else None: an id of letters, of other scripts' digits, or too long to be a number."""
    if len(text) > MOST_DIGITS or not text.isascii() or not text.isdigit():
        return None
    return int(text)
