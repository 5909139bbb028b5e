"""Times in the rooms' files that no date can hold leave the hand's start time unknown, as an impossible
printed date does, and the hand is read and audited as before: Unix time stamps in the XML rooms (Merge's
event milliseconds, Boss Media's DATE, Everest's time: a mangled file's 26 digits; Merge then takes its
printed start time, where that has an offset), and printed offsets of a day or more (`GMT+99:00` in OnGame's
header and Entraction's `Game ended` line, `+9900` in Merge's start time). Each once raised out of the
reader (an internal error, OA104 on every hand of the file); the stamps were found by the fuzz test."""

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
    ("folder", "stamp", "bad"),
    [
        ("Merge", r'timestamp="\d+"', f'timestamp="{HUGE}"'),
        ("BossMedia", r'DATE="\d+"', f'DATE="{HUGE}"'),
        ("Everest", r'\btime="\d+"', f'time="{HUGE}"'),
        ("OnGame", r"GMT\+0100", "GMT+9900"),
        ("Entraction", r"GMT\+01:00", "GMT+99:00"),
        ("Merge", r'(?<=starttime="2012/08/14 21:50:08 )\+0400"', '+9900"'),
    ],
)
def test_a_time_no_date_holds_leaves_the_time_unknown(folder: str, stamp: str, bad: str, tmp_path: Path) -> None:
    root = corpus_root()
    if root is None:
        pytest.skip("../shared/corpus not found beside the repository: corpus tests skipped")
    pattern = re.compile(stamp)
    source = next(
        p for p in sorted((root / folder).rglob("*")) if p.is_file() and pattern.search(p.read_text("utf-8", "replace"))
    )
    text = source.read_bytes().decode("utf-8", "replace")
    if "starttime" in stamp:  # (the start time is read where the events carry no stamp)
        text = re.sub(r'timestamp="\d+"', 'timestamp=""', text)
    mangled = tmp_path / f"mangled{source.suffix}"
    mangled.write_text(pattern.sub(bad, text), encoding="utf-8")
    original = tmp_path / f"original{source.suffix}"
    original.write_text(text, encoding="utf-8")
    before = list(Auditor().audit_files([original]))
    after = list(Auditor().audit_files([mangled]))
    assert len(after) == len(before) and after
    assert not [f for audited in after for f in audited.findings if f.code == "OA104"]
    hands = [audited.item for audited in after if isinstance(audited.item, Hand)]
    assert hands and all(hand.started is None or hand.started.year < 2100 for hand in hands)
    assert [type(a.item).__name__ for a in after] == [type(b.item).__name__ for b in before]


def test_a_printed_time_that_is_no_date_in_utc() -> None:
    """`0001/01/01 00:30` east of UTC (IST), or `9999/12/31 23:30` west of it, is no date in UTC: the time unknown
    (it raised OverflowError out of the readers' time functions); in OHH, a record the reader refuses."""
    from omaha_audit.parse.times import offset_time, parse_started, utc_time
    from omaha_audit.rooms.entraction.reader import ended_at
    from omaha_audit.rooms.ohh.reader import ShapeError, _started
    from omaha_audit.rooms.ongame.header import started_at
    from omaha_audit.rooms.partypoker.header import started

    assert utc_time(1, 1, 1, 0, 30, 0, "IST") is None
    assert utc_time(9999, 12, 31, 23, 30, 0, "EST") is None
    assert utc_time(2014, 1, 16, 13, 17, 20, "CET") == datetime(2014, 1, 16, 12, 17, 20, tzinfo=UTC)
    assert parse_started("0001/01/01 00:30:00 IST") is None
    assert offset_time(2012, 8, 14, 21, 50, 8, 240) == datetime(2012, 8, 14, 17, 50, 8, tzinfo=UTC)
    assert offset_time(2012, 8, 14, 21, 50, 8, -1439) is not None
    for east in (24 * 60, -24 * 60, 99 * 60):
        assert offset_time(2012, 8, 14, 21, 50, 8, east) is None
    assert offset_time(1, 1, 1, 0, 30, 0, 60) is None and offset_time(2012, 2, 30, 0, 0, 0, 0) is None
    assert ended_at("0001-01-01 00:30:00 GMT+01:00") is None
    assert ended_at("2012-05-31 04:46:52 GMT+01:00") == datetime(2012, 5, 31, 3, 46, 52, tzinfo=UTC)
    assert started_at("Mon Jan 01 00:30:00 GMT+0100 0001") is None
    assert started_at("Mon Jan 06 18:35:00 GMT+0100 2014") == datetime(2014, 1, 6, 17, 35, tzinfo=UTC)
    assert started("Monday, January 01, 00:30:00 YEKT 0001") is None
    with pytest.raises(ShapeError, match="no time in UTC"):
        _started("0001-01-01T00:30:00+01:00")
