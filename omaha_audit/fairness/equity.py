"""Each player's equity in an all-in: the chips he can expect from every pot he is in, over the boards that
can still come. Flop and turn all-ins are enumerated exactly (at most 1,081 boards); earlier ones too when the
boards are few, else `SAMPLES` boards are drawn with a seed fixed by the hand, and the standard error of each
equity is stated. High, hi/lo (halves and quarters, a scoop when no low qualifies), Hold'em and every Omaha.

Besides the chips, each contender's chance of each share of the main pot (the pot every contender is in):
all of it (a scoop), three quarters, half, a quarter, another share (a tie three ways), or nothing."""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import Final

from omaha_audit.engine.evaluate import evaluate_high, evaluate_holdem, evaluate_low
from omaha_audit.model import DECK, Card, Game

SHARES: Final = ("scoop", "three quarters", "half", "quarter", "other", "nothing")  # of the main pot
_SHARE_OF: Final = {1.0: 0, 0.75: 1, 0.5: 2, 0.25: 3, 0.0: 5}
EXACT_LIMIT: Final = 5_000  # boards enumerated exactly up to this many
SAMPLES: Final = 500  # boards drawn otherwise


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # indexes of the contenders who can win it


@dataclass(frozen=True, slots=True)
class Equity:
    expected: tuple[float, ...]  # chips per contender
    variance: tuple[float, ...]  # of the chips one board gives him
    share: tuple[float, ...]  # expected chips / the chips he can win (his equity in his largest pot)
    boards: int
    exact: bool
    standard_error: tuple[float, ...]  # of `expected`: 0 when exact
    chances: tuple[tuple[float, ...], ...]  # per contender, the chance of each of SHARES


def pots(chips: Sequence[int], dead: int) -> list[Pot]:
    """The main and side pots the contenders' chips (and the dead chips of those who folded, all counted in
    the main pot: a simplification that moves no chips between contenders who each covered them) make."""
    levels = sorted(set(chips))
    made: list[Pot] = []
    previous = 0
    for level in levels:
        eligible = tuple(index for index, amount in enumerate(chips) if amount >= level)
        amount = sum(min(amount, level) - min(amount, previous) for amount in chips)
        if not made:
            amount += dead
        if len(eligible) >= 2:
            made.append(Pot(amount, eligible))
        previous = level
    return made


def share_kind(share: float) -> int:
    """The index in SHARES of a share of the main pot (ties split exactly: 1/2, 1/4 and 3/4 are exact)."""
    return _SHARE_OF.get(share, 4)


def chips_won(game: Game, holes: Sequence[tuple[Card, ...]], board: Sequence[Card], made: Sequence[Pot]) -> list[float]:
    """The chips each contender wins on one complete board (ties split exactly; odd chips not rounded)."""
    return split(game, holes, board, made)[0]


def split(
    game: Game, holes: Sequence[tuple[Card, ...]], board: Sequence[Card], made: Sequence[Pot]
) -> tuple[list[float], list[float]]:
    """The chips each contender wins on one complete board, and his share (0 to 1) of the main pot."""
    if game is Game.HOLDEM:
        highs = [evaluate_holdem(hole, board).key for hole in holes]
    else:
        highs = [evaluate_high(hole, board).key for hole in holes]
    lows = [evaluate_low(hole, board) for hole in holes] if game.is_hi_lo else None
    won = [0.0] * len(holes)
    main = [0.0] * len(holes)
    if len(holes) == 2 and lows is None and len(made) == 1:  # the common case, written out
        amount = made[0].amount
        first, second = highs
        if first > second:
            won[0] = amount
            main[0] = 1.0
        elif second > first:
            won[1] = amount
            main[1] = 1.0
        else:
            won[0] = won[1] = amount / 2
            main[0] = main[1] = 0.5
        return won, main
    for number, pot in enumerate(made):
        best = max(highs[index] for index in pot.eligible)
        high_winners = [index for index in pot.eligible if highs[index] == best]
        low_winners: list[int] = []
        if lows is not None:
            qualified = [lows[index] for index in pot.eligible if lows[index] is not None]
            if qualified:
                lowest = min(low.mask for low in qualified if low is not None)
                low_winners = [
                    index for index in pot.eligible if (low := lows[index]) is not None and low.mask == lowest
                ]
        halves = 2.0 if low_winners else 1.0
        for index in high_winners:
            won[index] += pot.amount / halves / len(high_winners)
            if number == 0:
                main[index] += 1 / halves / len(high_winners)
        for index in low_winners:
            won[index] += pot.amount / 2 / len(low_winners)
            if number == 0:
                main[index] += 1 / 2 / len(low_winners)
    return won, main


def _completions(
    known: Sequence[Card], used: frozenset[Card], seed: str
) -> tuple[Iterator[tuple[Card, ...]], int, bool]:
    stub = [card for card in DECK if card not in used]
    missing = 5 - len(known)
    count = math.comb(len(stub), missing)
    if count <= EXACT_LIMIT:
        return (tuple(known) + rest for rest in combinations(stub, missing)), count, True
    rng = Random(zlib.crc32(seed.encode()))
    return (tuple(known) + _draw(stub, missing, rng) for _ in range(SAMPLES)), SAMPLES, False


def _draw(stub: list[Card], missing: int, rng: Random) -> tuple[Card, ...]:
    """`missing` cards drawn from `stub` without replacement, each set equally likely: the first steps of a
    Fisher-Yates shuffle (in place: the stub's order does not matter). `random.sample` does the same in
    Python code, which cost a fifth of the equities' time compiled."""
    size = len(stub)
    for index in range(missing):
        other = index + int(rng.random() * (size - index))
        stub[index], stub[other] = stub[other], stub[index]
    return tuple(stub[:missing])


def equity(
    game: Game,
    holes: Sequence[tuple[Card, ...]],
    chips: Sequence[int],
    dead: int,
    known_board: Sequence[Card],
    seed: str = "",
) -> Equity:
    """The contenders' expected chips over every board that can complete `known_board` (or a sample)."""
    made = pots(chips, dead)
    used = frozenset(card for hole in holes for card in hole) | frozenset(known_board)
    boards, count, exact = _completions(known_board, used, seed)
    players = len(holes)
    total = [0.0] * players
    squares = [0.0] * players
    kinds = [[0] * len(SHARES) for _ in range(players)]
    for board in boards:
        won, main = split(game, holes, board, made)
        for index in range(players):
            amount = won[index]
            total[index] += amount
            squares[index] += amount * amount
            kinds[index][share_kind(main[index])] += 1
    expected = tuple(value / count for value in total)
    variance = tuple(max(0.0, square / count - mean * mean) for square, mean in zip(squares, expected, strict=True))
    can_win = [sum(pot.amount for pot in made if index in pot.eligible) for index in range(players)]
    share = tuple(mean / win if win else 0.0 for mean, win in zip(expected, can_win, strict=True))
    error = tuple(0.0 if exact else math.sqrt(value / count) for value in variance)
    chances = tuple(tuple(seen / count for seen in row) for row in kinds)
    return Equity(expected, variance, share, count, exact, error, chances)
