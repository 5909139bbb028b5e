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
from text_audit import Style, audit_text, fill, read_text

from omaha_audit.model import ALL_POTS, ActionKind, Hand, PotBasis, Refunds, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

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
    assert [(d.line, d.reason, d.inconsistent) for d in hand.defects] == [
        (16, "won less bet is not the net result the line prints", True)  # the room's error: OA109
    ]


# A hand in Unibet's lines with every amount a placeholder (units: hundredths), written in each number style
# its clients print (omaha_audit/rooms/unibet/README.md): A raises, B folds, the 12,35 nobody called comes back
# inside `wins`.
STYLED = """Game #1463192546: Table {100} NL - {500}/{1000} - No Limit Hold'Em - 13:22:50 2021/04/04
*** Seated players ***
Seat 1: A ({250000})
Seat 2: B ({123456})
*** Blinds and button ***
A has the button
A posts small blind {500}
B posts big blind {1000}
*** Hole cards ***
Dealt to A [Ac 7c]
Dealt in B
*** Preflop ***
A raises {124000} to {124500}
B folds
A wins {125500}
*** Summary ***
Total pot {125500} Rake {0}
Seat 1: A: bet {124500} and won {125500}, net result: {1000}
Seat 2: B: bet {1000} and won {0}, net result: {-1000}"""
STYLES = {
    "EUR": Style("€", ",", "."),
    "USD": Style("$", ",", "."),
    "GBP": Style("£", ",", "."),
    "AUD": Style("A$", ",", "."),
    "CAD": Style("C$", ",", "."),
    "SEK": Style("kr ", ".", ","),
    "PLN": Style("", "\u00a0", ",", " zł"),
    "HUF": Style("", ".", ",", " Ft"),
}


@pytest.mark.parametrize("currency", sorted(STYLES))
def test_every_number_style_reads_back_exact(currency: str) -> None:
    hand = read_text("unibet", fill(STYLED, STYLES[currency]))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == currency
    assert [seat.stack for seat in hand.seats] == [250000, 123456]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (500, 1000)
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 500, 500),
        (ActionKind.POST_BIG_BLIND, 1000, 1000),
        (ActionKind.RAISE, 124000, 124500),
        (ActionKind.FOLD, 0, None),
    ]
    assert [c.amount for c in hand.collected] == [125500]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (125500, 0)
    assert [seat.won for seat in hand.summary_seats] == [(125500,), ()]


def test_whole_amounts_without_decimals_read_back_exact() -> None:
    hand = read_text("unibet", fill(STYLED, Style("€", ",", ".", all_places=False)))
    assert isinstance(hand, Hand) and not hand.defects
    assert [a.amount for a in hand.actions] == [500, 1000, 124000, 0]


def test_a_seat_sitting_out() -> None:
    text = fill(STYLED, STYLES["EUR"]).replace(
        "Seat 2: B (€1,234.56)", "Seat 2: B (€1,234.56)\nSeat 3: C (€50) (sitting out)"
    )
    hand = read_text("unibet", text)
    assert isinstance(hand, Hand) and not hand.defects
    assert [(seat.player, seat.stack, seat.sitting_out) for seat in hand.seats][1:] == [
        ("B", 123456, False),
        ("C", 5000, True),
    ]


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`€1,2,4,0.00` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["EUR"]).replace("A raises €1,240.00 to", "A raises €1,2,4,0.00 to")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(13, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 13)]
