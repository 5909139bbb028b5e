"""Print where the audit of a hand spends its time, stage by stage, on the corpus's PokerStars PLO hands
(the file of parse_throughput.py): the hand's context, then its replay, its settlement, every rule on it
(`audit_context`), and what the run adds for the rules across hands (the text's digest, the table row, the
copy key). Each line is cumulative: a fresh context per hand, each stage after the ones before, the hands
streamed as the audit streams them (nothing kept between hands), so the difference between two lines is the
cost of a stage. The parse itself is timed first, with the read and split beside it.

Best of --repeat, CPU time of this process, microseconds a hand.

    python benchmarks/audit_stages.py [--hands 4000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parse_throughput import build_file, corpus_dir, plo_hands, read_split

import omaha_audit
from omaha_audit.model import Hand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.split import Block
from omaha_audit.rooms import hand_source, words_for
from omaha_audit.rules.base import HandContext
from omaha_audit.rules.registry import audit_context
from omaha_audit.rules.tables import table_row, text_digest
from omaha_audit.run.pipeline import Auditor, copy_key

Item = tuple[Block, Hand, HouseRules]


def best(repeat: int, run: Callable[[], object]) -> float:
    seconds = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        seconds = min(seconds, time.process_time() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source = hand_source()
    auditor = Auditor(keep_text=False)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "plo.txt"
        written = build_file(path, plo_hands(corpus_dir()), args.hands)
        split = best(args.repeat, lambda: read_split(path))
        parse = best(args.repeat, lambda: sum(1 for item in source.read_file(path) if isinstance(item, Hand)))
        items: list[Item] = [
            (block, item, auditor.rules_for(item))
            for block, item in source.read_blocks(path, False)
            if block is not None and isinstance(item, Hand)
        ]
    gc.collect()
    gc.freeze()  # (the hands kept for the loops below are not the audit's: out of the collector's way)
    rules = auditor.rules

    def context(item: Item) -> HandContext:
        return HandContext(item[1], item[2], words_for(item[1]))

    def across(item: Item) -> None:
        ctx = context(item)
        audit_context(ctx, rules)
        table_row(ctx, 1, text_digest(item[0].lines))
        copy_key(item[1], b"01234567")

    stages: list[tuple[str, Callable[[Item], object]]] = [
        ("context", context),
        ("+ replay", lambda item: context(item).replay),
        ("+ settlement", lambda item: context(item).settlement),
        ("+ every rule (audit_context)", lambda item: audit_context(context(item), rules)),
        ("+ digest, table row, copy key", across),
    ]
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    print(f"{written:,} PLO hands; best of {args.repeat}, CPU time, microseconds a hand")
    print(f"{'read + split':<34}{split / written * 1e6:8.1f}")
    print(f"{'parse (read, split, model)':<34}{parse / written * 1e6:8.1f}")
    previous = 0.0
    for name, stage in stages:

        def run(stage: Callable[[Item], object] = stage) -> None:
            for item in items:
                stage(item)

        each = best(args.repeat, run) / len(items) * 1e6
        print(f"{name:<34}{each:8.1f}   ({each - previous:+.1f})")
        previous = each


if __name__ == "__main__":
    main()
