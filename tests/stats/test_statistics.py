"""Statistics of four hands written out by hand (tests/stats/handwritten.txt), every number worked out
on paper first. Stakes $0.05/$0.10 throughout, so 1 big blind = 10 units (cents).

Hand 1, PLO. Dave (CO) opens to $0.35, Alice (BTN) calls, Bob (SB) folds, Carol (BB) 3-bets to $1.20,
  Dave folds to the 3-bet, Alice calls. Flop: Carol c-bets $1.40, Alice calls. Turn: Carol checks,
  Alice bets $2, Carol calls. River checked. Carol's aces beat Alice's kings: $9.12 of $9.60, rake $0.48.
  Rake by contribution (460, 5, 460, 35 of 960): 23, 0, 23, 2 (Dave's remainder .75 beats Bob's .25).
Hand 2, PLO. Alice folds, Bob (BTN) opens to $0.35, Carol (SB) folds, Dave (BB) calls. Flop: Dave
  checks, Bob checks (a c-bet chance not taken). Turn: Dave bets $0.30, Bob folds; $0.30 returned,
  Dave collects $0.72 of $0.75, rake $0.03: shares 2 (Bob), 0, 1 (Dave) of 35, 5, 35 (tie to Bob).
Hand 3, PLO8, limped, checked down. Carol's four kings take the high half ($0.17); Alice and Bob tie for
  the low and are quartered: $0.09 (the odd chip, first left of the button) and $0.08. Rake $0.01 to
  Alice (ties on the remainder go to the first seat).
Hand 4, PLO8. Dave (BTN) opens to $0.35, Alice (SB) folds, Bob (BB) calls. Flop: Dave c-bets $0.75,
  Bob calls. Turn checked. River: Bob bets $1, Dave calls. Dave scoops with trip jacks and a 6-low:
  $4.04 of $4.25, rake $0.21: shares 0, 11, 10 of 5, 210, 210.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from omaha_audit.run.pipeline import Auditor
from omaha_audit.stats.flags import PlayerFlags
from omaha_audit.stats.frames import FrameBuilder, Frames, share_in_proportion
from omaha_audit.stats.statistics import for_export, group_statistics, player_statistics, to_text

HANDS = Path(__file__).parent / "handwritten.txt"


@pytest.fixture(scope="module")
def frames() -> Frames:
    auditor = Auditor(strict=True)
    builder = FrameBuilder(strict=True)
    for audited in auditor.audit_files([HANDS]):
        assert not audited.findings, [f.message for f in audited.findings]  # the hands are dealt correctly
        builder.add(audited)
    return builder.frames()


# per player: every count and every rate (None: no opportunity)
EXPECTED: dict[str, dict[str, float | None]] = {
    "Alice": {
        "hands": 4, "vpip_hands": 1, "pfr_hands": 0, "three_bet_opps": 2, "three_bets": 0,
        "fold_to_three_bet_opps": 0, "folds_to_three_bet": 0, "cbet_opps": 0, "cbets": 0,
        "postflop_aggressive": 1, "postflop_calls": 1, "saw_flop": 2, "showdowns_after_flop": 2,
        "showdowns": 2, "won_at_showdown": 1, "net_won_units": -466, "rake_paid_units": 24,
        "hands_with_bb": 4, "hi_lo_hands": 2, "scoops": 0, "quarters": 1,
        "vpip": 25.0, "pfr": 0.0, "three_bet": 0.0, "fold_to_three_bet": None, "cbet_flop": None,
        "af": 1.0, "wtsd": 100.0, "wsd": 50.0, "net_won": -4.66, "bb_per_100": -1165.0, "rake_paid": 0.24,
    },
    "Bob": {
        "hands": 4, "vpip_hands": 3, "pfr_hands": 1, "three_bet_opps": 2, "three_bets": 0,
        "fold_to_three_bet_opps": 0, "folds_to_three_bet": 0, "cbet_opps": 1, "cbets": 0,
        "postflop_aggressive": 1, "postflop_calls": 1, "saw_flop": 3, "showdowns_after_flop": 2,
        "showdowns": 2, "won_at_showdown": 1, "net_won_units": -252, "rake_paid_units": 13,
        "hands_with_bb": 4, "hi_lo_hands": 2, "scoops": 0, "quarters": 1,
        "vpip": 75.0, "pfr": 25.0, "three_bet": 0.0, "fold_to_three_bet": None, "cbet_flop": 0.0,
        "af": 1.0, "wtsd": 200 / 3, "wsd": 50.0, "net_won": -2.52, "bb_per_100": -630.0, "rake_paid": 0.13,
    },
    "Carol": {
        "hands": 4, "vpip_hands": 2, "pfr_hands": 1, "three_bet_opps": 2, "three_bets": 1,
        "fold_to_three_bet_opps": 0, "folds_to_three_bet": 0, "cbet_opps": 1, "cbets": 1,
        "postflop_aggressive": 1, "postflop_calls": 1, "saw_flop": 2, "showdowns_after_flop": 2,
        "showdowns": 2, "won_at_showdown": 2, "net_won_units": 454, "rake_paid_units": 23,
        "hands_with_bb": 4, "hi_lo_hands": 2, "scoops": 0, "quarters": 0,
        "vpip": 50.0, "pfr": 25.0, "three_bet": 50.0, "fold_to_three_bet": None, "cbet_flop": 100.0,
        "af": 1.0, "wtsd": 100.0, "wsd": 100.0, "net_won": 4.54, "bb_per_100": 1135.0, "rake_paid": 0.23,
    },
    "Dave": {
        "hands": 4, "vpip_hands": 3, "pfr_hands": 2, "three_bet_opps": 1, "three_bets": 0,
        "fold_to_three_bet_opps": 1, "folds_to_three_bet": 1, "cbet_opps": 1, "cbets": 1,
        "postflop_aggressive": 2, "postflop_calls": 1, "saw_flop": 2, "showdowns_after_flop": 1,
        "showdowns": 1, "won_at_showdown": 1, "net_won_units": 191, "rake_paid_units": 13,
        "hands_with_bb": 4, "hi_lo_hands": 2, "scoops": 1, "quarters": 0,
        "vpip": 75.0, "pfr": 50.0, "three_bet": 0.0, "fold_to_three_bet": 100.0, "cbet_flop": 100.0,
        "af": 2.0, "wtsd": 50.0, "wsd": 100.0, "net_won": 1.91, "bb_per_100": 477.5, "rake_paid": 0.13,
    },
}  # fmt: skip

# per hand and player: position, invested, collected, net, rake share
PER_HAND = {
    1: {"Alice": ("BTN", 460, 0, -460, 23), "Bob": ("SB", 5, 0, -5, 0),
        "Carol": ("BB", 460, 912, 452, 23), "Dave": ("CO", 35, 0, -35, 2)},
    2: {"Alice": ("CO", 0, 0, 0, 0), "Bob": ("BTN", 35, 0, -35, 2),
        "Carol": ("SB", 5, 0, -5, 0), "Dave": ("BB", 35, 72, 37, 1)},
    3: {"Alice": ("BB", 10, 9, -1, 1), "Bob": ("CO", 10, 8, -2, 0),
        "Carol": ("BTN", 10, 17, 7, 0), "Dave": ("SB", 5, 0, -5, 0)},
    4: {"Alice": ("SB", 5, 0, -5, 0), "Bob": ("BB", 210, 0, -210, 11),
        "Carol": ("CO", 0, 0, 0, 0), "Dave": ("BTN", 210, 404, 194, 10)},
}  # fmt: skip


def test_every_player_number(frames: Frames) -> None:
    table = player_statistics(frames)
    assert table["player"].to_list() == ["Alice", "Bob", "Carol", "Dave"]  # 4 hands each, then by name
    for row in table.iter_rows(named=True):
        assert row["unit"] == "0.01 USD"
        expected = EXPECTED[row["player"]]
        for name, value in expected.items():
            if value is None or isinstance(value, int):
                assert row[name] == value, (row["player"], name)
            else:
                assert row[name] == pytest.approx(value), (row["player"], name)
        assert row["net_bb"] == pytest.approx((expected["net_won_units"] or 0) / 10)


def test_per_hand_rows(frames: Frames) -> None:
    players = frames.players.sort("hand_no", "seat")
    for row in players.iter_rows(named=True):
        position, invested, collected, net, rake = PER_HAND[row["hand_no"]][row["player"]]
        assert (row["position"], row["invested"], row["collected"], row["net"], row["rake_paid"]) == (
            position,
            invested,
            collected,
            net,
            rake,
        ), (row["hand_no"], row["player"])
    assert players.height == 16
    hand_4 = players.filter(pl.col("hand_no") == 4)
    assert hand_4.filter(pl.col("player") == "Dave")["put_in"].item() == 210
    hand_2_dave = players.filter((pl.col("hand_no") == 2) & (pl.col("player") == "Dave")).row(0, named=True)
    assert (hand_2_dave["put_in"], hand_2_dave["returned"]) == (65, 30)


def test_net_plus_rake_is_zero_in_every_hand(frames: Frames) -> None:
    per_hand = frames.players.group_by("hand_no").agg(pl.col("net").sum(), pl.col("rake_paid").sum())
    joined = per_hand.join(frames.hands.select("hand_no", "rake"), on="hand_no").sort("hand_no")
    assert joined["rake"].to_list() == [48, 3, 1, 21]
    assert (joined["net"] + joined["rake"]).to_list() == [0, 0, 0, 0]
    assert joined["rake_paid"].to_list() == [48, 3, 1, 21]


def test_hands_table(frames: Frames) -> None:
    hands = frames.hands.sort("hand_no")
    assert hands["hand_id"].to_list() == ["100000000001", "100000000002", "100000000003", "100000000004"]
    assert hands["pot"].to_list() == [960, 75, 35, 425]
    assert hands["collected"].to_list() == [912, 72, 34, 404]
    assert hands["showdown"].to_list() == [True, False, True, True]
    assert hands["players"].to_list() == [4, 4, 4, 4]
    assert hands["stakes"].to_list() == ["$0.05/$0.10"] * 4
    assert hands["game"].to_list() == ["omaha", "omaha", "omaha-hi-lo", "omaha-hi-lo"]
    assert hands["unit"].to_list() == ["0.01 USD"] * 4
    assert str(hands["day"][0]) == "2024-03-01"
    assert hands["findings"].to_list() == [0, 0, 0, 0]


def test_group_statistics(frames: Frames) -> None:
    by_game = group_statistics(frames, "game").select("game", "hands", "pots", "avg_pot", "rake", "findings")
    assert by_game.rows() == [
        ("omaha", 2, pytest.approx(10.35), pytest.approx(5.175), pytest.approx(0.51), 0),
        ("omaha-hi-lo", 2, pytest.approx(4.60), pytest.approx(2.30), pytest.approx(0.22), 0),
    ]
    by_stakes = group_statistics(frames, "stakes").row(0, named=True)
    assert (by_stakes["stakes"], by_stakes["hands"], by_stakes["pots_units"], by_stakes["rake_units"]) == (
        "$0.05/$0.10",
        4,
        1495,
        73,
    )
    assert by_stakes["findings_per_1000"] == 0.0
    by_day = group_statistics(frames, "day").row(0, named=True)
    assert (str(by_day["day"]), by_day["hands"], by_day["avg_players"]) == ("2024-03-01", 4, 4.0)


def test_text_and_export_forms(frames: Frames) -> None:
    table = player_statistics(frames)
    text = to_text(table, "player")
    assert text.splitlines()[0].split()[:6] == ["player", "unit", "tournament", "hands", "VPIP", "PFR"]
    alice = text.splitlines()[1]
    assert alice.split()[:4] == ["Alice", "USD", "-", "4"]  # the money columns' currency, not the 0.01 USD sums unit
    assert "-4.66" in alice and "-1165.0" in alice
    exported = for_export(table).row(0, named=True)
    assert (exported["net_won"], exported["wtsd"], exported["fold_to_three_bet"]) == (-4.66, 100.0, None)


@pytest.mark.parametrize(
    ("total", "weights", "shares"),
    [
        (48, [460, 5, 460, 35], [23, 0, 23, 2]),
        (3, [0, 35, 5, 35], [0, 2, 0, 1]),
        (0, [1, 2], [0, 0]),
        (5, [0, 0], [0, 0]),
    ],
)
def test_share_in_proportion(total: int, weights: list[int], shares: list[int]) -> None:
    assert share_in_proportion(total, weights) == shares


def test_a_hand_that_breaks_the_tables_keeps_its_row() -> None:
    def broken(*args: object) -> dict[str, PlayerFlags]:
        raise ZeroDivisionError("bug")

    builder = FrameBuilder()
    builder.flags_of = broken
    for audited in Auditor().audit_files([HANDS]):
        builder.add(audited)
    built = builder.frames()
    assert built.hands.height == 4 and built.players.height == 0
    assert [problem[1] for problem in builder.problems] == [1, 40, 72, 114]
    strict = FrameBuilder(strict=True)
    strict.flags_of = broken
    with pytest.raises(ZeroDivisionError):
        strict.add(next(iter(Auditor().audit_files([HANDS]))))
