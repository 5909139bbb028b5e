"""Where a betting round ends, for Bovada hands that print no street lines.

Bovada's text of early 2012 prints no `*** FLOP ***` line (and no `Card dealt to table` line either): the
flop, turn and river are known only from the summary's board, and the betting runs on from one round into
the next. A round is over when every player still able to act has acted since the last bet or raise and
matched it (or when nobody is left to act against): the next betting line then belongs to the next street.
This is the reader's own small ledger, used only to place the streets; the engine replays the hand again
from the model, and reports any betting the reader placed on the wrong street as out of turn.
"""

from __future__ import annotations


class Rounds:
    """The players in the hand, who has folded or is all in, and the betting round's bets and actors."""

    def __init__(self, stacks: dict[str, int]) -> None:
        self.stacks = stacks
        self.players: list[str] = []  # in the order they were first seen (dealt cards, posts, actions)
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.put_in: dict[str, int] = {}  # over the hand
        self.bets: dict[str, int] = {}  # the betting round's street totals
        self.high = 0
        self.acted: set[str] = set()
        self.actions = 0  # betting lines on the betting round

    def seen(self, name: str) -> None:
        if name not in self.put_in:
            self.put_in[name] = 0
            self.players.append(name)

    def pay(self, name: str, chips: int, to: int | None, all_in: bool) -> None:
        """A line that puts `chips` in, bringing the player's street total to `to` (None: a dead post)."""
        self.seen(name)
        self.put_in[name] += chips
        if to is not None:
            self.bets[name] = to
            if to > self.high:
                self.high = to
        stack = self.stacks.get(name)
        if all_in or (stack is not None and chips and self.put_in[name] >= stack):
            self.all_in.add(name)

    def act(self, name: str, chips: int, to: int | None, all_in: bool, fold: bool) -> None:
        """A betting line (not a post): a bet or raise re-opens the round for everyone else."""
        raised = to is not None and to > self.high
        self.pay(name, chips, to, all_in)
        if raised:
            self.acted = {name}
        else:
            self.acted.add(name)
        if fold:
            self.folded.add(name)
        self.actions += 1

    def refund(self, name: str, chips: int) -> None:
        self.put_in[name] = self.put_in.get(name, 0) - chips

    def closed(self) -> bool:
        """Whether the round is over (only asked once it has seen a betting line)."""
        if not self.actions:
            return False
        live = [name for name in self.players if name not in self.folded]
        if len(live) <= 1:
            return True
        able = [name for name in live if name not in self.all_in]
        if not able:
            return True
        if len(able) == 1:
            return self.bets.get(able[0], 0) >= self.high
        return all(name in self.acted and self.bets.get(name, 0) == self.high for name in able)

    def next_round(self) -> None:
        self.bets = {}
        self.high = 0
        self.acted = set()
        self.actions = 0
