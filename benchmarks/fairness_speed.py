"""Print how long `omaha-audit fairness FILE --format json` takes against `omaha-audit audit FILE --format json`
on the same generated hands (issue 35: `fairness` over 100,000 hands at most twice as long as auditing them),
each command one process on one core (`--jobs 1`), start-up included, output to /dev/null.

The file is `omaha-audit generate`'s PokerStars hands of every Omaha game and Hold'em (`--seed 11`, no
fault), `--hands` of them (default 100,000), in one file. Each figure is the best of `--rounds`, the two
commands taking turns (the machine is shared), in wall-clock and in CPU seconds (user + system of the
command's process).

    python benchmarks/fairness_speed.py [--hands 100000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import omaha_audit

# (`-P`: the package the benchmark imports, not a source tree in the working folder)
COMMAND = [sys.executable, "-P", "-c", "from omaha_audit.cli.app import main; main()"]
BOUND = 2.0  # fairness against audit, issue 35


def timed(arguments: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        result = subprocess.run([*COMMAND, *arguments], stdout=sink, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    if result.returncode not in (0, 1):  # (1: a finding or a rejected test, not a failure)
        sys.exit(f"fairness_speed: {' '.join(arguments)} exited {result.returncode}: {result.stderr.decode()[-500:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fairness-speed-") as scratch:
        path = Path(scratch) / "hands.txt"
        started = time.perf_counter()
        subprocess.run(
            [*COMMAND, "generate", "--hands", str(args.hands), "--seed", "11", "--fault-rate", "0", "-o", str(path)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        print(
            f"omaha-audit {omaha_audit.__version__} ({omaha_audit.build()} build); {args.hands:,} generated hands, "
            f"{path.stat().st_size / 2**20:.1f} MiB (generated in {time.perf_counter() - started:.0f} s); "
            f"best of {args.rounds}, the commands taking turns"
        )
        best = {"audit": (float("inf"), float("inf")), "fairness": (float("inf"), float("inf"))}
        for _ in range(args.rounds):
            for name in best:
                extra = ["--fail-on", "never"] if name == "audit" else []
                wall, cpu = timed([name, str(path), "--format", "json", "--jobs", "1", *extra])
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    for index, what in ((0, "wall clock"), (1, "CPU time")):
        audit, fairness = best["audit"][index], best["fairness"][index]
        print(
            f"{what}: audit {audit:.1f} s, fairness {fairness:.1f} s: fairness takes {fairness / audit:.2f}x "
            f"the audit's time (bound: {BOUND:.0f}x)"
        )


if __name__ == "__main__":
    main()
