"""The generator's own bookkeeping, checked on its records (before any text is written)."""

from __future__ import annotations

from omaha_audit.generate import GenerateConfig, make_hand, plan_hands
from omaha_audit.generate.pots import Contribution, build_pots


def test_chips_are_conserved_and_pots_add_up() -> None:
    config = GenerateConfig(hands=800, seed=21, fault_rate=0.0)
    for planned in plan_hands(config):
        rec, _ = make_hand(config, planned)
        settlement = rec.settlement
        assert settlement is not None
        dealt = rec.dealt
        put_in = sum(player.stack - player.chips for player in dealt)
        assert put_in == settlement.total == sum(player.total for player in dealt)
        collected = sum(share.amount for share in settlement.shares())
        assert collected + settlement.rake == settlement.total
        assert sum(settlement.pots_net) == settlement.total - settlement.rake
        assert all(share.amount > 0 for share in settlement.shares())
        for player in dealt:
            assert player.chips >= 0
            assert player.all_in == (player.chips == 0) or not player.live
        if settlement.showdowns:
            gross = build_pots([Contribution(p.name, p.total - p.dead, p.live, p.all_in) for p in dealt])
            assert len(gross) == settlement.pot_count
            for index, net in enumerate(settlement.pots_net):
                amount = gross[index].amount + (sum(p.dead for p in dealt) if index == 0 else 0)
                assert amount - settlement.rake <= net <= amount
        if not rec.cash:
            assert settlement.rake == 0
        if not rec.flop_dealt:
            assert settlement.rake == 0
        if rec.run_twice:
            assert len(rec.boards) == 2 and all(len(board) == 5 for board in rec.boards)


def test_cards_are_dealt_from_one_deck() -> None:
    config = GenerateConfig(hands=600, seed=4)
    for planned in plan_hands(config):
        rec, _ = make_hand(config, planned)
        cards = [card for player in rec.dealt for card in player.hole]
        shared = 0
        if rec.run_twice:
            shared = next(i for i, (a, b) in enumerate(zip(*rec.boards, strict=True)) if a != b)
        cards += rec.boards[0]
        for board in rec.boards[1:]:
            cards += board[shared:]
        assert len(cards) == len(set(cards)), rec.hand_id
        assert all(len(player.hole) == rec.game.hole_cards for player in rec.dealt)
