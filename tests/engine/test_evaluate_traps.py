"""The evaluator's traps (RULES.md OM-1, HL-1..HL-3), the PokerStars words, and the value objects' API."""

from __future__ import annotations

import pytest

import omaha_audit
from omaha_audit.engine.evaluate import (
    HandCategory,
    HighHand,
    LowHand,
    describe_hi_lo,
    evaluate_high,
    evaluate_holdem,
    evaluate_low,
    low_from_ranks,
    showdown_descriptions,
)
from omaha_audit.model.cards import parse_cards

# ---------------------------------------------------------------------------------------------------
# Traps
# ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("board", ["Kh 9d 2s 7c 3h", "Kh 9d 2s", "Qs Jd 8c 4h", "Ah Kh 9d 2s 7c"])
def test_three_aces_in_the_hole_are_never_trips_from_the_hole_alone(board: str) -> None:
    hand = evaluate_high("As Ac Ad 5c", board)
    assert len([card for card in hand.cards if card.rank == 14]) <= 3
    if "A" not in board:
        assert hand.category == HandCategory.ONE_PAIR
        assert hand.describe() == "a pair of Aces"
    else:  # two hole aces and the board's ace
        assert hand.describe() == "three of a kind, Aces"
        assert sum(1 for card in hand.hole_cards_used if card.rank == 14) == 2


def test_two_pairs_in_the_hole_on_a_four_to_a_straight_board_are_not_a_straight() -> None:
    # RULES.md OM-1 (maverickgames example): A-A-5-5 on 3-4-6-7-T is only a pair of aces.
    hand = evaluate_high("Ah Ad 5c 5s", "3c 4d 6h 7s Td")
    assert hand.category == HandCategory.ONE_PAIR
    assert hand.describe() == "a pair of Aces"


def test_one_suited_hole_card_with_four_suited_board_cards_is_not_a_flush() -> None:
    hand = evaluate_high("Ah Kd 2c 3s", "Qh Jh 9h 4h 2d")
    assert hand.category != HandCategory.FLUSH
    assert hand.describe() == "a pair of Deuces"
    # Two suited hole cards do make it.
    assert evaluate_high("Ah 5h 2c 3s", "Qh Jh 9h 4h 2d").describe() == "a flush, Ace high"
    # In Hold'em one suited hole card is enough.
    assert evaluate_holdem("Ah Kd", "Qh Jh 9h 4h 2d").describe() == "a flush, Ace high"


def test_a_straight_on_the_board_needs_two_hole_cards() -> None:
    board = "5h 6d 7c 8s 9h"
    assert evaluate_high("Ac Ad Kc Qd", board).describe() == "a pair of Aces"
    assert evaluate_high("Ac Td Kc Qd", board).category == HandCategory.HIGH_CARD  # T + 3 board: no straight
    assert evaluate_high("Ac Td Jc Qd", board).describe() == "a straight, Seven to Jack"
    assert evaluate_holdem("Ac Ad", board).describe() == "a straight, Five to Nine"  # the board plays


def test_a_full_board_flush_or_quads_does_not_play_in_omaha() -> None:
    assert evaluate_high("2c 3d 7h 8s", "Ah Kh Qh Jh Th").category == HandCategory.HIGH_CARD
    hand = evaluate_high("2c 3d 7h 8s", "Ah Ad Ac As Kh")
    assert hand.describe() == "three of a kind, Aces"


def test_two_or_three_hole_cards_still_play_exactly_two() -> None:
    assert evaluate_high("Ah Kh", "Qh Jh Th 2c 3d").describe() == "a Royal Flush"
    assert evaluate_high("Ah 2c", "Qh Jh Th 9h 3d").describe() == "high card Ace"
    assert evaluate_high("Ah 2c 9c", "Qh Jh Th 9h 3d").describe() == "a pair of Nines"
    assert evaluate_low("Ah 2c", "3h 4h 9d") is None and evaluate_low("Ah 2c 9c", "3h 4h 5d") is not None


