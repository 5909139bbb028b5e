"""`omaha-audit convert`: every read hand written in another format, one output file per input file.

The output folder mirrors the inputs below their common folder (an archive's members below a folder
named like the archive: `day.zip!/t1.txt` -> `DIR/day.zip/t1.phhs`), each file named like its input
with the format's suffix (PokerStars text: `t1.pokerstars.txt`). Each file is written whole or not at
all (omaha_audit/output/files.py), hands in their input order. Nothing is lost without a word: unreadable hands
and the hands the format cannot express are counted by reason, each reason with its first hand's place,
and the command exits 1 when there were any.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import ModuleType
from typing import TextIO

from omaha_audit.interop.common import Unconvertible
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.output.files import atomic_path, make_folder
from omaha_audit.parse.files import FileNotice
from omaha_audit.parse.input_files import Source
from omaha_audit.report.visible import notice_line, visible

WRITERS = {
    "phh": "omaha_audit.interop.phh",
    "ohh": "omaha_audit.interop.ohh",
    "pokerstars": "omaha_audit.interop.pokerstars_text",
}


def writer(name: str) -> ModuleType:
    return importlib.import_module(WRITERS[name])


@dataclass
class ConvertSummary:
    files_written: int = 0
    hands_written: int = 0
    unreadable: int = 0
    not_written: Counter[str] = field(default_factory=Counter)  # reason -> hands
    first: dict[str, str] = field(default_factory=dict)  # reason -> "path:line" of its first hand

    def refuse(self, reason: str, where: str) -> None:
        self.not_written[reason] += 1
        self.first.setdefault(reason, where)


def output_name(display: str, root: str, suffix: str, name: str) -> Path:
    """The output file's path below the output folder for an input shown as `display`: always below it,
    whatever the input's name (an archive member's name is the archive's writer's choice: `..` parts, a
    leading `/`, control characters, a name longer than a file system allows), each part a safe name."""
    relative = display[len(root) :].lstrip("/\\") if root and display.startswith(root) else Path(display).name
    relative = relative.replace("!/", "/").replace("!\\", "/")
    parts = [safe_part(part) for part in relative.replace("\\", "/").split("/") if part not in ("", ".")]
    last = parts.pop() if parts else "input"
    stem = PurePosixPath(last).stem if PurePosixPath(last).suffix else last
    written = f"{stem}.{name}.txt" if suffix == ".txt" else stem + suffix
    return Path(*parts, safe_part(written, keep=len(written) - len(stem)))


NAME_BYTES = 200  # the longest part of an output path written (file systems allow 255 bytes)


def safe_part(part: str, keep: int = 0) -> str:
    """One part of an output path made a safe name: `..` made `__`, control and format characters (ESC,
    NUL, right-to-left marks) made `_`, and a name over NAME_BYTES bytes cut, its last `keep` characters
    (a suffix) kept, with a digest of the whole so that two long names stay apart."""
    if part == "..":
        return "__"
    if not part.isprintable():
        part = "".join(char if char.isprintable() else "_" for char in part)
    if len(part.encode("utf-8", "surrogatepass")) <= NAME_BYTES:
        return part
    digest = hashlib.blake2b(part.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()
    tail = part[len(part) - keep :] if keep else ""
    room = NAME_BYTES - len(tail.encode("utf-8", "surrogatepass")) - len(digest) - 1
    head = part[: len(part) - len(tail)].encode("utf-8", "surrogatepass")[: max(room, 0)]
    return f"{head.decode('utf-8', 'ignore')}-{digest}{tail}"


def common_root(displays: Iterable[str]) -> str:
    """The folder every input is below (for one file: its folder)."""
    disk = [display.split("!/", 1)[0] for display in displays]
    if not disk:
        return ""
    if len(disk) == 1:
        return str(Path(disk[0]).parent)
    try:
        return os.path.commonpath([str(Path(path).parent) for path in disk])
    except ValueError:  # paths on different drives (Windows) or mixed absolute/relative
        return ""


def convert_files(files: Sequence[Source], target: str, folder: Path, err: TextIO) -> ConvertSummary:
    """Convert every hand of `files` (as `omaha_audit.rooms.hand_source().read_paths` reads them) with
    the writer named `target`, into `folder`."""
    from omaha_audit.rooms import hand_source

    module = writer(target)
    items = hand_source().read_paths(files)
    root = common_root(str(source) for source in files)
    summary = ConvertSummary()
    taken: set[Path] = set()
    for skipped, why in getattr(files, "skipped", ()):  # (archive members not read: parse/files.py)
        err.write(notice_line(skipped, why))
    current: str | None = None
    texts: list[str] = []

    def flush() -> None:
        if current is None or not texts:
            return
        path = folder / output_name(current, root, module.SUFFIX, module.NAME)
        base, count = path, 2
        while path in taken:
            path = base.with_name(f"{base.stem}-{count}{base.suffix}")
            count += 1
        taken.add(path)
        make_folder(path.parent)
        with atomic_path(path) as temporary, open(temporary, "w", encoding="utf-8", newline="\n") as out:
            for index, text in enumerate(texts, start=1):
                out.write(module.entry(index, text))
        summary.files_written += 1
        summary.hands_written += len(texts)

    for item in items:
        if isinstance(item, FileNotice):
            err.write(notice_line(item.path, item.message))
            continue
        path = item.path if isinstance(item, UnreadableHand) else item.source.path
        if path != current:
            flush()
            current, texts = path, []
        if isinstance(item, UnreadableHand):
            summary.unreadable += 1
            err.write(notice_line(f"{item.path}:{item.line}", f"unreadable hand, not converted: {item.reason}"))
            continue
        assert isinstance(item, Hand)
        result = module.convert(item)
        if isinstance(result, Unconvertible):
            summary.refuse(result.reason, f"{item.source.path}:{item.source.line}")
            continue
        texts.append(result)
    flush()
    return summary


def report(summary: ConvertSummary, target: str, folder: Path, err: TextIO) -> int:
    """The summary lines; the exit code: 0 when every hand was written, else 1."""
    for reason, count in summary.not_written.most_common():
        err.write(
            f"omaha-audit: {count:,} hand(s) not written as {target}: {visible(reason)} "
            f"(first: {visible(summary.first[reason])})\n"
        )
    refused = sum(summary.not_written.values())
    err.write(
        f"omaha-audit: wrote {summary.hands_written:,} hand(s) as {target} in {summary.files_written:,} file(s) "
        f"under {visible(str(folder))}; not written: {refused:,} the format cannot express, "
        f"{summary.unreadable:,} unreadable\n"
    )
    return 1 if refused or summary.unreadable else 0
