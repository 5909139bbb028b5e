"""A room client writing its hand histories, for the tests of `omaha-audit watch` (tests/test_watch.py) and
its latency figures (benchmarks/watch_latency.py): each table's hands appended to the table's own file, a
hand at a time, line by line with a flush after each line, as PokerStars' client does."""

from __future__ import annotations

import io
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from omaha_audit.generate import GenerateConfig, generate

_TABLE = re.compile(r"^Table '([^']+)'", re.MULTILINE)
_NUMBER = re.compile(r"#(\d+)")


@dataclass(frozen=True, slots=True)
class RoomHand:
    number: str  # the hand number
    table: str
    text: str  # the hand's lines, with the blank lines the room writes after it


def session_hands(hands: int, seed: int, fault_rate: float, tables: int = 3) -> list[RoomHand]:
    """Generated table sessions (stacks carried from hand to hand, continuity faults too), in deal order."""
    text, labels = io.StringIO(), io.StringIO()
    generate(GenerateConfig(hands=hands, seed=seed, fault_rate=fault_rate, sessions=True, tables=tables), text, labels)
    found = []
    for block in re.split(r"\n\s*\n\s*\n", text.getvalue()):
        if block.strip():
            table = _TABLE.search(block)
            number = _NUMBER.search(block)
            assert table is not None and number is not None, block[:200]
            found.append(RoomHand(number.group(1), table.group(1), block.strip("\n") + "\n\n\n"))
    return found


def table_file(folder: Path, table: str) -> Path:
    return folder / (re.sub(r"\W+", "_", table) + ".txt")


def write_hand(path: Path, hand: RoomHand, line_pause: float = 0.0) -> float:
    """Append one hand line by line, flushing each line; the time its last line was written."""
    with path.open("a", encoding="utf-8", newline="") as stream:
        for line in hand.text.splitlines(keepends=True):
            stream.write(line)
            stream.flush()
            if line_pause:
                time.sleep(line_pause)
        return time.time()


def write_room(
    folder: Path,
    hands: list[RoomHand],
    pause: tuple[float, float] = (0.02, 0.1),
    seed: int = 1,
    before: Callable[[int], None] | None = None,
    line_pause: float = 0.0,
) -> dict[str, float]:
    """Each hand appended to its table's file, with a pause between hands; `before(i)` runs before the
    i-th hand. Returns when each hand's last line was written, by hand number."""
    rng = random.Random(seed)
    written: dict[str, float] = {}
    for index, hand in enumerate(hands):
        if before is not None:
            before(index)
        written[hand.number] = write_hand(table_file(folder, hand.table), hand, line_pause)
        time.sleep(rng.uniform(*pause))
    return written
