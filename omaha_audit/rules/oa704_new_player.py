"""OA704 new-player-not-posted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TablePair, TableRule

_BIG: Final = ActionKind.POST_BIG_BLIND
_SMALL: Final = ActionKind.POST_SMALL_BLIND
# what lets a new player in: a big blind's worth (or more), live
_BIG_SIZED: Final = frozenset({_BIG, ActionKind.POST_SMALL_AND_BIG_BLIND, ActionKind.POST_STRADDLE})


def check(pair: TablePair) -> Iterator[Finding]:
    """A player who sat down at a cash table was dealt in at once without posting a blind (CT-3).

    Bad: seat 5 is empty in hand N; in hand N+1 `Seat 5: NewPlayer ($100 in chips)` is dealt in on the
    button and posts nothing.
    Good: the new player `posts big blind` out of position, or waits (`is sitting out`) until the big blind
    reaches the seat, or sits in the small blind's seat and posts it.
    Why: "when you first sit down at a table, you must wait for the big blind ... or post a blind the same
    size as the big blind"; a player dealt in for free between the blinds and the button plays an orbit's
    hands without paying for them. Rooms that let a player sit in anywhere (`sit_in_between_blinds`) are
    not judged; nor are tournaments, whose players are seated by the tournament, nor games without blinds
    (stud, razz).
    """
    later = pair.later
    if pair.house.sit_in_between_blinds or later.tournament is not None:
        return
    earlier = pair.earlier
    big_now, small_now = later.blind_seat(_BIG), later.blind_seat(_SMALL)
    if big_now is None and small_now is None and not any(post.kind in _BIG_SIZED for post in later.posts):
        return  # a hand with no blinds (stud: antes and a bring-in): there is no big blind to wait for
    for seat in later.seats:
        if not seat.dealt_in or earlier.seat_of(seat.player) is not None or seat.seat in (big_now, small_now):
            continue
        if later.posted(seat.player) & _BIG_SIZED:
            continue
        yield RULE.finding(
            pair,
            f"{seat.player} sat down at seat {seat.seat} and was dealt in without posting a blind or waiting "
            "for the big blind",
            seat.line,
            player=seat.player,
            seat=seat.seat,
            expected="posts a big blind or waits for the big blind",
            actual="dealt in without posting",
        )


RULE: Final[TableRule] = TableRule("OA704", "new-player-not-posted", Severity.ERROR, ("CT-3", "BL-6"), check)
