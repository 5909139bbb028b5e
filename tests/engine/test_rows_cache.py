"""The Omaha evaluator's rank-pair rows kept in the user's cache folder (engine/evaluate/tables.py) give the
same evaluations as rows built afresh: when the file is written, when it is read, when it is damaged (built
again and replaced) and when the folder cannot be written. Each case runs in a fresh interpreter."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import json, random
from omaha_audit.engine.evaluate import evaluate_high
from omaha_audit.model import DECK
rng = random.Random(7)
deck = sorted(DECK, key=lambda card: card.index)
values = []
for _ in range(300):
    cards = rng.sample(deck, 4 + 5)
    values.append(repr(evaluate_high(cards[:4], cards[4:])))
print(json.dumps(values))
"""


def _evaluate(cache_home: Path) -> list[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    blocker = tmp_path_factory.mktemp("none") / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    return _evaluate(blocker)  # (no cache can be written: every row built)


def test_written_read_and_damaged_cache_give_the_fresh_values(tmp_path: Path, fresh: list[str]) -> None:
    assert len(set(fresh)) > 50
    assert _evaluate(tmp_path) == fresh  # (writes the cache)
    [cache] = list((tmp_path / "omaha-audit").glob("omaha-rows-*.marshal"))
    written = cache.read_bytes()
    assert len(written) > 1_000_000
    assert _evaluate(tmp_path) == fresh  # (reads it)
    damaged = bytearray(written)
    damaged[len(damaged) // 2] ^= 0xFF
    cache.write_bytes(bytes(damaged))
    assert _evaluate(tmp_path) == fresh  # (a damaged file: built again)
    assert cache.read_bytes() == written  # (and replaced)
    cache.write_bytes(b"short")
    assert _evaluate(tmp_path) == fresh


@pytest.mark.parametrize("change", ["scramble", "short"])
def test_rows_behind_a_digest_anyone_can_compute_are_not_trusted(tmp_path: Path, fresh: list[str], change: str) -> None:
    """Issue 36 (S02): the entry was trusted on a plain SHA-256 before its contents, which whoever can
    write the file recomputes, and only two rows were compared with rows built afresh: rows altered but
    those two, behind a right digest, changed every evaluation (wrong rankings, or internal errors). The
    entry is signed by this user's key now: such a file is not read, the rows are built and kept anew."""
    assert _evaluate(tmp_path) == fresh
    [cache] = list((tmp_path / "omaha-audit").glob("omaha-rows-*.marshal"))
    written = cache.read_bytes()
    rows = marshal.loads(written[32:])
    for index in range(len(rows)):
        if index not in (1, len(rows) - 2):
            rows[index] = rows[index][::-1] if change == "scramble" else rows[index][:1]
    payload = marshal.dumps(rows)
    cache.write_bytes(hashlib.sha256(payload).digest() + payload)
    assert _evaluate(tmp_path) == fresh
    assert cache.read_bytes() == written  # (built again, and the entry written anew)


def test_no_home_folder_is_no_cache(fresh: list[str], tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("HOME", "XDG_CACHE_HOME")}
    # (a user the password database does not know, and no HOME: Path.home() raises)
    probe = "import pathlib\npathlib.Path.home = lambda: (_ for _ in ()).throw(RuntimeError('no home'))\n" + PROBE
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout) == fresh