def test_high_and_low_may_use_different_hole_cards() -> None:
    hole, board = "Ks Kd Ah 2c", "Kc 7d 8h 4s 3c"
    high = evaluate_high(hole, board)
    low = evaluate_low(hole, board)
    assert high.describe() == "three of a kind, Kings"
    assert {str(card) for card in high.hole_cards_used} == {"Ks", "Kd"}
    assert low is not None and low.describe() == "7,4,3,2,A"  # Ah 2c with 7 4 3


def test_the_wheel_is_the_best_low_and_a_five_high_straight() -> None:
    hole, board = "Ah 2d Kc Qs", "3c 4h 5s 9d Td"
    high = evaluate_high(hole, board)
    low = evaluate_low(hole, board)
    assert high.describe() == "a straight, Ace to Five"
    assert high.ranks == (5, 4, 3, 2, 1)
    assert low is not None and low.is_wheel and low.describe() == "5,4,3,2,A"
    assert low == min(low_from_ranks(ranks) for ranks in [(5, 4, 3, 2, 1), (6, 4, 3, 2, 1), (8, 7, 6, 5, 4)])
    six_high = evaluate_high("6h 2c Kd Qd", board)
    assert six_high.describe() == "a straight, Deuce to Six"
    assert six_high > high
    # Three kings in the hole and one on the board are only trips, which lose to the wheel.
    assert evaluate_high("Kh Kd Kc Qs", "Ks 4h 5s 9d Td").describe() == "three of a kind, Kings"
    assert evaluate_high("Kh Kd Kc Qs", "Ks 4h 5s 9d Td") < high
    assert evaluate_high("9h 9c 2c Qs", board).describe() == "three of a kind, Nines"
    assert evaluate_high("9h 9c 2c Qs", board) < high


def test_lows_need_two_hole_ranks_and_three_board_ranks_all_different_and_eight_or_lower() -> None:
    assert evaluate_low("Ah 2c Kd Qs", "3c 3h 9s Td 4d") is None  # board has only two low ranks
    assert evaluate_low("Ah Kc Kd Qs", "3c 2h 5s Td 4d") is None  # only one low hole rank
    assert evaluate_low("Ah Ac Kd Ks", "2c 4h 5s Td Kc") is None  # a hole pair gives one low rank
    low = evaluate_low("Ah 3c 3d Ks", "2c 4h 5s Td Kd")  # A 3 with 5 4 2
    assert low is not None and low.describe() == "5,4,3,2,A"
    low = evaluate_low("Ah 5c Kd Qs", "5d 7h 8s 2d 9d")  # 5 pairs the board: A 5 with 8 7 2
    assert low is not None and low.describe() == "8,7,5,2,A"
    assert evaluate_low("9h 5c Kd Qs", "5d 7h 8s 2d 9d") is None
    assert evaluate_low("Ah 2h 3h 4h", "5h 6h 7h") == low_from_ranks((7, 6, 5, 2, 1))  # flushes do not count


def test_the_rules_worked_examples() -> None:
    # RULES.md HL-4 example 1 (PLO8-6max-USD-0.01-0.02-200911.txt #35875034981).
    board = "5h 4d 2d Jd 6h"
    a, b = evaluate_high("Ah 2h Kh 2s", board), evaluate_high("7c 6s 7h As", board)
    assert describe_hi_lo(a, evaluate_low("Ah 2h Kh 2s", board)) == "HI: three of a kind, Deuces; LO: 6,5,4,2,A"
    assert describe_hi_lo(b, evaluate_low("7c 6s 7h As", board)) == "HI: a pair of Sevens; LO: 6,5,4,2,A"
    assert a > b and evaluate_low("Ah 2h Kh 2s", board) == evaluate_low("7c 6s 7h As", board)
    # RULES.md RIT-2: Courchevel hi/lo, five hole cards, two boards.
    hole = "7d 6d Jh Ah 5s"
    first, second = "7h 5d 3s 7s Ts", "7h 5d 3s 2s 4h"
    assert describe_hi_lo(evaluate_high(hole, first), evaluate_low(hole, first)) == (
        "HI: a full house, Sevens full of Fives; LO: 7,6,5,3,A"
    )
    assert describe_hi_lo(evaluate_high(hole, second), evaluate_low(hole, second)) == (
        "HI: a straight, Three to Seven; LO: 5,4,3,2,A"
    )
    assert low_from_ranks((7, 5, 4, 3, 1)) < low_from_ranks((7, 6, 5, 3, 1))  # 7,5,4,3,A beats 7,6,5,3,A
    assert low_from_ranks((7, 6, 4, 3, 2)) < low_from_ranks((7, 6, 5, 3, 1))  # HL-2


