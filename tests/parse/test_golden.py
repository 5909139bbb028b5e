"""The parser's output is pinned: every record from the corpus and from a fixed set of damaged hands must
match tests/parse/golden/pokerstars.jsonl field by field. Regenerate with tests/parse/make_golden.py
only for an intended, reviewed change."""

from __future__ import annotations

import json
from collections import Counter

from corpus_paths import require_corpus

from .fingerprint import GOLDEN, all_fingerprints


def test_parse_output_matches_golden(tmp_path):
    root = require_corpus()
    expected = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    actual = all_fingerprints(root, tmp_path)

    def key(line):
        return (line["file"], line["index"])

    old = {key(line): line for line in expected}
    new = {key(line): line for line in actual}
    problems = [f"missing: {k}" for k in old.keys() - new.keys()]
    problems += [f"new record: {k} {new[k]['type']} line {new[k]['line']}" for k in new.keys() - old.keys()]
    moved: Counter[str] = Counter()
    for k in sorted(old.keys() & new.keys()):
        before, after = old[k], new[k]
        if before["sha"] == after["sha"] and before["fields"] == after["fields"]:
            continue
        fields = sorted(
            name
            for name in before["fields"].keys() | after["fields"].keys()
            if before["fields"].get(name) != after["fields"].get(name)
        )
        moved.update(fields)
        problems.append(f"changed: {k[0]} #{k[1]} (line {after['line']}, hand {after['hand_id']}): {fields}")
    assert not problems, (
        f"{len(problems)} record(s) differ from the golden file (fields moved: {dict(moved)}):\n"
        + "\n".join(problems[:40])
    )
