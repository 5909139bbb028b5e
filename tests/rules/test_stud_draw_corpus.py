"""The corpus's stud, razz and draw hands, replayed (RULES.md sections 13 and 14), made wrong one way at a time:
each change must be reported where the replay decides it. A showdown pot paid to another contender of it
(OA501, or OA502-OA505 for a hi/lo or odd-chip split); a fixed-limit bet one unit too big (OA304; not on
stud's fourth street, where a pair showing, or up cards not shown, allow the big bet)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.model import STUD_GAMES, ActionKind, Hand, Street, Structure
from omaha_audit.parse.files import expand_paths
from omaha_audit.rooms import hand_source, preset_for
from omaha_audit.rules.base import HandContext
from omaha_audit.rules.registry import RULES, audit_context

pytestmark = pytest.mark.corpus

AWARDS = {"OA501", "OA502", "OA503", "OA504", "OA505"}


@cache
def _hands(corpus: Path) -> tuple[Hand, ...]:
    return tuple(
        item
        for item in hand_source().read_paths(expand_paths([corpus]))
        if isinstance(item, Hand)
        and (item.game in STUD_GAMES or item.game.is_draw)
        and not item.truncated
        and not item.cancelled
        and not any(defect.not_read for defect in item.defects)
    )


def hands() -> tuple[Hand, ...]:
    return _hands(require_corpus())


def codes(hand: Hand) -> set[str]:
    return {f.code for f in audit_context(HandContext(hand, preset_for(hand)), RULES, strict=True)}


def test_every_stud_and_draw_hand_is_replayed() -> None:
    found = hands()
    assert len(found) >= 250
    assert all(HandContext(hand, preset_for(hand)).replayable for hand in found)


def test_a_showdown_pot_paid_to_another_contender_is_reported() -> None:
    checked = 0
    for hand in hands():
        ctx = HandContext(hand, preset_for(hand))
        if codes(hand) & AWARDS:
            continue
        results = [r for r in ctx.settlement.results if r.decided and len(r.contenders) > 1]
        if len(ctx.settlement.results) != 1 or len(results) != 1 or len(hand.collected) != 1:
            continue
        winners = {share.player for board in results[0].boards for share in board.shares}
        loser = next((name for name in results[0].contenders if name not in winners), None)
        if loser is None:
            continue
        wrong = replace(hand, collected=(replace(hand.collected[0], player=loser),))
        assert codes(wrong) & AWARDS, (hand.source.path, hand.hand_id)
        checked += 1
    assert checked >= 35, checked


def test_a_limit_bet_one_unit_too_big_is_reported() -> None:
    checked = 0
    for hand in hands():
        if hand.structure is not Structure.FIXED_LIMIT or "OA304" in codes(hand):
            continue
        ctx = HandContext(hand, preset_for(hand))
        step = next(
            (
                s
                for s in ctx.replay.wagers
                if s.action.kind is ActionKind.BET
                and s.min_to is not None
                and s.unit
                and s.stack_after > s.unit
                and s.street is not Street.FOURTH  # (stud's fourth street may allow both sizes: ST-4)
            ),
            None,
        )
        if step is None:
            continue
        action = step.action
        bigger = replace(action, amount=action.amount + step.unit, raise_to=(action.raise_to or 0) + step.unit)
        wrong = replace(hand, actions=tuple(bigger if a is action else a for a in hand.actions))
        assert "OA304" in codes(wrong), (hand.source.path, hand.hand_id, action.source.line)
        checked += 1
    assert checked >= 80, checked
