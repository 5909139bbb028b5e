"""The odd chip of tied stud hands (RULES.md OC-7) in generated hands: the generator pays it by the cards with
its own code (generate/showdown.py `_by_cards`), the audit by the engine's (engine/stud_odd_chips.py).

Recall: every `odd_chip_wrong` hand of seven-card stud, stud hi/lo and razz is reported, in PokerStars' text
and in ACR's (stud and stud hi/lo). No false alarm: the clean twin of each of those hands (the same deal,
settled right) gets no finding, and most of the twins hold a pot shared by tied hands with an odd chip, so
the two ways of paying it are compared on many hands of each game."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure

from omaha_audit.generate import GenerateConfig, make_hand, plan_hands
from omaha_audit.generate.writers import writer_for
from omaha_audit.model import Game, Hand
from omaha_audit.rooms import preset_for
from omaha_audit.rules.base import HandContext, Severity
from omaha_audit.run.pipeline import Auditor

STUD = (Game.STUD, Game.STUD_HI_LO, Game.RAZZ)
ROOMS = {"pokerstars": STUD, "acr": (Game.STUD, Game.STUD_HI_LO)}


def _config(room: str, hands: int, seed: int) -> GenerateConfig:
    return GenerateConfig(
        hands=hands, seed=seed, room=room, games=ROOMS[room], faults=("odd_chip_wrong",), fault_rate=1.0
    )


def _tied_odd_chip(ctx: HandContext) -> bool:
    """A pot (or half) shared by tied hands that does not divide evenly between them."""
    for result in ctx.settlement.results:
        for board in result.boards:
            for half in {share.half for share in board.shares}:
                amounts = [share.amount for share in board.shares if share.half is half]
                if len(amounts) > 1 and len(set(amounts)) > 1:
                    return True
    return False


@pytest.mark.parametrize("room", ROOMS)
def test_every_wrong_stud_odd_chip_is_reported(room: str, tmp_path: Path) -> None:
    accuracy = measure(tmp_path, _config(room, 150, 4242), Accuracy())
    assert accuracy.faulty["odd_chip_wrong"] == 150, accuracy.report()
    assert accuracy.found == accuracy.faulty, accuracy.report()
    assert accuracy.unreadable == 0 and not accuracy.reading, accuracy.report()
    assert {game.split()[0] for game in accuracy.games} == {game.value for game in ROOMS[room]}


@pytest.mark.parametrize("room", ROOMS)
def test_the_clean_twins_of_tied_stud_pots_get_no_finding(room: str, tmp_path: Path) -> None:
    config = _config(room, 120, 777)
    write = writer_for(room)
    text = tmp_path / f"twins-{room}.txt"
    text.write_text("".join(write(make_hand(config, planned, with_fault=False)[0]) for planned in plan_hands(config)))
    tied: Counter[Game] = Counter()
    hands = 0
    for audited in Auditor(keep_text=False).audit_files([text]):
        hand = audited.item
        assert isinstance(hand, Hand), audited.item
        hands += 1
        loud = [f"{f.code} {f.message}" for f in audited.findings if f.severity.rank >= Severity.WARNING.rank]
        assert not loud, (hand.hand_id, json.dumps(loud))
        if _tied_odd_chip(HandContext(hand, preset_for(hand))):
            tied[hand.game] += 1
    assert hands == 120
    assert all(tied[game] >= 10 for game in ROOMS[room]), tied
