"""Read a large iPoker file (about 1 GB by default) and show that the reader's memory does not grow with it:
hands/s and the process's peak resident memory.

The file is one `<session>`: the head of the corpus's 28-hand PLO session (`iPoker/fpdb-3/cash/Flop/
PLO-USD-0.01-0.02-201108.Sample.txt`), then its games again and again, each with a fresh game code, until
the file holds --size-mb megabytes; `--generated` writes the generator's iPoker hands instead (a session
per hand, as the writer writes them). The file is written first, then read once through the iPoker format
(`read_path`: the bytes cut into games, each parsed and made a hand, then dropped), timed on this process's
CPU; the peak resident memory (`resource.getrusage`) is printed before and after the read. The same read of
a file a tenth the size shows the same peak: the reader holds a chunk and a game, not the file.

    python benchmarks/ipoker_memory.py [--size-mb 1000] [--generated] [--keep FILE]
"""

from __future__ import annotations

import argparse
import io
import os
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

import omaha_audit
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Hand
from omaha_audit.rooms import BY_NAME

REPO = Path(__file__).resolve().parents[1]
SAMPLE = Path("iPoker/fpdb-3/cash/Flop/PLO-USD-0.01-0.02-201108.Sample.txt")
GAME = re.compile(rb'<game gamecode="\d+".*?</game>', re.DOTALL)
CODE = re.compile(rb'gamecode="\d+"')


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # (kilobytes on Linux)


def corpus_games() -> tuple[bytes, list[bytes]]:
    override = os.environ.get("OMAHA_AUDIT_CORPUS")
    root = Path(override) if override else REPO.parent / "shared" / "corpus"
    if not (root / SAMPLE).is_file():
        sys.exit(f"ipoker_memory: no {SAMPLE} under {root} (set OMAHA_AUDIT_CORPUS, or use --generated)")
    data = (root / SAMPLE).read_bytes()
    return data[: data.index(b"<game ")], GAME.findall(data)


def write_corpus_file(path: Path, size: int) -> int:
    """One session: the sample's head, its games repeated with fresh codes until `size` bytes."""
    head, games = corpus_games()
    written, code = 0, 400_000_000_000
    with path.open("wb") as out:
        out.write(head)
        while out.tell() < size:
            for game in games:
                out.write(CODE.sub(b'gamecode="%d"' % code, game, count=1) + b"\n")
                code += 1
                written += 1
        out.write(b"</session>\n")
    return written


def write_generated_file(path: Path, size: int) -> int:
    """The generator's iPoker hands (clean, every game), a thousand at a time, until `size` bytes."""
    written, seed = 0, 1
    with path.open("w", encoding="utf-8", newline="") as out:
        while out.tell() < size:
            text, labels = io.StringIO(), io.StringIO()
            generate(GenerateConfig(hands=1_000, seed=seed, room="ipoker"), text, labels)
            out.write(text.getvalue())
            written += 1_000
            seed += 1
    return written


def read(path: Path) -> tuple[int, float]:
    """(hands read, CPU seconds) of one read of the file."""
    start = time.process_time()
    hands = sum(1 for item in BY_NAME["ipoker"].read_path(path) if isinstance(item, Hand))
    return hands, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size-mb", type=int, default=1000, help="the file's size (default 1000 MB)")
    parser.add_argument("--generated", action="store_true", help="the generator's hands, not the corpus's")
    parser.add_argument("--keep", type=Path, help="write the file here and keep it")
    args = parser.parse_args()
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    with tempfile.TemporaryDirectory() as scratch:
        for size_mb in (max(1, args.size_mb // 10), args.size_mb):
            path = args.keep if args.keep and size_mb == args.size_mb else Path(scratch) / f"ipoker-{size_mb}.xml"
            write = write_generated_file if args.generated else write_corpus_file
            written = write(path, size_mb << 20)
            size = path.stat().st_size
            before = peak_mb()
            hands, seconds = read(path)
            print(
                f"{size / (1 << 20):>8,.0f} MB, {written:,} games: read {hands:,} hands in {seconds:,.1f} s CPU"
                f" = {hands / seconds:,.0f} hands/s; peak RSS {before:,.1f} MB before the read,"
                f" {peak_mb():,.1f} MB after"
            )
            if hands != written:
                print(f"hand count differs: written {written}, read {hands}", file=sys.stderr)
                return 1
            if path != args.keep:
                path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
