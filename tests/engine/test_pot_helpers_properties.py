"""Property tests of the small pot and seat helpers against their definitions written the plain way.

The engine computes these without sorting by a key function (that is the slow part when compiled); these
tests hold the fast forms to the definitions in their docstrings and in RULES.md (UC-1, OC-2).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from omaha_audit.engine.pots import split_evenly, uncalled_bet
from omaha_audit.engine.table import clockwise_from

seats = st.lists(st.integers(min_value=1, max_value=10), max_size=10)


@given(st.integers(min_value=0, max_value=11), seats)
def test_clockwise_from_is_the_seats_after_the_start_then_the_rest(start: int, table: list[int]) -> None:
    # the definition for seat numbers 1..99: the distance clockwise from the seat after `start`
    assert clockwise_from(start, table) == sorted(table, key=lambda seat: (seat - start - 1) % 100)


@given(st.dictionaries(st.text(min_size=1, max_size=3), st.integers(min_value=0, max_value=50), max_size=7))
def test_uncalled_bet_is_the_top_contribution_less_the_second(contributions: dict[str, int]) -> None:
    ranked = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    expected = None
    if len(ranked) >= 2 and ranked[0][1] > ranked[1][1]:
        expected = (ranked[0][0], ranked[0][1] - ranked[1][1])
    assert uncalled_bet(contributions) == expected


@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=10), st.integers(1, 5))
def test_a_single_winner_takes_the_whole_amount(amount: int, seat: int, chip: int) -> None:
    assert split_evenly(amount, ["solo"], {"solo": seat}, button=seat, chip=chip) == {"solo": amount}
    assert split_evenly(amount, ["solo"], {"solo": seat}, button=None, chip=chip) == {"solo": amount}
