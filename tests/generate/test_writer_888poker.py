"""The 888poker writer: generated hands in 888's text read back through the 888 reader without a defect, carry
888's conventions (numbers and card letters in four languages, chips added, no uncalled-bet line), and the
audit finds every fault kind 888's text can show and nothing on clean hands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text, problems, read_back

from omaha_audit.generate import GenerateConfig, fault_names
from omaha_audit.generate.writers import cannot_show
from omaha_audit.model import ALL_POTS, ActionKind, Hand, Refunds, Unit, parse_card
from omaha_audit.model.money import CHIPS
from omaha_audit.rooms.poker888.writer import CANNOT_SHOW, card_text, money

HEADER = re.compile(r"^\*{5} 888poker Hand History for Game \d+ \*{5}$", re.MULTILINE)
RAISE = re.compile(r"^.+ raises .*$", re.MULTILINE)


def test_money_and_cards_as_888_writes_them() -> None:
    usd = Unit("USD", 2)
    assert [money(usd, cents) for cents in (474448, 5, 2500, 214100)] == ["$4,744.48", "$0.05", "$25", "$2,141"]
    assert [money(usd, 324300, "nl"), money(usd, 55272, "nl")] == ["$ 3.243", "$ 552,72"]
    assert money(usd, 1578850, "sv") == "15\u00a0788,50\u00a0$" and money(usd, 717, "ru") == "7,17$"
    assert money(CHIPS, 1500) == "$1,500" and money(Unit("play", 2), 145913) == "1,459.13"
    assert [card_text(parse_card(card), "nl") for card in ("Kc", "Qs", "Jh", "Ad")] == ["Hc", "Vs", "Bh", "Ad"]
    assert [card_text(parse_card(card), "sv") for card in ("Jh", "Qd", "Kh", "Ac")] == ["Knh", "Dd", "Kh", "Ec"]


@pytest.mark.slow
def test_a_mixed_run_reads_back_cleanly(tmp_path: Path) -> None:
    config = GenerateConfig(hands=1_500, seed=21, fault_rate=0.3, tournament_share=0.3, room="888poker")
    text, labels, summary = generate_text(config)
    items = read_back(text, tmp_path)
    assert problems(items) == []
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(labels) == len(HEADER.findall(text)) == 1_500
    assert [hand.hand_id for hand in hands] == [str(label["hand_id"]) for label in labels]
    assert {(hand.format, hand.room) for hand in hands} == {("888poker", "888poker")}
    # every game and structure, cash and tournaments, missed blinds, side pots, walks; never run twice
    assert {hand.game for hand in hands} == set(config.games)
    assert {hand.structure for hand in hands} == set(config.structures)
    assert any(hand.tournament for hand in hands) and any(not hand.tournament for hand in hands)
    assert summary.tags["missed-blinds"] > 0 and summary.tags["walk"] > 0
    assert summary.tags["run-twice"] == 0 and not any(hand.run_twice for hand in hands)
    assert "** Dealing first " not in text and "** Dealing second " not in text
    assert any(len({c.pot for c in hand.collected} - {ALL_POTS}) > 1 for hand in hands)
    # 888's conventions: no uncalled-bet line, no all-in marker, no cap line, chips added, four languages
    assert "Uncalled bet" not in text and "all-in" not in text and "Betting is capped" not in text
    assert "posts dead blind [" in text and "$0.12/$0.25 Blinds" in text and "(Hi: " in text and "(Lo: " in text
    assert "$ " in text and "\u00a0$" in text and "Kn" in text and "\u0422" in text
    raises = RAISE.findall(text)
    assert raises and all(re.fullmatch(r".+ raises \[[^\]]+\]", line) for line in raises)
    assert {hand.refunds for hand in hands} == {Refunds.IMPLIED, Refunds.IN_COLLECTED, Refunds.LINE}
    for hand in hands:
        assert hand.pot is not None and hand.pot.total is None and hand.started is None
        assert hand.pot.rake == (0 if hand.tournament is not None else None)
        if hand.refunds is Refunds.LINE:  # the bettor's last line after a showdown: read as the return
            assert hand.uncalled and hand.showdown
        for action in hand.actions:
            if action.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                assert action.raise_to is not None and action.amount > 0


def test_cannot_show_is_small() -> None:
    assert cannot_show("888poker") == CANNOT_SHOW  # (888's preset states its caps: a rake over one is shown)
    hidden = {
        "wrong_uncalled_bet",
        "wrong_hand_description",
        "side_pot_wrong",
        "collected_plus_rake_mismatch",
        "hi_lo_split_wrong",
        "odd_chip_wrong",
        "run_twice_split_wrong",
    }
    assert hidden == CANNOT_SHOW
    assert set(fault_names()) >= CANNOT_SHOW


def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = [kind for kind in fault_names() if kind not in cannot_show("888poker")]
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=50 * len(kinds), seed=31, fault_rate=1.0, room="888poker"), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=32, fault_rate=0.0, room="888poker"), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 40 for count in Counter(accuracy.faulty).values()), accuracy.faulty
    assert accuracy.clean == 1_000
    assert accuracy.perfect(), accuracy.report()
