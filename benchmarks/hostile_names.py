"""Every player of every corpus hand the rename can edit with certainty, renamed, one at a time, to each
hostile name of tests/rules/test_hostile_names.py: print per room folder the hands, the renamed copies and
how many got findings (code and line) other than their original's (issue 19). Exits 1 on any. The XML rooms
and TheBigGame are renamed file by file (each player of a file in turn, escaped as the format escapes).

    python benchmarks/hostile_names.py [--room NAME]...
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "rules")]

from test_hostile_names import (  # noqa: E402
    HOSTILE,
    ROOMS,
    STRUCTURED,
    differences,
    findings,
    sample,
    structured_differences,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--room", action="append", choices=ROOMS + STRUCTURED, help="default: every room of the test")
    args = parser.parse_args()
    override = os.environ.get("OMAHA_AUDIT_CORPUS")
    corpus = Path(override) if override else REPO.parent / "shared" / "corpus"
    failed = 0
    total_copies = 0
    seated = renamed = 0
    started = time.perf_counter()
    for room in args.room or ROOMS + STRUCTURED:
        if room in STRUCTURED:  # (XML and JavaScript: whole files renamed, one player at a time)
            with tempfile.TemporaryDirectory() as name:
                count, found = structured_differences(corpus / room, Path(name))
            for line in found[:3]:
                print(f"  {room}: {line}")
            total_copies += count
            failed += len(found)
            print(f"{room}: {count:,} renamed files, {len(found)} with other findings", flush=True)
            continue
        counts: Counter[str] = Counter()
        originals, copies = sample(corpus / room, limit=0, every_player=True, counts=counts)
        seated += counts["seated"]
        renamed += counts["renamed"]
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            expected = findings(originals, folder / "originals.txt")
            changed = 0
            count = 0
            for index, hostile in enumerate(HOSTILE):
                count += len(copies[hostile])
                found = differences(expected, copies[hostile], folder / f"renamed{index}.txt")
                changed += len(found)
                for line in found[:3]:
                    print(f"  {room} {hostile!r}: {line}")
        total_copies += count
        failed += changed
        print(
            f"{room}: {len(originals):,} hands, {counts['renamed']:,} of {counts['seated']:,} seated players renamed,"
            f" {count:,} renamed copies, {changed} with other findings",
            flush=True,
        )
    seconds = time.perf_counter() - started
    if seated:
        print(f"text rooms: {renamed:,} of {seated:,} seated players renamed ({renamed / seated:.1%})")
    print(f"all: {total_copies:,} renamed copies, {failed} with other findings ({seconds:,.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
