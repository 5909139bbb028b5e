"""From paths on disk to a stream of hands: every hand in the input comes out as a `Hand` or an
`UnreadableHand`, and files that hold no hands produce a `FileNotice` saying why."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final, Protocol

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.archives import ArchiveMember, archive_kind, members
from omaha_audit.parse.input_files import InputFiles, Source
from omaha_audit.parse.pieces import FileChunk
from omaha_audit.parse.reader import FileText, read_texts
from omaha_audit.parse.remote import RemoteFile, RemoteProblem, expand_url, is_url
from omaha_audit.parse.split import Block, Splitter

# Files whose name says they are something else: parsers' companion files (fpdb's .hp/.hands/.gt), documents,
# data and images. They are looked into all the same, whether named or found in a folder: such a file whose
# first SNIFF_BYTES hold no hand header of any format (nor a file a whole-file format claims) is passed over,
# named once as skipped and counted; one that does hold hands is read like any other. Every other file is read
# whatever its name (.txt, .xml, .json, .dat, no suffix): a file is a hand history when a room format
# recognises its hands, not by its name; and a file that holds no hand at all is named once as skipped,
# whether it was named or found (the same records either way).
NOT_HISTORY_SUFFIXES: Final = frozenset(
    {".hp", ".hands", ".gt", ".md", ".rst", ".tsv", ".csv", ".jsonl", ".parquet", ".py", ".toml", ".yaml"}
    | {".yml", ".ini", ".cfg", ".html", ".htm", ".css", ".js", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".pdf"}
)


class BlockReader(Protocol):
    """What a room format offers the file reader: its name; `read(block)` for a hand block of text (never
    raises); and, for formats read a whole file at a time (XML), `claims_file(head)` and `read_path(path)`."""

    name: str

    def read(self, block: Block) -> Hand | UnreadableHand: ...

    def claims_file(self, head: bytes) -> bool: ...

    def read_path(self, path: Source) -> Iterator[Item]: ...


HEAD_BYTES: Final = 4096  # what a whole-file format looks at to claim a file
SNIFF_BYTES: Final = 65536  # what is looked into of a file whose name says it is not a hand history


class PathProblem(Exception):
    """A path given by the user that cannot be read at all (missing, permission denied)."""


@dataclass(frozen=True, slots=True)
class FileNotice:
    """A file that holds no hands to audit: a tournament summary, an empty file."""

    path: str
    kind: str  # tournament-summary | empty
    message: str


Item = Hand | UnreadableHand | FileNotice


NOT_HISTORY: Final = "not a hand history (by its name, and no hand in its first 64 KiB): skipped"


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> InputFiles:
    """Files named directly, plus every file under named directories (sorted, recursive; hidden ones and
    those of NOT_HISTORY_SUFFIXES left out, the latter listed in `skipped`). An archive, named or found, is
    read as the files inside it (parse/archives.py), in its own order.

    Raises PathProblem for a path that does not exist or cannot be listed.
    """
    files = InputFiles()
    for raw in paths:
        if isinstance(raw, str) and is_url(raw):
            _add_url(files, raw)
            continue
        path = Path(raw)
        if path.is_dir():
            for found_path in _scan(path):
                _add_found(files, found_path)
        elif path.is_file():
            if archive_kind(path) is not None:
                _add_members(files, path)
            else:
                files.append(path)
        elif path.exists():
            raise PathProblem(f"not a regular file: {path}")
        else:
            raise PathProblem(f"no such file or directory: {path}")
    return files


def _scan(folder: Path) -> list[Path]:
    """The files under `folder`, sorted, hidden ones (and those in hidden folders) left out. Links to folders
    are followed (a day's folder may link to where its files are), each real folder listed once (a link back
    to a folder above is not a loop)."""

    def failed(error: OSError) -> None:
        raise PathProblem(f"cannot list {error.filename or folder}: {error.strerror or error}")

    found: list[Path] = []
    listed: set[str] = set()
    for root, folders, names in os.walk(folder, onerror=failed, followlinks=True):
        real = os.path.realpath(root)
        if real in listed:
            folders[:] = []
            continue
        listed.add(real)
        folders[:] = sorted(name for name in folders if not name.startswith("."))  # (the same walk every time)
        for name in names:
            candidate = Path(root, name)
            if not name.startswith(".") and candidate.is_file():
                found.append(candidate)
    return sorted(found)


def _add_url(files: InputFiles, url: str) -> None:
    """The files a URL names (parse/remote.py), as for a local path: a folder's files as a scan finds them."""
    try:
        found = expand_url(url)
    except RemoteProblem as problem:
        raise PathProblem(str(problem)) from None
    if len(found) == 1 and found[0].url == url:  # (a file named directly: read whatever its name)
        if archive_kind(found[0]) is not None:
            _add_members(files, found[0])
        else:
            files.append(found[0])
        return
    for remote in found:
        _add_found(files, remote)


