"""Print the peak memory of `omaha-audit audit` with and without `--html` on the same generated input, and
their ratio (issue 18: the report at most 2x the audit without it).

Each run is the installed command in a process of its own, as a user runs it; its peak resident memory
is the one the kernel reports for that process when it ends (`os.wait4`). The input is made by the
project's generator (--hands hands, --fault-rate of them with one injected dealer error), written once to
--keep FILE and reused when that file exists.

    python benchmarks/report_memory.py [--hands 200000] [--fault-rate 0.02] [--keep FILE]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from report_size import histories  # (the same generated input, made once and kept)

from omaha_audit import build


def peak_of(command: list[str]) -> tuple[float, float]:
    """(peak resident memory in MiB, wall seconds) of one run of `command`, its output thrown away."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):  # (1: findings were found)
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}")
    return usage.ru_maxrss / 1024, time.perf_counter() - started  # (KiB on Linux)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--fault-rate", type=float, default=0.02)
    parser.add_argument("--keep", type=Path, help="generated input file (made when missing)")
    args = parser.parse_args()

    command = shutil.which("omaha-audit", path=str(Path(sys.executable).parent)) or shutil.which("omaha-audit")
    if command is None:
        raise SystemExit("omaha-audit is not installed beside this Python")
    work = Path(tempfile.mkdtemp(prefix="omaha-audit-bench-"))
    source = histories(args.keep or work / f"generated-{args.hands}.txt", args.hands, args.seed, args.fault_rate)
    print(f"build: {build()}, command: {command}")
    plain, plain_wall = peak_of([command, "audit", str(source), "--format", "jsonl"])
    print(f"audit --format jsonl:                 peak {plain:6.1f} MiB, {plain_wall:6.1f} s", flush=True)
    report = work / "report.html"
    html, html_wall = peak_of([command, "audit", str(source), "--format", "jsonl", "--html", str(report)])
    print(f"audit --format jsonl --html FILE:     peak {html:6.1f} MiB, {html_wall:6.1f} s", flush=True)
    print(f"report: {report.stat().st_size / 1e6:.1f} MB")
    print(f"ratio: {html / plain:.2f}x the audit without the report (target: at most 2x)")


if __name__ == "__main__":
    main()
