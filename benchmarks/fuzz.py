"""The long fuzz run (issue 19): mutated real inputs of every room family of the corpus, checked for
crashes, internal errors (OA104), lost hands, invalid JSON lines and findings that change with the hash
seed (omaha_audit/fuzz.py says how each is judged). Prints one line per family and exits 1 if anything
was found, with the first inputs of each failure written to --examples.

    python benchmarks/fuzz.py [--inputs 100000] [--family NAME]... [--seed 1] [--batch 5000] [--examples DIR]
    python benchmarks/fuzz.py --cache 400 [--seed 1]
    python benchmarks/fuzz.py --outputs   # every output command onto every kind of target, every umask
                                          # (omaha_audit/fuzz_outputs.py), and stdout full or closed

`--cache N` runs N trials of bad cache entries instead (omaha_audit/fuzz.py fuzz_cache_files: the audit of
sample_histories/ and `rules`, each in a new process, with one entry of a warm cache made bad), and exits 1
if any changed a result, gave a traceback or ran a planted pickle.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from omaha_audit.fuzz import FAMILIES, fuzz_cache_files, fuzz_family

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="mutated inputs per family")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES), help="default: every family")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=5_000, help="inputs per hash-seed comparison")
    parser.add_argument("--examples", type=Path, default=Path("fuzz-examples"))
    parser.add_argument("--cache", type=int, default=0, metavar="N", help="N trials of bad cache entries instead")
    parser.add_argument("--outputs", action="store_true", help="fuzz the outputs instead of the readers")
    args = parser.parse_args()
    if args.cache:
        started = time.perf_counter()
        found = fuzz_cache_files(sorted((REPO / "sample_histories").glob("*.txt")), args.cache, args.seed)
        print(f"cache: {found.report()} ({time.perf_counter() - started:,.0f} s)", flush=True)
        for example in found.examples[:10]:
            print(f"  {example}")
        return 1 if found.failed() else 0
    if args.outputs:
        return _outputs(args.examples)
    override = os.environ.get("OMAHA_AUDIT_CORPUS")
    corpus = Path(override) if override else REPO.parent / "shared" / "corpus"
    if not corpus.is_dir():
        sys.exit(f"fuzz: no corpus at {corpus} (set OMAHA_AUDIT_CORPUS)")
    failed = False
    for family in args.family or sorted(FAMILIES):
        started = time.perf_counter()
        outcome = fuzz_family(corpus, family, args.inputs, args.seed, args.batch)
        seconds = time.perf_counter() - started
        print(f"{family}: {outcome.report()} ({seconds:,.0f} s, {outcome.inputs / seconds:,.0f} inputs/s)", flush=True)
        if outcome.failed():
            failed = True
            args.examples.mkdir(parents=True, exist_ok=True)
            for kind, texts in outcome.examples.items():
                for number, text in enumerate(texts):
                    name = f"{family}-{kind.replace(' ', '-')}-{number}.txt"
                    (args.examples / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    return 1 if failed else 0


def _outputs(examples: Path) -> int:
    import tempfile

    from omaha_audit.fuzz_outputs import all_cases, run_outputs

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fuzz-outputs-") as scratch:
        outcome = run_outputs(Path(scratch), list(all_cases()))
    print(f"outputs: {outcome.report()} ({time.perf_counter() - started:,.0f} s)", flush=True)
    if not outcome.failed():
        return 0
    examples.mkdir(parents=True, exist_ok=True)
    for kind, texts in outcome.examples.items():
        for number, text in enumerate(texts):
            (examples / f"outputs-{kind.replace(' ', '-')}-{number}.txt").write_text(text, encoding="utf-8")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
