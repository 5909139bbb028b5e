"""The long fuzz run (issue 19): mutated real inputs of every room family of the corpus, checked for
crashes, internal errors (OA104), lost hands, invalid JSON lines and findings that change with the hash
seed (tests/devtools/fuzz.py says how each is judged); then (issue 36) archives of those inputs under hostile
member names and chains of URLs that name nothing readable (tests/devtools/fuzz_archives.py). Prints one line
per family, and for archives and URLs, and exits 1 if anything was found, with the first inputs of each
failure written to --examples.

    python benchmarks/fuzz.py [--inputs 100000] [--family NAME]... [--archives 20000] [--urls 20000]
                              [--seed 1] [--batch 5000] [--examples DIR]
    python benchmarks/fuzz.py --cache 400 [--seed 1]
    python benchmarks/fuzz.py --outputs   # every output command onto every kind of target, every umask
                                          # (tests/devtools/fuzz_outputs.py), and stdout full or closed

`--cache N` runs N trials of bad cache entries instead (tests/devtools/fuzz.py fuzz_cache_files: the audit of
sample_histories/ and `rules`, each in a new process, with one entry of a warm cache made bad), and exits 1
if any changed a result, gave a traceback or ran a planted pickle.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # (devtools: test and benchmark code)

from devtools.fuzz import FAMILIES, Outcome, fuzz_cache_files, fuzz_family, seeds
from devtools.fuzz_archives import check_urls, fuzz_archives, fuzz_urls

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
    parser.add_argument("--archives", type=int, default=20_000, help="archives of hostile member names (0: none)")
    parser.add_argument("--urls", type=int, default=20_000, help="chains of URLs that read nothing (0: none)")
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
    runs: list[tuple[str, Callable[[], Outcome]]] = [
        (family, partial(fuzz_family, corpus, family, args.inputs, args.seed, args.batch))
        for family in args.family or sorted(FAMILIES)
    ]
    if args.archives:
        runs.append(("archives", partial(_archives, corpus, args.archives, args.seed)))
    if args.urls:
        runs.append(("urls", partial(_urls, args.urls, args.seed)))
    for name, run in runs:
        started = time.perf_counter()
        outcome = run()
        seconds = time.perf_counter() - started
        print(f"{name}: {outcome.report()} ({seconds:,.0f} s, {outcome.inputs / seconds:,.0f} inputs/s)", flush=True)
        if outcome.failed():
            failed = True
            args.examples.mkdir(parents=True, exist_ok=True)
            for kind, texts in outcome.examples.items():
                for number, text in enumerate(texts):
                    path = args.examples / f"{name}-{kind.replace(' ', '-')}-{number}.txt"
                    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return 1 if failed else 0


def _outputs(examples: Path) -> int:
    import tempfile

    from devtools.fuzz_outputs import all_cases, run_outputs

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


def _archives(corpus: Path, count: int, seed: int) -> Outcome:
    """`count` archives of real inputs (five a room folder, every family) under hostile member names."""
    texts = [found.text for family in sorted(FAMILIES) for found in seeds(corpus, family, 5)]
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fuzz-") as folder:
        return fuzz_archives(texts, count, seed, Path(folder))


def _urls(count: int, seed: int) -> Outcome:
    """`count` URLs: the list, then chains of two or three of them (`a::b`), drawn from a seeded stream."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fuzz-") as folder:
        urls = fuzz_urls(Path(folder))
        chains = ["::".join(rng.sample(urls, rng.randint(2, 3))) for _ in range(max(0, count - len(urls)))]
        return check_urls([*urls, *chains])


if __name__ == "__main__":
    raise SystemExit(main())
