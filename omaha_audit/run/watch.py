"""A live audit of a room's hand-history folder (`omaha-audit watch DIR`): each hand is audited as the room
finishes writing it, and a restart goes on where the last run stopped.

When a hand is complete. A room client appends a hand to its table's file when the hand is over, a line at
a time. A hand is complete when the next hand's header follows it in the file. The last hand of a file is
complete when it holds its format's summary line and a blank line follows it (where the splitter ends a
hand), or when it holds its summary line, the file has been quiet `settle` seconds and the room's reader
reads the text as a hand (a format with no summary line: quiet and read as a hand). A hand cut off before its
summary (readers are lenient: half a hand may read as a hand) and text outside any hand wait for the next
header, or for the file to be quiet `stale` seconds: they are then audited as they stand (unreadable text
reported with its file, lines and reason).

Across hands. Each table's last hand (its picture, rules/tables.py) and what the rules across hands keep
along a run of consecutive hands stay in memory and in the state: a hand is judged against its table's
previous hand as it comes, in the order the room writes them, and the finding is printed with the later hand.

Restarts. The state file records, for every file, its identity (device, inode and a hash of its first
bytes), the byte offset and line number after the last complete hand audited, and the tables' last hands.
Each hand's record (its hand number, its findings, its key as a copy) is appended to a journal beside the
state, whose length the state records too: the journal is appended first, then the state replaced
atomically (omaha_audit/output/files.py). A run killed between the two leaves journal lines the state does not
count: they are cut off when the next run starts, and their hands audited again from the offset the state
holds. So a hand is audited once, whenever the process is killed.

Rotation and truncation. A file whose path now leads to another file (another inode, or a different head)
is a new file, read from its start; a file renamed within the folder keeps its place (found by its inode
and head). A file shorter than its offset was truncated: it is read again from its start. Hands read again
that were audited already are identical copies (the auditor's keys of the hands read are in the journal):
they are counted as copies, not audited twice.

Files read whole. A file whose format is read whole (XML, JSON) or that is UTF-16 text is read again from its
start each time it has changed and been quiet `settle` seconds; the hands already audited in it (their
count is in the state) are passed over. Archives in the folder, hidden files and files whose name says they
are no hand history are not read: the room's text files are (an archive holds hands already written).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import marshal
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.output.files import atomic_path
from omaha_audit.parse.archives import archive_kind
from omaha_audit.parse.files import HEAD_BYTES, NOT_HISTORY_SUFFIXES, FileNotice, Item
from omaha_audit.parse.reader import FileText, looks_utf16, read_texts
from omaha_audit.parse.split import Block
from omaha_audit.rooms import SPLITTER
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.rules.tables import TableHand, TablePair, TableRow
from omaha_audit.run.pipeline import AuditedHand, Auditor, Tally, cannot_check, hand_kind
from omaha_audit.run.sequences import TableJudge

SETTLE: Final = 0.25  # seconds a file is quiet before its last hand is taken as complete
STALE: Final = 30.0  # seconds a file is quiet before its unreadable end is reported as it stands
IDENTITY_BYTES: Final = 1024  # the first bytes of a file hashed for its identity
TAIL_BYTES: Final = 256  # the bytes before a file's offset hashed (a file rewritten from its start is noticed)
GONE: Final = 1000  # records of files no longer at their path kept (a file renamed keeps its place)
STATE_VERSION: Final = 1
_LINE_END: Final = re.compile(rb"\r\n|\r|\n")


class StateProblem(Exception):
    """A state file or journal that cannot be used (another folder's, another version's, damaged)."""


@dataclass(slots=True)
class Watched:
    """One file of the folder: its identity and how far it has been audited (what the state keeps)."""

    device: int
    inode: int
    head: str  # the hash of its first `head_size` bytes
    head_size: int
    tail: str = ""  # the hash of the TAIL_BYTES before `offset`
    offset: int = 0  # the byte after the last complete hand audited
    line: int = 1  # the number of the line that starts at `offset`
    whole: bool = False  # read whole each time it changes (XML, JSON, UTF-16)
    items: int = 0  # read whole: the hands (and unreadable records) of it audited
    size: int = -1  # read whole: its size and time when last read
    mtime_ns: int = -1
    # not kept: whether text past `offset` waits for the file to be quiet, or for more
    waiting: bool = field(default=False, compare=False)

    def saved(self) -> dict[str, object]:
        return {
            "device": self.device,
            "inode": self.inode,
            "head": self.head,
            "head_size": self.head_size,
            "tail": self.tail,
            "offset": self.offset,
            "line": self.line,
            "whole": self.whole,
            "items": self.items,
            "size": self.size,
            "mtime_ns": self.mtime_ns,
        }


@dataclass(slots=True)
class Record:
    """What the watch has audited since its state began, rebuilt from the journal: the tally, every finding
    (as the JSON output writes them) and every hand's (path, line, hand number)."""

    tally: Tally = field(default_factory=Tally)
    findings: list[dict[str, object]] = field(default_factory=list)
    hands: list[dict[str, object]] = field(default_factory=list)
    keys: set[bytes] = field(default_factory=set)

    def apply(self, entry: dict[str, Any]) -> None:
        """Count one journal entry: a hand (`hand`) or the findings across hands of a hand (`across`)."""
        found = [finding_of(item) for item in entry.get("findings", ())]
        self.findings.extend(entry.get("findings", ()))
        if "across" in entry:
            self.tally.count(found)
            return
        self.hands.append(entry["hand"])
        if entry.get("key"):
            self.keys.add(bytes.fromhex(entry["key"]))
        if entry.get("copy"):
            self.tally.copies += 1
        else:
            self.tally.add_counts(entry["kind"], entry["room"], entry["format"], found)

    def as_json(self, files: int, tables: int) -> dict[str, object]:
        self.tally.files, self.tally.tables = files, tables
        return {"summary": self.tally.as_dict(), "findings": self.findings, "hands": self.hands}


