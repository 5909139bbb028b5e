"""A misread is said once (rules/misread.py): a line the reader does not understand is one reading finding on its
hand, the dealer's checks it could change are withheld, the summary counts dealer's errors apart from hands not
fully read, and the exit code follows the dealer's errors.

The hands are the real PokerStars Courchevel hand #151933331674 (the base of tests/rules/cases/OA106.toml),
with one line changed at a time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from patching import break_method
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.rules.base import READING_CODES, Severity
from omaha_audit.run.pipeline import Auditor

BASE = """\
PokerStars Hand #151933331674:  Courchevel Pot Limit ($0.50/$1.00 USD) - 2016/04/14 23:31:38 ET
Table 'Aldhafera' 6-max Seat #6 is the button
Seat 3: Hero ($162.66 in chips)
Seat 6: Player0 ($107.06 in chips)
Player0: posts small blind $0.50
Hero: posts big blind $1
*** HOLE CARDS ***
Dealt to Hero [4c Jd 9c Qh Qc]
*** PRE-FLOP *** [2s]
Player0: raises $2 to $3
Hero: calls $2
*** FLOP *** [2s 3d 3c]
Hero: checks
Player0: bets $2.90
Hero: calls $2.90
*** TURN *** [2s 3d 3c] [8d]
Hero: checks
Player0: checks
*** RIVER *** [2s 3d 3c 8d] [6s]
Hero: checks
Player0: bets $9
Hero: raises $23.95 to $32.95
Player0: calls $23.95
*** SHOW DOWN ***
Hero: shows [4c Jd 9c Qh Qc] (two pair, Queens and Threes)
Player0: shows [5c 4s 9d Ks 8c] (a straight, Deuce to Six)
Player0 collected $76.70 from pot
*** SUMMARY ***
Total pot $77.70 | Rake $1
Board [2s 3d 3c 8d 6s]
Seat 3: Hero (big blind) showed [4c Jd 9c Qh Qc] and lost with two pair, Queens and Threes
Seat 6: Player0 (button) (small blind) showed [5c 4s 9d Ks 8c] and won ($76.70) with a straight, Deuce to Six
"""
# the flop call in words the reader does not know: the hand's chips depend on the line
CALL_NOT_READ = BASE.replace("Hero: calls $2.90", "Hero: zahlt $2.90")
# a line no chip depends on, in words the reader does not know
GREETING = BASE.replace("Hero: checks\nPlayer0: checks", "Hero: checks\nHero: winkt\nPlayer0: checks")
# a pot-limit overbet before the line not read (line 10: raise to $4, the pot allows $3), the call of it
# (line 11: $3 to make $4), and the flop call not read (line 15)
OVERBET_THEN_MISREAD = CALL_NOT_READ.replace(
    "Player0: raises $2 to $3\nHero: calls $2", "Player0: raises $3 to $4\nHero: calls $3"
)


def audit(tmp_path: Path, text: str) -> tuple[Hand, list[tuple[str, str, int, str]]]:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor()
    (audited,) = list(auditor.audit_files([path]))
    assert isinstance(audited.item, Hand)
    return audited.item, [(f.code, f.severity.value, f.line, f.message) for f in audited.findings]


def test_the_base_hand_is_clean(tmp_path: Path) -> None:
    _, findings = audit(tmp_path, BASE)
    assert [f for f in findings if f[1] != "info"] == []


def test_a_line_the_chips_depend_on_is_one_finding_that_names_what_it_withheld(tmp_path: Path) -> None:
    hand, findings = audit(tmp_path, CALL_NOT_READ)
    assert [d.line for d in hand.defects if d.not_read] == [15]
    assert len(findings) == 1, findings
    code, severity, line, message = findings[0]
    assert (code, severity, line) == ("OA106", "warning", 15)
    assert "zahlt" in message and "withheld on this hand" in message and "OA602" in message


def test_an_amount_in_no_number_style_is_one_finding_never_another_number(tmp_path: Path) -> None:
    """`$1,7,0.0` fits no number style (it was once read as $170.00): the line is not read, the hand is."""
    hand, findings = audit(tmp_path, BASE.replace("Player0: bets $9", "Player0: bets $1,7,0.0"))
    assert [(d.line, "$1,7,0.0" in d.reason) for d in hand.defects] == [(21, True)]
    assert [(code, severity, line) for code, severity, line, _ in findings] == [("OA106", "warning", 21)]
    assert not any(action.source.line == 21 for action in hand.actions)


def test_a_line_nothing_depends_on_is_info(tmp_path: Path) -> None:
    _, findings = audit(tmp_path, GREETING)
    assert [(code, severity, line) for code, severity, line, _ in findings] == [("OA106", "info", 18)]


def test_the_betting_before_the_line_not_read_is_still_judged(tmp_path: Path) -> None:
    _, findings = audit(tmp_path, OVERBET_THEN_MISREAD)
    codes = [(code, line) for code, _, line, _ in findings]
    assert ("OA301", 10) in codes  # the overbet, before the line not read
    assert ("OA106", 15) in codes
    assert all(line < 15 or code in READING_CODES for code, line in codes), codes
    assert not [c for c in codes if c[0].startswith(("OA4", "OA5", "OA6"))]


def test_the_summary_and_the_exit_code_follow_the_dealers_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    misread = tmp_path / "misread.txt"
    misread.write_text(CALL_NOT_READ, encoding="utf-8")
    result = runner.invoke(app, ["audit", str(misread)])
    assert result.exit_code == 4, result.output
    assert "dealer's errors: 0 findings in 0 hands" in result.output
    assert "not fully read: 1 hand (0 unreadable, 0 the reader failed on, 1 read with checks withheld" in result.output
    overbet = tmp_path / "overbet.txt"
    overbet.write_text(OVERBET_THEN_MISREAD, encoding="utf-8")
    result = runner.invoke(app, ["audit", str(overbet), "--format", "json"])
    assert result.exit_code == 1
    summary = json.loads(result.stdout)["summary"]
    assert summary["dealer"]["hands"] == 1 and summary["dealer"]["findings"] >= 1
    assert summary["reading"] == {
        "hands_not_fully_read": 1,
        "unreadable": 0,
        "reader_failed": 0,
        "read_with_checks_withheld": 1,
    }
    assert runner.invoke(app, ["audit", str(misread), "--fail-on", "never"]).exit_code == 0
    clean = tmp_path / "clean.txt"
    clean.write_text(BASE, encoding="utf-8")
    assert runner.invoke(app, ["audit", str(clean)]).exit_code == 0


def test_a_readers_own_failure_is_oa104_not_an_unreadable_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit.rooms.pokerstars.reader import StarsReader

    def broken(self: StarsReader, block: object) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, StarsReader, "_read", broken)
    path = tmp_path / "hand.txt"
    path.write_text(BASE, encoding="utf-8")
    auditor = Auditor()
    (audited,) = list(auditor.audit_files([path]))
    assert isinstance(audited.item, UnreadableHand) and audited.item.internal
    assert [(f.code, f.severity) for f in audited.findings] == [("OA104", Severity.ERROR)]
    assert (auditor.tally.unreadable, auditor.tally.reader_failed, auditor.tally.incomplete) == (0, 1, 1)
