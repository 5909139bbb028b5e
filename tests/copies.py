"""The corpus written in an interchange format (OHH, PHH) and audited beside the originals: what a copy
raises that its original does not (tests/rooms/test_ohh.py, tests/rooms/test_phh.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

COMMAND = [sys.executable, "-c", "from omaha_audit.cli.app import main; main()"]


def findings(paths: list[str]) -> dict[tuple[str, str], set[str]]:
    """(room, hand id) -> the codes of the error and warning findings of `audit` on `paths`."""
    done = subprocess.run(
        [*COMMAND, "audit", *paths, "--format", "jsonl", "--fail-on", "never"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    found: dict[tuple[str, str], set[str]] = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if record.get("severity") in ("error", "warning") and "code" in record:
            found.setdefault((record["room"], record["hand_id"]), set()).add(record["code"])
    return found


def new_on_clean(root: Path, out: Path, to: str) -> tuple[set[tuple[str, str, str]], int]:
    """Every hand under `root` written as `to` into `out`, both audited: the (room, hand id, code) of the
    errors and warnings on copies whose original the audit finds clean, and how many copies have any."""
    done = subprocess.run(
        [*COMMAND, "convert", str(root), "--to", to, "--output", str(out)], capture_output=True, text=True, timeout=1200
    )
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr[-2000:]  # (1: some not written)
    original = findings([str(root)])
    copies = findings([str(out)])
    new = {
        (room, hand_id, code)
        for (room, hand_id), codes in copies.items()
        if not original.get((room, hand_id))
        for code in codes
    }
    return new, len(copies)
