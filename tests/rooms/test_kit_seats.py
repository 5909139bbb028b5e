"""The seat a reader gives a player the text leaves unseated (omaha_audit/rooms/kit/seats.py)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from omaha_audit.rooms import hand_source
from omaha_audit.rooms.kit.seats import first_free_seat


def _naive(after: int, size: int, taken: set[int], first: int) -> int | None:
    free = [(after - first + step) % size + first for step in range(1, size + 1)]
    return next((seat for seat in free if seat not in taken), None)


@given(
    after=st.integers(-1, 12),
    size=st.integers(1, 12),
    taken=st.sets(st.integers(0, 14), max_size=14),
    first=st.sampled_from([0, 1]),
)
def test_the_first_free_seat_clockwise(after: int, size: int, taken: set[int], first: int) -> None:
    assert first_free_seat(after, size, taken, first) == _naive(after, size, taken, first)


def test_a_table_size_misread_as_a_billion_seats_costs_nothing() -> None:
    assert first_free_seat(3, 999_999_999, {4, 5, 6}) == 7
    assert first_free_seat(999_999_998, 999_999_999, {999_999_999}) == 1
    assert first_free_seat(2, 0, set()) is None


PARTY = """#Game No : 1000000001
***** Hand History for Game 1000000001 *****
$0.50/$1 USD PL Omaha - Monday, January 05, 14:00:00 EDT 2015
Table Table 1 (Real Money)
Seat 1 is the button
Total number of players : 3/999999999
Seat 1: alice ( $100 USD )
Seat 2: bob ( $100 USD )
bob posts small blind [$0.50 USD].
carol posts big blind [$1 USD].
** Dealing down cards **
alice folds
bob folds
carol does not show cards.
carol wins $1.50 USD
"""


def test_an_unseated_player_at_a_table_of_a_billion_seats_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """A fuzzed PartyPoker hand (the table's size changed to 999,999,999, a player with no seat line) once
    listed every seat of the table to find the unseated player one: the test process grew to 24 GB and was
    killed. The player now gets the first free seat after the one who acted before him."""
    path = tmp_path / "party.txt"
    usual = tmp_path / "usual.txt"
    path.write_text(PARTY, encoding="utf-8")
    usual.write_text(PARTY.replace("3/999999999", "3/9"), encoding="utf-8")
    source = hand_source()
    list(source.read_file(usual))  # (the reader's own set-up first: the grammar, the tables)
    tracemalloc.start()
    try:
        items = list(source.read_file(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 << 20, peak
    hands = [item for item in items if hasattr(item, "seats")]
    assert len(hands) == 1 and {seat.player: seat.seat for seat in hands[0].seats}["carol"] == 3
