"""`omaha-audit parse`: one JSON record (or text line) per hand on stdout, a summary on stderr, and the
exit code: 0 every hand read, 1 some hand unreadable, 2 a usage error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_paths import require_corpus

HAND = """\
PokerStars Hand #1001:  Omaha Pot Limit ($0.05/$0.10 USD) - 2014/01/06 6:54:48 ET
Table 'Gaby II' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Alice: raises $0.20 to $0.30
Bob: calls $0.20
*** FLOP *** [Qh 7c Qs]
Bob: checks
Alice: checks
*** TURN *** [Qh 7c Qs] [2d]
Bob: checks
Alice: checks
*** RIVER *** [Qh 7c Qs 2d] [9s]
Bob: checks
Alice: checks
*** SHOW DOWN ***
Bob: shows [Ah Kd 7d 7s] (a full house, Sevens full of Queens)
Alice: mucks hand
Bob collected $0.57 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0.03
Board [Qh 7c Qs 2d 9s]
Seat 1: Alice (button) (small blind) mucked
Seat 2: Bob (big blind) showed [Ah Kd 7d 7s] and won ($0.57) with a full house, Sevens full of Queens
"""
BROKEN = HAND.replace("Table 'Gaby II'", "*** HOLE CARDS ***\nTable 'Gaby II'").replace("#1001", "#1002")


def omaha_audit(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from omaha_audit.cli.app import main; main()", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", timeout=120)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "good.txt").write_text(HAND + "\n\n" + HAND.replace("#1001", "#1003"), encoding="utf-8")
    (tmp_path / "bad.txt").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a hand history", encoding="utf-8")
    return tmp_path


def test_all_hands_read_exits_0_with_jsonl_records(files):
    result = omaha_audit("parse", files / "good.txt")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["hand_id"] for record in records] == ["1001", "1003"]
    record = records[0]
    for field in (
        "room",
        "hand_id",
        "source",
        "game",
        "structure",
        "currency",
        "unit",
        "total_pot",
        "rake",
        "seats",
        "actions",
        "boards",
        "awards",
    ):
        assert field in record, field
    assert record["room"] == "pokerstars"
    assert record["source"]["path"].endswith("good.txt") and record["source"]["line"] == 1
    assert records[1]["source"]["line"] == len(HAND.splitlines()) + 3
    assert (record["game"], record["structure"], record["currency"]) == ("omaha", "pot-limit", "USD")
    assert record["unit"] == "0.01 USD"
    assert (record["total_pot"], record["rake"]) == (60, 3)
    assert [(seat["seat"], seat["player"], seat["stack"]) for seat in record["seats"]] == [
        (1, "Alice", 1000),
        (2, "Bob", 1000),
    ]
    assert record["actions"][2] == {
        "street": "preflop",
        "player": "Alice",
        "seat": 1,
        "action": "raise",
        "amount": 25,  # the chips the line adds (Alice had the $0.05 small blind in)
        "raise_to": 30,
        "increment": 20,  # what `raises $0.20 to $0.30` states
        "line": 8,
    }
    assert record["boards"] == [["Qh", "7c", "Qs", "2d", "9s"]]
    assert [{key: award[key] for key in ("player", "amount", "pot", "half")} for award in record["awards"]] == [
        {"player": "Bob", "amount": 57, "pot": "main", "half": None}
    ]
    assert result.stderr.strip().splitlines()[-1] == "files: 1, hands: 2, read: 2, unreadable: 0"


def test_an_unreadable_hand_exits_1_and_is_a_record(files):
    result = omaha_audit("parse", files)
    assert result.returncode == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    bad = [record for record in records if record.get("unreadable")]
    assert len(records) == 3 and len(bad) == 1
    assert bad[0]["source"]["path"].endswith("bad.txt")
    assert bad[0]["source"]["line"] == 1 and bad[0]["line"] == 2
    assert "unexpected HOLE_CARDS line" in bad[0]["reason"]
    assert set(bad[0]) >= {"unreadable", "source", "reason", "line"}
    assert "files: 3, hands: 3, read: 2, unreadable: 1" in result.stderr  # (notes.md looked into: no hand)


def test_text_format(files):
    result = omaha_audit("parse", "--format", "text", files / "good.txt", files / "bad.txt")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert "#1001 omaha pot-limit $0.05/$0.10 2 seats pot $0.60 rake $0.03" in lines[0]
    assert "UNREADABLE" in lines[2] and "bad.txt:2:" in lines[2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("parse", "no/such/file.txt"), "no such file or directory"),
        (("parse", "--format", "xml", "."), "xml"),
        (("parse",), ""),
    ],
)
def test_usage_errors_exit_2(files, args, message):
    result = omaha_audit(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert not result.stdout.strip()


def test_a_directory_without_histories_names_what_it_passed_over(tmp_path):
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    result = omaha_audit("parse", tmp_path)
    assert result.returncode == 4 and result.stdout == ""
    assert "notes.md: not a hand history (by its name, and no hand in its first 64 KiB): skipped" in result.stderr
    assert "files: 1, hands: 0" in result.stderr


def test_an_empty_directory_has_no_hand(tmp_path):
    result = omaha_audit("parse", tmp_path)
    assert result.returncode == 4 and "no hand of any known room format in the inputs" in result.stderr


def test_tournament_summaries_are_skipped_with_a_message():
    root = require_corpus()
    path = next((root / "PokerStars").rglob("PHL-PLO-USD-MTT-2-201202.txt"))
    result = omaha_audit("parse", path)
    assert result.returncode == 4  # (no hand in the input)
    assert result.stdout == ""
    assert "tournament summary, not hand histories: skipped" in result.stderr
    assert "hands: 0, read: 0, unreadable: 0" in result.stderr


def test_the_corpus_reads_with_exit_0():
    root = require_corpus()
    result = omaha_audit("parse", root / "PokerStars")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "unreadable: 0" in result.stderr


def test_a_directory_scan_reads_files_by_content_whatever_their_name(tmp_path):
    """A hand history with no .txt suffix is read (Winamax's `.Sample`); a file of no known format is named
    once as skipped, not reported as unreadable hands; companion files are passed over by their suffix."""
    (tmp_path / "hands.Sample").write_text(HAND, encoding="utf-8")
    (tmp_path / "session.xml").write_text('<catalog><book id="1"/></catalog>\n', encoding="utf-8")  # no room's XML
    (tmp_path / "hands.Sample.hp").write_text("{}", encoding="utf-8")
    result = omaha_audit("parse", tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    assert "session.xml: no hand of any known room format: skipped" in result.stderr
