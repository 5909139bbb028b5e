"""Print how fast the command line answers: wall time of `omaha-audit --version`, `--help` and `rules`
(issue 17's anchor: under 0.15 s; `rules` also with an empty cache folder, as on its first run after an
install), and of the audit of a 40-hand file end to end (under 0.4 s); best of
--repeat runs, each a fresh process. Then the import time of the command line's own modules
(`python -X importtime`), the figure the README states.

    python benchmarks/startup.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# (the console script; -P: not the current directory first on the path, where the repository's sources would
# stand in for the installed build when this runs from the repository's root)
COMMAND = [sys.executable, "-P", "-c", "from omaha_audit.cli.entry import main; main()"]
FORTY = REPO / "sample_histories" / "omaha-pot-limit.txt"  # (40 hands)
ANCHORS = {"--version": 0.15, "--help": 0.15, "rules": 0.15, "audit (40 hands)": 0.4}


def wall(args: list[str], repeat: int, env: dict[str, str] | None = None) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([*COMMAND, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        best = min(best, time.perf_counter() - start)
    return best


def rules_uncached(repeat: int) -> float:
    """`rules` with an empty cache folder, as on its first run after an install (it builds its table from
    every rule and room, then keeps it: cli/rules_cmd.py)."""
    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as empty:
            best = min(best, wall(["rules"], 1, {**os.environ, "XDG_CACHE_HOME": empty}))
    return best


def import_time() -> tuple[float, float]:
    """(seconds to import the command line, of which typer), from -X importtime."""
    done = subprocess.run(
        [sys.executable, "-P", "-X", "importtime", "-c", "import omaha_audit.cli.app"], capture_output=True, text=True
    )
    total = typer = 0
    for line in done.stderr.splitlines():
        found = re.match(r"import time:\s+\d+ \|\s+(\d+) \|(\s*)(\S+)", line)
        if found and found.group(3) == "omaha_audit.cli.app":
            total = int(found.group(1))
        if found and found.group(3) == "typer" and len(found.group(2)) <= 3:
            typer = int(found.group(1))
    return total / 1e6, typer / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    import omaha_audit

    print(f"omaha-audit {omaha_audit.__version__} ({omaha_audit.build()} build); best of {args.repeat}, wall clock")
    bare = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-P", "-c", "pass"], check=False)
        bare = min(bare, time.perf_counter() - start)
    print(f"{'python -c pass':<20} {bare:6.3f} s   (the interpreter alone)")
    runs = {
        "--version": ["--version"],
        "--help": ["--help"],
        "rules": ["rules"],
        "audit (40 hands)": ["audit", str(FORTY), "--format", "json", "--fail-on", "never"],
    }
    for name, command in runs.items():
        seconds = wall(command, args.repeat)
        anchor = ANCHORS[name]
        verdict = "ok" if seconds < anchor else "OVER"
        print(f"{name:<20} {seconds:6.3f} s   (anchor: under {anchor} s: {verdict})")
        if name == "rules":
            first = rules_uncached(args.repeat)
            print(f"{'rules, first run':<20} {first:6.3f} s   (after an install: it builds the table it then keeps)")
    total, typer = import_time()
    print(f"import omaha_audit.cli.app: {total * 1000:.0f} ms, of which typer {typer * 1000:.0f} ms (-X importtime)")


if __name__ == "__main__":
    main()
