"""Seat order around the table: clockwise from the button (BL-1, BL-2)."""

from __future__ import annotations

from collections.abc import Iterable


def clockwise_from(start_seat: int, seats: Iterable[int]) -> list[int]:
    """`seats` in clockwise order beginning with the first seat after `start_seat`.

    `start_seat` itself, if present, comes last (it is the furthest clockwise from itself).
    """
    ordered = sorted(seats)
    after = [seat for seat in ordered if seat > start_seat]
    return after + [seat for seat in ordered if seat <= start_seat]
