"""Hand histories filed in another room's folder are read by what they are (ROOMS.md 2.7: room detection
is by content, not by folder): two PokerStars files among HHSmithy's OnGame and Entraction samples."""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_paths import require_corpus

from omaha_audit.model import Hand
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

ONGAME = "OnGame/PokerHandHistoryParser/PotLimitHoldem.txt"
ENTRACTION = "Entraction/PokerHandHistoryParser/WithSittingOut.txt"

# HHSmithy edited its samples by hand (the corpus README warns of it): in the Entraction one the seat list
# spells two names otherwise than the lines do (`neverJa(1)ger`, `Blahdi:42eblah` seated; `neverJager`,
# `Blahdieblah` acting), so the big blind, a fold, the returned bet and the award name nobody seated. A
# player with no seat is one finding, on the first line naming him, with the others listed in it; and, the
# hand's picture being wrong from that line on, the dealer's checks it could change are withheld (named in
# the finding): antol34 folding "before" s1N91 and s1N91 folding after the betting was over (OA311 x2, the
# unseated blind's consequences), the uncalled bet and the pot going to nobody seated (OA401, OA403) and the
# total pot made of the unseated player's chips (OA602). Each of them was said before as a dealer's error.
KNOWN = Counter(
    {
        # `Blahdieblah: posts big blind`: no such seat (and on lines 15, 16, 17: the returned bet, the
        # collected pot, `doesn't show hand`)
        (ENTRACTION, "OA105", 8): 1,
        (ENTRACTION, "OA105", 13): 1,  # `neverJager: folds`: no such seat
    }
)
WITHHELD = {"OA311", "OA401", "OA403", "OA602"}


def test_misfiled_pokerstars_hands_are_read_as_pokerstars() -> None:
    root = require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, int]] = Counter()
    messages: dict[tuple[str, str, int], str] = {}
    formats = set()
    for audited in auditor.audit_files([root / ONGAME, root / ENTRACTION]):
        assert isinstance(audited.item, Hand), audited.item
        formats.add((audited.item.format, audited.item.room))
        for finding in audited.findings:
            if finding.severity is not Severity.INFO:
                where = ONGAME if finding.path.endswith(ONGAME) else ENTRACTION
                found[(where, finding.code, finding.line)] += 1
                messages[(where, finding.code, finding.line)] = finding.message
    assert formats == {("pokerstars", "pokerstars")}
    assert auditor.tally.hands == 2
    assert found == KNOWN
    first = messages[(ENTRACTION, "OA105", 8)]
    assert "(and on lines 15, 16, 17)" in first
    assert all(code in first for code in WITHHELD) and "withheld" in first
