"""Where the shared real-hand corpus lives: ../shared/corpus beside the repository (CI lays it there)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def corpus_root() -> Path | None:
    """The corpus folder, or None where it is absent (a user's fresh clone). OMAHA_AUDIT_CORPUS overrides."""
    override = os.environ.get("OMAHA_AUDIT_CORPUS")
    candidates = [Path(override)] if override else []
    candidates.append(REPO.parent / "shared" / "corpus")
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return None


CORPUS_MISSING = "../shared/corpus not found beside the repository: corpus tests skipped"


def require_corpus() -> Path:
    root = corpus_root()
    if root is None:
        if os.environ.get("CI"):
            pytest.fail("../shared/corpus is missing in CI: corpus tests must run there")
        pytest.skip(CORPUS_MISSING)
    return root


def pokerstars_files() -> list[Path]:
    """Every PokerStars-format hand-history text file in the corpus (tournament summaries included)."""
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / "PokerStars").rglob("*.txt"))


BIG_FOLDER = 2 << 20  # (a room folder of more bytes read end to end is an integration test: tests/conftest.py)


def folder_param(name: str) -> object:
    """A corpus room folder as a test parameter: marked `integration` (and so slow) when it holds more than
    BIG_FOLDER bytes, since a test that reads it all then reads megabytes."""
    folder = (corpus_root() or Path("/nonexistent")) / name
    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    return pytest.param(name, marks=pytest.mark.integration) if size > BIG_FOLDER else name
