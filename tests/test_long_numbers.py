"""A run of digits longer than Python's int() reads (issue 36, S08): a hand number of 4,301 digits is kept
as text and the hand audited in every command (it crashed audit, stats by day and table, export); a seat,
a button, a table size or an amount that long makes the hand unreadable with its reason and line (it was
an internal error, OA104, of the reader), never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.numbers import MOST_DIGITS, NumberTooLong, decimal_whole, number_or_none, whole_number
from omaha_audit.run.pipeline import Auditor

SAMPLE = Path(__file__).resolve().parent.parent / "sample_histories" / "omaha-pot-limit.txt"
LONG = "7" * 4_301


def _first_hand() -> str:
    return SAMPLE.read_text(encoding="utf-8").split("\n\n\n")[0] + "\n"


def test_the_number_helpers() -> None:
    from decimal import Decimal

    assert whole_number("540531") == 540531 and whole_number("٣") == 3
    with pytest.raises(NumberTooLong):
        whole_number("1" * (MOST_DIGITS + 1))
    assert number_or_none("12") == 12 and number_or_none("RC12") is None and number_or_none("²") is None
    assert number_or_none(LONG) is None
    assert decimal_whole(Decimal("12")) == 12
    with pytest.raises(NumberTooLong):
        decimal_whole(Decimal("1E+999999999"))


def test_a_hand_number_of_4301_digits_is_audited_in_every_command(tmp_path: Path) -> None:
    text = re.sub(r"Hand #\d+", f"Hand #{LONG}", _first_hand(), count=1)
    path = tmp_path / "long-id.txt"
    path.write_text(text, encoding="utf-8")
    commands = [
        ["audit", str(path), "--fail-on", "never"],
        ["audit", str(path), "-f", "json", "--fail-on", "never"],
        ["audit", str(path), "-f", "jsonl", "--fail-on", "never", "--html", str(tmp_path / "r.html")],
        ["stats", str(path), "--by", "day"],
        ["stats", str(path), "--by", "table"],
        ["export", str(path), "--to", str(tmp_path / "parquet")],
        ["export", str(path), "--to", str(tmp_path / "csv"), "--format", "csv"],
    ]
    for command in commands:
        result = CliRunner().invoke(app, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
        assert result.exit_code == 0, (command, result.output)
    result = CliRunner().invoke(app, ["audit", str(path), "-f", "json", "--fail-on", "never"])
    assert json.loads(result.stdout)["summary"]["audited"] == 1


@pytest.mark.parametrize(
    ("pattern", "replacement"),
    [
        (r"Seat 1:", f"Seat {LONG}:"),  # a seat
        (r"Seat #2 is the button", f"Seat #{LONG} is the button"),  # the button
        (r"2-max", f"{LONG}-max"),  # the table's size
        (r"in chips\)", f"in chips) {LONG}"),  # (a line not read: the hand still audited)
        (r"\(\$1\.70 in chips\)", f"(${LONG}.70 in chips)"),  # an amount: a line not read, the hand audited
    ],
)
def test_a_number_too_long_elsewhere_is_never_an_internal_error(tmp_path: Path, pattern: str, replacement: str) -> None:
    text = re.sub(pattern, replacement, _first_hand(), count=1)
    assert text != _first_hand()
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor()
    (audited,) = list(auditor.audit_files([path]))
    assert auditor.tally.reader_failed == 0
    assert all(finding.code != "OA104" for finding in audited.findings)
    item = audited.item
    if isinstance(item, UnreadableHand):  # the line that holds it named, the reason said
        assert not item.internal and "digits" in item.reason
        assert LONG in text.splitlines()[item.line - 1]
    else:
        assert isinstance(item, Hand)
