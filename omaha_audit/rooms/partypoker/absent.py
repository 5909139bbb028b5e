"""The folds of absent players, which Party's "Dealing" text prints before the preflop betting (ROOMS.md 4).

A tournament player who is away (disconnected, sitting out) is dealt in, pays his blinds and antes, and is
folded by the room as soon as the preflop betting starts: the text prints those folds first, in an order of
the room's own (`Tertingslots folds`, `Leopold115 folds`, `Pokerguru64 folds` for seats 2, 10 and 9, when
play goes 9, 10, 1, 2 from the big blind on seat 8), then the others' actions in turn. The player's turn is
still where his seat puts it: his stack and the pot are the same wherever his fold stands, and no one acted
on it (the room's client lets no one act before his turn).

The reader gives each of the folds that open the preflop betting its place in the turn order (after the
first action of the nearest player before him, counted from the big blind), keeps its own line number, and
notes the move (an event). Any other line keeps its order: a fold after the first bet, call or check of
the round, or any line on a later street, is read where it stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from omaha_audit.model import Action, ActionKind, Seat, Street

_FOLD: Final = ActionKind.FOLD
_BIG: Final = ActionKind.POST_BIG_BLIND
_VOLUNTARY: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


def folds_in_turn(actions: list[Action], seats: list[Seat]) -> tuple[list[Action], list[Action]]:
    """The actions with the preflop's opening folds each at its player's turn, and the folds that moved."""
    big = next((action for action in actions if action.kind is _BIG and action.seat is not None), None)
    preflop = [index for index, action in enumerate(actions) if action.street is Street.PREFLOP]
    if big is None or big.seat is None or not preflop or preflop != list(range(preflop[0], preflop[-1] + 1)):
        return actions, []
    anchor = big.seat
    size = max([seat.seat for seat in seats] + [anchor]) + 1

    def place(action: Action) -> int:
        """The player's place in the preflop turn order: 0 for the seat after the big blind's."""
        return ((action.seat or 0) - anchor - 1) % size

    rounds = [actions[index] for index in preflop]
    opening: list[Action] = []
    for action in rounds:
        if action.kind is not _FOLD or action.seat is None:
            break
        opening.append(action)
    firsts: list[Action] = []  # each player's first voluntary line of the round, in the printed order
    seen: set[str] = set()
    for action in rounds:
        if action.kind in _VOLUNTARY and action.player not in seen:
            seen.add(action.player)
            firsts.append(action)
    # a fold printed before the first line of a player whose turn comes first: ahead of its turn
    moved = [fold for index, fold in enumerate(opening) if any(place(a) < place(fold) for a in firsts[index + 1 :])]
    if not moved:
        return actions, []
    kept = rounds[len(opening) :]
    for fold in sorted(opening, key=place):
        kept.insert(_turn(kept, fold, place), fold)
    return actions[: preflop[0]] + kept + actions[preflop[-1] + 1 :], moved


def _turn(actions: list[Action], fold: Action, place: Callable[[Action], int]) -> int:
    """Where `fold` stands in turn: before the first player's first action that comes after him in the turn
    order, or before the first line of a player acting a second time (the first round of turns is over)."""
    mine = place(fold)
    acted: set[str] = set()
    for index, action in enumerate(actions):
        if action.kind not in _VOLUNTARY:
            continue
        if action.player in acted or place(action) > mine:
            return index
        acted.add(action.player)
    return len(actions)
