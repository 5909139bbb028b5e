"""`--jobs N` on an input where workers could only be slower (one file, or less than the threshold) runs in
one process and says so; above it the workers start (omaha_audit/cli/jobs_choice.py). No process is
started here: the executor is replaced by one that fails if used."""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.cli.jobs_choice import ARCHIVE_RATIO, THRESHOLD_VARIABLE, input_bytes, one_process_reason
from omaha_audit.parse.files import expand_paths
from omaha_audit.run import parallel

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


class _Started(Exception):
    pass


@pytest.fixture
def no_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> object:
        raise _Started

    monkeypatch.setattr(parallel, "executor_for", refuse)
    monkeypatch.delenv(THRESHOLD_VARIABLE, raising=False)


@pytest.mark.parametrize("command", [["audit", "-f", "json"], ["stats", "-f", "csv"]])
def test_a_small_input_runs_in_one_process(no_workers: None, command: list[str]) -> None:
    one = CliRunner().invoke(app, [*command, str(SAMPLES)])
    two = CliRunner().invoke(app, [*command, str(SAMPLES), "--jobs", "2"])
    assert two.exception is None or isinstance(two.exception, SystemExit), two.exception
    assert two.exit_code == one.exit_code and two.stdout == one.stdout
    (notice,) = [line for line in two.stderr.splitlines() if "--jobs 2" in line]
    assert notice.startswith("omaha-audit: --jobs 2: one process: ") and "MiB of input, under the 16.0 MiB" in notice


def test_one_file_runs_in_one_process(no_workers: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small file: one process for its size; a big plain-text file: the workers read it in pieces
    (omaha_audit/parse/chunks.py); a compressed one cannot be cut, and one process reads it, saying why."""
    path = next(iter(sorted(SAMPLES.glob("*.txt"))))
    result = CliRunner().invoke(app, ["audit", str(path), "--jobs", "0", "-f", "json"])
    assert "MiB of input, under the 16.0 MiB" in result.stderr
    monkeypatch.setenv(THRESHOLD_VARIABLE, "1000")
    result = CliRunner().invoke(app, ["audit", str(path), "--jobs", "2"])
    assert isinstance(result.exception, _Started)
    packed = tmp_path / "day.txt.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    result = CliRunner().invoke(app, ["audit", str(packed), "--jobs", "2", "-f", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert (
        "one process: the input is one file, which one process reads: a compressed file cannot be cut at hand "
        "boundaries" in result.stderr
    )


def test_above_the_threshold_the_workers_start(no_workers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(THRESHOLD_VARIABLE, "1000")
    result = CliRunner().invoke(app, ["audit", str(SAMPLES), "--jobs", "2"])
    assert isinstance(result.exception, _Started)


def test_sizes_and_archives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(THRESHOLD_VARIABLE, raising=False)
    texts = sorted(SAMPLES.glob("*.txt"))
    loose = sum(path.stat().st_size for path in texts)
    assert input_bytes(expand_paths([str(SAMPLES)]), 1 << 40) >= loose
    archive = tmp_path / "day.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as day:
        for path in texts:
            day.write(path, path.name)
    members = expand_paths([str(archive)])
    assert len(members) == len(texts)
    assert input_bytes(members, 1 << 40) == archive.stat().st_size * ARCHIVE_RATIO  # (the archive once)
    reason = one_process_reason(members)
    assert reason is not None and "MiB of input" in reason
    monkeypatch.setenv(THRESHOLD_VARIABLE, "0")
    assert one_process_reason(members) is None
