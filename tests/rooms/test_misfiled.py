"""Hand histories filed in another room's folder are read by what they are (ROOMS.md 2.7: room detection
is by content, not by folder): two PokerStars files among HHSmithy's OnGame and Entraction samples."""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_paths import require_corpus

from omaha_audit.model import Hand
from omaha_audit.pipeline import Auditor
from omaha_audit.rules.base import Severity

pytestmark = pytest.mark.corpus

ONGAME = "OnGame/PokerHandHistoryParser/PotLimitHoldem.txt"
ENTRACTION = "Entraction/PokerHandHistoryParser/WithSittingOut.txt"

# HHSmithy edited its samples by hand (the corpus README warns of it): in the Entraction one the seat list
# spells two names otherwise than the lines do (`neverJa(1)ger`, `Blahdi:42eblah` seated; `neverJager`,
# `Blahdieblah` acting), so the big blind, a fold, the returned bet and the award name nobody seated.
KNOWN = Counter(
    {
        (ENTRACTION, "OA105", 8): 1,  # `Blahdieblah: posts big blind`: no such seat
        (ENTRACTION, "OA311", 12): 1,  # with that blind unseated, antol34 folds before s1N91, who is due
        (ENTRACTION, "OA105", 13): 1,  # `neverJager: folds`: no such seat
        (ENTRACTION, "OA311", 14): 1,  # s1N91 folds after the (seated) betting is over
        (ENTRACTION, "OA105", 15): 1,  # the uncalled bet goes to the unseated `Blahdieblah`
        (ENTRACTION, "OA401", 15): 1,  # and so not to s1N91, the only seated player with chips in
        (ENTRACTION, "OA105", 16): 1,  # who also collects the pot
        (ENTRACTION, "OA403", 16): 1,  # from a pot the seated players' chips do not make
        (ENTRACTION, "OA105", 17): 1,  # and is the one who does not show
        (ENTRACTION, "OA602", 19): 1,  # `Total pot $0.16`: of the seated players' chips only the returned 0.08
    }
)


def test_misfiled_pokerstars_hands_are_read_as_pokerstars() -> None:
    root = require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, int]] = Counter()
    formats = set()
    for audited in auditor.audit_files([root / ONGAME, root / ENTRACTION]):
        assert isinstance(audited.item, Hand), audited.item
        formats.add((audited.item.format, audited.item.room))
        for finding in audited.findings:
            if finding.severity is not Severity.INFO:
                where = ONGAME if finding.path.endswith(ONGAME) else ENTRACTION
                found[(where, finding.code, finding.line)] += 1
    assert formats == {("pokerstars", "pokerstars")}
    assert auditor.tally.hands == 2
    assert found == KNOWN
