"""The generator's own pot arithmetic against the worked numbers of RULES.md."""

from __future__ import annotations

from omaha_audit.generate.config import POKERSTARS_RAKE
from omaha_audit.generate.pots import (
    Contribution,
    allocate_rake,
    build_pots,
    hi_lo_halves,
    split_among,
    split_between_boards,
    uncalled_excess,
)


def test_uncalled_bet_is_the_excess_over_the_second_largest_contribution() -> None:
    # UC-1: bet 5.78 all-in, caller all-in 4.99 → 0.79 back; PLO $2/$4 walk-like: raise to 12, all fold.
    assert uncalled_excess([("HELVER", 578), ("caller", 499), ("folded", 20)]) == ("HELVER", 79)
    assert uncalled_excess([("Player2", 1200), ("sb", 200), ("bb", 400)]) == ("Player2", 800)
    assert uncalled_excess([("a", 100), ("b", 100)]) is None


def test_side_pots_of_the_real_three_all_in_hand() -> None:
    # SP-3 (PLO $0.01/$0.02, hand #22865231671): 2.47 / 0.93 / 0.30.
    pots = build_pots(
        [
            Contribution("Player2", 105, True, True),
            Contribution("Hero", 59, True, True),
            Contribution("Player0", 90, True, True),
            Contribution("Player4", 105, True, False),
            Contribution("Player5", 8, False, False),
            Contribution("Player6", 1, False, False),
            Contribution("Player3", 2, False, False),
        ]
    )
    assert [pot.amount for pot in pots] == [247, 93, 30]
    assert pots[0].eligible == ("Player2", "Hero", "Player0", "Player4")
    assert pots[1].eligible == ("Player2", "Player0", "Player4")
    assert pots[2].eligible == ("Player2", "Player4")
    assert sum(allocate_rake([247, 93, 30], 18)) == 370 - 18


def test_a_side_pot_only_one_live_player_reached_is_still_a_pot() -> None:
    # The run-it-twice hand: KENZA all-in 1000, FLATC@T and Legheliel (folded) 1010 → side pot 20.
    pots = build_pots(
        [
            Contribution("KENZA", 1000, True, True),
            Contribution("FLATC@T", 1010, True, False),
            Contribution("Legheliel", 1010, False, False),
            Contribution("OneMoreSpin", 10, False, False),
        ]
    )
    assert [(pot.amount, pot.eligible) for pot in pots] == [(3010, ("KENZA", "FLATC@T")), (20, ("FLATC@T",))]


def test_odd_chips_go_first_clockwise_from_the_button() -> None:
    # OC-2: $1.00 three ways → 34/33/33; $1.01 → 34/34/33.
    assert split_among(100, ["a", "b", "c"]) == [("a", 34), ("b", 33), ("c", 33)]
    assert split_among(101, ["a", "b", "c"]) == [("a", 34), ("b", 34), ("c", 33)]


def test_hi_lo_halves_and_quartering() -> None:
    # HL-4 example 1: 0.39 → high 0.20, low 0.19 tied → 0.10 (first left of the button) / 0.09.
    assert hi_lo_halves(39) == (20, 19)
    assert split_among(19, ["UnderMeSensi", "supermeXXX"]) == [("UnderMeSensi", 10), ("supermeXXX", 9)]
    # OC-4: main 4765 → 2383 / 2382 → 1191 + 1191; side 86 → 43 / 43 → 22 + 21.
    assert hi_lo_halves(4765) == (2383, 2382)
    assert hi_lo_halves(86) == (43, 43)
    assert split_among(43, ["Player5", "Hero"]) == [("Player5", 22), ("Hero", 21)]


def test_identical_hands_winning_both_halves_share_the_pot_evenly() -> None:
    # OC-5: 66 chips, both players tie high and low → 33/33 (the low half's odd chip starts after the high's).
    high, low = hi_lo_halves(66)
    high_split = split_among(high, ["Alice", "Bobby"])
    low_split = split_among(low, ["Alice", "Bobby"], first_odd=high % 2)
    totals = {name: 0 for name in ("Alice", "Bobby")}
    for name, chips in high_split + low_split:
        totals[name] += chips
    assert totals == {"Alice": 33, "Bobby": 33}


def test_run_it_twice_gives_the_odd_chip_to_the_first_board() -> None:
    # RIT-2: 225.32 − 2.15 = 223.17 → 111.59 / 111.58; Courchevel 163.00 → 81.50 / 81.50.
    assert split_between_boards(22317, 2) == [11159, 11158]
    assert split_between_boards(16300, 2) == [8150, 8150]


def test_rake_preset_is_five_percent_half_even_with_caps() -> None:
    rake = POKERSTARS_RAKE
    assert rake.uncapped(10) == 0  # 0.5 cent → 0 (half to even)
    assert rake.uncapped(30) == 2  # 1.5 → 2
    assert rake.uncapped(50) == 2  # 2.5 → 2
    assert rake.uncapped(1000) == 50
    assert rake.rake(16_350, 200, 2, True) == 150  # heads-up at $1/$2: 5% of $163.50 capped at $1.50
    assert rake.rake(1_677_272, 40_000, 2, True) == 300  # heads-up at $200/$400: capped at $3
    assert rake.rake(100_000, 200, 6, True) == 350
    assert rake.rake(100_000, 200, 6, False) == 0  # no flop, no drop
    assert rake.cap(2, 2) == 30 and rake.cap(2, 4) == 30 and rake.cap(2, 5) == 30
    assert rake.cap(500, 3) == 200 and rake.cap(1000, 9) == 450 and rake.cap(2000, 9) == 500


def test_rake_caps_agree_with_the_auditors_pokerstars_preset() -> None:
    """The generator keeps its own copy of the caps; it must say what the house-rules preset says."""
    from decimal import Decimal

    from omaha_audit.rooms.pokerstars.presets import POKERSTARS

    for big_blind in (
        1,
        2,
        4,
        5,
        9,
        10,
        24,
        25,
        49,
        50,
        99,
        100,
        199,
        200,
        499,
        500,
        999,
        1000,
        1999,
        2000,
        4999,
        5000,
        40_000,
    ):
        for players in (2, 3, 4, 5, 9):
            preset = POKERSTARS.rake_cap("USD", Decimal(big_blind) / 100, players)
            want = int(preset * 100) if preset is not None else None
            if big_blind < 2:
                continue  # the preset has no row below a $0.02 big blind
            assert POKERSTARS_RAKE.cap(big_blind, players) == want, (big_blind, players)
