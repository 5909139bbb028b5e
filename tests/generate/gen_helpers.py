"""Shared helpers for the generator tests: generate into memory, read back through the parser."""

from __future__ import annotations

import io
import json
from pathlib import Path

from omaha_audit.generate import GenerateConfig, GenerateSummary, generate
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.rooms import hand_source


def generate_text(config: GenerateConfig) -> tuple[str, list[dict], GenerateSummary]:
    text, labels = io.StringIO(), io.StringIO()
    summary = generate(config, text, labels)
    return text.getvalue(), [json.loads(line) for line in labels.getvalue().splitlines()], summary


def read_back(text: str, directory: Path, name: str = "generated.txt") -> list[Hand | UnreadableHand]:
    path = directory / name
    path.write_text(text, encoding="utf-8", newline="")
    items = list(hand_source().read_file(path))
    for item in items:
        assert isinstance(item, (Hand, UnreadableHand)), item
    return items  # type: ignore[return-value]


def problems(items: list) -> list[str]:
    """Unreadable hands and defects, as readable strings (empty when every hand read cleanly)."""
    found = []
    for item in items:
        if isinstance(item, UnreadableHand):
            found.append(f"line {item.line}: {item.reason}")
        elif item.defects or item.truncated:
            found.append(f"{item.hand_id}: defects {item.defects} truncated {item.truncated}")
    return found