# ---------------------------------------------------------------------------------------------------
# PokerStars words
# ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "words"),
    [
        ("Ah 9d", "Kc 7s 4h 3d 2c", "high card Ace"),
        ("Kh Kd", "Qc 7s 4h 3d 2c", "a pair of Kings"),
        ("Ah Ad", "6c 6s 4h 3d 2c", "two pair, Aces and Sixes"),
        ("2h 2d", "2c 6s 4h Jd Kc", "three of a kind, Deuces"),
        ("6h 6d", "6c Ks 4h Jd Qc", "three of a kind, Sixes"),
        ("Ah 2d", "3c 4s 5h Jd Kc", "a straight, Ace to Five"),
        ("Ah Kd", "Qc Js Th 2d 3c", "a straight, Ten to Ace"),
        ("Ah 2h", "9h 7h 4h Jd Kc", "a flush, Ace high"),
        ("Kh Kd", "Kc 6s 6h Jd 2c", "a full house, Kings full of Sixes"),
        ("Qh Qd", "Qc 4s 4h Jd 2c", "a full house, Queens full of Fours"),
        ("Ah Ad", "Ac As 4h Jd 2c", "four of a kind, Aces"),
        ("Kh Qh", "Jh Th 9h 2d 2c", "a straight flush, Nine to King"),
        ("Ah 2h", "3h 4h 5h Kd 2c", "a straight flush, Ace to Five"),
        ("Ah Kh", "Qh Jh Th 2d 2c", "a Royal Flush"),
        ("7h 7d", "Kc Ks 2h 2d 9c", "two pair, Kings and Sevens"),
    ],
)
def test_descriptions_use_the_pokerstars_words(hole: str, board: str, words: str) -> None:
    assert evaluate_holdem(hole, board).describe() == words


def test_hi_lo_descriptions() -> None:
    high = evaluate_high("Ah 2h Kh 2s", "5h 4d 2d Jd 6h")
    assert describe_hi_lo(high, None) == "HI: three of a kind, Deuces"
    assert describe_hi_lo(high, low_from_ranks((7, 6, 5, 3, 14))) == "HI: three of a kind, Deuces; LO: 7,6,5,3,A"


def test_showdown_kicker_clauses_follow_pokerstars() -> None:
    # PLO8-6max-USD-0.01-0.02-200911.txt lines 256-257.
    board = "Ac 5s Js 8c Jd"
    holes = ["7s 9s Jh 3c", "Jc 3h 2s Qc"]
    highs = [evaluate_high(hole, board) for hole in holes]
    lows = [evaluate_low(hole, board) for hole in holes]
    assert showdown_descriptions(highs, lows) == [
        "HI: three of a kind, Jacks; LO: 8,7,5,3,A",
        "HI: three of a kind, Jacks - Ace+Queen kicker; LO: 8,5,3,2,A",
    ]
    # NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt lines 410-418: best-so-far, ties, lower, better.
    board = "Td 4s Th Qd Qs"
    shown = [evaluate_holdem(hole, board) for hole in ["8d 9h", "3d 3h", "9c 3s", "Kh 7d", "Kd Qc"]]
    assert showdown_descriptions(shown) == [
        "two pair, Queens and Tens",
        "two pair, Queens and Tens - lower kicker",
        "two pair, Queens and Tens",
        "two pair, Queens and Tens - King kicker",
        "a full house, Queens full of Tens",
    ]
    board = "Kd 7c Ad 4d 6d"
    shown = [evaluate_holdem(hole, board) for hole in ["Jh 3h", "Jc 9c"]]
    assert showdown_descriptions(shown)[1] == "high card Ace - King+Jack+Nine kicker"
    with pytest.raises(ValueError):
        showdown_descriptions(shown, [None])


def test_hands_shown_before_the_flop_in_holdem() -> None:
    assert evaluate_holdem("Kh Kc", "").describe() == "a pair of Kings"
    assert evaluate_holdem("Kh 2c", []).describe() == "high card King"
    assert evaluate_holdem("3h 5h", "Ts Js 6s 4h").describe() == "high card Jack"


