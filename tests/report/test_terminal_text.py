"""What the text format prints is safe on a terminal (issue 18): control and format characters from the
input (NUL, ESC, right-to-left marks, byte-order marks) are shown as escapes, and a quoted line is cut to a
sane width with the count of what was left out, the line number kept."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.report.text import QUOTE_WIDTH, visible

SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "omaha-pot-limit.txt"


def test_visible_escapes_controls_and_cuts() -> None:
    assert visible("plain text, José 中") == "plain text, José 中"
    assert visible("a\x1b[2Jb\x00c\u202ed\ufeffe\tf") == "a\\x1b[2Jb\\x00c\\u202ed\\ufeffe\\x09f"
    assert visible("x" * 250, 200) == "x" * 200 + "… (50 more characters)"
    assert visible("\U000e0001") == "\\U000e0001"


def test_hostile_bytes_in_the_input_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    junk = "\x1b[31m\x1b]0;owned\x07" + "A" * 5_000 + "\u202e\x00"
    path = tmp_path / "hostile.txt"
    path.write_text(junk + "\n\n" + SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(path), "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "OA101" in out and "line 1:" in out
    for raw in ("\x1b", "\x07", "\x00", "\u202e"):
        assert raw not in out, repr(raw)
    quote = next(line for line in out.splitlines() if line.startswith("      > "))
    assert quote.startswith("      > \\x1b[31m\\x1b]0;owned\\x07AAA")
    assert quote.endswith("more characters)")
    assert len(quote) < QUOTE_WIDTH + 60


def test_the_text_report_ends_with_the_summary_and_the_exit_code_explained(tmp_path: Path) -> None:
    """What a terminal shows when the run ends: the summary (after the hands' findings), then on stderr
    what the exit code means."""
    import subprocess
    import sys

    sample = Path(__file__).resolve().parents[2] / "sample_histories" / "omaha-pot-limit.txt"
    entry = "from omaha_audit.cli.entry import main; main()"
    command = [sys.executable, "-c", entry, "audit", str(sample)]
    run = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
    assert run.returncode == 1
    out = run.stdout.splitlines()
    first_hand = next(n for n, line in enumerate(out) if line.startswith("Hand #"))
    summary = next(n for n, line in enumerate(out) if line.startswith("omaha-audit: "))
    assert first_hand < summary and out[summary + 1].startswith("dealer's errors: ")
    assert out[summary + 2].startswith("not fully read: ") and out[summary + 3].startswith("findings: ")
    assert run.stderr.splitlines()[-1] == (
        "omaha-audit: exit 1: a dealer's finding at error level or above (--fail-on error; --fail-on never exits 0)"
    )
    calm = subprocess.run([*command, "--fail-on", "never"], capture_output=True, text=True, encoding="utf-8")
    assert calm.returncode == 0
    assert calm.stderr.splitlines()[-1] == "omaha-audit: exit 0: findings never change the exit code (--fail-on never)"