def _add_found(files: InputFiles, found: Path | RemoteFile) -> None:
    """A file a folder scan found: an archive's members, or read (by its content, as a file named alone)."""
    if archive_kind(found) is not None:
        _add_members(files, found)
    else:
        files.append(found)
        files.scanned.add(found)


def _add_members(files: InputFiles, path: Path | RemoteFile) -> None:
    """An archive's files, each read or named as skipped with the reason (`files.skipped`): hidden ones
    (a part of the name starting with a dot, `..` aside), macOS's `__MACOSX` copies, archives inside the
    archive and entries that are not regular files. A `..` part is a name like any other (nothing is
    extracted): such a member is read."""
    try:
        found = list(members(path))
    except OSError as error:
        raise PathProblem(f"cannot read {path}: {error.strerror or error}") from None
    for member in found:
        why = _member_skipped(member)
        if why is not None:
            files.skipped.append((str(member), why))
        else:
            files.append(member)
            files.scanned.add(member)


HIDDEN_MEMBER: Final = "hidden inside the archive (a name starting with a dot): skipped"
MACOS_MEMBER: Final = "macOS metadata inside the archive (__MACOSX): skipped"


def _member_skipped(member: ArchiveMember) -> str | None:
    """Why an archive's entry is not read, or None."""
    if member.skip is not None:
        return member.skip
    if member.member is None:
        return None
    parts = member.member.split("/")
    if "__MACOSX" in parts:
        return MACOS_MEMBER
    if any(part.startswith(".") and part not in (".", "..") for part in parts):
        return HIDDEN_MEMBER
    if archive_kind(Path(member.name)) is not None:
        return "an archive inside an archive is not read: skipped"
    return None


class HandSource:
    """Reads files hand by hand: `splitter` cuts them into blocks by the formats' headers, and each hand
    block is read by the format it names (omaha_audit.rooms gives both: `rooms.hand_source()`)."""

    def __init__(self, splitter: Splitter, formats: Iterable[BlockReader]) -> None:
        self.splitter = splitter
        self.formats = {room_format.name: room_format for room_format in formats}
        self.whole_file = list(self.formats.values())  # asked in order whether they read a file whole

    def read_file(self, path: Source) -> Iterator[Item]:
        for _, item in self.read_blocks(path):
            yield item

    def read_blocks(self, path: Source, scanned: bool = False) -> Iterator[tuple[Block | None, Item]]:
        """Like read_file, with the text block each item was read from (None for file-level items). A file
        that holds no hand of any format is a notice, not unreadable text: it is not a hand history, whether
        it was named or a directory scan found it (`scanned`, kept for the callers: the records are the same
        either way). A file whose name says it is not a hand history (NOT_HISTORY_SUFFIXES) is read only
        when its first SNIFF_BYTES hold a hand header."""
        name = str(path)
        # (no item is given inside an `except` block here or in the rooms' readers: a compiled generator that
        # yields there leaves the error as the exception being handled while it waits, and after it if dropped)
        failed: UnreadableHand | None = None
        try:
            stream = path.open("rb")
        except OSError as error:
            failed = UnreadableHand(name, 0, 0, 0, f"cannot open file: {error.strerror or error}")
        if failed is not None:
            yield None, failed
            return
        with stream:
            try:
                head = stream.read(HEAD_BYTES)
                stream.seek(0)
            except OSError as error:
                failed = UnreadableHand(name, 0, 0, 0, f"cannot read file: {error.strerror or error}")
            if failed is not None:
                yield None, failed
                return
            # a piece of a big file (parse/chunks.py): read from its first line on, numbered as in the file
            piece = path if isinstance(path, FileChunk) else None
            for room_format in self.whole_file if piece is None else ():
                if room_format.claims_file(head):
                    stream.close()
                    for item in room_format.read_path(path):
                        yield None, item
                    return
            if piece is None and path.suffix.lower() in NOT_HISTORY_SUFFIXES and not self._holds_hands(name, stream):
                yield None, FileNotice(name, "skipped", NOT_HISTORY)
                return
            info = FileText(name)
            hands = 0
            summaries = 0
            stray: _Stray | None = None  # consecutive text outside hands, reported as one record
            next_line = 1  # the first line not in a block yet
            if piece is not None and piece.start:
                next_line = piece.first_line
                info.lines = next_line - 1
            texts = read_texts(stream, info, start_of_file=next_line == 1)
            blocks = self.splitter.split_texts(name, texts, next_line)
            while True:
                try:
                    block = next(blocks, None)
                except OSError as error:  # the disk failed, not the text: report where, go on to the next file
                    hands += 1
                    reason = f"read error after line {info.lines}: {error.strerror or error}"
                    failed = UnreadableHand(name, info.lines + 1, next_line, max(next_line, info.lines), reason)
                if failed is not None:
                    yield None, failed
                    break
                if block is None:
                    break
                next_line = block.last_line + 1
                if block.kind == "tournament-summary":
                    summaries += 1
                    continue
                if block.kind == "stray":
                    if stray is None:
                        stray = _Stray(block)
                    else:
                        stray.add(block)
                    if hands == 0 and not summaries:  # (only a file with no hand needs to know)
                        stray.look_for_hand_lines(block)
                    continue
                if stray is not None:
                    yield stray.first, stray.record(info)
                    stray = None
                hands += 1
                yield block, self._read_block(block)
            if stray is not None and hands == 0 and not summaries and stray.hand_lines < _HAND_LIKE_LINES:
                binary = " (binary content)" if info.nul_lines else ""
                message = f"no hand of any known room format{binary}: skipped"
                yield None, FileNotice(name, "not-hand-history", message)
            elif stray is not None:
                yield stray.first, stray.record(info)
            elif hands == 0 and summaries:
                yield None, FileNotice(name, "tournament-summary", "tournament summary, not hand histories: skipped")
            elif hands == 0:
                yield None, FileNotice(name, "empty", "no text in file")

    def _holds_hands(self, name: str, stream: BinaryIO) -> bool:
        """Whether the first SNIFF_BYTES of a file hold a hand header (or a tournament summary) of any text
        format. The stream is left at its start."""
        head = stream.read(SNIFF_BYTES)
        stream.seek(0)
        blocks = self.splitter.split_texts(name, read_texts(io.BytesIO(head), FileText(name)))
        return any(block.kind != "stray" for block in blocks)

    def block_item(self, block: Block) -> Hand | UnreadableHand | None:
        """What one block of a file's text holds, read alone (the blocks of text a room is writing, split as
        it comes: omaha_audit/run/watch.py): a hand block read by its format, text outside hands as an
        unreadable record of its lines, and None for a tournament summary (no hand in it)."""
        if block.kind == "tournament-summary":
            return None
        if block.kind == "stray":
            return _Stray(block).record(FileText(block.path))
        return self._read_block(block)

    def _read_block(self, block: Block) -> Hand | UnreadableHand:
        room_format = self.formats.get(block.format)
        if room_format is None:
            reason = f"no reader for the {block.format or 'unknown'} format"
            return UnreadableHand(block.path, block.first_line, block.first_line, block.last_line, reason)
        return room_format.read(block)

    def read_paths(self, files: Iterable[Source]) -> Iterator[Item]:
        """Every item of every file; files a directory scan found (InputFiles.scanned) as such."""
        scanned: set[Source] = getattr(files, "scanned", set())
        for path in files:
            for _, item in self.read_blocks(path, path in scanned):
                yield item


