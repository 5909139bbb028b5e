"""Seat order around the table: clockwise from the button (BL-1, BL-2)."""

from __future__ import annotations

from collections.abc import Iterable


def clockwise_from(start_seat: int, seats: Iterable[int]) -> list[int]:
    """`seats` in clockwise order beginning with the first seat after `start_seat`.

    `start_seat` itself, if present, comes last (it is the furthest clockwise from itself).
    """
    return sorted(seats, key=lambda seat: (seat - start_seat - 1) % 100)
