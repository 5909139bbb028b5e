"""Unibet (the `unibet` format, ROOMS.md 25): the corpus's one Unibet file is read, one record per header
(counted here with ROOMS.md's appendix A pattern), none unreadable; the pot adds up in the terms the text
prints it (`Total pot` and the winner's `wins` hold the uncalled part of the bet; the summary's `bet` is
every chip put in), and the audit reports no error or warning on it. No fpdb companion files.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ALL_POTS, ActionKind, Hand, PotBasis, Refunds, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.pipeline import Auditor
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity

FOLDER = "Unibet"
# ROOMS.md appendix A's pattern for Unibet, written out here on its own.
HEADER = re.compile(r"^Game #\d+: Table ", re.MULTILINE)
RESULT = re.compile(r"bet \D?([\d.]+) and won \D?([\d.]+)")


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*") if path.is_file())


@functools.cache
def read(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


@pytest.mark.corpus
def test_the_file_is_read() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == 1 and [p for p in files if p.suffix in (".hands", ".hp", ".gt")] == []
    text = decoded(files[0])
    items = read(files[0])
    assert len(HEADER.findall(text)) == len(items) == 1
    [hand] = items
    assert isinstance(hand, Hand) and not isinstance(hand, UnreadableHand)
    assert (hand.format, hand.room, hand.hand_id, hand.unit.currency) == ("unibet", "unibet", "1463192545", "EUR")
    assert (hand.table, hand.button, hand.started, hand.started_local) == ("€1 NL", 6, None, "13:22:50 2021/04/04")
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.game_text) == (5, 10, "No Limit Hold'Em Banzai")
    assert not hand.defects


@pytest.mark.corpus
def test_the_pot_adds_up() -> None:
    """0.05 + 0.10 + 0.95 = 1.10 = `Total pot €1.10` = `Hero wins €1.10`: the 0.85 nobody called is in both;
    each summary line's `bet` is what the player's lines put in."""
    require_corpus()
    [hand] = read(room_files()[0])
    assert isinstance(hand, Hand) and hand.pot is not None
    put_in = sum(action.amount for action in hand.actions)
    assert put_in == hand.pot.total == sum(item.amount for item in hand.collected) == 110
    assert (hand.pot.rake, hand.pot.total_basis, hand.refunds) == (0, PotBasis.NET_WITH_REFUNDS, Refunds.IN_COLLECTED)
    assert [(c.player, c.pot) for c in hand.collected] == [("Hero", ALL_POTS)]
    for seat in hand.summary_seats:
        match = RESULT.search(seat.text)
        assert match is not None
        bet = round(float(match.group(1)) * 100)
        assert bet == sum(a.amount for a in hand.actions if a.player == seat.player)
    raised = next(a for a in hand.actions if a.kind is ActionKind.RAISE)  # `raises €0.95 to €0.95, and is all-in`
    assert (raised.amount, raised.raise_to, raised.increment, raised.all_in) == (95, 95, 85, True)


@pytest.mark.corpus
def test_no_findings() -> None:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    findings = [finding for audited in auditor.audit_files(room_files()) for finding in audited.findings]
    found = Counter(f.code for f in [*findings, *auditor.across] if f.severity.rank >= Severity.WARNING.rank)
    assert found == Counter()


def test_a_result_line_that_does_not_add_up_is_a_defect() -> None:
    lines = [
        "Game #1: Table €1 NL - 0.05/0.10 - No Limit Hold'Em - 13:22:50 2021/04/04",
        "*** Seated players ***",
        "Seat 1: A (€5)",
        "Seat 2: B (€5)",
        "*** Blinds and button ***",
        "A has the button",
        "A posts small blind €0.05",
        "B posts big blind €0.10",
        "*** Hole cards ***",
        "*** Preflop ***",
        "A folds",
        "B wins €0.15",
        "*** Summary ***",
        "Total pot €0.15 Rake €0",
        "Seat 1: A: bet €0.05 and won €0, net result: €-0.05",
        "Seat 2: B: bet €0.10 and won €0.15, net result: €0.15",
    ]
    hand = BY_NAME["unibet"].read(Block("hand", "memory.txt", 1, lines, "unibet"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason) for d in hand.defects] == [(16, "won less bet is not the net result the line prints")]
