"""The ACR writer: generated hands in Americas Cardroom's text read back through the ACR reader without a
defect, carry ACR's conventions, and the audit finds every fault kind ACR's text can show and nothing on
clean hands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text, problems, read_back

from omaha_audit.generate import GenerateConfig, fault_names
from omaha_audit.generate.writers import cannot_show, cannot_show_why
from omaha_audit.model import ActionKind, Hand, PotBasis, Refunds, Unit
from omaha_audit.model.money import CHIPS
from omaha_audit.rooms.acr.writer import CANNOT_SHOW, money

HEADER = re.compile(r"^(?:Hand #\d+ - |Game Hand #\d+ - )", re.MULTILINE)
RAISE = re.compile(r"^(.+) raises \$?([\d.]+) to \$?([\d.]+)", re.MULTILINE)


def test_money_as_acr_writes_it() -> None:
    usd = Unit("USD", 2)
    assert [money(usd, cents) for cents in (114213, 50, 2500, 7)] == ["$1142.13", "$0.50", "$25.00", "$0.07"]
    assert money(CHIPS, 30000) == "30000.00"


@pytest.mark.slow
def test_a_mixed_run_reads_back_cleanly(tmp_path: Path) -> None:
    config = GenerateConfig(hands=1_500, seed=21, fault_rate=0.3, tournament_share=0.3, room="acr")
    text, labels, summary = generate_text(config)
    items = read_back(text, tmp_path)
    assert problems(items) == []
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(labels) == len(HEADER.findall(text)) == 1_500
    assert [hand.hand_id for hand in hands] == [str(label["hand_id"]) for label in labels]
    assert {(hand.format, hand.room) for hand in hands} == {("acr", "acr")}
    # every game and structure, cash and tournaments, run twice, missed blinds, side pots, walks
    assert {hand.game for hand in hands} == set(config.games)
    assert {hand.structure for hand in hands} == set(config.structures)
    assert any(hand.tournament for hand in hands) and any(not hand.tournament for hand in hands)
    assert summary.tags["run-twice"] > 10 and summary.tags["missed-blinds"] > 0 and summary.tags["walk"] > 0
    assert any(len({c.pot for c in hand.collected}) > 1 for hand in hands)
    assert any(hand.pot is not None and hand.pot.sides for hand in hands)
    # ACR's conventions
    assert "*** RUN IT TWICE ***" in text and "*** FIRST FLOP ***" not in text and "Betting is capped" not in text
    assert " posts dead $" in text and not re.search(r"^\S+: (?:folds|checks|calls|bets|raises)\b", text, re.M)
    for name, added, to in RAISE.findall(text):
        assert float(added) <= float(to), (name, added, to)
    for hand in hands:
        assert hand.started is not None and hand.pot is not None
        assert hand.pot.total_basis in (PotBasis.NET, PotBasis.NET_WITH_REFUNDS)
        if hand.refunds is Refunds.IN_COLLECTED:  # a walk: no returned-bet line
            assert not hand.uncalled and not any(a.kind is ActionKind.RAISE for a in hand.actions)
        for action in hand.actions:
            if action.kind is ActionKind.RAISE and action.increment is not None:
                assert action.raise_to is not None and action.increment > 0


def test_cannot_show_is_small() -> None:
    assert {"wrong_hand_description"} == CANNOT_SHOW
    assert cannot_show("acr") == CANNOT_SHOW | {"rake_over_cap"}
    # (and no rake over a cap: the room's preset states none, so the audit holds the rake to none)
    assert cannot_show_why("acr")["rake_over_cap"].startswith("the acr preset states no rake cap")
    assert set(fault_names()) >= CANNOT_SHOW


def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = [kind for kind in fault_names() if kind not in cannot_show("acr")]
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=40 * len(kinds), seed=31, fault_rate=1.0, room="acr"), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=32, fault_rate=0.0, room="acr"), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 35 for count in Counter(accuracy.faulty).values()), accuracy.faulty
    assert accuracy.clean == 1_000
    assert accuracy.perfect(), accuracy.report()
