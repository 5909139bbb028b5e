"""Model dumps and fingerprints for the parse golden file (shared by make_golden.py and test_golden.py).

A dump is the whole model of a record (every field of every node, recursively) as JSON-ready data,
with source paths made relative so the golden file does not depend on where the corpus lives. The
golden file keeps, per record, a hash of the whole dump and a short hash of each top-level field, so a
change shows which hand and which field moved.

Besides the corpus, a fixed set of damaged hands (made here with a tiny deterministic generator, no
`random` module so the set never changes between Python versions, from the first hands of the corpus files
listed in golden/damaged_sources.txt, so that it does not change when the corpus grows) pins the error
paths: defects, truncation, unreadable hands.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from omaha_audit.model import Card, Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.report.hand_json import hand_record, unreadable_record
from omaha_audit.rooms import hand_source

GOLDEN = Path(__file__).resolve().parent / "golden" / "pokerstars.jsonl"
DAMAGED_SOURCES = GOLDEN.with_name("damaged_sources.txt")


def dump(value: Any, root: str) -> Any:
    """Every field of a model value, recursively; `path` strings made relative to `root`."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"@": type(value).__name__}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if field.name == "path" and isinstance(item, str):
                item = _relative(item, root)
            out[field.name] = dump(item, root)
        return out
    if isinstance(value, (tuple, list)):
        return [dump(item, root) for item in value]
    if isinstance(value, dict):
        return {str(key): dump(item, root) for key, item in value.items()}
    return value


def _relative(path: str, root: str) -> str:
    return path[len(root) :].lstrip("/\\") if path.startswith(root) else path


def digest(data: Any, size: int = 16) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:size]


def fingerprint(item: Hand | UnreadableHand | FileNotice, root: str, label: str, index: int) -> dict[str, Any]:
    """The golden line for one record: identity, whole-record hash, and a short hash per field."""
    data = dump(item, root)
    # a short hash per field, left out for empty fields (None, False, 0, "", []) to keep the file small
    fields = {name: digest(value, 8) for name, value in data.items() if name != "@" and value}
    if isinstance(item, Hand):
        record = hand_record(item)
        record["source"]["path"] = _relative(record["source"]["path"], root)
        fields["@json"] = digest(record, 8)
    elif isinstance(item, UnreadableHand):
        record = unreadable_record(item)
        record["source"]["path"] = _relative(record["source"]["path"], root)
        fields["@json"] = digest(record, 8)
    line = item.source.line if isinstance(item, Hand) else getattr(item, "first_line", 0)
    return {
        "file": label,
        "index": index,
        "type": data["@"],
        "line": line,
        "hand_id": getattr(item, "hand_id", None),
        "sha": digest(data),
        "fields": fields,
    }


def read_all(path: Path, root: Path, label: str, source: HandSource) -> Iterator[dict[str, Any]]:
    for index, item in enumerate(source.read_file(path)):
        yield fingerprint(item, str(root), label, index)


# ---- damaged hands ---------------------------------------------------------------------------------


class Lcg:
    """A 64-bit linear congruential generator: the same numbers on every platform and Python version."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def below(self, bound: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % max(bound, 1)


GARBAGE = (
    b"\x00\x01\x02garbage",
    b"Seat 1: ",
    b"*** FLOP *** [",
    b"Player1: raises $ to $",
    b"\xff\xfe\x80\x81",
    b"collected",
    b"PokerStars Hand #",
    b"*** SUMMARY ***",
    b"Total pot $x | Rake",
    "caf\u00e9 \u20ac".encode("cp1252"),
)


def damage(hand: bytes, rng: Lcg) -> bytes:
    """One to three line- or byte-level mutations of a hand's bytes."""
    lines = hand.split(b"\n")
    for _ in range(1 + rng.below(3)):
        op = rng.below(7)
        at = rng.below(len(lines))
        if op == 0 and len(lines) > 1:
            del lines[at]
        elif op == 1:
            lines.insert(at, GARBAGE[rng.below(len(GARBAGE))])
        elif op == 2:
            lines = lines[: max(1, at)]  # cut off
        elif op == 3:
            lines.insert(at, lines[at])  # duplicated line
        elif op == 4:
            line = lines[at]
            if line:
                cut = rng.below(len(line))
                lines[at] = line[:cut] + GARBAGE[rng.below(len(GARBAGE))] + line[cut + 1 :]
        elif op == 5:
            lines[at], lines[-1 - at % len(lines)] = lines[-1 - at % len(lines)], lines[at]
        else:
            lines[at] = lines[at].decode("utf-8", "replace").encode("utf-16-le")
    return b"\n".join(lines)


def damaged_sources() -> list[str]:
    """The corpus files (relative paths) the damaged hands are made from: a fixed list, so that the damaged
    set stays the same when the corpus grows (the first hand of each PokerStars file that started with a
    header when the list was made)."""
    text = DAMAGED_SOURCES.read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def sample_hands(root: Path) -> list[bytes]:
    """Raw bytes of the first hand of every file of `damaged_sources()`, in that order."""
    hands: list[bytes] = []
    for name in damaged_sources():
        raw = (root / name).read_bytes().replace(b"\r\n", b"\n")
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        if not raw.startswith((b"PokerStars Hand", b"PokerStars Game", b"Run It Once", b"MPLPoker")):
            raise ValueError(f"{name}: does not start with a PokerStars-format header")
        hands.append(raw.split(b"\n\n\n")[0].strip(b"\n") + b"\n")
    return hands


def damaged_files(root: Path, count: int = 240, seed: int = 2024) -> list[tuple[str, bytes]]:
    rng = Lcg(seed)
    hands = sample_hands(root)
    return [(f"damaged-{number:03d}.txt", damage(hands[number % len(hands)], rng)) for number in range(count)]


def all_fingerprints(root: Path, scratch: Path) -> list[dict[str, Any]]:
    """The golden lines: every corpus PokerStars file, then the damaged hands (written into `scratch`)."""
    source = hand_source()
    out: list[dict[str, Any]] = []
    for path in sorted((root / "PokerStars").rglob("*.txt")):
        label = path.relative_to(root).as_posix()
        out.extend(read_all(path, root, label, source))
    for name, data in damaged_files(root):
        path = scratch / name
        path.write_bytes(data)
        out.extend(read_all(path, scratch, name, source))
    return out
