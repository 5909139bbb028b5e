"""Split a stream of lines into hand blocks by the rooms' hand headers.

A block runs from a header line to the line before the next header, or to the first blank line after
its `*** SUMMARY ***` section. Text that belongs to no hand (junk before the first header, lines after
a summary) becomes a `stray` block, so nothing in a file goes unreported. Tournament summary files
(`PokerStars Tournament #...` with no hands) are recognised as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

# Rooms that write the PokerStars text format, with the word they put first on the header line.
POKERSTARS_FAMILY_HEADER = re.compile(
    r"\s*(?P<room>PokerStars|Run It Once Poker|MPLPoker)"
    r" (?:Zoom |Home Game |Rush )?(?:Hand|Game) #"
)
# Other rooms' hand headers: recognised so that their hands are counted and reported, not lost.
OTHER_HEADERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("888poker", re.compile(r"\s*#Game No\s*:")),
    ("partypoker", re.compile(r"\s*\*{5} Hand History [Ff]or Game")),
    ("winamax", re.compile(r"\s*Winamax Poker - ")),
    ("fulltilt", re.compile(r"\s*Full Tilt Poker Game #")),
    ("ggpoker", re.compile(r"\s*Poker Hand #[A-Z]{0,3}\d+:")),
)
TOURNAMENT_SUMMARY = re.compile(r"\s*PokerStars Tournament #\d+")
SUMMARY_MARK = "*** SUMMARY ***"


@dataclass(slots=True)
class Block:
    """Consecutive lines of one file. `kind` is hand, stray or tournament-summary."""

    kind: str
    path: str
    first_line: int
    lines: list[str] = field(default_factory=list)
    room: str = ""

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1


def header_room(line: str) -> str | None:
    """The room whose hand header `line` is, or None."""
    if not line:
        return None
    match = POKERSTARS_FAMILY_HEADER.match(line)
    if match:
        return "pokerstars-format"
    for room, pattern in OTHER_HEADERS:
        if pattern.match(line):
            return room
    return None


def split_blocks(path: str, lines: Iterable[tuple[int, str]]) -> Iterator[Block]:
    current: Block | None = None
    in_summary = False
    for number, line in lines:
        room = header_room(line) if line[:1] in _HEADER_FIRST_CHARS or line[:1].isspace() else None
        if room is not None:
            if current is not None:
                yield _trimmed(current)
            current = Block("hand", path, number, [line], room)
            in_summary = False
        elif current is None:
            if line:
                kind = "tournament-summary" if TOURNAMENT_SUMMARY.match(line) else "stray"
                current = Block(kind, path, number, [line])
        elif not line and (current.kind == "stray" or (current.kind == "hand" and in_summary)):
            yield _trimmed(current)
            current = None
        else:
            current.lines.append(line)
            if line.startswith(SUMMARY_MARK) and current.kind == "hand":
                in_summary = True
    if current is not None:
        yield _trimmed(current)


_HEADER_FIRST_CHARS = frozenset("PRMW#*F")  # first letters of every header above


def _trimmed(block: Block) -> Block:
    while len(block.lines) > 1 and not block.lines[-1]:
        block.lines.pop()
    return block