# ---------------------------------------------------------------------------------------------------
# The value objects
# ---------------------------------------------------------------------------------------------------


def test_high_hands_are_ordered_values_and_equal_hands_split() -> None:
    board = "As Ks 7h 8d 9c"
    a = evaluate_high("Ah Kd 2c 3c", board)
    b = evaluate_high("Ad Kc 2d 3d", board)
    c = evaluate_high("Qh Qd 2h 3h", board)
    assert a == b and hash(a) == hash(b) and not a.beats(b) and a.cards != b.cards
    assert a > c and a >= c and c < a and c <= a and a.beats(c) and not c.beats(a)
    assert len({a, b, c}) == 2
    assert sorted([a, c, b]) == [c, a, b]
    assert max([c, a]) is a
    assert a.category is HandCategory.TWO_PAIR and a.category == 2
    assert a.main_ranks == (14, 13) and a.kickers == (9,)
    assert [str(card) for card in a.cards] == ["Ah", "As", "Kd", "Ks", "9c"]
    assert a.key == b.key and isinstance(a.key, int)
    assert repr(a) == "HighHand('two pair, Aces and Kings', [Ah As Kd Ks 9c])"
    assert a != "two pair"


def test_low_hands_lower_is_better() -> None:
    wheel, seven, eight = (low_from_ranks(r) for r in [(5, 4, 3, 2, 1), (7, 6, 5, 3, 14), (8, 7, 6, 5, 4)])
    assert wheel < seven < eight and eight > seven and wheel <= wheel and eight >= wheel
    assert wheel.beats(seven) and not seven.beats(wheel) and seven.beats(None)
    assert min([eight, wheel, seven]) is wheel and sorted([eight, seven, wheel]) == [wheel, seven, eight]
    assert seven.ranks == (7, 6, 5, 3, 1) and seven.describe() == "7,6,5,3,A" and repr(seven) == "LowHand('7,6,5,3,A')"
    assert low_from_ranks((1, 3, 5, 6, 7)) is seven and hash(seven) == hash(low_from_ranks((7, 6, 5, 3, 1)))
    assert seven.key < eight.key
    for bad in [(9, 5, 4, 3, 2), (5, 5, 4, 3, 2), (5, 4, 3, 2)]:
        with pytest.raises(ValueError):
            low_from_ranks(bad)


def test_the_package_top_level_exports_the_evaluators() -> None:
    assert omaha_audit.evaluate_high is evaluate_high
    assert omaha_audit.evaluate_low is evaluate_low
    assert omaha_audit.evaluate_holdem is evaluate_holdem
    assert omaha_audit.HighHand is HighHand and omaha_audit.LowHand is LowHand
    assert isinstance(omaha_audit.__version__, str)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ah Kd 2c", "Qd Jd 3d 9s 5h 6h"),  # six board cards
        ("Ah Kd", "Qd Jd"),  # two board cards
        ("Ah Kd 2c 3c 4c 5c 6c", "Qd Jd 3d"),  # seven hole cards
        ("Ah Kd 2c 3c", "Qd Jd Ah"),  # a card twice
        ("Ah Ah 2c 3c", "Qd Jd 9h"),  # a card twice in the hole
        ("Ah Kd 2c 3c", "Qd Jd Xx"),  # not a card
        ("Ah Kd 2c 3c", "Qd Jd 9d 9d"),  # a card twice on the board
    ],
)
def test_bad_input_is_a_value_error(hole: str, board: str) -> None:
    with pytest.raises(ValueError):
        evaluate_high(hole, board)
    with pytest.raises(ValueError):
        evaluate_low(hole, board)


def test_bad_holdem_input_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        evaluate_holdem("Ah Kd 2c", "Qd Jd 3d")
    with pytest.raises(ValueError):
        evaluate_holdem("Ah Kd", "Qd Jd 3d 4d 5d 6d")
    with pytest.raises(ValueError):
        evaluate_holdem("Ah Kd", "Qd Kd 3d")
    with pytest.raises(ValueError):
        evaluate_high(parse_cards("Ah Kd 2c 3c"), [object(), "Jd", "9d"])
