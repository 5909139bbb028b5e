"""Ctrl-C (SIGINT) at any point of a command that writes files: exit 130 with one line on stderr, no
traceback, no file half-written (the old one stays, or none), and no temporary file or folder left behind.
Issue 19, point 7; issue 18 (generate)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from omaha_audit.generate import GenerateConfig, generate

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
