"""One big file read by many workers: the file cut at hand boundaries into byte ranges (as Dask and Spark cut
text files), each read on its own with its real line numbers, so that the hands, their blocks and their line
numbers are those of the whole file read at once.

The main process plans the cuts (`FilePlan`): it reads the file once in pieces of whole lines (a C-speed
pass: counting line ends and looking for what would make a cut unsafe) and, at each `size` bytes, looks in a
window of text after that point for the first place where the room formats' own splitter surely starts a hand
(`Splitter.block_starts`: a header line, moved back over its preamble lines, never the first or last header
seen). Every piece then starts with a hand (the first one holds the file's first hand), so what the file
reader says of a file as a whole (no hand in it, a tournament summary, text before the first hand) is said by
the first piece alone, and text outside hands is never cut in two. A worker reads its piece (`FileChunk`: the
path, the byte range, the number of its first line) through the same reader and splitter as a whole file.

The first pieces go to the workers as soon as their ends are found, and the rest of the file is planned
while they are read (the plan takes about 0.13 s for 38 MiB: the workers do not wait for it).
Should the rest show that the file must be read whole after all, the results of those first pieces are
dropped and the file is read whole (`units_of`, `run/parallel.py`'s `in_order`).

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
from collections.abc import Generator, Iterable, Iterator
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


def units_of(
    files: Iterable[Source], source: HandSource, size: int, early: int = 0
) -> Iterator[tuple[Source, Source, FilePlan | None]]:
    """Each file of `files` with the units of work it is read in, in order: (the file, a piece of it, ...) for
    a file cut in pieces of about `size` bytes, (the file, the file, None) for one read whole.

    The first `early` pieces of a file are given as soon as their ends are found, with the file's plan, before
    the rest of the file is planned (so that workers start on them while it is); the plan may then find that
    the file must be read whole after all (a NUL byte or a lone CR further on), and the file follows, whole.
    So a unit given with a plan counts only if `plan.pieces()` is not None once asked (in_order drops it
    otherwise); the pieces after the early ones are given once the whole file is planned, with None."""
    for file in files:
        plan = file_plan(file, source, size) if isinstance(file, Path) else None
        if plan is None:
            yield file, file, None
            continue
        try:
            given = plan.known(early)
            for piece in given:
                yield file, piece, plan
            pieces = plan.pieces()
        finally:
            plan.close()  # (a run stopped while the file was planned: its file closed)
        if pieces is None:
            yield file, file, None
            continue
        for piece in pieces[len(given) :]:
            yield file, piece, None


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
    plan = file_plan(path, source, size)
    return plan.pieces() if plan is not None else None


def file_plan(path: Path, source: HandSource, size: int) -> FilePlan | None:
    """The plan of `path`'s pieces, made as they are asked for; None when the file is read whole for what
    its name, size or head shows."""
    try:
        total = path.stat().st_size
    except OSError:
        return None  # (read whole, where the reader says what went wrong)
    if total < 2 * size or total < 2 * HEAD_BYTES or whole_reason(path, source) is not None:
        return None
    return FilePlan(path, source.splitter, total, size)


class FilePlan:
    """The pieces of one file, planned as they are asked for: `known(n)` the first n pieces whose ends are
    found so far (planning on only as far as it takes), `pieces()` them all once the whole file is planned
    and checked (None: the file is read whole). Each piece starts with a hand."""

    def __init__(self, path: Path, splitter: Splitter, total: int, size: int) -> None:
        self.path = path
        self.total = total
        self.cuts: list[tuple[int, int]] = [(0, 1)]  # (byte offset, line number) of each piece's start
        self.whole = False  # a cut could change what is read
        self.done = False
        self._cuts = _cuts(path, splitter, total, size)  # (the file is open while the plan is under way)

    def known(self, count: int) -> list[FileChunk]:
        """Up to `count` first pieces, those whose ends are found (planned on until there are so many, or
        the plan is done); none if the plan has found that the file is read whole."""
        while not self.done and len(self.cuts) <= count:
            self._advance()
        if self.whole or (self.done and len(self.cuts) < 2):
            return []
        found = len(self.cuts) if self.done else len(self.cuts) - 1  # (the last cut's piece ends at the next)
        return self._chunks(min(count, found))

    def pieces(self) -> list[FileChunk] | None:
        """Every piece, the whole file planned and checked; None: the file is read whole."""
        while not self.done:
            self._advance()
        if self.whole or len(self.cuts) < 2:
            return None
        return self._chunks(len(self.cuts))

    def close(self) -> None:
        """Plan no further (the file is closed; a plan not done is taken as reading the file whole)."""
        if not self.done:
            self.whole = self.done = True
            self._cuts.close()

    def _advance(self) -> None:
        try:
            self.cuts.append(next(self._cuts))
            return
        except StopIteration:
            pass
        except _Unsafe:
            self.whole = True
        except OSError:  # (read whole, where the reader says what went wrong)
            self.whole = True
        self.done = True

    def _chunks(self, count: int) -> list[FileChunk]:
        ends = [offset for offset, _ in self.cuts[1:]] + [self.total]
        starts = self.cuts[:count]
        return [FileChunk(self.path, start, end, line) for (start, line), end in zip(starts, ends[:count], strict=True)]


class _Unsafe(Exception):
    pass


def _cuts(path: Path, splitter: Splitter, total: int, size: int) -> Generator[tuple[int, int], None, None]:
    """The (byte offset, line number) of each cut after the first piece's start, in turn, then the rest of the
    file checked; raises _Unsafe as soon as the bytes read show that the file must be read whole."""
    with path.open("rb") as stream:
        yield from _stream_cuts(stream, splitter, total, size)


def _stream_cuts(stream: BinaryIO, splitter: Splitter, total: int, size: int) -> Iterator[tuple[int, int]]:
    data = b""  # the bytes read and not yet passed (kept whole between reads: cuts move `start`, not bytes)
    base = 0  # the file offset of `data`'s first byte
    start = 0  # where in `data` the text still to cut starts: a line start
    lines = 1  # the number of the line at `start`
    ended = False
    target = size
    last = 0  # the offset of the last cut
    first = True
    check = _Check()
    while True:
        wanted = WINDOW_BYTES * 2 + max(target - (base + start), 0)
        while not ended and len(data) - start < wanted:
            more = stream.read(_READ_BYTES)
            if not more:
                ended = True
                break
            check.add(more)
            data, base, start = data[start:] + more, base + start, 0
        if target >= base + len(data):
            break  # (the rest of the file is the last piece)
        # pass what comes before the target, line by line (counted); the window starts at a line start
        skip = target - (base + start)
        if skip > 0:
            end = data.rfind(b"\n", start, start + skip) + 1
            if end > start:
                lines += data.count(b"\n", start, end)
                start = end
        found = _first_start(data, start, splitter, first)
        if found is None:
            break
        cut_offset = base + found
        if cut_offset - last < 1 or total - cut_offset < 1:
            break
        lines += data.count(b"\n", start, found)
        yield cut_offset, lines
        first = False
        last = cut_offset
        start = found
        target = cut_offset + size
    # the rest of the file: checked too (a NUL or a lone CR anywhere means the file is read whole)
    while not ended:
        more = stream.read(_READ_BYTES)
        if not more:
            break
        check.add(more)


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
