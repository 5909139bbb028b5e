"""OA705 stack-carry-over."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import SeatAt, TablePair, TableRule


def check(pair: TablePair) -> Iterator[Finding]:
    """A player's stack at the start of a hand is not what they ended the hand before with (CT-4).

    Bad: `Seat 3: Player1 (1500 in chips)` ends hand N with 1,420 (it put in 80 and won nothing), and hand
    N+1 has `Seat 3: Player1 (1620 in chips)`: 200 chips appeared between the hands.
    Good: `Seat 3: Player1 (1420 in chips)`.
    Why: chips that appear or vanish between hands are an accounting error no single hand shows. A cash
    player may add chips between hands where the room allows it (`top_up_between_hands`): that is an info
    finding with the amount; chips that vanish are an error. In a tournament chips change between hands
    only by a re-buy or an add-on the hand before shows.
    The end of a hand is its start, less what the player put in, plus the uncalled bet returned, what they
    collected and a cash-out. Where the hand before prints no rake and its winner starts the next hand
    with a little less than the hand says they collected (at most a tenth of it: GGPoker's 2020 exports
    print the pots before the rake), the difference is the rake the hand does not show: info. Only pairs
    with no hand between them are judged (see TablePair: two hands with more than one stack changed
    between them have a gap).
    """
    earlier, later = pair.earlier, pair.later
    for player, (end, start) in pair.moved.items():
        seat = later.seat_of(player)
        assert seat is not None
        change = start - end
        money = later.unit.format
        amount = money(abs(change))
        if later.tournament is not None:
            if player in earlier.rebuys and change > 0:
                continue
            message = (
                f"{player} starts with {money(start)}, but ended hand #{earlier.hand_id} with {money(end)}: "
                f"{amount} {'appeared' if change > 0 else 'vanished'} between two hands of a tournament"
            )
            severity = Severity.ERROR
        elif change < 0 and _unprinted_rake(earlier.rake_printed, earlier.seat_of(player), -change):
            message = (
                f"{player} starts with {amount} less than hand #{earlier.hand_id} says they collected; that hand "
                "prints no rake, and this is at most a tenth of the win: a rake taken but not printed"
            )
            severity = Severity.INFO
        elif change > 0 and pair.house.top_up_between_hands:
            message = f"{player} added {amount} between hands (ended hand #{earlier.hand_id} with {money(end)})"
            severity = Severity.INFO
        else:
            verb = "appeared" if change > 0 else "vanished"
            message = (
                f"{player} starts with {money(start)}, but ended hand #{earlier.hand_id} with {money(end)}: "
                f"{amount} {verb} between the hands"
            )
            severity = Severity.ERROR
        yield RULE.finding(
            pair,
            message,
            seat.line,
            player=player,
            seat=seat.seat,
            expected=money(end),
            actual=money(start),
            severity=severity,
        )


def _unprinted_rake(rake_printed: bool, seat: SeatAt | None, missing: int) -> bool:
    return not rake_printed and seat is not None and 0 < missing * 10 <= seat.collected


RULE: Final[TableRule] = TableRule("OA705", "stack-carry-over", Severity.ERROR, ("CT-4",), check)
