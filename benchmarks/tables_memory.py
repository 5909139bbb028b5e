"""Audit a directory of many tables (1,000,000 hands by default) with and without the rules across hands and
print hands/s, the peak resident memory of each run, and the size of the table sequences' spill file.

The directory holds --files files of one table each (the table named after the file), written from the
corpus's complete PokerStars pot-limit Omaha hands with fresh hand ids and times rising through the file
(parse_throughput.py's hands). Each audit runs in a fresh process, so that its peak memory
(`resource.getrusage`) is its own; the rules across hands keep each hand's picture on disk (a temporary
SQLite file), and in memory only an 8-byte key per hand read (to count an identical copy once).

    python benchmarks/tables_memory.py [--hands 1000000] [--files 200] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parse_throughput import HAND_ID, corpus_dir, plo_hands

TABLE = re.compile(r"^Table '[^']*'", re.MULTILINE)
TIME = re.compile(r"\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}")

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from omaha_audit.run.pipeline import Auditor
from omaha_audit.rules.registry import ALL_RULES, RULES
files = sorted(Path(sys.argv[1]).glob("*.txt"))
auditor = Auditor(rules=ALL_RULES if sys.argv[2] == "with" else RULES, keep_text=False)
start = time.process_time()
hands = sum(1 for audited in auditor.audit_files(files) if not audited.copy)
seconds = time.process_time() - start
print(json.dumps({"hands": hands, "seconds": seconds, "tables": auditor.tally.tables,
                  "findings": len(auditor.across),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "spill_mb": auditor.spill_bytes / 1e6}))
"""


def build(folder: Path, hands: list[str], count: int, files: int) -> int:
    per_file = -(-count // files)
    next_id = 400_000_000_000
    written = 0
    for number in range(files):
        with (folder / f"table-{number:04d}.txt").open("w", encoding="utf-8", newline="\n") as out:
            for index in range(per_file):
                text = hands[index % len(hands)]
                text = HAND_ID.sub(str(next_id), text, count=1)
                text = TABLE.sub(f"Table 'Bench {number:04d}'", text, count=1)
                minutes, seconds = divmod(index, 60)
                hours, minutes = divmod(minutes, 60)
                text = TIME.sub(f"2025/01/{1 + hours // 24:02d} {hours % 24}:{minutes:02d}:{seconds:02d}", text, 1)
                out.write(text + "\n\n\n")
                next_id += 1
                written += 1
    return written


def measure(folder: Path, mode: str) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, "-P", "-c", CHILD, str(folder), mode], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--keep", type=Path, default=None, help="write the directory here and keep it")
    args = parser.parse_args()
    texts = plo_hands(corpus_dir())
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        written = build(folder, texts, args.hands, args.files)
        size = sum(path.stat().st_size for path in folder.glob("*.txt"))
        print(f"directory: {written:,} hands in {args.files} files (one table each), {size / 1e9:.2f} GB")
        rows = {mode: measure(folder, mode) for mode in ("without", "with")}
    import omaha_audit

    print(f"build: {omaha_audit.build()}")
    print(f"{'rules across hands':<20}{'hands':>11}{'hands/s':>10}{'peak RSS MB':>13}{'spill MB':>10}{'tables':>8}")
    for mode, row in rows.items():
        rate = row["hands"] / row["seconds"]
        print(
            f"{mode:<20}{row['hands']:>11,.0f}{rate:>10,.0f}{row['peak_mb']:>13,.0f}{row['spill_mb']:>10,.0f}"
            f"{row['tables']:>8,.0f}"
        )
    slower = rows["without"]["hands"] / rows["without"]["seconds"] / (rows["with"]["hands"] / rows["with"]["seconds"])
    extra = rows["with"]["peak_mb"] - rows["without"]["peak_mb"]
    print(f"the rules across hands: {slower - 1:.1%} slower, {extra:+,.0f} MB")


if __name__ == "__main__":
    main()
