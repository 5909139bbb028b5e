"""Regenerate tests/parse/golden/pokerstars.jsonl from the current parser.

Run only when a change of the parse output is intended and reviewed:

    python tests/parse/make_golden.py            # write the golden file
    python tests/parse/make_golden.py --diff     # list the records that would change, write nothing
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from corpus_paths import corpus_root  # noqa: E402

from parse.fingerprint import GOLDEN, all_fingerprints  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--diff", action="store_true", help="show what would change; do not write")
    args = parser.parse_args()
    root = corpus_root()
    if root is None:
        print("make_golden: ../shared/corpus not found", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        lines = all_fingerprints(root, Path(scratch))
    text = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines)
    if args.diff:
        old = GOLDEN.read_text(encoding="utf-8").splitlines() if GOLDEN.exists() else []
        new = text.splitlines()
        changed = [n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
        print(f"{len(old)} old, {len(new)} new records; {len(changed)} changed", file=sys.stderr)
        for n in changed[:50]:
            print(f"- {old[n]}\n+ {new[n]}")
        return 1 if changed or len(old) != len(new) else 0
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {len(lines)} records to {GOLDEN}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
