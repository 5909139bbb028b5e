"""Print the rate of the command `omaha-audit audit FILE --format json` (one process, start-up included,
its output to /dev/null) next to the rate of a plain regular-expression split of the same file into hands
in the same run, and their ratio (issue 38: the command at least 1/20 of the split's rate), with where the
command's time goes: its start-up (the audit of an empty file), and the in-process audit of the same file
(the Auditor alone, no output, with the garbage collector set as the command sets it), so that what the
command adds beyond both shows; and the same file's hands read in process and not audited (the part no
audit can skip). Each in wall-clock and in CPU seconds (the command's user + system time): on
a shared machine the CPU figures are the steadier.

The file is `omaha-audit generate`'s hands (PokerStars format, every game, faults injected: `--seed 11
--fault-rate 0.1`, as in docs/PERFORMANCE.md), `--hands` of them. The split reads the file's bytes,
decodes them and cuts the text at each hand header with one compiled pattern: what any tool must do before
it reads a hand. Each figure is the best of `--rounds`, the runs taking turns (the machine is shared).

    python benchmarks/cli_rate.py [--hands 8000] [--rounds 3] [--profile]

`--profile` runs the command once more under cProfile and prints its top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# (`-P`: the package the benchmark imports, not a source tree in the working folder; run from a clone, `-c`
# would put the folder first on the path and measure the pure-Python sources)
COMMAND = [sys.executable, "-P", "-c", "from omaha_audit.cli.app import main; main()"]
HEADER = re.compile(r"^PokerStars (?:Hand|Game|Zoom Hand) #", re.MULTILINE)


def plain_split(path: Path) -> int:
    """The file's bytes read, decoded and cut at every hand header: the number of hands."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    starts = [match.start() for match in HEADER.finditer(text)]
    hands = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]
    return len(hands)


def command_seconds(path: Path, extra: tuple[str, ...] = ()) -> tuple[float, float]:
    """The command's wall-clock seconds and CPU seconds (user + system, of it and any process it started)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        result = subprocess.run(
            [*COMMAND, "audit", str(path), "--format", "json", "--fail-on", "never", *extra],
            stdout=sink,
            stderr=subprocess.PIPE,
            check=False,
        )
    if result.returncode != 0:
        sys.exit(f"cli_rate: the audit failed ({result.returncode}): {result.stderr.decode()[-2000:]}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def in_process_seconds(path: Path) -> tuple[float, float]:
    from omaha_audit.run.pipeline import Auditor

    auditor = Auditor()  # (the collector set already, as the command sets it: `batch_collector` in main)
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    for audited in auditor.audit_files([path]):
        audited.context = None
    return time.perf_counter() - start, time.process_time() - cpu


def read_seconds(path: Path) -> tuple[float, float]:
    """The hands of the file read in process (its bytes, the split, every line classified, every hand built),
    not audited: what the command could not do without."""
    from omaha_audit.rooms import hand_source

    source = hand_source()
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    for _ in source.read_file(path):
        pass
    return time.perf_counter() - start, time.process_time() - cpu


def batch_collector() -> str:
    """The garbage collector set as the command sets it (omaha_audit/run/collector.py), so that the in-process
    Auditor is measured as the command runs it; a build without that module keeps Python's defaults."""
    try:
        from omaha_audit.run.collector import for_batch_run
    except ImportError:
        return "Python's default garbage collector (this build does not set it)"
    for_batch_run()
    return "the garbage collector set as the command sets it"


def split_seconds(path: Path) -> tuple[float, float]:
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    plain_split(path)
    return time.perf_counter() - start, time.process_time() - cpu


def _best(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return min(wall for wall, _ in runs), min(cpu for _, cpu in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=8000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    import omaha_audit

    with tempfile.TemporaryDirectory(prefix="omaha-audit-cli-rate-") as scratch:
        path = Path(scratch) / "generated.txt"
        subprocess.run(
            [
                *COMMAND,
                "generate",
                "--hands",
                str(args.hands),
                "--seed",
                "11",
                "--fault-rate",
                "0.1",
                "--output",
                str(path),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        empty = Path(scratch) / "empty.txt"
        empty.write_text("", encoding="utf-8")
        count = plain_split(path)
        version = subprocess.run([*COMMAND, "--version"], capture_output=True, text=True, check=True).stdout
        if ("compiled" in version) != (omaha_audit.build() == "compiled"):
            sys.exit(f"cli_rate: the command ({version.strip()}) is not the build imported here: {omaha_audit.build()}")
        print(
            f"omaha-audit {omaha_audit.__version__} ({omaha_audit.build()} build); {count:,} generated hands, "
            f"{path.stat().st_size / 2**20:.1f} MiB; best of {args.rounds}, the runs taking turns; in process: "
            f"{batch_collector()}"
        )
        names = ("split", "command", "startup", "audit", "read")
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for _ in range(args.rounds):
            runs["split"].append(split_seconds(path))
            runs["command"].append(command_seconds(path))
            runs["startup"].append(command_seconds(empty))
            runs["audit"].append(in_process_seconds(path))
            runs["read"].append(read_seconds(path))
        best = {name: _best(each) for name, each in runs.items()}
        for index, measure in enumerate(("wall clock", "CPU time")):
            split, command, startup, audit, read = (best[name][index] for name in names)
            rest = command - startup - audit
            print(f"{measure}:")
            print(f"  plain regex split:        {split:7.3f} s  {count / split:10,.0f} hands/s")
            print(f"  audit --format json:      {command:7.3f} s  {count / command:10,.0f} hands/s")
            print(f"    of which start-up:      {startup:7.3f} s  (the audit of an empty file)")
            print(f"    the Auditor in process: {audit:7.3f} s  {count / audit:10,.0f} hands/s (1/{audit / split:.1f})")
            print(
                f"    the rest (output, the command's work per hand): {rest:.3f} s ({rest / count * 1e6:.0f} us/hand)"
            )
            print(f"  the hands read, not audited, in process: {read:7.3f} s (1/{read / split:.1f})")
            print(f"  ratio: the command at 1/{command / split:.1f} of the split's rate (issue 38: 1/20 or better)")
        if args.profile:
            profile = Path(scratch) / "audit.prof"
            _profile(path, profile)


def _profile(path: Path, profile: Path) -> None:
    """The command once under cProfile: its top functions by cumulative time."""
    import pstats

    code = (
        "import cProfile, sys; from omaha_audit.cli.app import main; "
        f"sys.argv = ['omaha-audit', 'audit', {str(path)!r}, '--format', 'json', '--fail-on', 'never']; "
        f"cProfile.run('main()', {str(profile)!r})"
    )
    with open(os.devnull, "wb") as sink:
        subprocess.run([sys.executable, "-P", "-c", code], stdout=sink, check=False)
    pstats.Stats(str(profile)).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
