"""The GGPoker writer: generated hands in GG's text read back through the GG reader without a defect, carry
GG's conventions, and the audit finds every fault kind GG's text can show and nothing on clean hands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text, problems, read_back

from omaha_audit.generate import GenerateConfig, fault_names
from omaha_audit.generate.writers import cannot_show, cannot_show_why
from omaha_audit.model import FeeKind, Game, Hand, Structure, Unit
from omaha_audit.model.money import CHIPS
from omaha_audit.rooms.ggpoker.writer import CANNOT_SHOW, money

HEADER = re.compile(r"^Poker Hand #[A-Z]{0,2}\d+: ", re.MULTILINE)


def test_money_as_gg_writes_it() -> None:
    usd = Unit("USD", 2)
    assert [money(usd, cents) for cents in (127050, 50, 2500, 123456789, 7)] == [
        "$1,270.5",
        "$0.5",
        "$25",
        "$1,234,567.89",
        "$0.07",
    ]
    assert money(CHIPS, 24940) == "24,940"


@pytest.mark.slow
def test_a_mixed_run_reads_back_cleanly(tmp_path: Path) -> None:
    config = GenerateConfig(hands=1_500, seed=21, fault_rate=0.3, tournament_share=0.3, room="ggpoker")
    text, labels, summary = generate_text(config)
    items = read_back(text, tmp_path)
    assert problems(items) == []
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(labels) == len(HEADER.findall(text)) == 1_500
    assert [hand.hand_id for hand in hands] == [str(label["hand_id"]) for label in labels]
    assert {hand.format for hand in hands} == {"ggpoker"}
    # every game and structure, cash and tournaments, run twice, missed blinds, side pots
    assert {hand.game for hand in hands} == set(config.games)
    assert {hand.structure for hand in hands} == set(config.structures)
    assert any(hand.tournament for hand in hands) and any(not hand.tournament for hand in hands)
    assert summary.tags["run-twice"] > 10 and summary.tags["missed-blinds"] > 0
    assert any(len({c.pot for c in hand.collected}) > 1 for hand in hands)
    # GG's conventions
    assert "*** SHOWDOWN ***" in text and "*** SHOW DOWN ***" not in text
    assert "Hand was run two times" in text and "Betting is capped" not in text
    assert all(hand.started is None for hand in hands)
    for hand in hands:
        seats = {seat.player for seat in hand.seats if not seat.sitting_out}
        assert {line.player for line in hand.dealt} == seats
        assert [line.player for line in hand.dealt if line.cards] == [hand.hero]
        assert {fee.kind for fee in hand.fees} == {FeeKind.JACKPOT, FeeKind.BINGO}
        assert all(item.pot_text == "pot" for item in hand.collected)
        if hand.game is Game.OMAHA and hand.structure is Structure.POT_LIMIT and hand.tournament is None:
            assert hand.game_text == "PLO"


def test_cannot_show_is_small() -> None:
    assert {"wrong_hand_description", "side_pot_wrong"} == CANNOT_SHOW
    assert cannot_show("ggpoker") == CANNOT_SHOW | {"rake_over_cap"}
    # (and no rake over a cap: the room's preset states none, so the audit holds the rake to none)
    assert cannot_show_why("ggpoker")["rake_over_cap"].startswith("the ggpoker preset states no rake cap")
    assert set(fault_names()) >= CANNOT_SHOW


def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = [kind for kind in fault_names() if kind not in cannot_show("ggpoker")]
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=50 * len(kinds), seed=31, fault_rate=1.0, room="ggpoker"), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=32, fault_rate=0.0, room="ggpoker"), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 40 for count in Counter(accuracy.faulty).values()), accuracy.faulty
    assert accuracy.clean == 1_000
    assert accuracy.perfect(), accuracy.report()
