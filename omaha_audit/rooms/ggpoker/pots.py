"""Which pot a GGPoker `collected ... from pot` line pays.

GG never names the pot (`466a0aa1 collected $1,477.42 from pot`, then `466a0aa1 collected $675.07 from
pot`): it prints one line per pot per board, the main pot's first and then the side pots' in order
(ROOMS.md 1.5). The model numbers each collected line's pot (0 the main pot, n side pot n), so for a hand
with side pots the reader works out from the contributions which pots there are (one per all-in level
of the players still in, as the side pots are built) and cuts each board's collected lines, in their
order, into one run of lines per pot: the cut whose sums come nearest each pot's expected share (the
pot less its part of the rake and fees; over all the boards of a run-twice hand), with no player twice in
a pot on a board (a player who could not win a pot only decides between cuts that fit equally well).
In a run-twice hand a pot with one player left in is not run out: GG pays it under the first showdown
(`5da85121 collected $0.04 from pot` after his main pot line), and the reader gives that line no board
(run 0), as the pot was won by nobody's cards.

This only reads the text: the amounts stay as printed, and whether the pots were awarded rightly is the
audit's to judge (a line paying the wrong pot shows there as a wrong award).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Final

from omaha_audit.model import Action, ActionKind, Collected, UncalledReturn

_FOLD: Final = ActionKind.FOLD
_DEAD: Final = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})
_MOST_WAYS: Final = 4096  # run-twice hands with more ways to cut their lines are cut board by board


class Pot:
    """One pot: its chips before the rake, and the players who may win it."""

    def __init__(self, gross: int, eligible: frozenset[str]) -> None:
        self.gross = gross
        self.eligible = eligible


def pots_of(actions: Sequence[Action], uncalled: Sequence[UncalledReturn]) -> list[Pot]:
    """The main pot and side pots the contributions make: one per distinct total of the players who did
    not fold, each with what every player put in up to that level. Antes and dead blinds are nobody's
    bet: they go to the main pot."""
    put_in: dict[str, int] = {}
    folded: set[str] = set()
    dead = 0
    for action in actions:
        if action.kind in _DEAD:
            dead += action.amount
        elif action.amount:
            put_in[action.player] = put_in.get(action.player, 0) + action.amount
        if action.kind is _FOLD:
            folded.add(action.player)
    for refund in uncalled:
        put_in[refund.player] = put_in.get(refund.player, 0) - refund.amount
    levels = sorted({amount for player, amount in put_in.items() if player not in folded and amount > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        gross = sum(min(amount, level) - min(amount, previous) for amount in put_in.values() if amount > previous)
        eligible = frozenset(p for p, amount in put_in.items() if p not in folded and amount >= level)
        pots.append(Pot(gross + (dead if not pots else 0), eligible))
        previous = level
    return pots


def assign(collected: list[Collected], pots: list[Pot], deduction: int) -> list[Collected]:
    """The collected lines with the pot each pays (as printed otherwise)."""
    if len(pots) < 2 or len(collected) < 2:
        return collected
    runs = sorted({item.run for item in collected})
    total = sum(pot.gross for pot in pots) or 1
    nets = [pot.gross - deduction * pot.gross / total for pot in pots]
    boards = [[item for item in collected if item.run == run] for run in runs]
    fit = _Fit(pots, nets, len(runs), deduction + 2.0, collected)
    cuts = fit.joint(boards) if len(boards) > 1 else None
    if cuts is None:
        cuts = [fit.board_cut(lines) for lines in boards]
    ran = len(runs) > 1
    out = [
        Collected(item.player, item.amount, index, item.pot_text, _run(item, pots[index], ran), item.source, item.half)
        for lines, cut in zip(boards, cuts, strict=True)
        for item, index in zip(lines, cut, strict=True)
    ]
    out.sort(key=lambda item: item.source.line)
    return out


def _run(item: Collected, pot: Pot, ran: bool) -> int:
    """The run a line pays: a pot with one player left in is not run out (its line, under the first
    showdown, pays no board: run 0)."""
    return 0 if ran and len(pot.eligible) < 2 else item.run


class _Fit:
    """How well a cut of collected lines into pots explains the amounts (lower is better). Worst is a
    player collecting twice from one pot on a board; then each pot whose amounts are off its share by
    more than `slack` (rooms spread the rake over the pots in their own ways), so that an error in one pot
    is not spread over several; then how far off the sums are; last, half a unit per player paid from a
    pot he is not in."""

    def __init__(self, pots: list[Pot], nets: list[float], runs: int, slack: float, lines: list[Collected]) -> None:
        self.eligible = [pot.eligible for pot in pots]
        self.nets = nets
        self.slack = slack
        # each pot's part on one board: split between the boards when contested; a pot with one player left
        # in is not run out (GG pays it on the first board), so anything up to all of it
        self.wanted = [
            (net, net) if runs < 2 else ((0.0, net) if len(pot.eligible) < 2 else (net / runs, net / runs))
            for pot, net in zip(pots, nets, strict=True)
        ]
        scale = 1.0  # (a float from the start: compiled, a sum of ints stays an int)
        for item in lines:
            scale += item.amount
        for net in nets:
            scale += max(net, 0.0)
        self.off_pot = 2.0 * scale  # more than any sum of distances
        self.penalty = self.off_pot * (len(pots) + 1)  # more than every pot off

    def segment(self, pot: int, lines: list[Collected]) -> tuple[int, float]:
        """(the sum, the cost on one board but for the distance) of the lines paid from one pot."""
        got = 0
        score = 0.0
        seen: set[str] = set()
        for item in lines:
            got += item.amount
            if item.player in seen:
                score += self.penalty
            seen.add(item.player)
            if item.player not in self.eligible[pot]:
                score += 0.5
        return got, score

    def distance(self, pot: int, got: float) -> float:
        low, high = self.wanted[pot]
        return low - got if got < low else (got - high if got > high else 0.0)

    def board_cut(self, lines: list[Collected]) -> list[int]:
        """The best cut of one board's lines, by dynamic programming over where each pot's lines end."""
        count, pots = len(lines), len(self.wanted)
        inf = float("inf")
        # best[k][i]: the least cost of paying the first i lines from the first k pots; begin[k][i]: where
        # pot k-1's lines begin in that cut
        best = [[inf] * (count + 1) for _ in range(pots + 1)]
        begin = [[0] * (count + 1) for _ in range(pots + 1)]
        best[0][0] = 0.0
        for pot in range(1, pots + 1):
            for end in range(count + 1):
                for first in range(end + 1):
                    if best[pot - 1][first] == inf:
                        continue
                    got, score = self.segment(pot - 1, lines[first:end])
                    distance = self.distance(pot - 1, got)
                    score += distance + (self.off_pot if distance > self.slack else 0.0)
                    if best[pot - 1][first] + score < best[pot][end]:
                        best[pot][end], begin[pot][end] = best[pot - 1][first] + score, first
        cut = [0] * count
        end = count
        for pot in range(pots, 0, -1):
            first = begin[pot][end]
            for index in range(first, end):
                cut[index] = pot - 1
            end = first
        return cut

    def joint(self, boards: list[list[Collected]]) -> list[list[int]] | None:
        """The best cuts of every board together: a pot's amounts over all boards must make its share
        (an error moving chips from one board to another leaves each pot's whole right), each board's
        amounts counting half. None when there are too many ways to try."""
        pots = len(self.wanted)
        ways = 1
        for lines in boards:
            ways *= math.comb(len(lines) + pots - 1, pots - 1)
        if ways > _MOST_WAYS:
            return None
        options: list[list[tuple[tuple[int, ...], list[int], float]]] = []
        for lines in boards:
            found = []
            for cut in _cuts(len(lines), pots):
                sums = [0] * pots
                score = 0.0
                for pot in range(pots):
                    got, cost = self.segment(
                        pot, [item for item, index in zip(lines, cut, strict=True) if index == pot]
                    )
                    sums[pot] = got
                    score += cost + 0.5 * self.distance(pot, got)
                found.append((cut, sums, score))
            options.append(found)
        best: tuple[tuple[int, ...], ...] = ()
        best_score = float("inf")
        for combination in itertools.product(*options):
            score = 0.0
            for option in combination:
                score += option[2]
            for pot in range(pots):
                paid = 0
                for option in combination:
                    paid += option[1][pot]
                distance = abs(paid - self.nets[pot])
                score += distance + (self.off_pot if distance > self.slack else 0.0)
            if score < best_score:
                best, best_score = tuple(option[0] for option in combination), score
        return [list(cut) for cut in best]


def _cuts(lines: int, pots: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every non-decreasing sequence of `lines` pot indexes from `start` below `pots`."""
    if lines == 0:
        yield ()
        return
    for index in range(start, pots):
        for rest in _cuts(lines - 1, pots, index):
            yield (index, *rest)
