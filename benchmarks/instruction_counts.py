"""Print the machine instructions each stage costs per hand, counted by valgrind's callgrind tool.

Wall-clock and CPU-time rates on a shared machine vary by 10-15% from run to run; instruction counts do
not (the same program on the same input, with the same hash seed, executes the same instructions), so
they show what a change to the code saves. The input is the PLO file of parse_throughput.py (corpus
hands repeated with fresh ids).
Each stage runs twice under callgrind, on --hands hands and on one round of the distinct corpus hands,
and the difference divided by the difference in hands is the cost of a hand without the start-up
(imports, compiling the grammar, the evaluator's tables, which the first round builds).

Stages, each including the ones before it: `split` (read and split into hand blocks), `lex` (classify
every line), `check` (the grammar's LALR check), `parse` (the whole reader: the Hand objects) and
`audit` (parse, replay, settle, all rules). Needs valgrind; takes a few minutes.

    python benchmarks/instruction_counts.py [--hands 1000] [--stages split,lex,check,parse,audit]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

STAGES = ("split", "lex", "check", "parse", "audit")
_COLLECTED = re.compile(r"Collected : (\d+)")


def run_stage(stage: str, path: Path) -> int:
    """Count the hands of `path` through `stage` (this runs inside callgrind)."""
    from omaha_audit.model import Hand
    from omaha_audit.parse.reader import FileText, read_texts
    from omaha_audit.rooms import BY_NAME, SPLITTER, hand_source
    from omaha_audit.run.pipeline import Auditor

    if stage == "audit":
        return sum(1 for _ in Auditor(keep_text=False).audit_files([path]))
    source = hand_source()
    if stage == "parse":
        return sum(1 for item in source.read_file(path) if isinstance(item, Hand))
    reader = BY_NAME["pokerstars"].reader  # type: ignore[attr-defined]
    count = 0
    with path.open("rb") as stream:
        for block in SPLITTER.split_texts(str(path), read_texts(stream, FileText(str(path)))):
            if stage != "split":
                tokens = reader.classifier.tokens(enumerate(block.lines, block.first_line))[0]
                if stage == "check":
                    reader.checker.check([token[0] for token in tokens])
            count += 1
    return count


def instructions(stage: str, path: Path) -> int:
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--run",
        stage,
        str(path),
    ]
    # a fixed hash seed: with random ones, set and dict layouts (and so the counts) vary by about 1%
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=environment)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        sys.exit(f"instruction_counts: no count in callgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--stages", default=",".join(STAGES))
    parser.add_argument("--run", nargs=2, metavar=("STAGE", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        print(run_stage(args.run[0], Path(args.run[1])))
        return
    stages = [stage for stage in args.stages.split(",") if stage]
    unknown = [stage for stage in stages if stage not in STAGES]
    if unknown:
        parser.error(f"unknown stage(s) {', '.join(unknown)}; choose from {', '.join(STAGES)}")
    if shutil.which("valgrind") is None:
        sys.exit("instruction_counts: valgrind is not installed")
    from parse_throughput import build_file, corpus_dir, plo_hands

    texts = plo_hands(corpus_dir())
    with tempfile.TemporaryDirectory() as tmp:
        one, many = Path(tmp) / "one.txt", Path(tmp) / "many.txt"
        base = build_file(one, texts, 1)  # one round of the distinct hands
        hands = build_file(many, texts, max(args.hands, 2 * base))
        print(f"file: {hands} PLO hands ({len(texts)} distinct corpus hands repeated); instructions per hand:")
        previous = None
        for stage in stages:
            per_hand = (instructions(stage, many) - instructions(stage, one)) // (hands - base)
            step = f"  (+{per_hand - previous:,} over the stage before)" if previous is not None else ""
            print(f"{stage:<8}{per_hand:>14,}{step}")
            previous = per_hand


if __name__ == "__main__":
    main()
