"""A stud table has no button (RULES.md ST-1), but some rooms print a dealer seat in its hands' headers
(Merge's and OnGame's readers take it as the hand's button). Such a seat moves by no rule the audit knows, so
the rules across hands leave it alone: here a stud session's headers are given dealer seats that jump around
the table, which the button rule (OA701) would report five times if it judged them."""

from __future__ import annotations

import io
import re
from pathlib import Path

from omaha_audit.generate import generate
from omaha_audit.generate.config import GenerateConfig
from omaha_audit.model import Game, Hand, Structure
from omaha_audit.rules.registry import ALL_RULES
from omaha_audit.run.pipeline import Auditor


def test_a_dealer_seat_at_a_stud_table_is_not_judged_as_a_button(tmp_path: Path) -> None:
    config = GenerateConfig(
        hands=6, seed=3, games=(Game.STUD,), structures=(Structure.FIXED_LIMIT,), sessions=True, tables=1
    )
    text, labels = io.StringIO(), io.StringIO()
    generate(config, text, labels)
    dealers = iter([1, 6, 2, 7, 3, 1])
    written = re.sub(
        r"(Table '[^']+' 8-max)", lambda found: f"{found[1]} Seat #{next(dealers)} is the button", text.getvalue()
    )
    path = tmp_path / "stud.txt"
    path.write_text(written, encoding="utf-8")
    auditor = Auditor(rules=ALL_RULES)
    audited = list(auditor.audit_files([path]))
    hands = [item.item for item in audited if isinstance(item.item, Hand)]
    assert [hand.button for hand in hands] == [1, 6, 2, 7, 3, 1]  # (the reader takes the seats as buttons)
    assert len({hand.table_id for hand in hands}) == 1
    assert [finding.code for item in audited for finding in item.findings] == []
    assert auditor.across == []
