"""Print the audit's throughput on all cores and on a Dask cluster, on one input: `--jobs 1`, `--jobs 2`
and a two-worker Dask LocalCluster (issue 17's anchors: `--jobs 2` at least 1.8x `--jobs 1` on a 2-core
machine, Dask within 25% of `--jobs 2`), with the peak memory (VmHWM) of the main process and of each
worker.

The input is the corpus's complete PokerStars pot-limit Omaha hands, repeated with fresh hand ids (as in
parse_throughput.py) into `--files` files. Each run is `omaha-audit audit DIR --format jsonl` end to end,
start-up included, its output to /dev/null; the rate is hands per wall-clock second. With `--command export`
each run is `omaha-audit export DIR --to OUT` instead (the Parquet dataset, written by the workers), and
the datasets of the modes are checked to be the same, file by file. With `--rounds N` the modes take turns N
times (on a shared machine the load drifts: runs of one mode after runs of another would measure the drift)
and each mode's best run is its figure, as in the other benchmarks; every run is printed.

`--files 1` is the one-file case (issue 38, its anchor `--jobs 2` at least 1.7x `--jobs 1`): one big file,
which the workers read in pieces cut at hand boundaries (omaha_audit/parse/chunks.py). The audit's JSONL
output of every mode is checked to be the same, byte for byte (the last run of each mode).

    python benchmarks/scale.py [--hands 200000] [--files 200] [--modes jobs1,jobs2,dask] [--keep DIR]
                               [--command audit|export] [--rounds 1]
    python benchmarks/scale.py --hands 30000 --files 1 --modes jobs1,jobs2 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parse_throughput import HAND_ID, corpus_dir, plo_hands

# (`-P`: the package the benchmark imports, not a source tree in the working folder; run from a clone, `-c`
# would put the folder first on the path and measure the pure-Python sources)
COMMAND = [sys.executable, "-P", "-c", "from omaha_audit.cli.app import main; main()"]


def build_input(folder: Path, hands: list[str], count: int, files: int) -> int:
    """`count` hands in `files` files, each hand with a fresh id."""
    folder.mkdir(parents=True, exist_ok=True)
    per_file = -(-count // files)
    next_id = 300_000_000_000
    written = 0
    for index in range(files):
        with (folder / f"table-{index:05d}.txt").open("w", encoding="utf-8", newline="\r\n") as out:
            for _ in range(min(per_file, count - written)):
                out.write(HAND_ID.sub(str(next_id), hands[written % len(hands)], count=1))
                out.write("\n\n\n\n")
                next_id += 1
                written += 1
    return written


def _peak_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of `pid` so far (its own, not its children's)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def _descendants(pid: int) -> list[int]:
    found, queue = [], [pid]
    while queue:
        current = queue.pop()
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found.append(child)
            queue.append(child)
    return found


class PeakWatcher:
    """Samples the peak memory of a process, its descendants and any extra pids, until stopped."""

    def __init__(self, main: int, extra: list[int]) -> None:
        self.main, self.extra = main, extra
        self.peaks: dict[int, int] = {}
        self.main_cpu = 0.0
        self.names: dict[int, str] = {}
        self.running = True
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while self.running:
            self.main_cpu = max(self.main_cpu, _cpu_seconds(self.main))
            for pid in [self.main, *_descendants(self.main), *self.extra]:
                peak = _peak_kib(pid)
                if peak:
                    self.peaks[pid] = max(self.peaks.get(pid, 0), peak)
                    if pid not in self.names:
                        try:
                            command = Path(f"/proc/{pid}/cmdline").read_bytes()
                        except OSError:
                            command = b""
                        self.names[pid] = "tracker" if b"resource_tracker" in command else "worker"
            time.sleep(0.05)

    def stop(self) -> tuple[int, list[int]]:
        self.running = False
        self.thread.join()
        workers = [kib for pid, kib in self.peaks.items() if pid != self.main and self.names.get(pid) == "worker"]
        return self.peaks.get(self.main, 0), sorted(workers, reverse=True)


def run(
    folder: Path, extra: list[str], worker_pids: list[int], out: Path | None, report: Path | None = None
) -> tuple[float, int, list[int], float]:
    """One run (`out`: an export to there, else an audit, its output to `report` or /dev/null), timed, with
    the peaks of its processes."""
    start = time.perf_counter()
    command = ["audit", str(folder), "--format", "jsonl", "--fail-on", "never"]
    if out is not None:
        command = ["export", str(folder), "--to", str(out)]
    with report.open("wb") if report is not None else open(os.devnull, "wb") as sink:
        process = subprocess.Popen([*COMMAND, *command, *extra], stdout=sink, stderr=subprocess.PIPE, text=True)
        watcher = PeakWatcher(process.pid, worker_pids)
        _, err = process.communicate()
    wall = time.perf_counter() - start
    main_kib, workers = watcher.stop()
    if process.returncode != 0:
        sys.exit(f"scale: the run {extra} failed ({process.returncode}): {err[-2000:]}")
    return wall, main_kib, workers, watcher.main_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--modes", default="jobs1,jobs2,dask")
    parser.add_argument("--keep", type=Path, help="build the input here and keep it (reused when present)")
    parser.add_argument("--command", choices=("audit", "export"), default="audit")
    parser.add_argument("--rounds", type=int, default=1, help="the modes take turns this many times; best of each")
    args = parser.parse_args()
    import omaha_audit

    modes = args.modes.split(",")
    scratch = Path(tempfile.mkdtemp(prefix="omaha-audit-scale-"))
    folder = args.keep or scratch / "input"
    try:
        if folder.is_dir() and any(folder.iterdir()):
            count = args.hands
            print(f"input: {folder} (kept from an earlier run; taken as {count:,} hands)")
        else:
            count = build_input(folder, plo_hands(corpus_dir()), args.hands, args.files)
        size = sum(path.stat().st_size for path in folder.iterdir())
        print(
            f"omaha-audit {omaha_audit.__version__} ({omaha_audit.build()} build); {count:,} PokerStars PLO hands in "
            f"{args.files} file{'s' if args.files != 1 else ''}, {size / 2**20:,.0f} MiB"
        )
        print(f"command: {args.command}")
        results: dict[str, float] = {}
        datasets: dict[str, Path] = {}
        reports: dict[str, Path] = {}
        for mode in [mode for _ in range(args.rounds) for mode in modes]:
            out = scratch / f"dataset-{mode}" if args.command == "export" else None
            report = scratch / f"audit-{mode}.jsonl" if args.command == "audit" else None
            if out is not None:
                shutil.rmtree(out, ignore_errors=True)  # (a round's export: a new dataset, not an update)
            if mode == "dask":
                from distributed import LocalCluster

                with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
                    pids = [worker.process.pid for worker in cluster.workers.values()]
                    scheduler = ["--scheduler", cluster.scheduler_address]
                    wall, main_kib, workers, cpu = run(folder, scheduler, pids, out, report)
            else:
                jobs = int(mode.removeprefix("jobs"))
                wall, main_kib, workers, cpu = run(folder, ["--jobs", str(jobs)], [], out, report)
            if out is not None:
                datasets[mode] = out
            if report is not None:
                reports[mode] = report
            rate = count / wall
            results[mode] = max(rate, results.get(mode, 0.0))
            per_worker = ", ".join(f"{kib / 1024:,.0f}" for kib in workers) or "-"
            print(
                f"{mode:<6} {wall:8.1f} s  {rate:9,.0f} hands/s   main process CPU {cpu:6.1f} s "
                f"({cpu / count * 1e6:5.1f} us/hand)   peak RSS: main {main_kib / 1024:,.0f} MiB, "
                f"workers {per_worker} MiB"
            )
        if args.rounds > 1:
            print("best of each: " + ", ".join(f"{mode} {rate:,.0f} hands/s" for mode, rate in results.items()))
        if "jobs1" in results and "jobs2" in results:
            anchor = "1.7x, one file (issue 38)" if args.files == 1 else "1.8x"
            print(f"--jobs 2 / --jobs 1: {results['jobs2'] / results['jobs1']:.2f}x (anchor: at least {anchor})")
        if "jobs2" in results and "dask" in results:
            print(f"dask / --jobs 2:    {results['dask'] / results['jobs2']:.2f}x (anchor: at least 0.75x)")
        if datasets:
            _compare(datasets)
        if reports:
            first, *others = reports
            for mode in others:
                same = reports[mode].read_bytes() == reports[first].read_bytes()
                print(f"output of {mode}: {'the same as' if same else 'DIFFERENT FROM'} {first}'s")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _compare(datasets: dict[str, Path]) -> None:
    """The exports of every mode: the same files, byte for byte; their size on disk."""
    first, *others = datasets
    files = sorted(path.relative_to(datasets[first]) for path in datasets[first].rglob("*.parquet"))
    size = sum((datasets[first] / name).stat().st_size for name in files)
    for mode in others:
        theirs = sorted(path.relative_to(datasets[mode]) for path in datasets[mode].rglob("*.parquet"))
        same = theirs == files and all(
            (datasets[mode] / name).read_bytes() == (datasets[first] / name).read_bytes() for name in files
        )
        print(f"dataset of {mode}: {'the same files as' if same else 'DIFFERENT FROM'} {first}'s")
    print(f"dataset: {len(files):,} Parquet files, {size / 2**20:,.1f} MiB")


if __name__ == "__main__":
    main()
