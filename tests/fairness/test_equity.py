"""Equities against brute force: every board that can come, each hand judged by pokerkit's evaluators (an
independent implementation), the pots split by hand; on a sampled set of turn and flop all-ins in every game,
with side pots and hi/lo; each player's chances of a scoop, three quarters, half or quarter of the main pot
counted the same way; and the sampled pre-flop equity within its stated error of the exact one. (pokerkit's
own equity calculation gives no scoops or quarters: the brute force over its evaluators is the check.)"""

from __future__ import annotations

import math
import random
import zlib
from itertools import combinations
from typing import Any

import pytest

from omaha_audit.fairness.equity import EXACT_LIMIT, SHARES, chips_won, equity, pots, split
from omaha_audit.model import DECK, Card, Game, parse_cards

pokerkit = pytest.importorskip("pokerkit")

GAMES = (
    Game.OMAHA,
    Game.OMAHA_HI_LO,
    Game.OMAHA5,
    Game.OMAHA5_HI_LO,
    Game.OMAHA6,
    Game.OMAHA6_HI_LO,
    Game.COURCHEVEL,
    Game.COURCHEVEL_HI_LO,
    Game.HOLDEM,
)
KINDS = {1.0: "scoop", 0.75: "three quarters", 0.5: "half", 0.25: "quarter", 0.0: "nothing"}


def _text(cards: tuple[Card, ...]) -> str:
    return "".join(str(card) for card in cards)


def _their_high(game: Game, hole: tuple[Card, ...], board: tuple[Card, ...]) -> Any:
    if game is Game.HOLDEM:
        return pokerkit.StandardHighHand.from_game(_text(hole), _text(board))
    return pokerkit.OmahaHoldemHand.from_game(_text(hole), _text(board))


def _their_low(hole: tuple[Card, ...], board: tuple[Card, ...]) -> Any:
    try:
        return pokerkit.OmahaEightOrBetterLowHand.from_game(_text(hole), _text(board))
    except ValueError:
        return None


def brute_force(game: Game, holes: list[tuple[Card, ...]], chips: list[int], known: tuple[Card, ...]) -> list[float]:
    return brute_force_with_shares(game, holes, chips, known)[0]


def brute_force_with_shares(
    game: Game, holes: list[tuple[Card, ...]], chips: list[int], known: tuple[Card, ...]
) -> tuple[list[float], list[dict[str, float]]]:
    """Each contender's expected chips, and his chance of each share of the main pot, over every board."""
    used = set(known) | {card for hole in holes for card in hole}
    stub = [card for card in DECK if card not in used]
    totals = [0.0] * len(holes)
    kinds: list[dict[str, float]] = [dict.fromkeys(SHARES, 0.0) for _ in holes]
    boards = 0
    for rest in combinations(stub, 5 - len(known)):
        board = known + rest
        boards += 1
        highs = [_their_high(game, hole, board) for hole in holes]
        lows: list[Any] = [_their_low(hole, board) for hole in holes] if game.is_hi_lo else [None] * len(holes)
        for number, pot in enumerate(pots(chips, 0)):
            main = [0.0] * len(holes)
            best = max(highs[i] for i in pot.eligible)
            high = [i for i in pot.eligible if highs[i] == best]
            qualified = [i for i in pot.eligible if lows[i] is not None]
            low: list[int] = []
            if qualified:
                lowest = max(lows[i] for i in qualified)  # pokerkit: the better low compares higher
                low = [i for i in qualified if lows[i] == lowest]
            halves = [(high, pot.amount / 2), (low, pot.amount / 2)] if low else [(high, pot.amount)]
            for winners, amount in halves:
                for i in winners:
                    totals[i] += amount / len(winners)
                    main[i] += amount / len(winners) / pot.amount
            if number == 0:
                for i in range(len(holes)):
                    kinds[i][KINDS.get(round(main[i], 9), "other")] += 1
    chances = [{kind: count / boards for kind, count in row.items()} for row in kinds]
    return [total / boards for total in totals], chances


def _chances(found: Any, index: int) -> dict[str, float]:
    return dict(zip(SHARES, found.chances[index], strict=True))


def _deal(rng: random.Random, game: Game, players: int, board: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    cards = rng.sample(DECK, players * (game.hole_cards or 4) + board)
    size = game.hole_cards or 4
    holes = [tuple(cards[i * size : (i + 1) * size]) for i in range(players)]
    return holes, tuple(cards[players * size :])


@pytest.mark.parametrize("game", GAMES)
def test_turn_all_ins_agree_with_brute_force(game: Game) -> None:
    rng = random.Random(zlib.crc32(game.value.encode()))
    for case in range(6):
        players = 2 + case % 3
        holes, known = _deal(rng, game, players, 4)
        chips = [rng.choice((100, 250, 400)) for _ in range(players)]  # side pots when they differ
        found = equity(game, holes, chips, 0, known)
        assert found.exact and found.boards == 52 - len(known) - sum(len(h) for h in holes)
        expected, chances = brute_force_with_shares(game, holes, chips, known)
        assert list(found.expected) == pytest.approx(expected, abs=1e-9)
        assert sum(found.expected) == pytest.approx(sum(pot.amount for pot in pots(chips, 0)))
        for index in range(players):
            assert _chances(found, index) == pytest.approx(chances[index], abs=1e-12)


@pytest.mark.integration  # (every board enumerated with pokerkit's evaluators: tests/conftest.py)
@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow)])  # (pokerkit: ~5 s a case)
@pytest.mark.parametrize("game", GAMES)
def test_flop_all_ins_agree_with_brute_force(game: Game, players: int) -> None:
    rng = random.Random(players + zlib.crc32(game.value.encode()))
    holes, known = _deal(rng, game, players, 3)
    chips = [300, 300, 120][:players]  # three players: a side pot
    found = equity(game, holes, chips, 0, known)
    assert found.exact
    expected, chances = brute_force_with_shares(game, holes, chips, known)
    assert list(found.expected) == pytest.approx(expected, abs=1e-9)
    for index in range(players):
        assert _chances(found, index) == pytest.approx(chances[index], abs=1e-12)
        assert sum(found.chances[index]) == pytest.approx(1.0)


