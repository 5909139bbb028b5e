"""What each player did in one hand, as the flags and counts the statistics add up: VPIP, PFR, 3-bet,
fold to 3-bet, flop continuation bet, postflop aggression, flop and showdown, scoops and quarters.

The definitions are the trackers' usual ones; README.md ("Statistics") states each of them. Everything
here reads the hand as recorded (its action lines), and the replay for who folded and who was dealt in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from omaha_audit.engine.replay import Replay
from omaha_audit.engine.settle import Settlement
from omaha_audit.engine.table import clockwise_from
from omaha_audit.model import ActionKind, Hand, Street

AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})
VOLUNTARY_PUT_IN = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
POSTFLOP = frozenset({Street.FLOP, Street.TURN, Street.RIVER})
BEFORE_FLOP = frozenset({Street.BLINDS, Street.PREFLOP})


@dataclass(slots=True)
class PlayerFlags:
    """One player's part in one hand. `*_opp` flags are the opportunities the rates divide by."""

    vpip: bool = False
    pfr: bool = False
    three_bet_opp: bool = False
    three_bet: bool = False
    fold_to_three_bet_opp: bool = False
    fold_to_three_bet: bool = False
    cbet_opp: bool = False
    cbet: bool = False
    saw_flop: bool = False
    saw_showdown: bool = False
    postflop_aggressive: int = 0  # bets and raises on the flop, turn and river
    postflop_calls: int = 0
    scoop: bool = False
    quarter: bool = False


def player_flags(hand: Hand, replayed: Replay) -> dict[str, PlayerFlags]:
    """Flags for every player dealt into `hand` (the replay's `order`)."""
    flags = {name: PlayerFlags() for name in replayed.order}
    _preflop(hand, flags)
    _postflop(hand, flags)
    flop_dealt = any(deal.street is Street.FLOP for deal in hand.streets)
    folded_before_flop = {
        action.player for action in hand.actions if action.kind is ActionKind.FOLD and action.street in BEFORE_FLOP
    }
    still_in = [name for name in replayed.order if not replayed.players[name].folded]
    showdown = len(still_in) >= 2 and not hand.cancelled
    for name, flag in flags.items():
        flag.saw_flop = flop_dealt and name not in folded_before_flop
        flag.saw_showdown = showdown and name in still_in
    return flags


def _preflop(hand: Hand, flags: dict[str, PlayerFlags]) -> None:
    raises = 0  # voluntary bets and raises so far (the blinds do not count)
    opener: str | None = None
    for action in hand.actions:
        if action.street is not Street.PREFLOP or action.kind.is_post:
            continue
        flag = flags.get(action.player)
        if flag is None:
            continue
        kind = action.kind
        if kind in VOLUNTARY_PUT_IN:
            flag.vpip = True
        if kind in AGGRESSIVE:
            flag.pfr = True
        if raises == 1 and action.player != opener and not flag.three_bet_opp:
            flag.three_bet_opp = True
            flag.three_bet = kind in AGGRESSIVE
        if raises == 2 and action.player == opener and not flag.fold_to_three_bet_opp:
            flag.fold_to_three_bet_opp = True
            flag.fold_to_three_bet = kind is ActionKind.FOLD
        if kind in AGGRESSIVE:
            raises += 1
            if raises == 1:
                opener = action.player


def last_preflop_raiser(hand: Hand) -> str | None:
    raiser = None
    for action in hand.actions:
        if action.street is Street.PREFLOP and action.kind in AGGRESSIVE:
            raiser = action.player
    return raiser


def _postflop(hand: Hand, flags: dict[str, PlayerFlags]) -> None:
    aggressor = last_preflop_raiser(hand)
    flop_bet = False
    aggressor_acted = False
    for action in hand.actions:
        if action.street not in POSTFLOP:
            continue
        flag = flags.get(action.player)
        if flag is None:
            continue
        kind = action.kind
        if kind in AGGRESSIVE:
            flag.postflop_aggressive += 1
        elif kind is ActionKind.CALL:
            flag.postflop_calls += 1
        if action.street is not Street.FLOP:
            continue
        if action.player == aggressor and not aggressor_acted:
            aggressor_acted = True
            if not flop_bet:
                flag.cbet_opp = True
                flag.cbet = kind is ActionKind.BET
        if kind in AGGRESSIVE:
            flop_bet = True


def mark_scoops(hand: Hand, settlement: Settlement, flags: dict[str, PlayerFlags]) -> None:
    """Hi/lo games: who scooped and who was quartered, judged on the main pot's (first) board by the
    rules engine's settlement (the text never says which half a collect was for)."""
    if not hand.game.is_hi_lo or not settlement.results:
        return
    main = settlement.results[0]
    if not main.decided or len(main.contenders) < 2 or not main.boards:
        return
    board = main.boards[0]
    high, low = set(board.high_winners), set(board.low_winners)
    for name, flag in flags.items():
        if not flag.saw_showdown:
            continue
        flag.scoop = high == {name} and (not low or low == {name})
        if low:
            flag.quarter = (name in low and len(low) == 2 and name not in high) or (
                name in high and len(high) == 2 and name not in low
            )


POSITION_NAMES_TO_BUTTON = ("HJ", "CO", "BTN")


def positions(
    seats: Iterable[tuple[str, int]], button: int | None, small_blind: str | None, big_blind: str | None
) -> dict[str, str]:
    """Table position of every dealt-in player: SB and BB by their posts, then UTG... up to HJ, CO and
    BTN counting back from the button. Heads-up the button is the small blind ("SB")."""
    seat_of = dict(seats)
    out: dict[str, str] = {}
    if small_blind in seat_of:
        out[str(small_blind)] = "SB"
    if big_blind in seat_of:
        out[str(big_blind)] = "BB"
    if button is None:
        return out
    by_seat = {seat: name for name, seat in seat_of.items()}
    if big_blind in seat_of:
        start = seat_of[str(big_blind)]
    elif small_blind in seat_of:
        start = seat_of[str(small_blind)]
    else:
        start = button
    rest = [by_seat[seat] for seat in clockwise_from(start, by_seat) if by_seat[seat] not in out]
    if button in by_seat and by_seat[button] in rest:
        rest = rest[: rest.index(by_seat[button]) + 1]  # the button closes the order
    count = len(rest)
    if count <= len(POSITION_NAMES_TO_BUTTON):
        labels = list(POSITION_NAMES_TO_BUTTON[len(POSITION_NAMES_TO_BUTTON) - count :])
    else:
        labels = _early_names(count - len(POSITION_NAMES_TO_BUTTON)) + list(POSITION_NAMES_TO_BUTTON)
    for name, label in zip(rest, labels, strict=True):
        out.setdefault(name, label)
    return out


def _early_names(count: int) -> list[str]:
    """UTG, UTG+1, ... for the seats between the big blind and the hijack; the last of six or more is MP."""
    names = [("UTG" if index == 0 else f"UTG+{index}") for index in range(count)]
    if count >= 3:
        names[-1] = "MP"
    return names
