"""The table sequences are held in memory up to a limit and spill to an SQLite file on disk beyond it
(omaha_audit/run/sequences.py): both ways must put the hands in the same order and give the same findings
across hands and the same exported table rows. Real sessions of several rooms, audited with the limit
far below their size (they spill after 50 hands) and with the default (they stay in memory)."""

from __future__ import annotations

from corpus_paths import require_corpus

from omaha_audit.parse.files import expand_paths
from omaha_audit.rules.base import Finding
from omaha_audit.rules.registry import ALL_RULES
from omaha_audit.run.pipeline import Auditor

FOLDERS = ("Entraction", "Everleaf", "888poker/fpdb-3/tour", "PokerStars/fpdb-chaz")


def run(held: int) -> tuple[list[Finding], list[dict[str, object]], int, int]:
    corpus = require_corpus()
    files = expand_paths([corpus / folder for folder in FOLDERS])
    auditor = Auditor(rules=ALL_RULES, table_rows=True, held_pictures=held)
    for _ in auditor.audit_files(files):
        pass
    return auditor.across, auditor.table_rows, auditor.tally.tables, auditor.spill_bytes


def test_spilled_and_held_sequences_agree() -> None:
    held_findings, held_rows, held_tables, held_bytes = run(1_000_000)
    spilled_findings, spilled_rows, spilled_tables, spilled_bytes = run(50)
    assert held_bytes == 0 and spilled_bytes > 0  # (the first stayed in memory, the second went to disk)
    assert len(held_rows) > 1_000 and held_tables > 50, (len(held_rows), held_tables)
    assert any(f.code.startswith("OA7") for f in held_findings)
    assert [f.as_dict() for f in spilled_findings] == [f.as_dict() for f in held_findings]
    assert spilled_rows == held_rows
    assert spilled_tables == held_tables
