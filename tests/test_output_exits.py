"""The command line's outputs, run as a user runs it (issue 36): a report onto a link, a device, a FIFO or
/proc (S04), the modes of the files written (S05), standard output on a full disk or closed by its reader,
and an output file that cannot be written (S16): one `omaha-audit: error:` line and a documented exit
code, never a traceback; a closed pipe ends the command quietly."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from omaha_audit.generate import GenerateConfig, generate

FULL = "from omaha_audit.cli.app import main; main()"
ENTRY = "from omaha_audit.cli.entry import main; main()"  # (the console script: --version and rules answered there)


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("outputs")
    path = folder / "hands.txt"
    with path.open("w", encoding="utf-8") as text, (folder / "labels.jsonl").open("w", encoding="utf-8") as labels:
        generate(GenerateConfig(hands=300, seed=36, fault_rate=0.3), text, labels)
    return path


def run(args: list[str], main: str = FULL, **options: Any) -> subprocess.CompletedProcess[str]:
    done: subprocess.CompletedProcess[str] = subprocess.run(
        [sys.executable, "-c", main, *args], stderr=subprocess.PIPE, text=True, timeout=600, **options
    )
    return done


def one_error_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.returncode == code, (done.returncode, done.stderr[-2000:])
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("omaha-audit: error: "), done.stderr[-2000:]
    return last


PRINTING = {
    "audit": ["audit", "{hands}"],
    "audit json": ["audit", "{hands}", "--format", "json"],
    "audit json never": ["audit", "{hands}", "--format", "json", "--fail-on", "never"],
    "audit jsonl": ["audit", "{hands}", "--format", "jsonl"],
    "stats": ["stats", "{hands}"],
    "stats csv": ["stats", "{hands}", "--format", "csv"],
    "parse": ["parse", "{hands}"],
    "rules": ["rules"],
    "rules OA301": ["rules", "OA301"],
    "--version": ["--version"],
    "--help": ["--help"],
}
QUICK = ("rules", "rules OA301", "--version")  # (answered by the console script itself: cli/entry.py)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("name", sorted(PRINTING))
def test_standard_output_on_a_full_disk_exits_3_with_one_line(name: str, hands: Path) -> None:
    """S16: a traceback and exit 1 (the code of a finding) before the fix."""
    args = [part.format(hands=hands) for part in PRINTING[name]]
    for main in (FULL, ENTRY) if name in QUICK else (FULL,):
        with open("/dev/full", "w", encoding="utf-8") as full:
            done = run(args, main, stdout=full)
        assert "No space left on device" in one_error_line(done, 3)


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="SIGPIPE is POSIX")
@pytest.mark.parametrize("name", ["audit", "audit jsonl", "stats", "parse", "rules", "--version"])
def test_a_reader_that_goes_away_ends_the_command_quietly(name: str, hands: Path) -> None:
    """`omaha-audit ... | head`: killed by SIGPIPE as a Unix tool is (exit 141 in a shell), nothing on stderr
    but the run's own lines; before the fix Click turned it into exit 1, the code of a finding."""
    args = [part.format(hands=hands) for part in PRINTING[name]]
    for main in (FULL, ENTRY) if name in QUICK else (FULL,):
        process = subprocess.Popen([sys.executable, "-c", main, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None
        process.stdout.close()
        _, err = process.communicate(timeout=600)
        assert process.returncode == -signal.SIGPIPE, (process.returncode, err[-2000:])
        assert b"Traceback" not in err and b"error" not in err, err[-2000:]


def test_with_a_report_a_reader_that_goes_away_stops_the_printing_not_the_audit(hands: Path, tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", FULL, "audit", str(hands), "--html", str(tmp_path / "r.html")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=600)
    assert process.returncode == 1 and b"Traceback" not in err  # (the audit's own code: findings)
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!doctype html>")


def test_a_report_onto_a_link_writes_the_file_it_leads_to(hands: Path, tmp_path: Path) -> None:
    """S04: the link was replaced by a regular file, the file it named left stale."""
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "report.html").write_text("old\n")
    (tmp_path / "link.html").symlink_to(Path("real") / "report.html")
    done = run(["audit", str(hands), "--html", str(tmp_path / "link.html")], stdout=subprocess.DEVNULL)
    assert done.returncode == 1, done.stderr[-2000:]
    assert (tmp_path / "link.html").is_symlink()
    assert (tmp_path / "real" / "report.html").read_text(encoding="utf-8").startswith("<!doctype html>")


@pytest.mark.parametrize("kind", ["fifo", "device", "/proc/self/fd/1", "/dev/stdout", "folder link"])
def test_a_report_onto_anything_but_a_file_is_refused_before_any_work(kind: str, hands: Path, tmp_path: Path) -> None:
    """S04: a device node, a FIFO or the link to a process's open file was replaced by a regular file."""
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        try:
            os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 7))
        except OSError:
            target.symlink_to("/dev/full")
    elif kind == "folder link":
        target.symlink_to(tmp_path)
    else:
        target.symlink_to(kind)
    before = os.lstat(target)
    for args in (
        ["audit", str(hands), "--html", str(target)],
        ["generate", "--hands", "3", "--seed", "1", "--output", str(target), "--labels", str(tmp_path / "l")],
        ["generate", "--hands", "3", "--seed", "1", "--output", str(tmp_path / "g"), "--labels", str(target)],
    ):
        done = run(args, stdout=subprocess.DEVNULL)
        assert "not a file" in one_error_line(done, 2)  # (`--html` too: one line, as the other outputs)
        after = os.lstat(target)
        assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["target"]


