"""OA108 seat-list."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

# The most seats any room deals to. Rooms number the seats of small tables from a larger layout (Run It
# Once's 3-max tables seat players in seats 1, 3 and 5), so the printed table size is not a limit.
_MOST_SEATS: Final = 10


def check(ctx: HandContext) -> Iterator[Finding]:
    """The seat list is impossible: two seat lines for one seat, one player in two seats, or a seat
    number beyond any table (more than 10, or than the table's printed size if larger).

    Bad: `Seat 3: wo_ooly :D ($123.54 in chips)` and `Seat 3: Jon9ball ($100.96 in chips)`;
    `Seat 540531: Zubasa89` at a 9-max table.
    Good: each seat once, each player once, every seat number a table can have.
    Why: a corrupt seat list makes who sat where, who posted which blind and who was due to act unknowable.
    """
    hand = ctx.hand
    top = max(hand.max_seats or 0, _MOST_SEATS)
    seen: dict[int, str] = {}
    players: dict[str, int] = {}
    for seat in hand.seats:
        if seat.seat in seen:
            yield RULE.finding(
                ctx,
                f"Seat {seat.seat} is listed twice: {seen[seat.seat]} and {seat.player}",
                seat.source,
                player=seat.player,
                expected="each seat once",
                actual=f"seat {seat.seat} twice",
            )
        elif seat.player in players:
            yield RULE.finding(
                ctx,
                f"{seat.player} is listed in seat {players[seat.player]} and in seat {seat.seat}",
                seat.source,
                player=seat.player,
                expected="each player once",
                actual=f"{seat.player} twice",
            )
        elif seat.seat > top:
            yield RULE.finding(
                ctx,
                f"Seat {seat.seat} ({seat.player}) is beyond any table's {top} seats",
                seat.source,
                player=seat.player,
                expected=f"a seat from 1 to {top}",
                actual=f"seat {seat.seat}",
            )
        seen.setdefault(seat.seat, seat.player)
        players.setdefault(seat.player, seat.seat)


RULE: Final[Rule] = Rule("OA108", "seat-list", Severity.ERROR, (), check, needs_replay=False)
