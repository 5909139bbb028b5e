"""Betfair Poker (ROOMS.md 22): the corpus's one Betfair file is read hand for hand (one record per hand
header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the pots add up and the audit
reports no error or warning on it. The corpus has no fpdb companion files (.hands, .hp, .gt) for Betfair.

The hand (fpdb's `All.in.river.splitpot`): five players put $1 each in the main pot, Player4 and Player1 $6.26
in the side pot; Player4 wins both, $4.44 of the main pot and the side pot in full. What the pot kept, $0.56,
is 5% of the whole $11.26, all of it taken from the main pot (docs/ROOMS.md 22.6: allowed, the house spreads its rake as
it likes). RULES.md SP-4 leaves the spread of the rake over the pots to the
house, and the winner of each pot is the right one: nothing in the hand is a finding.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Hand, Refunds, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Betfair"
HEADER = re.compile(r"^\*{5} Betfair Poker Hand History for Game \d+", re.MULTILINE)  # appendix A


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*.txt"))


def the_hand() -> Hand:
    items = list(hand_source().read_file(room_files()[0]))
    assert len(items) == 1 and isinstance(items[0], Hand)
    return items[0]


@pytest.mark.corpus
def test_the_file_is_read():
    require_corpus()
    files = room_files()
    assert len(files) == 1
    text = decoded(files[0])
    assert len(HEADER.findall(text)) == 1
    items = list(hand_source().read_file(files[0]))
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    hand = the_hand()
    assert (hand.format, hand.room, hand.hand_id, hand.game, hand.structure) == (
        "betfair",
        "betfair",
        "100000000",
        Game.OMAHA,
        Structure.POT_LIMIT,
    )
    assert hand.defects == () and not hand.truncated
    assert hand.started is not None and hand.started.isoformat() == "2009-10-18T20:00:00+00:00"  # `... GMT 2009`
    assert (hand.table, hand.max_seats, hand.button, hand.hero) == ("Death 1", 6, 2, "Hero")


@pytest.mark.corpus
def test_raises_are_street_totals():
    require_corpus()
    hand = the_hand()
    preflop = [(a.player, a.kind, a.amount, a.raise_to, a.all_in) for a in hand.actions if a.street is Street.PREFLOP]
    assert preflop[4] == ("Player2", ActionKind.RAISE, 25, 30, False)  # `raises to [$0.30]` from the small blind
    assert preflop[5] == ("Player4", ActionKind.CALL, 20, 30, False)  # `calls [$0.20]` from the big blind
    assert preflop[7] == ("Hero", ActionKind.RAISE, 90, 100, True)  # `goes all-in`, `raises to [$1]`
    river = [(a.player, a.kind, a.amount, a.all_in) for a in hand.actions if a.street is Street.RIVER]
    assert river == [("Player4", ActionKind.BET, 303, True), ("Player1", ActionKind.CALL, 303, False)]
    assert [line.kind for line in hand.showdown] == [ShowdownKind.SHOWS] * 3 and len(hand.showdown_marks) == 1


@pytest.mark.corpus
def test_pots_add_up():
    """No total, no rake, no uncalled bet printed: the $11.26 put in are the $10.70 won and the $0.56 the
    main pot kept (5% of the whole)."""
    require_corpus()
    hand = the_hand()
    assert hand.refunds is Refunds.IMPLIED and hand.pot is not None and (hand.pot.total, hand.pot.rake) == (None, None)
    put_in = sum(action.amount for action in hand.actions)
    assert put_in == 1126
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [("Player4", 626, 1), ("Player4", 444, 0)]
    main = 5 * 100  # five players in for $1
    assert put_in - main == 626  # the side pot, paid in full
    assert main - 444 == 56 == round(0.05 * put_in)


@pytest.mark.corpus
def test_no_fpdb_companion_files():
    root = require_corpus()
    assert [p for p in (root / FOLDER).rglob("*") if p.suffix in (".hands", ".hp", ".gt")] == []


@pytest.mark.corpus
def test_no_findings():
    require_corpus()
    findings = [
        finding
        for audited in Auditor(strict=True, keep_text=False).audit_files(room_files())
        for finding in audited.findings
        if finding.severity.rank >= Severity.INFO.rank
    ]
    assert findings == []
