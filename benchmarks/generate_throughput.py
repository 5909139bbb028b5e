"""Print how fast `omaha-audit generate` writes hands on one core, and its peak memory.

Generates --hands hands (default 100,000, all games and structures mixed, --fault-rate 0.1) to a
temporary file, then prints hands per second (CPU time of this process), megabytes written, and the
process's peak resident memory. With --trace N it also generates N and 4N hands under tracemalloc and
prints both Python heap peaks: hands stream to disk one at a time, so the only growth is the hand
evaluator's low-hand table, filled lazily and bounded (a few hundred kilobytes at most).

    python benchmarks/generate_throughput.py [--hands 100000] [--fault-rate 0.1] [--seed 1] [--trace 2000]
"""

from __future__ import annotations

import argparse
import gc
import io
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from omaha_audit.engine.evaluate import prepare_tables
from omaha_audit.generate import GenerateConfig, generate


class _Sink(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


def _traced_peak(hands: int, seed: int, fault_rate: float) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        generate(GenerateConfig(hands=hands, seed=seed, fault_rate=fault_rate), _Sink(), _Sink())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--fault-rate", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", type=int, default=0, help="also trace the heap for N and 4N hands")
    args = parser.parse_args()

    prepare_tables()
    config = GenerateConfig(hands=args.hands, seed=args.seed, fault_rate=args.fault_rate)
    with tempfile.TemporaryDirectory() as folder:
        text_path, labels_path = Path(folder) / "hands.txt", Path(folder) / "labels.jsonl"
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        with text_path.open("w", encoding="utf-8", newline="") as text, labels_path.open("w") as labels:
            summary = generate(config, text, labels)
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
        size = text_path.stat().st_size
    faulty = sum(summary.faults.values())
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"generated {summary.hands:,} hands ({faulty:,} with a dealer error, {summary.attempts:,} deals)")
    print(f"  {summary.hands / cpu:,.0f} hands/s CPU ({cpu:.1f} s CPU, {wall:.1f} s wall)")
    print(f"  {size / 1e6:,.1f} MB of text ({size / max(1, summary.hands):,.0f} bytes a hand)")
    print(f"  peak resident memory of the process: {peak_rss:,.1f} MB")
    if args.trace:
        _traced_peak(args.trace, args.seed, args.fault_rate)  # warm the evaluator's bounded caches
        small = _traced_peak(args.trace, args.seed + 1, args.fault_rate)
        large = _traced_peak(4 * args.trace, args.seed + 2, args.fault_rate)
        print(
            f"  Python heap peak (tracemalloc): {small / 1e6:.2f} MB for {args.trace:,} hands,"
            f" {large / 1e6:.2f} MB for {4 * args.trace:,} hands"
        )


if __name__ == "__main__":
    main()
