"""OA701 button-movement."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRule, between, clockwise_after, staying

_SMALL: Final = ActionKind.POST_SMALL_BLIND
_BIG: Final = ActionKind.POST_BIG_BLIND


def check(pair: TablePair) -> Iterator[Finding]:
    """The button did not move as the room moves it between two consecutive hands of a table (CT-1, BL-2,
    BL-3).

    Bad: hand N has `Seat #3 is the button`, seats 1-6 all dealt in both hands, and hand N+1 has
    `Seat #5 is the button`: seat 4 never had the button.
    Good: hand N+1 has `Seat #4 is the button`.
    Why: a button that skips a seat (or stays, or goes backwards) lets a player dodge the blinds and
    hands another the best position twice.
    A moving button goes to the next player dealt in both hands; a dead button goes to the seat of the
    previous small blind (when none was posted, to a seat between the previous button and big blind),
    even when that seat is now empty or sitting out, so that the big blind advances one seat; where that
    seat is empty the button may also stay where it was (the same player acts last). The room's
    `button_mode` says which (`either`: both are accepted). Heads-up, the player who had the big blind
    has the button (BL-2). Only pairs with no hand between them are judged, and only where the reader
    could place both buttons (not where it inferred one it is unsure of).
    """
    earlier, later = pair.earlier, pair.later
    if earlier.button is None or later.button is None or len(later.dealt_seats) < 2:
        return
    if not (earlier.button_known and later.button_known):
        return  # a button the reader inferred, and could not place for sure
    allowed = expected_buttons(pair)
    if not allowed or later.button in allowed:
        return
    wanted = " or ".join(f"seat {seat}" for seat in sorted(allowed))
    seat = next((s for s in later.seats if s.seat == later.button), None)
    yield RULE.finding(
        pair,
        f"The button is on seat {later.button}; after hand #{earlier.hand_id} (button on seat "
        f"{earlier.button}) it was due on {wanted} ({pair.house.button_mode} button)",
        seat.line if seat is not None else None,
        seat=later.button,
        player=seat.player if seat is not None else None,
        expected=wanted,
        actual=f"seat {later.button}",
    )


def expected_buttons(pair: TablePair) -> set[int]:
    """The seats the button may move to, by the room's button mode."""
    earlier, later = pair.earlier, pair.later
    assert earlier.button is not None
    if later.heads_up:
        before_big = _big_blind_player(earlier)
        seat = later.seat_of(before_big) if before_big is not None else None
        if seat is not None and seat.dealt_in:
            allowed = {seat.seat}  # heads-up: the big blind of the hand before has the button now
            if pair.house.button_mode != "moving" and not earlier.heads_up:
                # heads-up because a third player sits out: a dead button may fall on his seat, the blinds
                # moving on as if three-handed (Boss Media's five-card draw #2692988440: the button on the
                # sitting-out small blind's seat, the big blind's player posting the small blind)
                sitting_out = {seat.seat for seat in later.seats if not seat.dealt_in}
                allowed |= _dead_buttons(earlier) & sitting_out
            return allowed
    kept = [seat.seat for seat in staying(pair)]
    moving = clockwise_after(earlier.button, kept)
    dead = _dead_buttons(earlier)
    seated = {seat.seat for seat in later.seats}
    if any(seat not in seated for seat in dead):
        # the dead button's seat is empty now: a room may as well leave the button where it was, since the
        # same player acts last either way (888poker, Boss Media)
        dead.add(earlier.button)
    mode = pair.house.button_mode
    seats = {moving} if mode == "moving" else dead if mode == "dead" else {moving, *dead}
    return {seat for seat in seats if seat is not None}


def _big_blind_player(hand: TableHand) -> str | None:
    return next((post.player for post in hand.posts if post.kind is _BIG), None)


def _dead_buttons(hand: TableHand) -> set[int]:
    """Where a dead button goes after `hand`: to the small blind's seat (heads-up that is the button's own:
    a third player coming in takes the big blind and the button stays). When no small blind was posted
    (a dead small blind, on the seat of a player who left or sits out), to the seat where it was due: any
    seat between the button and the big blind, occupied or empty (the hand does not say which one the
    hand before had the big blind on), or, where no seat lies between them, the button's own seat.
    (Heads-up to heads-up: see expected_buttons.)"""
    assert hand.button is not None
    small = hand.blind_seat(_SMALL)
    if small is not None:
        return {small}
    big = hand.blind_seat(_BIG)
    occupied = [seat.seat for seat in hand.seats]
    if big is None or big == hand.button:
        after = clockwise_after(hand.button, occupied)
        return {after} if after is not None else set()
    # (a table whose size the text does not say, as Full Tilt's tournament tables: seats up to the largest
    # table's may lie past the highest one seen)
    top = max([hand.max_seats or LARGEST_TABLE, hand.button, big, *occupied])
    # (a seat number beyond any table, which OA108 reports on its own hand, leaves the empty seats out:
    # counting up to it would never end)
    seats = range(1, top + 1) if top <= MOST_SEATS else sorted({*occupied, hand.button, big})
    due = {seat for seat in seats if between(hand.button, big, seat)}
    # no seat between the button and the big blind (a new player's big blind next to the button): the small
    # blind was due on the button's own seat, and the button stays (PartyPoker #11931656451)
    return due or {hand.button}


MOST_SEATS: Final = 64  # more seats than any table has
LARGEST_TABLE: Final = 10  # the most seats a table of the corpus has


RULE: Final[TableRule] = TableRule("OA701", "button-movement", Severity.ERROR, ("CT-1", "BL-2", "BL-3"), check)