def finding_of(item: dict[str, Any]) -> Finding:
    """A finding from its JSON form (Finding.as_dict)."""
    fields = {key: value for key, value in item.items() if key != "severity"}
    return Finding(severity=Severity(item["severity"]), **fields)


@dataclass(slots=True)
class Batch:
    """The hands of one file audited in one step, committed together: what is printed and reported."""

    hands: list[AuditedHand] = field(default_factory=list)
    across: list[Finding] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)


class FolderWatch:
    """The watch of `folder`: `catch_up` once, then `step` with the paths that changed (and on every quiet
    interval). `on_batch` gets each batch once its state is saved."""

    def __init__(
        self,
        folder: Path,
        state_path: Path,
        auditor: Auditor,
        on_batch: Callable[[Batch], None],
        settle: float = SETTLE,
        stale: float = STALE,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.folder = folder
        self.real_folder = os.path.realpath(folder)
        self.state_path = state_path
        self.journal_path = state_path.with_name(state_path.name + ".journal")
        self.auditor = auditor
        self.on_batch = on_batch
        self.settle = settle
        self.stale = stale
        self.clock = clock
        self.judge = TableJudge(auditor.table_rules, cannot_check)
        self.files: dict[str, Watched] = {}
        self.gone: list[Watched] = []  # records whose path now holds another file
        self.tables: dict[str, tuple[TableHand, dict[str, object]]] = {}
        self.record = Record()
        self.journal_size = 0
        self.dirty = False  # committed since the outputs were last written
        self.ignored: set[str] = set()  # files passed over (said once)
        self.whole_formats = [f for f in auditor.source.whole_file if f.name in auditor.source.formats]
        self.load()

    # the state

    def load(self) -> None:
        """Read the state and the journal (cut to the length the state counts), if there are any."""
        try:
            text = self.state_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = ""
        except OSError as error:
            raise StateProblem(f"cannot read the state file {self.state_path}: {error.strerror or error}") from None
        if text:
            try:
                state = json.loads(text)
                if state.get("version") != STATE_VERSION:
                    raise StateProblem(f"{self.state_path}: a state file of another version of omaha-audit")
                if state.get("folder") != self.real_folder:
                    raise StateProblem(f"{self.state_path}: the state of another folder ({state.get('folder')})")
                self.journal_size = int(state["journal"])
                self.auditor.order = int(state["order"])
                self.files = {path: Watched(**saved) for path, saved in state["files"].items()}
                self.gone = [Watched(**saved) for saved in state["gone"]]
                self.tables = {table: _table_of(blob) for table, blob in state["tables"].items()}
            except (ValueError, KeyError, TypeError, EOFError) as error:
                raise StateProblem(f"{self.state_path}: not a state file omaha-audit can read ({error})") from None
        self._read_journal()
        self.auditor.seen = set(self.record.keys)

    def reread(self) -> None:
        """The record as the saved state counts it (what a restart would find)."""
        try:
            self.journal_size = int(json.loads(self.state_path.read_text(encoding="utf-8"))["journal"])
        except FileNotFoundError:
            self.journal_size = 0
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise StateProblem(f"cannot read the state file {self.state_path}: {error}") from None
        self.record = Record()
        self._read_journal()
        self.dirty = True

    def _read_journal(self) -> None:
        try:
            with open(self.journal_path, "r+b") as journal:
                data = journal.read(self.journal_size)
                if len(data) < self.journal_size:
                    raise StateProblem(f"{self.journal_path}: shorter than its state says (damaged)")
                journal.truncate(self.journal_size)  # (what a run killed before saving its state appended)
        except FileNotFoundError:
            if self.journal_size:
                counted = f"the state counts {self.journal_size} bytes"
                raise StateProblem(f"{self.journal_path}: missing ({counted})") from None
            return
        except OSError as error:
            raise StateProblem(f"cannot read {self.journal_path}: {error.strerror or error}") from None
        for number, line in enumerate(data.splitlines(), 1):
            try:
                self.record.apply(json.loads(line))
            except (ValueError, KeyError, TypeError) as error:
                raise StateProblem(f"{self.journal_path}:{number}: not a journal entry ({error})") from None

    def _commit(self, batch: Batch) -> None:
        """Append the batch's entries to the journal, then save the state that counts them."""
        if batch.entries:
            data = "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in batch.entries).encode("utf-8")
            try:
                with open(self.journal_path, "ab") as journal:
                    journal.write(data)
            except OSError as error:
                from omaha_audit.errors import WriteFailed

                raise WriteFailed(f"cannot write {self.journal_path}: {error.strerror or error}") from None
            self.journal_size += len(data)
        self.save()
        for entry in batch.entries:
            self.record.apply(entry)
        if batch.entries:
            self.dirty = True
            self.on_batch(batch)

    def save(self) -> None:
        state = {
            "version": STATE_VERSION,
            "folder": self.real_folder,
            "journal": self.journal_size,
            "order": self.auditor.order,
            "files": {path: watched.saved() for path, watched in self.files.items()},
            "gone": [watched.saved() for watched in self.gone],
            "tables": {table: _table_blob(hand, memory) for table, (hand, memory) in self.tables.items()},
        }
        with atomic_path(self.state_path) as temporary:
            temporary.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")

    # the folder

    def catch_up(self) -> None:
        """Every file of the folder, read from where the state left it."""
        for path in _oldest_first(self.scan()):
            self.look(path)

    def scan(self) -> list[str]:
        found: list[str] = []
        for root, folders, names in os.walk(self.folder):
            folders[:] = sorted(name for name in folders if not name.startswith("."))
            for name in sorted(names):
                path = os.path.join(root, name)
                if self.wanted(path):
                    found.append(path)
        return found

    def wanted(self, path: str) -> bool:
        """Whether a path of the folder is a file to read (no hidden file, archive, nor a file whose name
        says it is no hand history; never the state and journal)."""
        relative = os.path.relpath(path, self.folder)
        if relative.startswith("..") or any(part.startswith(".") for part in Path(relative).parts):
            return False
        if os.path.abspath(path) in (os.path.abspath(self.state_path), os.path.abspath(self.journal_path)):
            return False
        name = Path(path)
        if name.suffix.lower() in NOT_HISTORY_SUFFIXES or archive_kind(name) is not None:
            self.ignored.add(path)
            return False
        return os.path.isfile(path)

    def named(self, path: str) -> str:
        """A path of the folder as the folder was named (watchfiles reports absolute, resolved paths)."""
        for base in (self.real_folder, os.path.abspath(self.folder)):
            relative = os.path.relpath(path, base)
            if not relative.startswith(".."):
                return os.path.join(str(self.folder), relative)
        return path

    def step(self, changed: set[str]) -> None:
        """The files that changed, and those whose end waits for the file to be quiet."""
        paths = {path for path in map(self.named, changed) if self.wanted(path)}
        paths.update(path for path, watched in self.files.items() if watched.waiting)
        for path in _oldest_first(paths):
            self.look(path)

    def look(self, path: str) -> None:
        """Audit what is new in one file."""
        try:
            info = os.stat(path)
        except OSError:
            watched = self.files.get(path)
            if watched is not None:
                watched.waiting = False
            return
        watched = self._identify(path, info)
        quiet = self.clock() - info.st_mtime_ns / 1e9  # (the file's own time: a restart knows it too)
        if watched.whole:
            changed = (info.st_size, info.st_mtime_ns) != (watched.size, watched.mtime_ns)
            watched.waiting = changed
            if changed and quiet >= self.settle:
                self._read_whole(path, watched, info, quiet)
            return
        if info.st_size < watched.offset:  # truncated: read again from the start
            watched.offset, watched.line = 0, 1
        if info.st_size == watched.offset:
            watched.waiting = False
            return
        self._read_new(path, watched, quiet)

    def _identify(self, path: str, info: os.stat_result) -> Watched:
        """The file's record: the one it had (the same inode, head and bytes before its offset), the one of a
        file renamed to it, or a new one (the record its path had then kept a while, in case the file shows
        up under another name)."""
        watched = self.files.get(path)
        if watched is not None and self._same(path, watched, info):
            return watched
        known = next((record for record in self.gone if self._same(path, record, info)), None)
        if known is not None:
            self.gone.remove(known)
        else:
            for other, record in list(self.files.items()):
                if other != path and self._same(path, record, info) and not self._still_there(other, record):
                    known = self.files.pop(other)
                    break
        if watched is not None:
            self.gone.append(watched)
            del self.gone[:-GONE]
        if known is None:
            head, head_size = _head(path)
            known = Watched(info.st_dev, info.st_ino, head, head_size)
            known.whole = self._read_whole_file(path)
        self.files[path] = known
        return known

    def _same(self, path: str, watched: Watched, info: os.stat_result) -> bool:
        """Whether the file at `path` is the one `watched` records: its inode, its first bytes, and (read
        as text) the bytes before its offset (a file rewritten from the same start is another file)."""
        if (watched.device, watched.inode) != (info.st_dev, info.st_ino):
            return False
        head, _ = _head(path, watched.head_size)
        if head != watched.head:
            return False
        if not watched.whole and watched.offset and _tail(path, watched.offset) != watched.tail:
            return False
        if watched.head_size < IDENTITY_BYTES and info.st_size > watched.head_size:
            watched.head, watched.head_size = _head(path)  # (more of its head is written now)
        return True

    @staticmethod
    def _still_there(path: str, watched: Watched) -> bool:
        try:
            info = os.stat(path)
        except OSError:
            return False
        return (info.st_dev, info.st_ino) == (watched.device, watched.inode)

    def _read_whole_file(self, path: str) -> bool:
        try:
            with open(path, "rb") as stream:
                head = stream.read(HEAD_BYTES)
        except OSError:
            return False
        if _utf16(head):
            return True
        return any(room_format.claims_file(head) for room_format in self.whole_formats)

    # reading

    def _read_new(self, path: str, watched: Watched, quiet: float) -> None:
        """The complete hands after the file's offset: audited, committed, the offset moved past them."""
        try:
            with open(path, "rb") as stream:
                stream.seek(watched.offset)
                whole = stream.read()
        except OSError:
            return
        settled, stale = quiet >= self.settle, quiet >= self.stale
        cut = max(whole.rfind(b"\n"), whole.rfind(b"\r", 0, len(whole) - 1)) + 1
        if settled and whole[cut:].strip():
            cut = len(whole)  # (a last line with no line end, quiet: it is complete as it stands)
        raw = whole[:cut]
        ends = [match.end() for match in _LINE_END.finditer(raw)]
        if not ends or ends[-1] < len(raw):
            ends.append(len(raw))  # (the last line, with no line end)
        text = "".join(read_texts(io.BytesIO(raw), FileText(path)))
        blocks = list(SPLITTER.split_texts(path, [text], watched.line))
        source = self.auditor.source
        read = [source.block_item(block) for block in blocks]
        last_hand = max((i for i, block in enumerate(blocks) if block.kind == "hand"), default=-1)
        if stale:
            complete = len(blocks)
        elif last_hand < 0:
            complete = 0  # (text with no hand header yet: it waits for one, or for the file to go stale)
        elif _ended(
            blocks[last_hand],
            read[last_hand],
            text.split("\n")[blocks[last_hand].last_line - watched.line + 1 :],
            settled,
        ):
            complete = last_hand + 1  # (text after it waits for a header, or for the file to go stale)
        else:
            complete = last_hand
        if complete == len(blocks) and (settled or stale):
            end, line = len(raw), watched.line + len(ends) if raw else watched.line  # (blank lines too)
        elif complete:
            last = blocks[complete - 1].last_line
            end, line = ends[min(last - watched.line, len(ends) - 1)], last + 1
        else:
            end, line = 0, watched.line
        watched.waiting = bool(whole[end:].strip())
        if end == 0:
            return
        items: list[tuple[Block | None, Item]] = []
        for block, item in zip(blocks[:complete], read[:complete], strict=True):
            if item is not None:
                items.append((block, item))
        batch = self._audit(items)
        watched.offset += end
        watched.line = line
        watched.tail = _tail(path, watched.offset)
        self._commit(batch)

    def _read_whole(self, path: str, watched: Watched, info: os.stat_result, quiet: float) -> None:
        """A file read whole: its items after those audited already, when its end reads as complete."""
        items: list[tuple[Block | None, Item]] = []
        for block, item in self.auditor.source.read_blocks(Path(path)):
            if not isinstance(item, FileNotice):
                items.append((block, item))
        if info.st_size < watched.size:
            watched.items = 0  # (shorter than when read: a new file written over it)
        complete = len(items)
        while complete > watched.items and isinstance(items[complete - 1][1], UnreadableHand):
            complete -= 1  # (an unreadable end: perhaps still being written)
        if complete < len(items) and quiet < self.stale:
            new = items[watched.items : complete]
        else:
            new = items[watched.items :]
            watched.size, watched.mtime_ns = info.st_size, info.st_mtime_ns
        if not new:
            return
        batch = self._audit(new)
        watched.items += len(new)
        self._commit(batch)

    def _audit(self, items: list[tuple[Block | None, Item]]) -> Batch:
        """Audit the items, each hand judged against its table's previous hand."""
        batch = Batch()
        for audited, picture, house, key in self.auditor.audit_blocks(items):
            across = self._across(picture, house) if picture is not None and house is not None else []
            batch.hands.append(audited)
            batch.entries.append(_entry(audited, key))
            if across:
                batch.across.extend(across)
                batch.entries.append({"across": True, "findings": [finding.as_dict() for finding in across]})
        return batch

    def _across(self, picture: TableRow, house: HouseRules) -> list[Finding]:
        hand = TableHand.from_row(picture)
        known = self.tables.get(hand.table)
        if known is None:
            self.tables[hand.table] = (hand, {})
            return []
        earlier, memory = known
        pair = TablePair(earlier, hand, house, memory)
        if not pair.consecutive and not pair.duplicate:
            pair.memory = {}
        found = self.judge.judge(pair, strict=self.auditor.strict)
        self.tables[hand.table] = (earlier if pair.duplicate else hand, pair.memory)
        return found

    def outputs(self) -> dict[str, object]:
        """The JSON output: the summary, the findings and the hands audited since the state began."""
        self.dirty = False
        return self.record.as_json(len(self.files), len(self.tables))


def _entry(audited: AuditedHand, key: bytes | None) -> dict[str, Any]:
    """A hand's journal entry: where it is, its number, how it counts, its key as a copy and its findings."""
    item = audited.item
    kind, room, format_name = hand_kind(item)
    path = item.path if isinstance(item, UnreadableHand) else item.source.path
    return {
        "hand": {"path": path, "line": audited.first_line, "hand_id": item.hand_id},
        "kind": kind,
        "room": room,
        "format": format_name,
        "copy": audited.copy,
        "key": key.hex() if key is not None else None,
        "findings": [finding.as_dict() for finding in audited.findings],
    }


def _table_blob(hand: TableHand, memory: dict[str, object]) -> str:
    """A table's last hand and what the rules keep along its run, as text for the state (marshal: plain
    values, sets and dicts)."""
    value: Any = (hand.to_row(), memory)
    return base64.b64encode(marshal.dumps(value)).decode("ascii")


def _table_of(blob: str) -> tuple[TableHand, dict[str, object]]:
    row, memory = marshal.loads(base64.b64decode(blob))
    return TableHand.from_row(tuple(row)), dict(memory)


def _head(path: str, size: int = IDENTITY_BYTES) -> tuple[str, int]:
    """The hash of a file's first `size` bytes (fewer when it is shorter), and how many were hashed."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(size)
    except OSError:
        data = b""
    return hashlib.sha256(data).hexdigest(), len(data)


def _ended(block: Block, item: Hand | UnreadableHand | None, after: list[str], settled: bool) -> bool:
    """Whether the last hand written in a file is complete, no next header after it yet: it reads as a hand,
    and either its format's summary line is in it and a blank line follows (the end of a hand, as the
    splitter ends one), or the file is quiet (`settled`) and the summary line is in it (or the format has
    none)."""
    if not isinstance(item, Hand):
        return False
    summary = SPLITTER.summaries.get(block.format)
    if summary is None:
        return settled
    if summary.search("\n" + "\n".join(block.lines)) is None:
        return False  # (a hand cut off before its summary: it waits, however long the file is quiet)
    return settled or (len(after) > 1 and not after[0].strip())


def _oldest_first(paths: Iterable[str]) -> list[str]:
    """The paths in the order their files were last written (a file the room rotated away holds hands
    written before those of the new file at its path: a table's hands are judged in the order written)."""

    def written(path: str) -> tuple[int, str]:
        try:
            return os.stat(path).st_mtime_ns, path
        except OSError:
            return 0, path

    return sorted(paths, key=written)


def _tail(path: str, offset: int) -> str:
    """The hash of the TAIL_BYTES of a file before `offset` ("" when it holds fewer)."""
    start = max(0, offset - TAIL_BYTES)
    try:
        with open(path, "rb") as stream:
            stream.seek(start)
            data = stream.read(offset - start)
    except OSError:
        return ""
    return hashlib.sha256(data).hexdigest() if len(data) == offset - start else ""


def _utf16(head: bytes) -> bool:
    return looks_utf16(head) is not None


def watch_changes(folder: Path, settle: float, stop: Any = None) -> Iterator[set[str]]:
    """The paths of the folder that changed, as `watchfiles` reports them (an empty set every `settle`
    seconds when nothing did, so that a file gone quiet is looked at)."""
    import watchfiles

    for changes in watchfiles.watch(
        folder,
        watch_filter=None,
        debounce=max(50, int(settle * 1000)),
        step=20,
        rust_timeout=max(50, int(settle * 1000)),
        yield_on_timeout=True,
        stop_event=stop,
        raise_interrupt=True,
    ):
        yield {path for _, path in changes}
