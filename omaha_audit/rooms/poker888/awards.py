"""What an 888 hand's `collected` lines are: how it gave back the uncalled bet, and which pots they pay
(ROOMS.md 3.3, 3.5, 3.6).

888 prints no uncalled-bet line and no total pot or rake. The chips a bet put in beyond what anybody
matched (the largest stake less the second largest, antes and dead blinds left out: UC-1) come back in one
of three ways, all in the corpus:

- left out: nothing says so, and the collected amounts add up to the pot without them (`Player3 bets
  [30 €]`, all fold, `Player3 collected [ 105 € ]` = 15 + 30 + 30 + 30): Refunds.IMPLIED;
- paid back inside the winner's collected amount (`raises [284,48$]`, all fold, `collected [ 299,48$ ]` =
  5 + 10 + 284.48; the big blind's walk): Refunds.IN_COLLECTED;
- a `collected` line of its own for the bettor, the last line (`Player1 collected [ $651 ]`, the big blind's
  1 500 less the small blind's 849 all-in): read as the return it is, an UncalledReturn (Refunds.LINE).

Which one a hand uses is read from its sums. Where the pot keeps nothing (tournaments; cash hands that
ended before the flop), the collected amounts are exactly the pot with or without the returned chips;
elsewhere the pot keeps a rake, so the returned chips are in the collected amounts when these come to
more than the pot without them, and a last line of the bettor for exactly the returned amount is that
return. A hand whose sums fit none of the three is left as IMPLIED, the pot short: the audit reports it.

The collected lines name no pot and no half, but come pot by pot, main pot first: they are cut into the
pots they make (pot_numbers), or, where they make none, read as each player's winnings over all pots
(ALL_POTS), the audit then comparing what each player won in all.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import ALL_POTS, Action, ActionKind, Collected, Refunds, Street, UncalledReturn

_LIVE: Final = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_STRADDLE,
        ActionKind.POST_BUTTON_BLIND,
        ActionKind.BRING_IN,
        ActionKind.CALL,
        ActionKind.BET,
        ActionKind.RAISE,
    }
)
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_DEAD_BLIND: Final = ActionKind.POST_DEAD
_FOLD: Final = ActionKind.FOLD


class Contributions:
    """What each player put in: in all, of it as live bets (what an uncalled bet is measured on), and of it
    as dead blinds (which buy no stake in the pots)."""

    def __init__(self, actions: list[Action], big_blind: int) -> None:
        self.total: dict[str, int] = {}
        self.live: dict[str, int] = {}
        self.dead: dict[str, int] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.last_street: dict[str, Street] = {}
        for action in actions:
            name, kind, chips = action.player, action.kind, action.amount
            if kind is _FOLD:
                self.folded.add(name)
            if action.all_in:
                self.all_in.add(name)
            if not chips:
                continue
            self.total[name] = self.total.get(name, 0) + chips
            self.last_street[name] = action.street
            if kind in _LIVE:
                live = chips
            elif kind is _SMALL_AND_BIG:
                live = min(chips, big_blind or chips)
            else:
                live = 0
            self.live[name] = self.live.get(name, 0) + live
            if kind is _DEAD_BLIND or kind is _SMALL_AND_BIG:  # (antes buy a stake: they are not dead)
                self.dead[name] = self.dead.get(name, 0) + chips - live

    def uncalled(self) -> tuple[str, int] | None:
        """The bet nobody matched: (player, the largest live stake less the second largest), or None."""
        ranked = sorted(self.live.items(), key=lambda item: item[1], reverse=True)
        if not ranked:
            return None
        second = ranked[1][1] if len(ranked) > 1 else 0
        excess = ranked[0][1] - second
        return (ranked[0][0], excess) if excess > 0 else None

    def pots(self, refund: tuple[str, int] | None) -> list[tuple[frozenset[str], int]]:
        """The main and side pots the stakes make (SP-2, as RULES.md builds them): (who may win it, its
        chips), main pot first; dead blinds go to the main pot without buying a stake in it."""
        paid = dict(self.total)
        if refund is not None:
            paid[refund[0]] -= refund[1]
        stakes = {name: chips - self.dead.get(name, 0) for name, chips in paid.items()}
        live = [name for name in stakes if name not in self.folded]
        top = max((stakes[name] for name in live), default=0) or max(stakes.values(), default=0)
        levels = sorted({stakes[name] for name in live if name in self.all_in})
        if not levels or levels[-1] < top:
            levels.append(top)
        pots: list[tuple[frozenset[str], int]] = []
        previous = 0
        for level in levels:
            if level <= previous:
                continue
            amount = sum(min(chips - previous, level - previous) for chips in stakes.values() if chips > previous)
            eligible = frozenset(name for name in live if stakes[name] >= level)
            if amount > 0:
                if pots and (pots[-1][0] == eligible or not eligible):
                    pots[-1] = (pots[-1][0], pots[-1][1] + amount)
                else:
                    pots.append((eligible, amount))
            previous = level
        above = sum(chips - previous for chips in stakes.values() if chips > previous)
        dead = sum(self.dead.values())
        if pots and (above or dead):
            pots[-1] = (pots[-1][0], pots[-1][1] + above)
            pots[0] = (pots[0][0], pots[0][1] + dead)
        return pots


def read_awards(
    actions: list[Action],
    collected: list[Collected],
    big_blind: int,
    keeps_nothing: bool,
) -> tuple[Refunds, list[Collected], list[UncalledReturn]]:
    """The hand's refund convention, its collected lines with their pots, and the return read from a line
    of its own. `keeps_nothing`: the pot takes no rake (a tournament, or a hand that ended before the flop)."""
    paid = Contributions(actions, big_blind)
    refund = paid.uncalled()
    refunds = Refunds.IMPLIED
    returned: list[UncalledReturn] = []
    if refund is not None and collected:
        player, excess = refund
        put_in = sum(paid.total.values())
        won = sum(item.amount for item in collected)
        last = collected[-1]
        # a line of its own: the bettor's last, for exactly the excess, after the pot's own line(s)
        own_line = last.player == player and last.amount == excess and len(collected) > 1
        # inside a collected amount: one of the bettor's own (the excess goes back to him, not to another)
        own_amount = any(item.player == player and item.amount >= excess for item in collected)
        if keeps_nothing:
            holds_refund = won == put_in
        else:
            holds_refund = won > put_in - excess or (own_line and won <= put_in)
        if holds_refund and own_line:
            refunds = Refunds.LINE
            collected = collected[:-1]
            street = paid.last_street.get(player, Street.PREFLOP)
            returned = [UncalledReturn(player, excess, street, last.source)]
        elif holds_refund and own_amount:
            refunds = Refunds.IN_COLLECTED
    in_collected = refund if refunds is Refunds.IN_COLLECTED else None
    numbers = pot_numbers(paid.pots(refund), collected, in_collected)
    numbered: list[Collected] = []
    for item, pot in zip(collected, numbers, strict=True):
        text = "all pots" if pot == ALL_POTS else ("main pot" if pot == 0 else f"side pot-{pot}")
        numbered.append(Collected(item.player, item.amount, pot, text, item.run, item.source))
    return refunds, numbered, returned


def pot_numbers(
    pots: list[tuple[frozenset[str], int]], collected: list[Collected], refund: tuple[str, int] | None
) -> list[int]:
    """Which pot each collected line pays. 888 prints the lines pot by pot, main pot first (a hi/lo pot's
    halves and a tie's shares one after the other), naming none: the lines are cut into runs of lines that
    make each pot exactly, the pot kept by each pot (the rake) spread over the pots in proportion, the
    remainder on the main pot, as RULES.md SP-4 spreads a printed rake. A hand whose lines cannot be cut so
    (its sums are wrong, or the room spreads its rake otherwise) is read as each player's winnings over all
    pots (ALL_POTS)."""
    if len(pots) <= 1:
        return [0] * len(collected)
    amounts = [item.amount for item in collected]
    if refund is not None:  # the excess paid back inside the bettor's last line able to hold it
        for index in range(len(collected) - 1, -1, -1):
            if collected[index].player == refund[0] and amounts[index] >= refund[1]:
                amounts[index] -= refund[1]
                break
    gross = sum(amount for _, amount in pots)
    kept = gross - sum(amounts)
    everywhere = [ALL_POTS] * len(collected)
    if kept < 0 or gross <= 0:
        return everywhere
    proportional = [kept * amount // gross for _, amount in pots]
    proportional[0] += kept - sum(proportional)
    from_main = [kept] + [0] * (len(pots) - 1)  # (888's play-money hand 362979074 rakes the main pot only)
    for cuts in (proportional, from_main):
        nets = [amount - cut for (_, amount), cut in zip(pots, cuts, strict=True)]
        numbers = _cut(pots, nets, collected, amounts)
        if numbers is not None:
            return numbers
    return everywhere


def _cut(
    pots: list[tuple[frozenset[str], int]], nets: list[int], collected: list[Collected], amounts: list[int]
) -> list[int] | None:
    """The pot of each line when the lines, in order, make each pot's net amount in turn (every line's player
    one who may win that pot); else None."""
    numbers: list[int] = []
    pot, filled = 0, 0
    for index, item in enumerate(collected):
        while pot < len(pots) and filled == nets[pot]:
            pot, filled = pot + 1, 0
        if pot == len(pots) or item.player not in pots[pot][0]:
            return None
        filled += amounts[index]
        if filled > nets[pot]:
            return None
        numbers.append(pot)
    if filled != nets[pot] or any(nets[rest] for rest in range(pot + 1, len(pots))):
        return None
    return numbers


__all__ = ["Contributions", "pot_numbers", "read_awards"]
