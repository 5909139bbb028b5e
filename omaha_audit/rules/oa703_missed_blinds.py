"""OA703 missed-blinds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRule, between

_BIG: Final = ActionKind.POST_BIG_BLIND
_BOTH: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_PAID_BIG: Final = frozenset({_BIG, _BOTH})
_PAID_SMALL: Final = frozenset({_BOTH, ActionKind.POST_DEAD})
SMALL: Final = "small blind"
BIG: Final = "big blind"


def check(pair: TablePair) -> Iterator[Finding]:
    """A player who missed blinds while sitting out was dealt in again without waiting for the big blind or
    posting what was missed, or was charged a blind not missed (CT-2, BL-5).

    Bad: seat 4 `is sitting out` when the big blind passes it (hand N's big blind seat 3, hand N+1's seat
    5); in hand N+2 seat 4 is dealt in on the button and posts nothing.
    Good: seat 4 posts the big blind it missed (`posts big blind` out of position; `posts small & big
    blinds` where it missed both), or waits until the big blind comes to it.
    Why: a player who sits out through the blinds and comes back for free plays hands the others paid for.
    Missed blinds are followed along a run of consecutive hands only: after a gap (a hand the history does
    not hold) what a player owes is not known, and nothing is judged; nor are players who have not played
    a hand at the table since (new players: OA704). The small blind's part is owed
    where the room charges it (`missed_small_blind_owed`; Winamax asks a big blind only). A blind posted
    that was not missed is a warning: the room charged the player too much. Cash games only: a tournament
    deals a player in whether they sit out or not, and blinds them.
    """
    earlier, later = pair.earlier, pair.later
    if later.tournament is not None:
        return
    owed: dict[str, set[str]] = pair.memory.setdefault("owed", {})  # type: ignore[assignment]
    played: set[str] = pair.memory.setdefault("played", set())  # type: ignore[assignment]
    played.update(seat.player for seat in earlier.seats if seat.dealt_in)
    small_owed = pair.house.missed_small_blind_owed
    big_now = later.blind_seat(_BIG)
    for seat in later.seats:
        if not seat.dealt_in:
            continue
        debt = owed.pop(seat.player, None)
        if not debt or seat.seat == big_now:
            continue  # nothing owed, or the player waited for the big blind
        paid = later.posted(seat.player)
        missing = [
            blind
            for blind, kinds in ((BIG, _PAID_BIG), (SMALL, _PAID_SMALL))
            if blind in debt and not paid & kinds and (blind == BIG or small_owed)
        ]
        if missing:
            yield RULE.finding(
                pair,
                f"{seat.player} (seat {seat.seat}) missed the {' and the '.join(sorted(debt))} while sitting out "
                f"and was dealt in without waiting for the big blind or posting the {' and the '.join(missing)}",
                seat.line,
                player=seat.player,
                seat=seat.seat,
                expected=f"posts the missed {' and '.join(missing)} or waits for the big blind",
                actual="dealt in without posting it" if not paid else "posted " + ", ".join(sorted(paid)),
                severity=Severity.ERROR if BIG in missing else Severity.WARNING,
            )
    for player, posts in _posts_by_player(later).items():
        where = later.seat_of(player)
        if where is None or where.seat == big_now or player in owed or not posts & _PAID_SMALL or not small_owed:
            continue
        before = earlier.seat_of(player)
        if before is None or not before.dealt_in or before.seat != where.seat:
            continue  # a player coming back or new: what they owed is not known (OA704 for new players)
        yield RULE.finding(
            pair,
            f"{player} (seat {where.seat}) was dealt in the hand before and missed no blind, but was charged a "
            "dead small blind",
            where.line,
            player=player,
            seat=where.seat,
            expected="no dead blind",
            actual="posted a missed small blind",
            severity=Severity.WARNING,
        )
    _note_missed(earlier, later, owed, played)


def _posts_by_player(hand: TableHand) -> dict[str, frozenset[ActionKind]]:
    return {post.player: hand.posted(post.player) for post in hand.posts}


def _note_missed(earlier: TableHand, later: TableHand, owed: dict[str, set[str]], played: set[str]) -> None:
    """The blinds that passed players sitting out in the later hand: the big blind when it moved past their
    seat, the small blind when their seat lies between the button and the big blind. Only players who have
    played a hand at the table in this run miss blinds: one who sat down and waits is a new player (OA704),
    who owes a big blind to come in, whatever passed them."""
    big_before, big_now, button = earlier.blind_seat(_BIG), later.blind_seat(_BIG), later.button
    if big_now is None:
        return
    for seat in later.seats:
        if seat.dealt_in or seat.player not in played:
            continue
        if big_before is not None and seat.seat != big_before and between(big_before, big_now, seat.seat):
            owed.setdefault(seat.player, set()).add(BIG)
        elif button is not None and between(button, big_now, seat.seat):
            owed.setdefault(seat.player, set()).add(SMALL)


RULE: Final[TableRule] = TableRule("OA703", "missed-blinds", Severity.ERROR, ("CT-2", "BL-5"), check)