# Lines of a hand history whatever the room (seats, street markers, posts, cards dealt, the pot): a file with
# no hand header that holds two such lines is a hand history whose headers are damaged, reported as text outside
# any hand (nothing lost), not passed over as a document.
_HAND_LIKE: Final = re.compile(
    r"(?:Seat \d+ ?:|\*\*\* ?(?:HOLE CARDS|FLOP|TURN|RIVER|SUMMARY|SHOW ?DOWN|PRE-FLOP|3rd STREET)"
    r"|.*(?:posts (?:the )?(?:small|big) blind|Dealt to |[Tt]otal [Pp]ot|collected .* from (?:main |side )?pot))"
)
_HAND_LIKE_LINES: Final = 2


class _Stray:
    """A run of text outside any hand, as the splitter gives it (blocks of bounded size): what its record
    reports, not the text. Kept: its first block (the record's text, quoted by the reports), its last line,
    its number of lines, and how many lines of a hand history it holds (counted up to _HAND_LIKE_LINES)."""

    def __init__(self, first: Block) -> None:
        self.first = first
        self.last_line = first.last_line
        self.lines = len(first.lines)
        self.hand_lines = 0

    def add(self, block: Block) -> None:
        self.last_line = block.last_line
        self.lines += len(block.lines)

    def look_for_hand_lines(self, block: Block) -> None:
        """Count the block's lines of a hand history (UTF-16 text read a byte off has NULs between)."""
        for line in block.lines:
            if self.hand_lines >= _HAND_LIKE_LINES:
                return
            if _HAND_LIKE.match(line.replace("\x00", "").lstrip()):
                self.hand_lines += 1

    def record(self, info: FileText) -> UnreadableHand:
        first = self.first
        binary = " (binary content: NUL bytes)" if info.nul_lines else ""
        reason = (
            f"{self.lines} line(s) of text outside any hand{binary}: no hand header before line"
            f" {first.first_line}; it starts {first.lines[0][:60]!r}"
        )
        return UnreadableHand(first.path, first.first_line, first.first_line, self.last_line, reason)
