"""The reproducers of ../shared/repro (issue 19): hands that once crashed a rule (OA104) now get clear
findings, with every rule run strictly (a crash fails the test)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.model import Hand
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

# file -> codes that must be among its findings, and why
EXPECTED = {
    # every seated player folds: the pot has nobody to go to, and the summary has no pot line
    "R02_oa104_settle_max_empty.txt": {"OA109"},
    # a seat line of an 11-digit seat number is not read: its player acts with no seat (said once, OA105),
    # and the chips checks that would read his lines are withheld (rules/misread.py)
    "R02_oa104_settle_max_empty.full.txt": {"OA105", "OA106"},
    # boards of more than five cards cannot be ranked: reported as a wrong board, not evaluated
    "R03_oa104_board_over_5_cards.txt": {"OA203"},
    "R03_oa104_board_over_5_cards.full.txt": {"OA201", "OA203"},
    "R08_oa104_holdem_board_over_5.txt": {"OA203"},
    # a card given twice: the hands holding it are not ranked; the board is reported
    "R04_oa104_card_given_twice.txt": {"OA203"},
    # a river card a player also shows (a real dealer error): the duplicate is reported, awards not judged
    "R04b_oa104_river_duplicates_hole_card.txt": {"OA201"},
    # one seat with a posted blind and a pot line far above it
    "R07_oa104_awards_max_empty.txt": {"OA601", "OA602"},
    # impossible seat lists: seat 3 twice (once spelt in Arabic-Indic digits), a seat number of 540,531
    "R06_nondeterministic_arabic_digit_seat.txt": {"OA108"},
    "R06b_duplicate_seat_ascii.txt": {"OA108"},
    "R20_seat_number_540531_stats_html_export_crash.txt": {"OA108"},
}
# a real hand with player names that once changed how its lines were read (and a file of CR-only line ends
# cut at a read boundary): read right, they have nothing to report, as the original hand has not
NOTHING_TO_REPORT = (
    "R05_cr_only_1MiB_boundary.txt",
    "R09_name_colon_raises_uncalled_line.txt",
    "R11_name_ends_with_cards_dealt_line.txt",
    "R12_name_starts_uncalled_bet.txt",
    "R16_name_contains_said_chat.txt",
)


def repro_dir() -> Path:
    root = corpus_root()
    if root is None:
        require_corpus()
    assert root is not None
    return root.parent / "repro"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_no_internal_error_and_a_clear_finding(name: str) -> None:
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    auditor = Auditor(strict=True)
    codes = {finding.code for audited in auditor.audit_files([path]) for finding in audited.findings}
    assert "OA104" not in codes
    assert EXPECTED[name] <= codes, codes


@pytest.mark.parametrize("name", NOTHING_TO_REPORT)
def test_names_and_line_ends_that_once_misled_the_reader(name: str) -> None:
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    audited = list(Auditor(strict=True).audit_files([path]))
    assert audited and all(isinstance(hand.item, Hand) for hand in audited)
    assert [(f.code, f.line, f.message) for hand in audited for f in hand.findings] == []


def test_every_reproducer_is_known_here() -> None:
    """A reproducer added to ../shared/repro must be given its expected findings above."""
    names = {path.name for path in repro_dir().glob("*.txt")}
    assert names <= set(EXPECTED) | set(NOTHING_TO_REPORT) | {"R01_huge_amount_html_crash.txt"}, names


@pytest.mark.parametrize(
    "name",
    [
        "R06b_duplicate_seat_ascii.txt",
        pytest.param("R06_nondeterministic_arabic_digit_seat.txt", marks=pytest.mark.slow),
    ],
)
def test_the_same_output_under_any_hash_seed(name: str) -> None:
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    outputs = set()
    for seed in ("0", "1", "2", "12345"):
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                "from omaha_audit.cli.app import main; main()",
                "audit",
                str(path),
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=120,
        )
        assert '"OA108"' in result.stdout
        outputs.add(result.stdout)
    assert len(outputs) == 1


OUTPUTS = (
    ["audit", "{path}", "--format", "json"],
    ["audit", "{path}", "--format", "jsonl"],
    ["audit", "{path}", "--html", "{tmp}/report.html"],
    ["stats", "{path}"],
    ["export", "{path}", "--to", "{tmp}/csv", "--format", "csv"],
    ["export", "{path}", "--to", "{tmp}/parquet", "--format", "parquet"],
)


@pytest.mark.parametrize(
    "name", ["R01_huge_amount_html_crash.txt", "R20_seat_number_540531_stats_html_export_crash.txt"]
)
@pytest.mark.parametrize("command", OUTPUTS, ids=lambda command: " ".join(command[:3]))
def test_every_output_survives_absurd_amounts_and_seats(name: str, command: list[str], tmp_path: Path) -> None:
    """An amount of 2^63 cents or a seat 540,531 is a finding, and never overflows a table's column."""
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    args = [part.format(path=path, tmp=tmp_path) for part in command]
    result = subprocess.run(
        [sys.executable, "-c", "from omaha_audit.cli.app import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode in (0, 1, 4), result.stderr[-2000:]  # (4: hands not fully read)


MAIN = "from omaha_audit.cli.app import main; main()"
EVERY_REPRODUCER = sorted({*EXPECTED, *NOTHING_TO_REPORT, "R01_huge_amount_html_crash.txt"})


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.slow) if name == "R05_cr_only_1MiB_boundary.txt" else name
        for name in EVERY_REPRODUCER
    ],  # (R05 is 2 MiB of hands: in the slow set)
)
def test_every_reproducer_in_every_output(name: str, tmp_path: Path) -> None:
    """Text, JSON, JSONL, --html, stats, export csv and parquet (in-process): no traceback, no internal
    error, an exit code that means findings or none, and JSON that parses."""
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    runner = CliRunner()
    for number, command in enumerate((["audit", "{path}"], *OUTPUTS)):
        (tmp_path / str(number)).mkdir()
        args = [part.format(path=path, tmp=tmp_path / str(number)) for part in command]
        result = runner.invoke(app, args)
        assert result.exit_code in (0, 1, 4), (args, result.output[-2000:], result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        assert "OA104" not in result.output, args
        if "json" in args:
            assert json.loads(result.stdout)["findings"] is not None
        if "jsonl" in args:
            for line in result.stdout.splitlines():
                json.loads(line)


@pytest.mark.slow
@pytest.mark.parametrize("name", EVERY_REPRODUCER)
def test_every_reproducer_gives_the_same_output_under_any_hash_seed(name: str) -> None:
    path = repro_dir() / name
    if not path.exists():
        pytest.skip(f"{path} not found")
    outputs = {
        subprocess.run(
            [
                sys.executable,
                "-c",
                "from omaha_audit.cli.app import main; main()",
                "audit",
                str(path),
                "--format",
                "jsonl",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=300,
        ).stdout
        for seed in ("0", "7", "4242")
    }
    assert len(outputs) == 1
