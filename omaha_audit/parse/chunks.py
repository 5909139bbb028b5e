"""One big file read by many workers: the file cut at hand boundaries into byte ranges (as Dask and Spark cut
text files), each read on its own with its real line numbers, so that the hands, their blocks and their line
numbers are those of the whole file read at once.

The main process plans the cuts (`file_chunks`): it reads the file once in pieces of whole lines (a C-speed
pass: counting line ends and looking for what would make a cut unsafe) and, at each `size` bytes, looks in a
window of text after that point for the first place where the room formats' own splitter surely starts a hand
(`Splitter.block_starts`: a header line, moved back over its preamble lines, never the first or last header
seen). Every piece then starts with a hand (the first one holds the file's first hand), so what the file
reader says of a file as a whole (no hand in it, a tournament summary, text before the first hand) is said by
the first piece alone, and text outside hands is never cut in two. A worker reads its piece (`FileChunk`: the
path, the byte range, the number of its first line) through the same reader and splitter as a whole file.

A file is read whole (one unit of work, as before) when a cut could change what is read: a file compressed
(.gz: no byte offsets into its text), an archive member or a file named by a URL; a file that a whole-file
format claims (XML or JSON: the hands of iPoker's XML sessions, say, are not cut at a line); one that is
UTF-16, holds NUL bytes, ends lines with a lone CR, or has a line longer than half the reader's longest
(whose line numbers the reader counts in pieces); and a file whose name says it is no hand history.

(Not compiled: FileGroup travels to the workers by pickle, as FileChunk does (parse/pieces.py); the
planning is C-speed byte counting.)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final

from omaha_audit.parse.archives import ArchiveMember
from omaha_audit.parse.files import NOT_HISTORY_SUFFIXES, HandSource
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.pieces import FileChunk
from omaha_audit.parse.reader import MAX_LINE_BYTES, decoded_lines, looks_utf16

if TYPE_CHECKING:
    from omaha_audit.parse.split import Splitter

CHUNK_BYTES: Final = 1 << 20  # about 500 hands of PokerStars Omaha: the last piece keeps one worker busy briefly
CHUNK_ENV: Final = "OMAHA_AUDIT_CHUNK_BYTES"  # a smaller size (tests cut a file into many pieces)
WINDOW_BYTES: Final = 64 << 10  # the text looked into for a hand start after a cut's place (doubled if none)
_READ_BYTES: Final = 8 << 20
_LINE_PART: Final = MAX_LINE_BYTES // 2  # a run of this many bytes with no line end: the file is read whole
HEAD_BYTES: Final = 4096  # (parse/files.py's: what a whole-file format looks at)


@dataclass(frozen=True, slots=True)
class FileGroup:
    """Small files read in turn as one unit of work, each with whether a folder scan found it; named as its
    last file (the progress counts files done)."""

    files: tuple[Source, ...]
    scanned: tuple[bool, ...]

    def __str__(self) -> str:
        return str(self.files[-1])


def groups_of(files: Iterable[Source], scanned: set[Source], size: int) -> Iterator[FileGroup]:
    """`files` in order, in groups of consecutive files on disk of fewer than `size` bytes in all (a file
    named by URL or in an archive, or a larger file, a group alone)."""
    group: list[Source] = []
    total = 0
    for file in files:
        length = _length(file) if isinstance(file, Path) else size
        if group and total + length >= size:
            yield FileGroup(tuple(group), tuple(each in scanned for each in group))
            group, total = [], 0
        group.append(file)
        total += length
    if group:
        yield FileGroup(tuple(group), tuple(each in scanned for each in group))


def _length(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def chunk_bytes() -> int:
    """The size a big file is cut at: CHUNK_BYTES, or OMAHA_AUDIT_CHUNK_BYTES when set (at least 1)."""
    value = os.environ.get(CHUNK_ENV, "")
    return max(1, int(value)) if value.isdigit() else CHUNK_BYTES


def units_of(files: Iterable[Source], source: HandSource, size: int) -> Iterator[tuple[Source, Source]]:
    """Each file of `files` with the units of work it is read in, in order: (the file, a piece of it) for a
    file cut in pieces of about `size` bytes, (the file, the file) for one read whole. Planned as they are
    asked for (a worker may start on the first pieces while the rest of the file is planned)."""
    for file in files:
        pieces = file_chunks(file, source, size) if isinstance(file, Path) else None
        for piece in pieces or (file,):
            yield file, piece


def whole_reason(file: Source, source: HandSource) -> str | None:
    """Why `file` is read whole by one worker, judged by its kind and its head (None: it may be cut in
    pieces, if big enough and if its whole text allows: file_chunks decides)."""
    if isinstance(file, ArchiveMember):
        if file.member is None:
            return "a compressed file cannot be cut at hand boundaries (no byte offsets into its text)"
        return "a file inside an archive is read whole"
    if not isinstance(file, Path):
        return "a file named by URL is read whole"
    if file.suffix.lower() in NOT_HISTORY_SUFFIXES:
        return "a file of that name is read whole"
    try:
        with file.open("rb") as stream:
            head = stream.read(HEAD_BYTES)
    except OSError:
        return "it cannot be read"
    if any(room_format.claims_file(head) for room_format in source.whole_file):
        return "an XML or JSON history is read whole"
    if looks_utf16(head[:64]):
        return "a UTF-16 file is read whole"
    return None


def file_chunks(path: Path, source: HandSource, size: int) -> list[FileChunk] | None:
    """The pieces `path` is read in, each starting with a hand, in order; None when the file is read whole
    (smaller than two pieces, or a cut could change what is read: see the module's docstring)."""
    if path.suffix.lower() in NOT_HISTORY_SUFFIXES:
        return None
    try:
        total = path.stat().st_size
        if total < 2 * size or total < 2 * HEAD_BYTES:
            return None
        with path.open("rb") as stream:
            head = stream.read(HEAD_BYTES)
            if any(room_format.claims_file(head) for room_format in source.whole_file):
                return None
            stream.seek(0)
            return _plan(path, stream, source.splitter, total, size)
    except OSError:
        return None  # (read whole, where the reader says what went wrong)


class _Unsafe(Exception):
    pass


def _plan(path: Path, stream: BinaryIO, splitter: Splitter, total: int, size: int) -> list[FileChunk] | None:
    cuts: list[tuple[int, int]] = [(0, 1)]  # (byte offset, line number) of each piece's start
    data = b""  # the bytes read and not yet passed (kept whole between reads: cuts move `start`, not bytes)
    base = 0  # the file offset of `data`'s first byte
    start = 0  # where in `data` the text still to cut starts: a line start
    lines = 1  # the number of the line at `start`
    ended = False
    target = size
    check = _Check()
    try:
        while True:
            wanted = WINDOW_BYTES * 2 + max(target - (base + start), 0)
            while not ended and len(data) - start < wanted:
                more = stream.read(_READ_BYTES)
                if not more:
                    ended = True
                    break
                check.add(more)
                data, base, start = data[start:] + more, base + start, 0
            if base == 0 and looks_utf16(data[:64]):
                return None
            if target >= base + len(data):
                break  # (the rest of the file is the last piece)
            # pass what comes before the target, line by line (counted); the window starts at a line start
            skip = target - (base + start)
            if skip > 0:
                end = data.rfind(b"\n", start, start + skip) + 1
                if end > start:
                    lines += data.count(b"\n", start, end)
                    start = end
            found = _first_start(data, start, splitter, len(cuts) == 1)
            if found is None:
                break
            cut_offset = base + found
            if cut_offset - cuts[-1][0] < 1 or total - cut_offset < 1:
                break
            lines += data.count(b"\n", start, found)
            cuts.append((cut_offset, lines))
            start = found
            target = cut_offset + size
        # the rest of the file: checked too (a NUL or a lone CR anywhere means the file is read whole)
        while not ended:
            more = stream.read(_READ_BYTES)
            if not more:
                break
            check.add(more)
    except _Unsafe:
        return None
    if len(cuts) < 2:
        return None
    ends = [offset for offset, _ in cuts[1:]] + [total]
    return [FileChunk(path, start, end, line) for (start, line), end in zip(cuts, ends, strict=True)]


class _Check:
    """Raises _Unsafe for bytes (read in turn) that the reader does not number as plain LF or CRLF lines: a
    NUL byte, a lone CR, a run of _LINE_PART bytes with no line end (in reads of a multiple of that size, a
    line the reader cuts in pieces holds one)."""

    def __init__(self) -> None:
        self.cr = False  # the last read ended in a CR

    def add(self, raw: bytes) -> None:
        if b"\x00" in raw:
            raise _Unsafe
        crs = raw.count(b"\r") - raw.count(b"\r\n") if b"\r" in raw else 0
        if self.cr:
            crs -= raw.startswith(b"\n")  # (that CR's LF)
            crs += 1
        self.cr = raw.endswith(b"\r")
        if crs != self.cr:
            raise _Unsafe
        for part in range(0, len(raw) - _LINE_PART + 1, _LINE_PART):
            if raw.find(b"\n", part, part + _LINE_PART) < 0:
                raise _Unsafe


def _first_start(data: bytes, start: int, splitter: Splitter, first: bool) -> int | None:
    """The offset in `data` of the first sure hand start in its text from `start` (a line start) on, after
    that first line (the second one for the first cut: the first piece must hold a hand), looking in a window
    that doubles until one is found or the data is all looked at (None: the rest of the file is one piece)."""
    window = WINDOW_BYTES
    while True:
        end = data.rfind(b"\n", start, start + window) + 1
        if end == 0:
            return None
        text = decoded_lines(data[start:end])
        starts = splitter.block_starts(text)
        if first:
            starts = starts[1:]
        if starts:
            line = text.count("\n", 0, starts[0])  # (the same lines in the bytes: LF or CRLF ends only)
            position = start
            for _ in range(line):
                position = data.index(b"\n", position) + 1
            return position
        if start + window >= len(data):  # (all looked at; a last line with no line end is no hand start)
            return None
        window *= 2
