"""Stud, razz and draw hands get the checks that need no betting structure (issue 19): the pot identity
(OA602), collected plus rake (OA601), the summary (OA605) and duplicate cards (OA201). On the corpus's hands
of those games every error or warning is listed in its room's test; here, each such hand with a printed total
pot and printed returns passes OA602, and the same hand with its total pot one unit off fails it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.model import Hand, Refunds
from omaha_audit.parse.files import expand_paths
from omaha_audit.rooms import hand_source, preset_for
from omaha_audit.rules.base import HandContext
from omaha_audit.rules.registry import RULES, audit_context

pytestmark = pytest.mark.corpus


def stud_and_draw_hands() -> list[Hand]:
    files = expand_paths([require_corpus()])
    return [
        item
        for item in hand_source().read_paths(files)
        if isinstance(item, Hand) and not item.game.is_flop_game and not item.truncated and not item.cancelled
    ]


def test_the_pot_of_every_stud_razz_and_draw_hand_is_judged() -> None:
    hands = stud_and_draw_hands()
    judged = [h for h in hands if h.pot is not None and h.pot.total is not None and h.refunds is Refunds.LINE]
    assert len(hands) >= 250 and len(judged) >= 150, (len(hands), len(judged))
    games = {hand.game.value for hand in judged}
    assert {"stud", "razz", "stud-hi-lo", "triple-draw-2-7"} <= games, games
    for hand in judged:
        assert hand.pot is not None and hand.pot.total is not None
        house = preset_for(hand)
        codes = {f.code for f in audit_context(HandContext(hand, house), RULES, strict=True)}
        assert "OA602" not in codes, (hand.source.path, hand.hand_id)
        wrong = replace(hand, pot=replace(hand.pot, total=hand.pot.total + 1))
        codes = {f.code for f in audit_context(HandContext(wrong, house), RULES, strict=True)}
        assert "OA602" in codes, (hand.source.path, hand.hand_id)


def test_collected_against_the_pot_on_stud_and_draw() -> None:
    checked = 0
    for hand in stud_and_draw_hands():
        if not hand.collected or hand.pot is None or hand.pot.total is None:
            continue
        house = preset_for(hand)
        first = hand.collected[0]
        wrong = replace(hand, collected=(replace(first, amount=first.amount + 7), *hand.collected[1:]))
        codes = {f.code for f in audit_context(HandContext(wrong, house), RULES, strict=True)}
        assert "OA601" in codes, (hand.source.path, hand.hand_id)
        checked += 1
    assert checked >= 150


def test_a_card_given_twice_in_a_stud_hand(tmp_path: Path) -> None:
    hand = next(h for h in stud_and_draw_hands() if h.game.value == "stud" and len(h.dealt) >= 2)
    first, second = hand.dealt[0], hand.dealt[1]
    doubled = replace(second, cards=(first.cards[0], *second.cards[1:]))
    wrong = replace(hand, dealt=(first, doubled, *hand.dealt[2:]))
    codes = {f.code for f in audit_context(HandContext(wrong, preset_for(hand)), RULES, strict=True)}
    assert "OA201" in codes
