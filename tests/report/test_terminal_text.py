"""What the text format prints is safe on a terminal (issue 18): control and format characters from the
input (NUL, ESC, right-to-left marks, byte-order marks) are shown as escapes, and a quoted line is cut to a
sane width with the count of what was left out, the line number kept."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.report.text import QUOTE_WIDTH
from omaha_audit.report.visible import visible

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


CONTROL = "\x1b]0;TITLE\x07\x1b[2J"


def _escape_named_zip(tmp_path: Path) -> Path:
    """A zip whose members' names hold terminal escapes: one with hands, one with none, a document, an
    archive inside it."""
    import zipfile

    target = tmp_path / "names.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr(f"hands{CONTROL}.txt", SAMPLE.read_text(encoding="utf-8"))
        archive.writestr(f"junk{CONTROL}.txt", "hello\n")
        archive.writestr(f"doc{CONTROL}.md", "x")
        archive.writestr(f"nested{CONTROL}.zip", "x")
    return target


def _raw_controls(text: str) -> list[str]:
    return sorted({char for char in text if not char.isprintable() and char not in "\n\t"})


def test_no_command_prints_a_raw_control_character_from_a_name(tmp_path: Path) -> None:
    """Every line about a file (skipped, unreadable, left out) escapes its name as the text report does,
    in every command and output format."""
    target = _escape_named_zip(tmp_path)
    commands = [
        ["audit", str(target), "--fail-on", "never"],
        ["audit", str(target), "-f", "json", "--fail-on", "never"],
        ["audit", str(target), "-f", "jsonl", "--fail-on", "never"],
        ["parse", str(target)],
        ["parse", str(target), "-f", "jsonl"],
        ["stats", str(target)],
        ["export", str(target), "--to", str(tmp_path / "export")],
        ["convert", str(target), "--to", "ohh", "--output", str(tmp_path / "converted")],
    ]
    for command in commands:
        result = CliRunner().invoke(app, command)
        assert result.exit_code in (0, 1), (command, result.output)
        assert _raw_controls(result.stderr) == [], (command, result.stderr)
        if command[0] != "export":
            printed = result.stdout if "-f" not in command else ""  # (JSON escapes them itself)
            assert _raw_controls(printed) == [], (command, printed)
        assert "\\x1b]0;TITLE\\x07\\x1b[2J" in result.stderr + result.stdout, command


def test_a_usage_error_escapes_the_name_it_quotes(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["audit", str(tmp_path / f"missing{CONTROL}.txt")])
    assert result.exit_code == 2
    assert _raw_controls(result.stderr) == [] and "missing\\x1b]0;TITLE" in result.stderr


def test_convert_writes_safe_names_below_its_folder(tmp_path: Path) -> None:
    """An archive member's name (control characters, `..` parts, a leading `/`, 300 characters) never
    becomes a file name with control characters, nor a path outside the output folder, nor one too long."""
    import zipfile

    text = SAMPLE.read_text(encoding="utf-8")
    target = tmp_path / "in" / "names.zip"
    target.parent.mkdir()
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr(f"hands{CONTROL}.txt", text)
        archive.writestr("../../up/t2.txt", text)
        archive.writestr("/abs/t3.txt", text)
        archive.writestr("x" * 300 + ".txt", text)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["convert", str(target), "--to", "ohh", "--output", str(out)])
    assert result.exit_code == 0, result.output
    written = sorted(path for path in tmp_path.rglob("*") if path.is_file() and path.suffix != ".zip")
    assert len(written) == 4
    for path in written:
        assert path.is_relative_to(out), path
        assert _raw_controls(str(path)) == []
        assert all(len(part.encode()) <= 255 for part in path.parts)
