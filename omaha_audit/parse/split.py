"""Split a file's text into hand blocks by the hand headers of the room formats it is given.

A block runs from a header line to the line before the next header, or to the first blank line after
its summary line (the line the format says starts a hand's summary). Text that belongs to no hand (junk
before the first header, lines after a summary) becomes a `stray` block, so nothing in a file goes
unreported. Files of a room that hold no hands (PokerStars' tournament summaries) are recognised by the
format's notice pattern and become `tournament-summary` blocks.

Room detection is per hand: every header names its format, so a file may mix rooms, and a file of one
room in another room's folder is read as what it is.

The splitter works on the text (what `reader.read_texts` yields): header lines, the summary line and
the blank line after it are found by regex searches over the text, so a hand costs a few searches and
one split into lines, not a step per line. Text outside hands, rare, is read line by line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from omaha_audit.parse.lexer import literal_starts
from omaha_audit.parse.reader import text_lines
from omaha_audit.parse.regex_programs import compile_kept

_BLANK_LINE: Final = re.compile(r"\n[^\S\n]*(?=\n|\Z)")
OUTSIDE_LINES: Final = 256  # the most lines of a block of text outside hands (the run goes on in the next)
OUTSIDE_CHARS: Final = 1 << 18  # the most characters of one (a longer line is a block of its own)
HAND_CHARS: Final = 1 << 20  # the most characters of a hand (what follows its header beyond is outside text)
_MOST_PREAMBLE_LINES: Final = 16  # a piece's last lines held over when they may be a header's preamble


@dataclass(frozen=True, slots=True)
class Marks:
    """What the splitter needs of a format: its name, the regex its hands' first line matches (from the
    line's start, after leading white space), the regex of the line that starts a hand's summary (None:
    a hand runs to the next header), the regex of the first line of a file-level record that holds
    no hands (None: the format has none), and a strict regex of a complete header line that is looked for
    in the middle of lines too: files concatenated from partial copies have a hand cut off mid-line and
    the next header right after it (None: headers only start lines). `preamble`: the regex of lines a format
    writes before its header that belong to the hand after them (blank lines may come between); another
    format's header on such a line is not one."""

    format: str
    header: str
    summary: str | None = None
    notice: str | None = None
    inline: str | None = None  # a whole header that may also follow a cut-off line on the same line
    preamble: str | None = None  # lines before the header that are the hand's (PartyPoker's `Game #N starts.`)


def _common_starts(texts: Iterable[str]) -> tuple[str, ...]:
    """Fewer texts to look for than `texts`, one of which each of them starts with: those that share their
    first five characters stand for their longest common start (`PokerStars Hand #`, `PokerStars Zoom Hand #`
    ... -> `PokerStars `), so a text is searched for a few times instead of once for every variant."""
    groups: dict[str, list[str]] = {}
    for text in texts:
        groups.setdefault(text[:5], []).append(text)
    # (character by character, as wanted here: these are texts, not paths)
    return tuple(sorted(os.path.commonprefix(group) for group in groups.values()))  # noqa: RUF071


@dataclass(slots=True, init=False)
class Block:
    """Consecutive lines of one file. `kind` is hand, stray or tournament-summary; `format` the room
    format whose header starts a hand block ("" for the others)."""

    kind: str
    path: str
    first_line: int
    lines: list[str]
    format: str

    def __init__(self, kind: str, path: str, first_line: int, lines: list[str], format: str = "") -> None:
        # (written out: compiled, the __init__ that dataclasses generates runs interpreted)
        self.kind = kind
        self.path = path
        self.first_line = first_line
        self.lines = lines
        self.format = format

    @property
    def last_line(self) -> int:
        return self.first_line + len(self.lines) - 1


