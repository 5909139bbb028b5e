"""The iPoker writer: generated hands in iPoker's XML read back through the iPoker reader without a defect,
carry iPoker's conventions, and the audit finds every fault kind iPoker's XML can show and nothing on clean
hands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text, problems, read_back

from omaha_audit.generate import GenerateConfig, fault_names
from omaha_audit.generate.writers import cannot_show, cannot_show_why
from omaha_audit.model import ALL_POTS, ActionKind, Hand, Refunds, Unit, parse_card
from omaha_audit.model.money import CHIPS
from omaha_audit.rooms.ipoker.writer import CANNOT_SHOW, card, money

GAME = re.compile(r'<game gamecode="')


def test_money_and_cards_as_ipoker_writes_them() -> None:
    usd = Unit("USD", 2)
    assert [money(usd, cents) for cents in (121415, 500, 50, 2550, 7)] == [
        "$1,214.15",
        "$5",
        "$0.50",
        "$25.50",
        "$0.07",
    ]
    assert money(CHIPS, 5350) == "5,350"
    assert [card(parse_card(text)) for text in ("Js", "Td", "Ah", "2c")] == ["SJ", "D10", "HA", "C2"]


@pytest.mark.slow
def test_a_mixed_run_reads_back_cleanly(tmp_path: Path) -> None:
    config = GenerateConfig(hands=1_500, seed=21, fault_rate=0.3, tournament_share=0.3, room="ipoker")
    text, labels, summary = generate_text(config)
    items = read_back(text, tmp_path, "generated.xml")
    assert problems(items) == []
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(labels) == len(GAME.findall(text)) == 1_500
    assert [hand.hand_id for hand in hands] == [str(label["hand_id"]) for label in labels]
    assert {hand.format for hand in hands} == {"ipoker"}
    # every game and structure, cash and tournaments, run twice, missed blinds, side pots
    assert {hand.game for hand in hands} == set(config.games)
    assert {hand.structure for hand in hands} == set(config.structures)
    assert any(hand.tournament for hand in hands) and any(not hand.tournament for hand in hands)
    assert summary.tags["run-twice"] > 10 and summary.tags["missed-blinds"] > 0
    assert summary.tags["two-side-pots"] > 10
    assert sum(hand.run_twice for hand in hands) == summary.tags["run-twice"]
    # iPoker's conventions: a session per hand, old and new clients, raise-to, all-ins, actions out of order
    assert text.count("<session ") == 1_500 and text.count("<client_version>") in range(600, 900)
    assert 'type="23"' in text and 'type="7"' in text and 'type="9"' in text and "Uncalled" not in text
    assert any(action.kind is POST_BOTH for hand in hands for action in hand.actions)  # missed blinds: one post
    for hand in hands:
        assert hand.refunds is Refunds.IMPLIED and hand.pot is not None and hand.pot.total is None
        assert {item.pot for item in hand.collected} <= {ALL_POTS}
        orders = [action.order for action in hand.actions]
        assert orders == sorted(orders)
    # what the pots kept: nothing in tournaments, never below nothing on clean hands
    for hand, label in zip(hands, labels, strict=True):
        if label["fault"] is None:
            assert kept(hand) >= 0 and (hand.tournament is None or kept(hand) == 0), hand.hand_id


POST_BOTH = ActionKind.POST_SMALL_AND_BIG_BLIND


def kept(hand: Hand) -> int:
    """Σ put in - the unmatched part of the top live bet - Σ collected: what the pot kept (ROOMS.md 6.6)."""
    live: Counter[str] = Counter()
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet or 0
    for action in hand.actions:
        if action.kind is POST_BOTH:
            live[action.player] += min(action.amount, big_blind)
        elif action.kind is not ActionKind.POST_ANTE:
            live[action.player] += action.amount
    top = [*sorted(live.values(), reverse=True), 0, 0]
    put_in = sum(action.amount for action in hand.actions)
    return put_in - (top[0] - top[1]) - sum(item.amount for item in hand.collected)


def test_cannot_show_is_the_list() -> None:
    assert cannot_show("ipoker") == CANNOT_SHOW | {"rake_over_cap"}
    # (and no rake over a cap: the room's preset states none, so the audit holds the rake to none)
    assert cannot_show_why("ipoker")["rake_over_cap"].startswith("the ipoker preset states no rake cap")
    assert set(fault_names()) >= CANNOT_SHOW
    assert {
        "wrong_uncalled_bet",
        "side_pot_wrong",
        "wrong_hand_description",
        "run_twice_split_wrong",
        "odd_chip_wrong",
        "hi_lo_split_wrong",
        "collected_plus_rake_mismatch",
        "wrong_winner",
        "low_without_qualifier",
    } == CANNOT_SHOW


def test_recall_is_total_and_clean_hands_stay_clean(tmp_path: Path) -> None:
    kinds = [kind for kind in fault_names() if kind not in cannot_show("ipoker")]
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=50 * len(kinds), seed=31, fault_rate=1.0, room="ipoker"), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=32, fault_rate=0.0, room="ipoker"), accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(kinds)
    assert all(count >= 40 for count in Counter(accuracy.faulty).values()), accuracy.faulty
    assert accuracy.clean == 1_000
    assert accuracy.perfect(), accuracy.report()
