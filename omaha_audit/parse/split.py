"""Split a file's text into hand blocks by the rooms' hand headers.

A block runs from a header line to the line before the next header, or to the first blank line after
its `*** SUMMARY ***` line. Text that belongs to no hand (junk before the first header, lines after a
summary) becomes a `stray` block, so nothing in a file goes unreported. Tournament summary files
(`PokerStars Tournament #...` with no hands) are recognised as such.

The splitter works on the text (what `reader.read_texts` yields): header lines, the summary line and
the blank line after it are found by regex searches over the text, so a hand costs a few searches and
one split into lines, not a step per line. Text outside hands, rare, is read line by line.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from omaha_audit.parse.lexer import literal_starts
from omaha_audit.parse.reader import text_lines

# Rooms that write the PokerStars text format, with the word they put first on the header line.
POKERSTARS_FAMILY_HEADER: Final = re.compile(
    r"\s*(?P<room>PokerStars|Run It Once Poker|MPLPoker)"
    r" (?:Zoom |Home Game |Rush )?(?:Hand|Game) #"
)
# Other rooms' hand headers: recognised so that their hands are counted and reported, not lost.
OTHER_HEADERS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("888poker", re.compile(r"\s*#Game No\s*:")),
    ("partypoker", re.compile(r"\s*\*{5} Hand History [Ff]or Game")),
    ("winamax", re.compile(r"\s*Winamax Poker - ")),
    ("fulltilt", re.compile(r"\s*Full Tilt Poker Game #")),
    ("ggpoker", re.compile(r"\s*Poker Hand #[A-Z]{0,3}\d+:")),
)
TOURNAMENT_SUMMARY: Final = re.compile(r"\s*PokerStars Tournament #\d+")
SUMMARY_MARK: Final = "*** SUMMARY ***"

# All the headers above as one pattern (group `h<n>` matched for the n-th room).
_HEADERS: Final = (("pokerstars-format", POKERSTARS_FAMILY_HEADER), *OTHER_HEADERS)
_ANY_HEADER: Final = re.compile(
    "|".join(f"(?P<h{n}>{pattern.pattern})" for n, (_, pattern) in enumerate(_HEADERS)).replace("(?P<room>", "(?:")
)
# Words a header starts with after its leading white space (the first characters of every fixed text a
# header can start with): a line starting with one of them is then checked as a whole.
_HEADER_WORDS: Final = sorted(
    {key[:5] for _, header in _HEADERS for key in literal_starts(header.pattern.removeprefix(r"\s*"))}
)
_WORDS: Final = "|".join(map(re.escape, _HEADER_WORDS)) if "" not in _HEADER_WORDS else ""
_FIRST_LINE_WORD: Final = re.compile(rf"[^\S\n]*(?:{_WORDS})")
_LINE_WORD: Final = re.compile(rf"\n[^\S\n]*(?:{_WORDS})")
_ROOM_OF_GROUP: Final = {f"h{n}": room for n, (room, _) in enumerate(_HEADERS)}
# (a segment starts with its header, so the summary line follows a line end; so does a blank line)
_SUMMARY_LINE: Final = re.compile("\n" + re.escape(SUMMARY_MARK))
_BLANK_LINE: Final = re.compile(r"\n[^\S\n]*(?=\n|\Z)")


@dataclass(slots=True, init=False)
class Block:
    """Consecutive lines of one file. `kind` is hand, stray or tournament-summary."""

    kind: str
    path: str
    first_line: int
    lines: list[str]
    room: str

    def __init__(self, kind: str, path: str, first_line: int, lines: list[str], room: str = "") -> None:
        # (written out: compiled, the __init__ that dataclasses generates runs interpreted)
        self.kind = kind
        self.path = path
        self.first_line = first_line
        self.lines = lines
        self.room = room

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1


def header_room(line: str) -> str | None:
    """The room whose hand header `line` is, or None."""
    match = _ANY_HEADER.match(line)
    return None if match is None else _ROOM_OF_GROUP[match.lastgroup or ""]


def split_texts(path: str, texts: Iterable[str], first_line: int = 1) -> Iterator[Block]:
    """Blocks of a text given in pieces of whole lines (normalised: LF line ends, no BOMs), whose first
    line is number `first_line`."""
    outside = _Outside(path)
    pending = ""  # text from the last header on: a hand that may go on in the next piece
    number = first_line  # the number of the first line of `pending`, or of the next text
    room = ""
    for text in texts:
        headers = _header_lines(text)
        start = 0
        for position, header in headers:
            if pending or position:
                segment = pending + text[start:position] if pending else text[start:position]
                if room:
                    if outside.current is not None:
                        yield from outside.close()
                    block, end, line_count = _hand(path, segment, number, room)
                    yield block
                    number += line_count
                    segment = segment[end:]
                if segment and not (outside.current is None and segment.isspace()):
                    number = yield from outside.feed(segment, number)
                else:
                    number += segment.count("\n")
            pending, start, room = "", position, header
        rest = text[start:]
        if headers or pending:
            pending += rest
        else:  # no hand going on: outside text, read now so that memory stays flat
            number = yield from outside.feed(rest, number)
    if pending:
        if outside.current is not None:
            yield from outside.close()
        block, end, line_count = _hand(path, pending, number, room)
        yield block
        yield from outside.feed(pending[end:], number + line_count)
    yield from outside.close()


def _header_lines(text: str) -> list[tuple[int, str]]:
    """(start, room) of the header lines of a text, in order."""
    starts = [match.start() + 1 for match in _LINE_WORD.finditer(text)]
    if _FIRST_LINE_WORD.match(text):
        starts.insert(0, 0)
    found: list[tuple[int, str]] = []
    for start in starts:
        end = text.find("\n", start)
        room = header_room(text[start : end if end >= 0 else len(text)].rstrip())
        if room is not None:
            found.append((start, room))
    return found


def _hand(path: str, segment: str, number: int, room: str) -> tuple[Block, int, int]:
    """The hand at the start of a segment (its header to the line before the next header), where it
    ends (at the first blank line after its summary line, else with the segment) and how many lines
    that is."""
    end = len(segment)
    summary = _SUMMARY_LINE.search(segment)
    if summary is not None:
        blank = _BLANK_LINE.search(segment, summary.end())
        if blank is not None and blank.start() + 1 < len(segment):  # (the end of the text is not a line)
            end = blank.start() + 1
    lines = text_lines(segment[:end])
    # its line ends, counted: text_lines drops what follows the last line end when that is nothing
    count = len(lines) if not lines or segment[end - 1] == "\n" else len(lines) - 1
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
    return Block("hand", path, number, lines, room), end, count


class _Outside:
    """Text outside hands, line by line: a run of lines up to a blank line is a stray block; a
    tournament summary runs on to the next hand header."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.current: Block | None = None

    def feed(self, text: str, number: int) -> Generator[Block, None, int]:
        """Blocks completed by this text. Returns the number of the line after it."""
        if not text:
            return number
        current = self.current
        if current is None and text.isspace():
            return number + text.count("\n") + (not text.endswith("\n"))
        for line in text_lines(text):
            if current is None:
                if line:
                    kind = "tournament-summary" if TOURNAMENT_SUMMARY.match(line) else "stray"
                    current = Block(kind, self.path, number, [line])
            elif not line and current.kind == "stray":
                yield _trimmed(current)
                current = None
            else:
                current.lines.append(line)
            number += 1
        self.current = current
        return number

    def close(self) -> Iterator[Block]:
        if self.current is not None:
            yield _trimmed(self.current)
            self.current = None


def split_chunks(path: str, chunks: Iterable[list[str]]) -> Iterator[Block]:
    """Blocks of runs of consecutive lines numbered from 1 (what `reader.read_chunks` yields)."""
    return split_texts(path, ("\n".join(lines) + "\n" for lines in chunks if lines))


def split_blocks(path: str, lines: Iterable[tuple[int, str]]) -> Iterator[Block]:
    """Blocks of numbered lines; the numbers must run on one by one (as `reader.read_lines` gives them)."""
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        return iter(())
    return split_texts(path, (text + "\n" for _, text in (first, *iterator)), first[0])


def _trimmed(block: Block) -> Block:
    while len(block.lines) > 1 and not block.lines[-1]:
        block.lines.pop()
    return block