class Splitter:
    """Splits texts into blocks by the headers of `formats` (tried in order: the first that matches a
    line names its format)."""

    def __init__(self, formats: Sequence[Marks]) -> None:
        self.formats = tuple(formats)
        headers = [(marks.format, marks.header) for marks in self.formats]
        # (every run builds the splitter: its regexes come from the programs kept across runs, parse/regex_programs.py)
        self.any_header = compile_kept(
            r"[^\S\n]*(?:" + "|".join(f"(?P<h{n}>{pattern})" for n, (_, pattern) in enumerate(headers)) + ")"
        )
        self.format_of_group = {f"h{n}": name for n, (name, _) in enumerate(headers)}
        # Words a header starts with (the first characters of every fixed text a header can start with):
        # a line starting with one of them is then checked as a whole.
        words = sorted({key[:5] for _, pattern in headers for key in literal_starts(pattern)})
        alternatives = "|".join(map(re.escape, words)) if "" not in words else ""
        self.first_line_word = compile_kept(rf"[^\S\n]*(?:{alternatives})")
        self.line_word = compile_kept(rf"\n[^\S\n]*(?:{alternatives})")
        self.summaries: dict[str, re.Pattern[str] | None] = {
            marks.format: compile_kept(r"\n[^\S\n]*(?:" + marks.summary + ")") if marks.summary else None
            for marks in self.formats
        }
        inline = [(marks.format, marks.inline) for marks in self.formats if marks.inline]
        self.inline = (
            compile_kept("|".join(f"(?P<i{n}>{pattern})" for n, (_, pattern) in enumerate(inline))) if inline else None
        )
        self.format_of_inline = {f"i{n}": name for n, (name, _) in enumerate(inline)}
        # the fixed texts every inline header starts with (None: none known): a plain search finds the lines
        # where one stands after other text, and only those are matched (the pattern scanned over the whole
        # text cost a PokerStars file 9 µs a hand)
        inline_starts = {key for _, pattern in inline for key in literal_starts(pattern)}
        self.inline_words = _common_starts(inline_starts) if inline_starts and "" not in inline_starts else None
        self.preambles: dict[str, re.Pattern[str]] = {
            marks.format: compile_kept(r"[^\S\n]*(?:" + marks.preamble + r")[^\S\n]*$")
            for marks in self.formats
            if marks.preamble
        }
        notices = [marks.notice for marks in self.formats if marks.notice]
        self.notice = compile_kept("|".join(f"(?:{notice})" for notice in notices)) if notices else None

    def header_format(self, line: str) -> str | None:
        """The format whose hand header `line` is, or None."""
        match = self.any_header.match(line)
        return None if match is None else self.format_of_group[match.lastgroup or ""]

    def split_texts(self, path: str, texts: Iterable[str], first_line: int = 1) -> Iterator[Block]:
        """Blocks of a text given in pieces of whole lines (normalised: LF line ends, no BOMs), whose first
        line is number `first_line`."""
        outside = _Outside(path, self.notice)
        pending = ""  # text from the last header on: a hand that may go on in the next piece
        number = first_line  # the number of the first line of `pending`, or of the next text
        room = ""
        for text in self._preambles_held(texts):
            headers = self._header_lines(text)
            start = 0
            for position, header in headers:
                if pending or position:
                    segment = pending + text[start:position] if pending else text[start:position]
                    if room:
                        if outside.current is not None:
                            yield from outside.close()
                        block, end, line_count = self._hand(path, segment, number, room)
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
                if len(pending) > HAND_CHARS:  # (a hand that long is a header and text that is no hand)
                    number = yield from self._hand_cut(path, pending, number, room, outside)
                    pending, room = "", ""
            else:  # no hand going on: outside text, read now so that memory stays flat
                number = yield from outside.feed(rest, number)
        if pending:
            if outside.current is not None:
                yield from outside.close()
            block, end, line_count = self._hand(path, pending, number, room)
            yield block
            yield from outside.feed(pending[end:], number + line_count)
        yield from outside.close()

    def _hand_cut(
        self, path: str, pending: str, number: int, room: str, outside: _Outside
    ) -> Generator[Block, None, int]:
        """A hand whose text (from its header, no next header yet) is longer than HAND_CHARS: the hand is
        its first HAND_CHARS (to a line end; to the blank line after its summary if that comes first), and
        the rest, with the text up to the next header, is text outside hands (counted, not kept). Returns
        the number of the line after `pending`."""
        if outside.current is not None:
            yield from outside.close()
        cut = pending.rfind("\n", 0, HAND_CHARS) + 1 or pending.find("\n") + 1 or len(pending)
        block, end, line_count = self._hand(path, pending[:cut], number, room)
        yield block
        return (yield from outside.feed(pending[end:], number + line_count))

    def _preambles_held(self, texts: Iterable[str]) -> Iterator[str]:
        """The pieces of text, each with the preamble lines that end it (and the blank lines among them) held
        over to the next piece: the header they belong to may start it (a file read in chunks, cut between
        PartyPoker's `#Game No : N` and its banner). The text is the same, only cut elsewhere."""
        if not self.preambles:
            yield from texts
            return
        held = ""
        for text in texts:
            if held:
                text = held + text
            cut = self._preamble_tail(text)
            held = text[cut:]
            if cut:
                yield text[:cut]
        if held:
            yield held

    def _preamble_tail(self, text: str) -> int:
        """Where the run of preamble lines (and blank lines) that ends `text` starts: len(text) when it ends
        otherwise (or with blank lines only, or with more lines than a preamble has)."""
        end = start = len(text)
        if not text.endswith("\n"):
            return end
        found = False
        for _ in range(_MOST_PREAMBLE_LINES):
            if start == 0:
                break
            begin = text.rfind("\n", 0, start - 1) + 1
            line = text[begin : start - 1]
            if any(preamble.match(line) for preamble in self.preambles.values()):
                found = True
            elif line.strip():
                break
            start = begin
        else:
            return end
        return start if found else end

    def block_starts(self, text: str) -> list[int]:
        """Where hand blocks surely start in `text`, a run of whole lines from somewhere in a file (what lies
        before and after it unknown): the starts of header lines (moved back over their preamble lines, as
        `split_texts` does) where `split_texts` of the whole file starts a block whatever the text around.
        Left out: a header on the text's first line, one whose preamble may go on before the text, one in the
        middle of a line, and the last header (the next one, beyond the text, may make it its preamble)."""
        found = self._header_lines(text)
        starts: list[int] = []
        for start, format_name in found[:-1]:
            if start == 0 or text[start - 1] != "\n":
                continue
            if format_name in self.preambles and not text[:start].strip():
                continue  # (its preamble may begin before the text)
            starts.append(start)
        return starts

    def split_chunks(self, path: str, chunks: Iterable[list[str]]) -> Iterator[Block]:
        """Blocks of runs of consecutive lines numbered from 1 (what `reader.read_chunks` yields)."""
        return self.split_texts(path, ("\n".join(lines) + "\n" for lines in chunks if lines))

    def split_blocks(self, path: str, lines: Iterable[tuple[int, str]]) -> Iterator[Block]:
        """Blocks of numbered lines; the numbers must run on one by one (as `reader.read_lines` gives them)."""
        iterator = iter(lines)
        first = next(iterator, None)
        if first is None:
            return iter(())
        return self.split_texts(path, (text + "\n" for _, text in (first, *iterator)), first[0])

    def _header_lines(self, text: str) -> list[tuple[int, str]]:
        """(start, format) of the header lines of a text, in order."""
        starts = [match.start() + 1 for match in self.line_word.finditer(text)]
        if self.first_line_word.match(text):
            starts.insert(0, 0)
        found: list[tuple[int, str]] = []
        any_header = self.any_header
        for start in starts:
            end = text.find("\n", start)
            match = any_header.match(text[start : end if end >= 0 else len(text)].rstrip())
            if match is not None:
                found.append((start, self.format_of_group[match.lastgroup or ""]))
        if self.inline is not None:
            found.extend(self._inline_headers(text))
            found.sort()
        if self.preambles:
            found = self._with_preambles(text, found)
        return found

    def _with_preambles(self, text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """Move each header of a format with a preamble back over the preamble lines above it (and the blank
        lines between), dropping any other header found on them."""
        moved: list[tuple[int, str]] = []
        for start, format_name in found:
            preamble = self.preambles.get(format_name)
            if preamble is not None:
                begin = position = start
                while position > 0:
                    previous = text.rfind("\n", 0, position - 1) + 1
                    line = text[previous : position - 1]
                    if preamble.match(line):
                        begin = previous
                    elif line.strip():
                        break
                    position = previous
                if begin < start:
                    while moved and moved[-1][0] >= begin:
                        moved.pop()
                    start = begin
            moved.append((start, format_name))
        return moved

    def _inline_headers(self, text: str) -> list[tuple[int, str]]:
        """Headers that start in the middle of a line (after the cut-off end of the hand before): the rest
        of the line must be a whole header, and the start of the line no chat."""
        inline = self.inline
        assert inline is not None
        found: list[tuple[int, str]] = []
        for first, last in self._inline_lines(text):
            for match in inline.finditer(text, first, last):  # (the line only: a line with none is not read on)
                start = match.start()
                line_start = text.rfind("\n", 0, start) + 1
                if start == line_start or not text[line_start:start].strip():
                    continue  # a header at the start of its line: found above
                end = text.find("\n", start)
                end = len(text) if end < 0 else end
                if match.end() < line_start + len(text[line_start:end].rstrip()) or 'said, "' in text[line_start:start]:
                    continue
                found.append((start, self.format_of_inline[match.lastgroup or ""]))
        return found

    def _inline_lines(self, text: str) -> list[tuple[int, int]]:
        """The (start, end) of the lines of `text` an inline header may stand in: those where one of
        `inline_words` stands after other text (the whole text where no such words are known). An inline
        header is a whole header line's text, so no match spans lines."""
        words = self.inline_words
        if words is None:
            return [(0, len(text))]
        starts: set[int] = set()
        for word in words:
            at = text.find(word)
            while at >= 0:
                line_start = text.rfind("\n", 0, at) + 1
                if at > line_start and text[line_start:at].strip():
                    starts.add(line_start)
                at = text.find(word, at + 1)
        lines: list[tuple[int, int]] = []
        for line_start in sorted(starts):
            end = text.find("\n", line_start)
            lines.append((line_start, len(text) if end < 0 else end))
        return lines

    def _hand(self, path: str, segment: str, number: int, format: str) -> tuple[Block, int, int]:
        """The hand at the start of a segment (its header to the line before the next header), where it
        ends (at the first blank line after its summary line, else with the segment) and how many lines
        that is."""
        end = len(segment)
        summary_line = self.summaries.get(format)
        summary = summary_line.search(segment) if summary_line is not None else None
        if summary is not None:
            blank = _BLANK_LINE.search(segment, summary.end())
            if blank is not None and blank.start() + 1 < len(segment):  # (the end of the text is not a line)
                end = blank.start() + 1
        lines = text_lines(segment[:end])
        # its line ends, counted: text_lines drops what follows the last line end when that is nothing
        count = len(lines) if not lines or segment[end - 1] == "\n" else len(lines) - 1
        while len(lines) > 1 and not lines[-1]:
            lines.pop()
        return Block("hand", path, number, lines, format), end, count


class _Outside:
    """Text outside hands, line by line: a run of lines up to a blank line is a stray block; a file-level
    notice (a tournament summary) runs on to the next hand header. A block is given out, and the run goes on
    in a new block of its kind, once it holds OUTSIDE_LINES lines or OUTSIDE_CHARS characters: memory does
    not grow with the text outside hands (a file of junk, a gigabyte with no line end), and the reader of
    the blocks keeps what it reports of a run, not the run (parse/files.py)."""

    def __init__(self, path: str, notice: re.Pattern[str] | None) -> None:
        self.path = path
        self.notice = notice
        self.current: Block | None = None
        self.chars = 0  # the characters of the current block

    def feed(self, text: str, number: int) -> Generator[Block, None, int]:
        """Blocks completed by this text. Returns the number of the line after it."""
        if not text:
            return number
        current = self.current
        if current is None and text.isspace():
            return number + text.count("\n") + (not text.endswith("\n"))
        notice = self.notice
        for line in text_lines(text):
            if current is not None and (len(current.lines) >= OUTSIDE_LINES or self.chars >= OUTSIDE_CHARS):
                yield _trimmed(current)  # (full: the run goes on in a new block of its kind)
                current = Block(current.kind, self.path, number, []) if line or current.kind != "stray" else None
                self.chars = 0
            if current is None:
                if line:
                    summary = notice is not None and notice.match(line.lstrip()) is not None
                    current = Block("tournament-summary" if summary else "stray", self.path, number, [line])
                    self.chars = len(line)
            elif not line and current.kind == "stray":
                yield _trimmed(current)
                current = None
            else:
                current.lines.append(line)
                self.chars += len(line)
            number += 1
        self.current = current
        if not text.endswith("\n"):
            number -= 1  # cut off mid-line before a header: that line is also the next block's first
        return number

    def close(self) -> Iterator[Block]:
        if self.current is not None:
            yield _trimmed(self.current)
            self.current = None


def _trimmed(block: Block) -> Block:
    while len(block.lines) > 1 and not block.lines[-1]:
        block.lines.pop()
    return block
