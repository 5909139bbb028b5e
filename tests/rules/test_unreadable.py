"""OA101 unreadable-hand, tested through the audit pipeline: a case file holds one readable hand, so a block
that cannot be read as a hand is tested here on a file, with the readable hands around it still audited.
(tests/rules/test_rule_cases.py exempts OA101 for that reason.)
"""

from __future__ import annotations

from pathlib import Path

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.run.pipeline import Auditor

# Real PokerStars PLO $2/$4 hand #112825191734 (fpdb PLO-6max-USD-2.00-4.00-201403.2.partial): raise, all fold.
WALK = """\
PokerStars Hand #112825191734:  Omaha Pot Limit ($2/$4 USD) - 2014/03/05 16:50:46 ET
Table 'Tantalus V' 6-max Seat #5 is the button
Seat 1: Player7 ($698.30 in chips)
Seat 2: Player6 ($335.20 in chips)
Seat 3: Player2 ($688.50 in chips)
Seat 4: Player3 ($686.34 in chips)
Seat 5: Player8 ($400 in chips)
Seat 6: Player5 ($400 in chips)
Player5: posts small blind $2
Player7: posts big blind $4
*** HOLE CARDS ***
Player6: folds
Player2: raises $8 to $12
Player3: folds
Player8: folds
Player5: folds
Player7: folds
Uncalled bet ($8) returned to Player2
Player2 collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Seat 1: Player7 (big blind) folded before Flop
Seat 2: Player6 folded before Flop (didn't bet)
Seat 3: Player2 collected ($10)
Seat 4: Player3 folded before Flop (didn't bet)
Seat 5: Player8 (button) folded before Flop (didn't bet)
Seat 6: Player5 (small blind) folded before Flop
"""
# The next hand of the session as another record (a second copy of WALK itself would be counted once: CT-5).
NEXT = WALK.replace("#112825191734", "#112825191800")
# The same hand with a flop line printed before `*** HOLE CARDS ***`: the order of the streets is broken.
FLOP_FIRST = WALK.replace("*** HOLE CARDS ***\n", "*** FLOP *** [8d 4c Ks]\n*** HOLE CARDS ***\n")

# Text with no hand header above it, as left by a file cut in the middle of a hand.
HEADLESS = "Player2: raises $8 to $12\nPlayer3: folds\n"


Audited = list[tuple[Hand | UnreadableHand, list[tuple[str, int]]]]


def _audit(tmp_path: Path, *blocks: str) -> tuple[Auditor, list[int], Audited]:
    """Audit `blocks` written to one file, a blank line apart: the auditor, each block's first line, and
    each audited item with its (code, line) findings."""
    text = "\n".join(blocks)
    starts, line = [], 1
    for block in blocks:
        starts.append(line)
        line += block.count("\n") + 1
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True)
    audited: Audited = [(a.item, [(f.code, f.line) for f in a.findings]) for a in auditor.audit_files([path])]
    return auditor, starts, audited


def test_readable_hands_have_no_oa101(tmp_path: Path) -> None:
    auditor, _, audited = _audit(tmp_path, WALK, NEXT)
    assert [type(item) for item, _ in audited] == [Hand, Hand]
    assert all(findings == [] for _, findings in audited)
    assert (auditor.tally.hands, auditor.tally.unreadable) == (2, 0)


def test_streets_out_of_order_make_the_hand_unreadable(tmp_path: Path) -> None:
    auditor, starts, audited = _audit(tmp_path, WALK, FLOP_FIRST, NEXT)
    assert [type(item) for item, _ in audited] == [Hand, UnreadableHand, Hand]
    unreadable = audited[1][0]
    assert isinstance(unreadable, UnreadableHand)
    assert (unreadable.first_line, unreadable.last_line) == (starts[1], starts[2] - 2)
    # reported at the `*** HOLE CARDS ***` line that comes after the flop line
    assert audited[1][1] == [("OA101", starts[1] + 11)]
    assert "HOLE_CARDS" in unreadable.reason
    # the hands around it are still audited, and every block is accounted for
    assert audited[0][1] == [] and audited[2][1] == []
    assert (auditor.tally.hands, auditor.tally.audited, auditor.tally.unreadable) == (3, 2, 1)


def test_text_without_a_header_is_reported_where_it_starts(tmp_path: Path) -> None:
    auditor, starts, audited = _audit(tmp_path, WALK, HEADLESS, NEXT)
    assert [type(item) for item, _ in audited] == [Hand, UnreadableHand, Hand]
    assert audited[1][1] == [("OA101", starts[1])]
    assert audited[0][1] == [] and audited[2][1] == []
    assert (auditor.tally.hands, auditor.tally.audited, auditor.tally.unreadable) == (3, 2, 1)


def test_oa101_finding_names_the_file_the_line_and_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(FLOP_FIRST, encoding="utf-8")
    (item,) = list(Auditor(strict=True).audit_files([path]))
    (finding,) = item.findings
    assert (finding.code, finding.severity.value, finding.line) == ("OA101", "error", 12)
    assert finding.path.endswith("hands.txt")
    assert "could not be read" in finding.message and "HOLE_CARDS" in finding.message
