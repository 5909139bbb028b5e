"""The Winamax writer: generated hands in Winamax's text read back through the Winamax reader without a
defect, carry Winamax's conventions, and the audit finds every fault kind Winamax's text can show and
nothing on clean hands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text, problems, read_back

from omaha_audit.engine.evaluate import evaluate_high
from omaha_audit.generate import GenerateConfig, fault_names
from omaha_audit.generate.writers import cannot_show, cannot_show_why
from omaha_audit.model import Half, Hand, PotBasis, Refunds, Unit, parse_cards
from omaha_audit.model.money import CHIPS
from omaha_audit.rooms.winamax.words import WINAMAX_WORDS, high_words, low_words
from omaha_audit.rooms.winamax.writer import CANNOT_SHOW, money, thousands

HEADER = re.compile(r'^Winamax Poker - (?:CashGame|Go Fast|HOLD-UP|Tournament ")', re.MULTILINE)


def test_money_as_winamax_writes_it() -> None:
    eur = Unit("USD", 2)  # (the generator's cash unit; Winamax's sign is the euro's)
    assert [money(eur, cents) for cents in (13836, 200, 50, 2550, 7)] == ["138.36€", "2€", "0.50€", "25.50€", "0.07€"]
    assert money(CHIPS, 1500) == "1500"
    assert [thousands(chips) for chips in (840, 1000, 1320, 6020, 15520, 17685)] == [
        "840",
        "1k",
        "1.32k",
        "6.02k",
        "15.52k",
        "17.68k",
    ]


def test_words_are_winamax_words() -> None:
    """As the corpus prints them (fpdb-chaz/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt and others)."""
    board = parse_cards("Ts 8d Td Kd Jh")
    assert high_words(evaluate_high(parse_cards("Kh Ks Ad 4d"), board).key) == "Full of Kings and Tens"
    assert high_words(evaluate_high(parse_cards("Ac Qh 3d 6c"), board).key) == "Straight Ace high"
    jacks = parse_cards("Jc 4s 7d 7s Kd")
    assert high_words(evaluate_high(parse_cards("Ah As 4c Td"), jacks).key) == "Two pairs : Aces and 7"
    assert low_words((7, 5, 4, 2, 1)) == "High card : 7"
    assert WINAMAX_WORDS.showdown([1 << 20 | 8 << 16], [None]) == ["HI : One pair : 8"]


@pytest.mark.slow
def test_a_mixed_run_reads_back_cleanly(tmp_path: Path) -> None:
    config = GenerateConfig(hands=1_500, seed=21, fault_rate=0.3, tournament_share=0.3, room="winamax")
    text, labels, summary = generate_text(config)
    items = read_back(text, tmp_path)
    assert problems(items) == []
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(labels) == len(HEADER.findall(text)) == 1_500
    assert [hand.hand_id for hand in hands] == [str(label["hand_id"]) for label in labels]
    assert {hand.format for hand in hands} == {"winamax"}
    # every game and structure, cash and tournaments, run twice, missed blinds, side pots
    assert {hand.game for hand in hands} == set(config.games)
    assert {hand.structure for hand in hands} == set(config.structures)
    assert any(hand.tournament for hand in hands) and any(not hand.tournament for hand in hands)
    assert summary.tags["run-twice"] > 10 and summary.tags["missed-blinds"] > 0
    assert summary.tags["two-side-pots"] > 10 and summary.tags["quartered"] > 0
    assert any(len({c.pot for c in hand.collected}) > 2 for hand in hands)
    # Winamax's conventions
    assert "*** ANTE/BLINDS ***" in text and "Uncalled bet" not in text and "Betting is capped" not in text
    assert "out of position" in text and "][" in text and "pot(HI)" in text and "k | No rake" in text
    for hand, label in zip(hands, labels, strict=True):
        assert hand.refunds is Refunds.IN_COLLECTED and hand.pot is not None
        assert hand.pot.total_basis is PotBasis.NET_WITH_REFUNDS
        assert hand.started is not None and hand.started.utcoffset() is not None
        if hand.game.is_hi_lo:  # read as hi/lo: the awards carry their halves
            assert any(item.half in (Half.HIGH, Half.LOW) for item in hand.collected)
        if hand.pot.total is not None and label["fault"] is None:  # (a tournament's thousands: rounded)
            assert sum(item.amount for item in hand.collected) == hand.pot.total


def test_cannot_show_is_small() -> None:
    assert {"wrong_uncalled_bet", "wrong_hand_description", "side_pot_wrong"} == CANNOT_SHOW
    assert cannot_show("winamax") == CANNOT_SHOW | {"rake_over_cap"}
    # (and no rake over a cap: the room's preset states none, so the audit holds the rake to none)
    assert cannot_show_why("winamax")["rake_over_cap"].startswith("the winamax preset states no rake cap")
    assert set(fault_names()) >= CANNOT_SHOW


def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = [kind for kind in fault_names() if kind not in cannot_show("winamax")]
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=50 * len(kinds), seed=31, fault_rate=1.0, room="winamax"), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=32, fault_rate=0.0, room="winamax"), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 40 for count in Counter(accuracy.faulty).values()), accuracy.faulty
    assert accuracy.clean == 1_000
    assert accuracy.perfect(), accuracy.report()


def test_a_hi_lo_walk_paid_back_in_halves_is_clean() -> None:
    """Winamax pays a hi/lo pot nobody contests as a high and a low half to the one player left (the
    corpus's 8-Game stud hi/lo: `Player0 collected 114€ from pot(HI)` and `(LO)`), so a walk's big blind, the
    player's own uncalled bet, comes back in two lines. Found on generated dead-button sessions (6 clean
    hands in 12,000 with OA403: the refund was looked for in one line); the refund is now read over the
    player's lines."""
    from omaha_audit.rules.base import Severity
    from omaha_audit.run.pipeline import Auditor

    walk = Path(__file__).parent / "winamax_hi_lo_walk.txt"
    (audited,) = list(Auditor().audit_files([walk]))
    loud = [f"{f.code} {f.message}" for f in audited.findings if f.severity.rank >= Severity.WARNING.rank]
    assert loud == []
