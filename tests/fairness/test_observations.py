"""What the fairness tests take from a hand: the hero's cards (with Courchevel's exposed card), and the
all-ins whose hands are all shown, with the chips each player put in."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from omaha_audit.fairness.equity import pots
from omaha_audit.fairness.luck import hi_lo_all_ins, outcomes
from omaha_audit.fairness.read import observe_files
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game
from omaha_audit.parse.files import expand_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def test_the_hero_cards_of_every_game_and_courchevel_s_exposed_card() -> None:
    observed = observe_files(expand_paths([SAMPLES]), None)
    assert observed.deals
    for deal in observed.deals:
        assert len(deal.cards) == deal.game.hole_cards and len(set(deal.cards)) == len(deal.cards)
        assert (deal.exposed is not None) == deal.game.is_courchevel
        assert deal.exposed not in deal.cards
    assert {deal.game for deal in observed.deals} >= {Game.OMAHA, Game.HOLDEM, Game.COURCHEVEL, Game.OMAHA6}


def test_all_ins_on_generated_hands(tmp_path: Path) -> None:
    text, labels = io.StringIO(), io.StringIO()
    generate(GenerateConfig(hands=400, seed=12), text, labels)
    path = tmp_path / "hands.txt"
    path.write_text(text.getvalue(), encoding="utf-8")
    observed = observe_files(expand_paths([path]), None)
    assert len(observed.all_ins) > 10
    assert any(all_in.fair_runout for all_in in observed.all_ins)
    assert any(len(all_in.boards) == 2 for all_in in observed.all_ins)  # run twice
    for all_in in observed.all_ins:
        assert len(all_in.contenders) >= 2 and len(all_in.known_board) < 5
        cards = [card for contender in all_in.contenders for card in contender.cards]
        assert len(set(cards)) == len(cards)
        for board in all_in.boards:
            assert board[: len(all_in.known_board)] == all_in.known_board and not set(board) & set(cards)
        found = outcomes(all_in)
        contested = sum(pot.amount for pot in pots([c.chips for c in all_in.contenders], all_in.dead))
        assert sum(outcome.expected for outcome in found) == pytest.approx(contested)
        assert sum(outcome.actual for outcome in found) == pytest.approx(contested)
        for outcome in found:  # each player's chances of each share of the main pot, and the shares taken
            assert outcome.hi_lo == all_in.game.is_hi_lo
            assert sum(outcome.chances) == pytest.approx(1.0) and sum(outcome.shares) == pytest.approx(1.0)
    hi_lo = [all_in for all_in in observed.all_ins if all_in.game.is_hi_lo]
    assert hi_lo
    listed = hi_lo_all_ins([outcome for all_in in hi_lo for outcome in outcomes(all_in)])
    assert [entry["hand"] for entry in listed] == [all_in.hand for all_in in hi_lo]
