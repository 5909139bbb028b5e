"""Unix time stamps in the XML rooms (Merge's event milliseconds, Boss Media's DATE, Everest's time): one
no date can hold, as a mangled file has (26 digits), leaves the hand's start time unknown, as an impossible
printed date does (Merge's then comes from its printed start time, where that has an offset), and the hand
is read and audited as before. It once raised out of the reader (an internal error, OA104 on every hand of
the file), found by the fuzz test."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from corpus_paths import corpus_root

from omaha_audit.model import Hand
from omaha_audit.parse.times import unix_time
from omaha_audit.run.pipeline import Auditor

HUGE = "9" * 26


def test_unix_time() -> None:
    assert unix_time(1392661798) == datetime(2014, 2, 17, 18, 29, 58, tzinfo=UTC)
    assert unix_time(1283897193136, 1000) == datetime(2010, 9, 7, 22, 6, 33, 136000, tzinfo=UTC)
    for stamp, per_second in ((int(HUGE), 1), (int(HUGE), 1000), (10**400, 1000), (10**15, 1)):
        assert unix_time(stamp, per_second) is None


@pytest.mark.parametrize(
    ("folder", "stamp"),
    [("Merge", r'timestamp="\d+"'), ("BossMedia", r'DATE="\d+"'), ("Everest", r'\btime="\d+"')],
)
def test_a_stamp_no_date_holds_leaves_the_time_unknown(folder: str, stamp: str, tmp_path: Path) -> None:
    root = corpus_root()
    if root is None:
        pytest.skip("../shared/corpus not found beside the repository: corpus tests skipped")
    pattern = re.compile(stamp)
    source = next(
        p for p in sorted((root / folder).rglob("*")) if p.is_file() and pattern.search(p.read_text("utf-8", "replace"))
    )
    text = source.read_bytes().decode("utf-8", "replace")
    name = pattern.search(text).group().split("=")[0]  # type: ignore[union-attr]
    mangled = tmp_path / f"mangled{source.suffix}"
    mangled.write_text(pattern.sub(f'{name}="{HUGE}"', text), encoding="utf-8")
    original = tmp_path / f"original{source.suffix}"
    original.write_text(text, encoding="utf-8")
    before = list(Auditor().audit_files([original]))
    after = list(Auditor().audit_files([mangled]))
    assert len(after) == len(before) and after
    assert not [f for audited in after for f in audited.findings if f.code == "OA104"]
    hands = [audited.item for audited in after if isinstance(audited.item, Hand)]
    assert hands and all(hand.started is None or hand.started.year < 2100 for hand in hands)
    assert [type(a.item).__name__ for a in after] == [type(b.item).__name__ for b in before]
