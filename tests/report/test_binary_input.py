"""A file of binary bytes behind a hand header: the bytes reach no output raw. The terminal and the HTML
report both write its control and format characters as escapes (`\\x00`, `\\x1b`, `\\u202e`)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from omaha_audit.cli.app import app

RAW = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def test_binary_bytes_are_escaped_in_the_text_and_the_report(tmp_path: Path) -> None:
    junk = bytes(range(256)) * 4 + "\u202e\ufeff".encode() + b"\x1b[2J\x00"
    path = tmp_path / "hands.txt"
    path.write_bytes(b"PokerStars Hand #1: \x1b[31m\x00\x01" + junk + b"\n" + junk + b"\n")
    report = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["audit", str(path), "--html", str(report)])
    assert result.exit_code == 4, result.output
    assert "OA101" in result.stdout and "\\x1b[31m\\x00\\x01" in result.stdout
    assert not RAW.search(result.stdout)
    page = report.read_text(encoding="utf-8")
    assert "\\x1b[31m\\x00\\x01" in page
    assert not RAW.search(page), repr(page[RAW.search(page).start() - 80 :][:120])  # type: ignore[union-attr]
