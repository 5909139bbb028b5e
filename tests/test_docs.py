"""The README is a user guide with two set-up commands near its top; the rest is in docs/; and no text of the
project speaks of the work periods it was written in."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOCS = ("ARCHITECTURE.md", "RULES.md", "ROOMS.md", "PERFORMANCE.md", "CONTRIBUTING.md", "GUIDE.md", "RULE_CODES.md")
# Work-period wording ("this round", "an earlier round", "this stop"); a betting round is poker's, and fine.
WORK_PERIOD = re.compile(
    r"\bthis (?:round|stop)\b|\b(?:earlier|latest|previous) rounds?\b|\bthe round before\b",
    re.IGNORECASE,
)
SKIPPED_DIRS = {".git", "build", "dist", "node_modules", "__pycache__"}
TEXT_SUFFIXES = {".py", ".md", ".lark", ".toml", ".txt", ".html", ".j2", ".cfg", ".sh", ".yml", ".yaml", ".json"}


def test_the_readme_is_a_short_guide_with_two_commands() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = quick.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = block.strip().splitlines()
    assert len(commands) == 2
    assert "pip install ." in commands[0] and "omaha-audit audit sample_histories/" in commands[0]
    assert "pip install -e '.[test]'" in commands[1] and "pytest" in commands[1]
    assert text.index("## Quick start") < 1500  # near the top
    for name in DOCS:
        assert (REPO / "docs" / name).is_file(), name
        assert f"docs/{name}" in text, f"the README does not point to docs/{name}"


def _project_files() -> list[Path]:
    found = []
    for path in REPO.rglob("*"):
        parts = set(path.relative_to(REPO).parts)
        if parts & SKIPPED_DIRS or any(part.startswith(".venv") for part in parts):
            continue
        if path.is_file() and path.name != "test_docs.py" and (path.suffix in TEXT_SUFFIXES or path.name == "run"):
            found.append(path)
    return found


def test_no_text_speaks_of_work_periods() -> None:
    hits = []
    for path in _project_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if WORK_PERIOD.search(line):
                hits.append(f"{path.relative_to(REPO)}:{number}: {line.strip()[:100]}")
    assert not hits, "\n".join(hits)
