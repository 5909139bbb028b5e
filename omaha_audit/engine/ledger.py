"""The chips of a hand read from its lines alone, for the games the engine does not replay (stud, razz,
draw): who put in what, who folded, the bet nobody matched, and the most each player could win.

It needs no betting structure: every reader gives each action the chips it added, so a player's
contribution is the sum of their action lines, whatever the game. The game-independent checks (UC-1,
table stakes, SP-1's "a player wins from each opponent at most what they put in") judge a stud or draw
hand from it; a flop game is judged from its replay instead (engine/replay.py), which also knows the
order of play and the pots.
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_audit.engine.pots import uncalled_bet
from omaha_audit.model import ActionKind, Hand


@dataclass(frozen=True, slots=True)
class Ledger:
    put_in: dict[str, int]  # every player who put chips in, with their total, in the order they first acted
    dead: int  # of that, the dead blind money (BL-5): the pot's, whoever wins it, buying no stake
    stakes: dict[str, int]  # what each risked: their total less their dead money and the uncalled bet
    folded: frozenset[str]
    uncalled: tuple[str, int] | None  # the excess of the largest stake over the second (UC-1)

    def most_won(self, player: str) -> int:
        """The most `player` can win: from each player at most their own stake (SP-1), and the dead money."""
        own = self.stakes.get(player, 0)
        total = self.dead
        for amount in self.stakes.values():
            total += min(amount, own)
        return total


def ledger(hand: Hand) -> Ledger:
    """The bet nobody matched is the excess of the largest stake over the second, a stake being what a
    player put in less their dead blinds (BL-5: dead money buys no stake). Antes count, so an ante that no
    other stake reaches goes back with the bet (PokerStars, `2-7 Single Draw ... ante.all.in`: Hero all in
    on an ante of 1, `Uncalled bet (124) returned` of the other's 25 ante and 100 blind)."""
    put_in: dict[str, int] = {}
    dead: dict[str, int] = {}
    folded: set[str] = set()
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet  # (limit tables: the big blind is a small bet)
    for action in hand.actions:
        player, added, kind = action.player, action.amount, action.kind
        put_in[player] = put_in.get(player, 0) + added
        if kind is ActionKind.POST_DEAD:
            dead[player] = dead.get(player, 0) + added
        elif kind is ActionKind.POST_SMALL_AND_BIG_BLIND:  # the small-blind part is dead
            live = action.raise_to if action.raise_to is not None else (big_blind or added)
            dead[player] = dead.get(player, 0) + added - max(0, min(live, added))
        elif kind is ActionKind.FOLD:
            folded.add(player)
    contributed = {player: amount for player, amount in put_in.items() if amount > 0}
    stakes = {player: amount - dead.get(player, 0) for player, amount in contributed.items()}
    uncalled = uncalled_bet(stakes)
    if uncalled is not None:
        stakes[uncalled[0]] -= uncalled[1]
    return Ledger(contributed, sum(dead.values()), stakes, frozenset(folded), uncalled)
