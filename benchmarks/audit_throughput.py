"""Print end-to-end audit throughput (read, parse, replay, all rules) on one core for a 20,000-hand PLO
file, next to parse-only and raw read+split in the same run, the audit without the rules across hands
(OA7xx: the table sequences spilled to SQLite and judged at the end), and pokerkit replaying the same
hands when pokerkit is installed. The issue's bound: the rules across hands cost at most 15%.

The file is built from the corpus's complete PokerStars pot-limit Omaha hands, repeated with fresh hand
ids (see parse_throughput.py). Rates are best of --repeat, in CPU seconds of this process.

    python benchmarks/audit_throughput.py [--hands 20000] [--repeat 3] [--pokerkit-hands 2000]
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
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # (devtools: the pokerkit bridge)

from parse_throughput import build_file, corpus_dir, plo_hands, read_split

import omaha_audit
from omaha_audit.model import Hand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.registry import ALL_RULES, RULES, Rule, TableRule
from omaha_audit.run.pipeline import Auditor


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    best, count = float("inf"), 0
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        count = run()
        best = min(best, time.process_time() - start)
    return best, count


SOURCE = hand_source()  # compiling the grammar is start-up, not throughput
Auditor(keep_text=False)  # (the first one builds the grammar's parser)


def parse_only(path: Path) -> int:
    return sum(1 for item in SOURCE.read_file(path) if isinstance(item, Hand))


def audit_all(path: Path, rules: tuple[Rule | TableRule, ...] = ALL_RULES) -> int:
    """A fresh auditor each run: one auditor counts a hand it has read before as a copy (CT-5)."""
    auditor = Auditor(rules=rules, keep_text=False)
    return sum(1 for audited in auditor.audit_files([path]) if isinstance(audited.item, Hand) and not audited.copy)


def pokerkit_rate(path: Path, limit: int, repeat: int) -> tuple[float, int, int] | None:
    try:
        from devtools.pokerkit_bridge import replay_in_pokerkit
    except ImportError:
        return None
    hands = [item for item in hand_source().read_file(path) if isinstance(item, Hand)][:limit]

    def run() -> int:
        done = 0
        for hand in hands:
            if replay_in_pokerkit(hand) is not None:
                done += 1
        return done

    seconds, done = best_of(repeat, run)
    return seconds, done, len(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pokerkit-hands", type=int, default=2_000)
    args = parser.parse_args()
    texts = plo_hands(corpus_dir())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "plo.txt"
        written = build_file(path, texts, args.hands)
        size = path.stat().st_size
        print(f"file: {written} PLO hands ({len(texts)} distinct corpus hands repeated), {size / 1e6:.1f} MB")
        rows = []
        for name, run in (
            ("read + split", lambda: read_split(path)),
            ("parse only", lambda: parse_only(path)),
        ):
            seconds, count = best_of(args.repeat, run)
            rows.append((name, count / seconds))
        # the audits with and without the rules across hands take turns (on a shared machine the load
        # drifts: runs of one after runs of the other would measure the drift), best of each
        with_tables, without = float("inf"), float("inf")
        ratios = []
        for _ in range(args.repeat):
            first, count = best_of(1, lambda: audit_all(path))
            second, _count = best_of(1, lambda: audit_all(path, RULES))
            with_tables, without = min(with_tables, first), min(without, second)
            ratios.append(first / second - 1)
        rows.append(("audit end to end", count / with_tables))
        rows.append(("audit, no rules across hands", count / without))
        kit = pokerkit_rate(path, args.pokerkit_hands, 1)
    audit_rate = rows[2][1]
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    print(f"{'stage':<28}{'hands/s':>12}{'vs audit':>10}")
    for name, rate in rows:
        print(f"{name:<28}{rate:>12,.0f}{rate / audit_rate:>9.2f}x")
    if kit is None:
        print("pokerkit replay: not installed (pip install pokerkit)")
    else:
        seconds, done, tried = kit
        rate = done / seconds if seconds else 0.0
        print(f"{'pokerkit replay':<28}{rate:>12,.0f}{rate / audit_rate:>9.2f}x   ({done} of {tried} hands)")
    print("target: 4,000 hands/s end to end on one core")
    cost = rows[3][1] / audit_rate - 1
    median = sorted(ratios)[len(ratios) // 2]
    print(
        f"the rules across hands cost {cost:.1%} of the audit without them, best against best "
        f"(median of {len(ratios)} turns: {median:.1%}; bound: 15%)"
    )


if __name__ == "__main__":
    main()