def test_a_table_of_an_export_onto_a_fifo_is_refused_before_any_work(hands: Path, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "hands.csv")
    done = run(["export", str(hands), "--to", str(tmp_path), "--format", "csv"], stdout=subprocess.DEVNULL)
    assert "hands.csv: a FIFO" in one_error_line(done, 2)
    assert stat.S_ISFIFO(os.lstat(tmp_path / "hands.csv").st_mode) and len(list(tmp_path.iterdir())) == 1


def test_files_follow_the_umask_and_keep_their_mode(hands: Path, tmp_path: Path) -> None:
    """S05: every report was 0644, whatever the umask, and an existing 0600 report became 0644."""
    (tmp_path / "private.html").write_text("old\n")
    (tmp_path / "private.html").chmod(0o600)
    for name in ("private.html", "new.html"):
        done = run(["audit", str(hands), "--html", str(tmp_path / name)], stdout=subprocess.DEVNULL, umask=0o077)
        assert done.returncode == 1, done.stderr[-2000:]
    done = run(["export", str(hands), "--to", str(tmp_path / "csv"), "-f", "csv"], umask=0o027)
    assert done.returncode == 0, done.stderr[-2000:]
    done = run(["convert", str(hands), "--to", "ohh", "-o", str(tmp_path / "ohh")], umask=0o077)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    modes = {path.relative_to(tmp_path): stat.S_IMODE(path.stat().st_mode) for path in tmp_path.rglob("*.*")}
    assert modes[Path("private.html")] == modes[Path("new.html")] == 0o600
    assert {mode for path, mode in modes.items() if path.parts[0] == "csv"} == {0o640}
    assert modes[Path("ohh/hands.ohh")] == 0o600


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_an_output_file_that_cannot_be_written_exits_3_and_keeps_the_old_one(hands: Path, tmp_path: Path) -> None:
    """S16 for files: a report, an export's tables and generated files larger than the system lets us write
    (as on a full disk: EFBIG where a full disk gives ENOSPC): one line naming the file, exit 3, the old file
    kept, no temporary file left. (Before the fix: a traceback and exit 1.)"""
    (tmp_path / "report.html").write_text("old\n")
    cases = {  # the largest file a process may write, in KiB: what it cannot write
        "report.html": (500, ["audit", str(hands), "--html", str(tmp_path / "report.html")]),
        "g.": (300, ["generate", "--hands", "400", "--seed", "1", "-o", str(tmp_path / "g.txt")]),
        "csv/actions.csv": (300, ["export", str(hands), "--to", str(tmp_path / "csv"), "-f", "csv"]),
        "the export to": (300, ["export", str(hands), "--to", str(tmp_path / "dataset")]),
    }
    for name, (kibibytes, args) in cases.items():

        def small_files(size: int = kibibytes * 1024) -> None:  # (Python ignores SIGXFSZ: a write gets EFBIG)
            resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

        done = run(args, stdout=subprocess.DEVNULL, preexec_fn=small_files)
        line = one_error_line(done, 3)
        assert "cannot write" in line and name in line and "File too large" in line, line
    assert (tmp_path / "report.html").read_text() == "old\n"
    assert not [path for path in tmp_path.rglob("*") if path.name.endswith(".tmp") or "stage" in path.name]
