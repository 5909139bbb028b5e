"""Generate hands with and without injected dealer errors, audit them, and print per fault kind the
recall, plus the error/warning findings on clean hands (false alarms), with throughput and peak memory.

    python benchmarks/audit_accuracy.py [--faulty 20000] [--clean 100000] [--seed 1] [--room R]...

Defaults follow issue 5: 20,000 hands at fault rate 1 (19 kinds, so every kind about 1,050 times) and
100,000 clean hands across all games and structures. `--million` instead generates and audits one file
of 1,000,000 hands (fault rate 0.1) and reports hands/s and peak memory. `--room R` (repeatable, or
`--room all`) writes the same hands in room R's text (omaha_audit/generate/writers) and measures recall
through R's reader; the fault kinds R's text cannot show are listed, not injected.

`--sessions` measures the rules across hands (OA7xx) instead: --faulty hands of table sessions (--tables
tables open at once, 40% of them tournaments) at fault rate 0.5 with the continuity faults (every kind at
least 200 times with the default 12,000), then --clean hands of clean sessions (default 100,000), and prints
recall per continuity kind and every error or warning finding on the clean session hands (OA7xx and the
per-hand codes alike):

    python benchmarks/audit_accuracy.py --sessions [--faulty 12000] [--clean 100000] [--tables 8] [--room R]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from omaha_audit.accuracy import Accuracy, measure
from omaha_audit.generate import GenerateConfig
from omaha_audit.generate.faults_table import SESSION_ROOMS
from omaha_audit.generate.writers import cannot_show, rooms


def _sessions(hands: int, seed: int, fault_rate: float, tournaments: float, tables: int, room: str) -> GenerateConfig:
    return GenerateConfig(
        hands=hands,
        seed=seed,
        fault_rate=fault_rate,
        tournament_share=tournaments,
        sessions=True,
        tables=tables,
        room=room,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faulty", type=int, default=None, help="default 20,000 (--sessions: 12,000)")
    parser.add_argument("--clean", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--room", action="append", help="room whose text to write and read (default pokerstars)")
    parser.add_argument("--sessions", action="store_true", help="table sessions and the continuity faults")
    parser.add_argument("--tables", type=int, default=8, help="with --sessions: tables open at once")
    args = parser.parse_args()
    if args.faulty is None:
        args.faulty = 12_000 if args.sessions else 20_000
    wanted = args.room or ["pokerstars"]
    if "all" in wanted:
        wanted = [room for room in rooms() if room in SESSION_ROOMS] if args.sessions else list(rooms())
    status = 0
    for room in wanted:
        accuracy = Accuracy()
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            if args.sessions:
                if args.faulty:
                    measure(work, _sessions(args.faulty, args.seed, 0.5, 0.4, args.tables, room), accuracy)
                if args.clean:
                    measure(work, _sessions(args.clean, args.seed + 1, 0.0, 0.25, args.tables, room), accuracy)
            elif args.million:
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
        if args.sessions:
            print(f"== room {room}: table sessions ({SESSION_ROOMS[room].judged} button)")
        else:
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
