"""Seat order around the table: clockwise from the button, blind positions (BL-1, BL-2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MAX_SEAT = 10


def clockwise_from(start_seat: int, seats: Iterable[int]) -> list[int]:
    """`seats` in clockwise order beginning with the first seat after `start_seat`.

    `start_seat` itself, if present, comes last (it is the furthest clockwise from itself).
    """
    return sorted(seats, key=lambda seat: (seat - start_seat - 1) % 100)


def next_seat(after: int, seats: Sequence[int]) -> int | None:
    """The first of `seats` clockwise after seat `after` (excluding `after` unless it is the only one)."""
    ordered = clockwise_from(after, seats)
    return ordered[0] if ordered else None


def expected_blind_seats(button: int, dealt_in: Sequence[int]) -> tuple[int | None, int | None]:
    """Small- and big-blind seats for a moving button: heads-up the button posts the small blind (BL-2),
    otherwise the first two dealt-in seats clockwise from the button (BL-1)."""
    if len(dealt_in) < 2:
        return None, None
    if len(dealt_in) == 2:
        small = button if button in dealt_in else next_seat(button, dealt_in)
    else:
        small = next_seat(button, dealt_in)
    big = next_seat(small, dealt_in) if small is not None else None
    return small, big
