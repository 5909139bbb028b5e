"""Draw tables through the rules across hands (RULES.md section 12 and DR-1): a real Full Tilt heads-up 2-7
triple draw sit-and-go (54 hands, fpdb 3-Draw-Limit-USD-STT-2max-10-201211) audited whole is clean; with the
button left on one seat, or a stack changed between two hands, the rules across hands report it (before draw
hands were replayed they had no end stacks, so no two of them were judged as consecutive)."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_paths import require_corpus
from corpus_text import decoded

from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FILE = "FullTiltPoker/fpdb-3/tour/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt"


def loud(tmp_path: Path, text: str) -> list[tuple[str, str | None, int]]:
    path = tmp_path / "draw.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    found = [
        (finding.code, finding.hand_id, finding.line)
        for audited in auditor.audit_files([path])
        for finding in audited.findings
        if finding.severity.value != "info"
    ]
    return found + [(finding.code, finding.hand_id, finding.line) for finding in auditor.across]


@pytest.fixture(scope="module")
def session() -> str:
    text = decoded(require_corpus() / FILE)
    assert text.count("Limit 2-7 Triple Draw") == 54
    return text


def test_the_real_session_is_clean(tmp_path: Path, session: str) -> None:
    assert loud(tmp_path, session) == []


def test_a_button_that_stays_is_reported(tmp_path: Path, session: str) -> None:
    """Heads-up the big blind of one hand has the button in the next (BL-2): hand #31331052808 had it on seat
    1, so #31331054764's is due on seat 2; left on seat 1, the blinds are on the wrong seats too."""
    start = session.index("Full Tilt Poker Game #31331054764")
    wrong = session[:start] + session[start:].replace("The button is in seat #2", "The button is in seat #1", 1)
    assert loud(tmp_path, wrong) == [("OA310", "31331054764", 43), ("OA701", "31331054764", 41)]


def test_chips_that_appear_between_two_hands_are_reported(tmp_path: Path, session: str) -> None:
    """Hero ends hand #31331051218 with 1,515; starting #31331052808 with 1,525 makes 10 chips appear, and
    they vanish again into the next hand (CT-4)."""
    wrong = session.replace("Seat 1: Hero (1,515)", "Seat 1: Hero (1,525)", 1)
    assert loud(tmp_path, wrong) == [("OA705", "31331052808", 21), ("OA705", "31331054764", 41)]
