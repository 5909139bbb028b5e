"""Seats the readers give a player the text leaves unseated."""

from __future__ import annotations

from collections.abc import Collection


def first_free_seat(after: int, size: int, taken: Collection[int], first: int = 1) -> int | None:
    """The first seat clockwise after seat `after` at a table of `size` seats numbered from `first` that is
    not in `taken`; None when every seat is taken (or the table has none). At most len(taken) + 1 seats are
    looked at, whatever `size` says: a size misread as a billion seats costs nothing."""
    if size <= 0:
        return None
    for step in range(1, min(size, len(taken) + 1) + 1):
        seat = (after - first + step) % size + first
        if seat not in taken:
            return seat
    return None
