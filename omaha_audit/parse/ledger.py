"""The ledger of a betting round: each player's street total and the highest, so that whatever a room
prints for a raise (the increment over the high bet, the street total, or the chips added) and for a call
(the chips added, or the street total), each action gets the chips it adds and the total it brings the
player to (ROOMS.md's "raise terminology"). Every room reader uses it, text or XML."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Action, ActionKind

# What a raise's or a call's printed number means.
INCREMENT: Final = "increment"  # `raises X to Y`: X = Y - the previous high bet (PokerStars, GGPoker, Winamax)
TO: Final = "to"  # the number is the player's street total after the line (Full Tilt, KingsClub calls)
ADDED: Final = "added"  # the number is the chips this line adds (ACR, BetOnline; calls in most rooms)
# Run It Once's writer in early 2019 printed the chips a raise added after `to` (fpdb names the file
# `RIO.raiseTo.bug`): `raises €44.00 to €68` by a player who had €7 in, to a street total of €75.
TO_IS_ADDED: Final = "to-is-added"

# Posts whose chips are a live bet (they count toward the player's street total); the others (antes,
# dead blinds) go into the pot without being a bet.
LIVE_POSTS: Final = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_STRADDLE,
        ActionKind.POST_BUTTON_BLIND,
        ActionKind.BRING_IN,
    }
)
_RAISE: Final = ActionKind.RAISE
_CALL: Final = ActionKind.CALL
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND


class Ledger:
    """Street totals of one betting round. `raise_number` and `call_number` say what the room's raise and
    call numbers mean; `nominal_big_blind` is the big blind a `small & big blinds` post is live for."""

    def __init__(self, raise_number: str, call_number: str) -> None:
        self.raise_number = raise_number
        self.call_number = call_number
        self.street_bets: dict[str, int] = {}
        self.high = 0
        self.nominal_big_blind = 0
        self.overcalls = 0  # calls above the high bet: the raise before was misread, or is wrong

    def new_round(self) -> None:
        """A new betting round: street totals start again from nothing."""
        self.street_bets = {}
        self.high = 0

    def misprinted_raise(self) -> None:
        """Called for a TO_IS_ADDED raise where the two readings differ (a reader reports the line)."""

    def wager(
        self, kind: ActionKind, name: str, first: int, total: int | None, stated: bool
    ) -> tuple[int, int | None, int | None]:
        """(chips added, street total after, stated increment) of a call, bet or raise whose line prints
        `first` (its first number) and `total` (the number after `to`, if any), in the room's meaning.
        `stated`: the line prints `first` itself (a raise's increment can then be cross-checked)."""
        own = self.street_bets.get(name, 0)
        increment: int | None = None
        if kind is _RAISE:
            convention = self.raise_number
            if convention == INCREMENT:
                to = total if total is not None else self.high + first
                if total is not None and stated:
                    increment = first
            elif convention == TO:
                to = total if total is not None else first
            elif convention == TO_IS_ADDED:
                to = own + (total if total is not None else first)
                if own:  # (from nothing both readings agree; here they differ)
                    self.misprinted_raise()
            else:  # ADDED
                to = total if total is not None else own + first
                if total is not None and stated:
                    increment = first + own - self.high  # the raise size the two numbers imply
        elif kind is _CALL and self.call_number == TO:
            to = total if total is not None else first
        else:
            to = own + first
            if kind is _CALL and to > self.high:
                self.overcalls += 1
        self.street_bets[name] = to
        if to > self.high:
            self.high = to
        return to - own, to, increment

    def post(self, kind: ActionKind, name: str, paid: int) -> int:
        """The street total after a forced bet of `paid` chips."""
        own = self.street_bets.get(name, 0)
        if kind in LIVE_POSTS:
            to = own + paid
        elif kind is _SMALL_AND_BIG:  # the small-blind part is dead (BL-5)
            to = own + min(paid, self.nominal_big_blind or paid)
        else:  # antes and dead blinds are not bets
            return own
        self.street_bets[name] = to
        if to > self.high:
            self.high = to
        return to


def reach_cap(actions: list[Action], cap: int) -> list[Action]:
    """A CAP table's actions: each line that brings a player's chips in the hand to `cap` reaches it (the
    model's `cap_reached`: the player is then in as if all in, MR-6). WPN's text and OHH's `bet_cap` say
    only the cap, not which line reached it."""
    totals: dict[str, int] = {}
    marked: list[Action] = []
    for action in actions:
        before = totals.get(action.player, 0)
        totals[action.player] = before + action.amount
        if action.amount and before < cap <= totals[action.player] and not action.cap_reached:
            action = Action(
                action.street,
                action.player,
                action.seat,
                action.kind,
                action.amount,
                action.source,
                action.raise_to,
                action.all_in,
                True,
                action.discarded,
                action.increment,
                action.order,
            )
        marked.append(action)
    return marked
