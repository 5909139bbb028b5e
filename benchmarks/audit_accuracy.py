"""Generate hands with and without injected dealer errors, audit them, and print per fault kind the
recall, plus the error/warning findings on clean hands (false alarms), with throughput and peak memory.

    python benchmarks/audit_accuracy.py [--faulty 20000] [--clean 100000] [--seed 1] [--room R]...

Defaults follow issue 5: 20,000 hands at fault rate 1 (19 kinds, so every kind about 1,050 times) and
100,000 clean hands across all games and structures. `--million` instead generates and audits one file
of 1,000,000 hands (fault rate 0.1) and reports hands/s and peak memory. `--room R` (repeatable, or
`--room all`) writes the same hands in room R's text (omaha_audit/generate/writers) and measures recall
through R's reader; the fault kinds R's text cannot show are listed, not injected.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from omaha_audit.accuracy import Accuracy, measure
from omaha_audit.generate import GenerateConfig
from omaha_audit.generate.writers import cannot_show, rooms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faulty", type=int, default=20_000)
    parser.add_argument("--clean", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--room", action="append", help="room whose text to write and read (default pokerstars)")
    args = parser.parse_args()
    wanted = args.room or ["pokerstars"]
    if "all" in wanted:
        wanted = list(rooms())
    status = 0
    for room in wanted:
        accuracy = Accuracy()
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            if args.million:
                config = GenerateConfig(hands=1_000_000, seed=args.seed, fault_rate=0.1, room=room)
                measure(work, config, accuracy)
            else:
                if args.faulty:
                    config = GenerateConfig(hands=args.faulty, seed=args.seed, fault_rate=1.0, room=room)
                    measure(work, config, accuracy)
                if args.clean:
                    config = GenerateConfig(hands=args.clean, seed=args.seed + 1, fault_rate=0.0, room=room)
                    measure(work, config, accuracy)
        hidden = ", ".join(sorted(cannot_show(room))) or "none"
        print(f"== room {room} (fault kinds its text cannot show: {hidden})")
        print(accuracy.report())
        hands = accuracy.hands
        print(
            f"hands: {hands:,}; generate {hands / accuracy.seconds_generate:,.0f} hands/s, audit (read, parse, "
            f"replay, all rules) {hands / accuracy.seconds_audit:,.0f} hands/s on one core; peak RSS "
            f"{accuracy.peak_rss_mb:,.0f} MB"
        )
        status = status or (0 if accuracy.perfect() else 1)
    return status


if __name__ == "__main__":
    sys.exit(main())