def test_hi_lo_chances_take_every_share_of_the_main_pot() -> None:
    """Over a sampled set of hi/lo turn all-ins, every share of the main pot happens somewhere: the brute
    force above checks the counting covers scoops, three quarters, halves and quarters, not only wins."""
    seen: set[str] = set()
    rng = random.Random(35)
    for _ in range(40):
        holes, known = _deal(rng, Game.OMAHA_HI_LO, 3, 4)
        found = equity(Game.OMAHA_HI_LO, holes, [200, 200, 200], 0, known)
        for index in range(3):
            seen.update(kind for kind, chance in _chances(found, index).items() if chance > 0)
    assert seen >= {"scoop", "three quarters", "half", "quarter", "nothing"}


def test_scoops_halves_and_quarters() -> None:
    board = parse_cards("3c 5d Kh 9s 7h")
    # both make 7-5-3-2-A: the low half split (a quarter of the pot each); the high to the kings
    holes = [parse_cards("Ac 2c Kd Ks"), parse_cards("Ad 2d Qh Jh")]
    made = pots([100, 100], 0)
    won = chips_won(Game.OMAHA_HI_LO, holes, board, made)
    assert won == pytest.approx([150.0, 50.0])  # high 100 + half of the low 100: 50 each
    assert split(Game.OMAHA_HI_LO, holes, board, made)[1] == [0.75, 0.25]  # three quarters and a quarter
    no_low = parse_cards("Tc 8d Kh 4s 4d")
    assert chips_won(Game.OMAHA_HI_LO, holes, no_low, made) == pytest.approx([200.0, 0.0])


def test_pots_layer_the_chips() -> None:
    made = pots([100, 300, 300], 50)
    assert [(pot.amount, pot.eligible) for pot in made] == [(350, (0, 1, 2)), (400, (1, 2))]
    assert pots([100, 300], 0)[0].amount == 200  # the uncovered chips are no pot


def test_a_sampled_preflop_equity_is_within_its_stated_error() -> None:
    holes = [parse_cards("Ah Ad"), parse_cards("Kc Kd")]
    found = equity(Game.HOLDEM, holes, [100, 100], 0, (), "hand-1")
    assert not found.exact and found.boards < EXACT_LIMIT
    exact_aa = 0.8236  # AhAd v KcKd, by full enumeration (1,712,304 boards): 81.95% wins + half of 0.82% ties
    assert abs(found.expected[0] / 200 - exact_aa) < 4 * found.standard_error[0] / 200
    again = equity(Game.HOLDEM, holes, [100, 100], 0, (), "hand-1")
    assert again.expected == found.expected  # the seed is the hand's
    assert math.isclose(sum(found.expected), 200)


def _pokerkit_equities(game: Game, holes: list[tuple[Card, ...]], known: tuple[Card, ...], samples: int) -> list[float]:
    hand_types: tuple[Any, ...]
    if game is Game.HOLDEM:
        hand_types = (pokerkit.StandardHighHand,)
    elif game.is_hi_lo:
        hand_types = (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)
    else:
        hand_types = (pokerkit.OmahaHoldemHand,)
    ranges = [[tuple(pokerkit.Card.parse(_text(hole)))] for hole in holes]
    board = list(pokerkit.Card.parse(_text(known))) if known else []
    return list(
        pokerkit.calculate_equities(
            ranges, board, len(holes[0]), 5, pokerkit.Deck.STANDARD, hand_types, sample_count=samples
        )
    )


@pytest.mark.integration  # (pokerkit's sampled equities: tests/conftest.py)
@pytest.mark.parametrize("game", [Game.HOLDEM, Game.OMAHA, Game.OMAHA_HI_LO])
@pytest.mark.parametrize("board", [0, 3])
def test_equities_agree_with_pokerkit_s_own_calculation(game: Game, board: int) -> None:
    """pokerkit computes equities by sampling (calculate_equities): ours, exact after the flop and sampled
    before it, agree within four of the two samples' standard errors."""
    rng = random.Random(board * 10 + len(game.value))
    samples = 1000  # (pokerkit's sampling is slow: about 10 ms a board for two Omaha hands)
    for _ in range(1):
        holes, known = _deal(rng, game, 2, board)
        ours = equity(game, holes, [100, 100], 0, known, "seed")
        theirs = _pokerkit_equities(game, holes, known, samples)
        for index in range(2):
            share = ours.share[index]
            error = math.sqrt(max(share * (1 - share), 0.01) / samples) + ours.standard_error[index] / 200
            assert abs(share - theirs[index]) < 4 * error + 1e-9, (holes, known, ours.share, theirs)
