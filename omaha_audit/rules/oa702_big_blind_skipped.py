"""OA702 big-blind-skipped."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TablePair, TableRule, between, staying

_BIG: Final = ActionKind.POST_BIG_BLIND
_PAID_BIG: Final = frozenset({ActionKind.POST_BIG_BLIND, ActionKind.POST_SMALL_AND_BIG_BLIND})


def check(pair: TablePair) -> Iterator[Finding]:
    """A player dealt in two consecutive hands was passed over by the big blind (CT-2, BL-3).

    Bad: hand N's big blind is seat 2; in hand N+1, seat 4 `posts big blind` while seat 3, dealt in both
    hands, posts nothing: seat 3 plays the orbit without paying the big blind.
    Good: seat 3 posts the big blind in hand N+1.
    Why: "each player must put both a small blind and a big blind into the pot once each per round"; a
    big blind that jumps a seat is a free orbit for one player and an extra blind for the others.
    Judged where the room uses a dead button (`button_mode = "dead"`): its purpose is that the big blind
    advances exactly one seat a hand. With a moving button the blinds follow the button, and the big
    blind passes a player when the player before them leaves (PokerStars, GGPoker: the rule of the
    room, not a dealer's error; OA701 and OA310 judge the button and the blinds there). Players who sat
    out, left or joined between the two hands are not judged here (OA703, OA704), nor heads-up hands (the
    player who last had the big blind takes the button there, BL-2: OA701).
    """
    if pair.house.button_mode != "dead":
        return
    earlier, later = pair.earlier, pair.later
    if later.heads_up:
        return  # heads-up the last big blind takes the button (BL-2): OA701 judges it
    before, now = earlier.blind_seat(_BIG), later.blind_seat(_BIG)
    if before is None or now is None:
        return
    for seat in staying(pair):
        if seat.seat == now or not between(before, now, seat.seat) or later.posted(seat.player) & _PAID_BIG:
            continue
        yield RULE.finding(
            pair,
            f"{seat.player} (seat {seat.seat}) was dealt in without paying the big blind: it went from seat "
            f"{before} in hand #{earlier.hand_id} to seat {now}, past this seat",
            seat.line,
            player=seat.player,
            seat=seat.seat,
            expected=f"seat {seat.seat} posts the big blind",
            actual=f"seat {now} posts it",
        )


RULE: Final[TableRule] = TableRule("OA702", "big-blind-skipped", Severity.ERROR, ("CT-2", "BL-3"), check)
