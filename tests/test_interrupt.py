"""Ctrl-C (SIGINT) at any point of a command that writes files: exit 130 with one line on stderr, no
traceback, no file half-written (the old one stays, or none), and no temporary file or folder left behind.
Issue 19, point 7; issue 18 (generate)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from omaha_audit.generate import GenerateConfig, generate

# (commands interrupted at timed points, with workers: long waits for signals; the full run, CI, makes them)
pytestmark = pytest.mark.slow

MAIN = "from omaha_audit.cli.app import main; main()"
COMMANDS = {
    "export parquet": ["export", "{hands}", "--to", "{out}", "--format", "parquet"],
    "export csv": ["export", "{hands}", "--to", "{out}", "--format", "csv"],
    "export --jobs 2": ["export", "{hands}", "{hands}.again.txt", "--to", "{out}", "--jobs", "2"],
    "audit --html": ["audit", "{hands}", "--format", "json", "--html", "{out}/report.html"],
    "convert pokerstars": ["convert", "{hands}", "--to", "pokerstars", "--output", "{out}"],
    "convert ohh": ["convert", "{hands}", "--to", "ohh", "--output", "{out}"],
    "generate": ["generate", "--hands", "20000", "--seed", "3", "--output", "{out}/g.txt", "--labels", "{out}/g.jsonl"],
}


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("interrupt")
    path = folder / "hands.txt"
    with path.open("w", encoding="utf-8") as text, (folder / "labels.jsonl").open("w", encoding="utf-8") as labels:
        generate(GenerateConfig(hands=3_000, seed=5, fault_rate=0.2), text, labels)
    (folder / "hands.txt.again.txt").write_bytes(path.read_bytes())  # (a second unit for the workers)
    return path


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_ctrl_c_exits_130_and_leaves_no_partial_file(name: str, hands: Path, tmp_path: Path) -> None:
    interrupted = 0
    for delay in (0.8, 1.2, 1.6, 2.0, 2.5, 3.0):
        out = tmp_path / f"run{delay}"
        out.mkdir()
        args = [part.format(hands=hands, out=out) for part in COMMANDS[name]]
        scratch = tmp_path / f"tmp{delay}"  # (its TMPDIR: the report's tables and views, the table spill)
        scratch.mkdir()
        process = subprocess.Popen(
            [sys.executable, "-c", MAIN, *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "TMPDIR": str(scratch)},
        )
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=300)
        assert "Traceback" not in err, err[-3000:]
        assert process.returncode in (0, 1, 130), (process.returncode, err[-2000:])
        leftovers = [p.name for p in out.rglob("*") if p.name.endswith(".tmp")]
        assert not leftovers, leftovers
        scratch_left = [p.name for p in scratch.iterdir() if p.name.startswith("omaha-audit-")]
        assert not scratch_left, scratch_left  # (temporary files and folders removed, interrupted or not)
        if process.returncode == 130:
            interrupted += 1
            assert err.strip().endswith("interrupted; files being written were left as they were"), err[-500:]
            assert not any(out.iterdir()) or name.startswith("export"), list(out.iterdir())
        if interrupted >= 2:
            break
    if interrupted == 0:
        pytest.fail(f"{name}: every run ended before the signal; the machine is faster than the delays here")
    assert os.path.exists(hands)


def test_ctrl_c_inside_a_callback_still_stops_the_run() -> None:
    """A Ctrl-C whose handler runs inside a callback Python cannot raise from (a weak reference's, as
    importlib's module locks use: it would print "Exception ignored in" with a traceback and carry on)
    is delivered again in the main thread, and stops the run with no traceback."""
    probe = """
import signal, sys, weakref
from omaha_audit.cli.app import Interrupted, _interrupt, _unraisable
signal.signal(signal.SIGINT, _interrupt)
sys.unraisablehook = _unraisable
class Thing:
    pass
thing = Thing()
def callback(ref):
    raise Interrupted(signal.SIGINT)
ref = weakref.ref(thing, callback)
try:
    del thing
    for _ in range(10_000_000):
        pass
    print("went on")
except Interrupted:
    print("stopped")
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "stopped", (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr


# ---- SIGTERM, and a main process killed outright (issue 36, S12) ----------------------------------------

SIGTERM_COMMANDS = {
    "export --jobs 2": ["export", "{hands}", "--to", "{out}/tables", "--jobs", "2"],
    "audit --jobs 2": ["audit", "{hands}", "--format", "json", "--html", "{out}/report.html", "--jobs", "2"],
    "stats --jobs 2": ["stats", "{hands}", "--by", "player", "--format", "csv", "--jobs", "2"],
}
ON_PROC = pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="finds a run's processes through /proc")


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight files of 1,500 hands: a run of several seconds on two workers, signalled in the middle."""
    folder = tmp_path_factory.mktemp("many")
    for index in range(8):
        with (folder / f"g{index}.txt").open("w", encoding="utf-8") as text, (folder / "labels").open("w") as labels:
            generate(GenerateConfig(hands=1_500, seed=40 + index, fault_rate=0.1), text, labels)
    (folder / "labels").unlink()
    return folder


def _session(sid: int) -> list[int]:
    """The live processes of session `sid` (a run started in a session of its own: it, its workers and
    multiprocessing's resource tracker), zombies left out."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields and fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(stat.parent.name))
    return found


def _end_session(sid: int) -> None:
    """Kill what is left of a run (by process id: only the processes this test started)."""
    for pid in _session(sid):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _gone(sid: int, timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while _session(sid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not _session(sid)


def _start_and_wait(args: list[str], out: Path, err: Path) -> subprocess.Popen[bytes]:
    """The run in a session of its own, its standard error to `err` (a pipe would stay open as long as a
    worker left behind), returned once its two workers are at work (for an export: once a unit's first batch
    is staged)."""
    with err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", MAIN, *args], stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True
        )
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if args[0] == "export" and any(out.glob("tables/.omaha-audit-stage-*/units/*/*.arrow")):
            break
        if args[0] != "export" and len(_session(process.pid)) >= 4:  # (it, its tracker, two workers)
            time.sleep(1.0)  # (into their first units)
            break
        time.sleep(0.05)
    return process


@ON_PROC
@pytest.mark.parametrize(
    "name",
    ["export --jobs 2", *(pytest.param(name, marks=pytest.mark.slow) for name in ("audit --jobs 2", "stats --jobs 2"))],
)
def test_sigterm_stops_the_workers_and_removes_the_stage(name: str, many: Path, tmp_path: Path) -> None:
    """SIGTERM to the main process (`kill`, `timeout`, `docker stop`, systemd) is Ctrl-C: exit 128 + 15, one
    line on stderr, the workers and the resource tracker ended, the stage folder removed, no partial file."""
    out = tmp_path / "out"
    out.mkdir()
    args = [part.format(hands=many, out=out) for part in SIGTERM_COMMANDS[name]]
    process = _start_and_wait(args, out, tmp_path / "err.txt")
    try:
        if process.poll() is not None:
            pytest.fail(f"{name}: the run ended before the signal; the machine is faster than this input")
        assert len(_session(process.pid)) >= 3, "the run's workers were never seen"
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
        err = (tmp_path / "err.txt").read_text(encoding="utf-8")
        assert "Traceback" not in err, err[-3000:]
        assert process.returncode == 143, (process.returncode, err[-2000:])
        assert err.strip().splitlines() == [
            "omaha-audit: stopped by SIGTERM; files being written were left as they were"
        ]
        assert _gone(process.pid), f"still running after the main process ended: {_session(process.pid)}"
        assert [path.name for path in out.rglob("*")] == [], "a stage, temporary or partial file was left"
    finally:
        process.kill()
        process.wait()
        _end_session(process.pid)


@ON_PROC
def test_workers_end_when_the_main_process_is_killed_outright(many: Path, tmp_path: Path) -> None:
    """SIGKILL (or the kernel's out-of-memory killer) cannot be handled; the workers see their main process
    go and end (else they, and multiprocessing's resource tracker, would wait for work forever)."""
    args = [part.format(hands=many, out=tmp_path) for part in SIGTERM_COMMANDS["export --jobs 2"]]
    process = _start_and_wait(args, tmp_path, tmp_path / "err.txt")
    try:
        if process.poll() is not None:
            pytest.fail("the run ended before the signal; the machine is faster than this input")
        assert len(_session(process.pid)) >= 3, "the run's workers were never seen"
        process.kill()
        process.wait()
        assert _gone(process.pid), f"still running after the main process was killed: {_session(process.pid)}"
    finally:
        _end_session(process.pid)


def test_a_second_signal_does_not_cut_the_cleanup_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first SIGINT or SIGTERM stops the run; one that comes while it cleans up on the way out (stopping
    the workers, removing the stage) is ignored, and the exit code is the first one's: 128 + its number."""
    from omaha_audit.cli import app

    monkeypatch.setattr(app._Stop, "signal", None)
    monkeypatch.setattr(app._Stop, "raised", False)
    monkeypatch.setattr(signal, "getsignal", lambda signum: app._interrupt)
    with pytest.raises(app.Interrupted):
        app._terminate(signal.SIGTERM, None)
    app._interrupt(signal.SIGINT, None)  # (ignored: no exception)
    app._terminate(signal.SIGTERM, None)
    assert app.stopped_code(app._Stop.signal) == 143
    assert app.stopped_code(signal.SIGINT) == 130
