"""The list of files a run reads (kept out of the compiled modules: mypyc cannot compile a class that
derives from `list`; hatch_build.py's NOT_COMPILED)."""

from __future__ import annotations

from pathlib import Path

from omaha_audit.parse.archives import ArchiveMember
from omaha_audit.parse.pieces import FileChunk
from omaha_audit.parse.remote import RemoteFile

# a file to read: on disk, inside an archive, named by a URL, or a piece of a big file on disk (parse/chunks.py)
Source = Path | ArchiveMember | RemoteFile | FileChunk


class InputFiles(list[Source]):
    """The files to read, in order: those named and those a directory scan found (`scanned`, which archive
    members are too), with the files passed over and why (`skipped`: (path, reason))."""

    def __init__(self) -> None:
        super().__init__()
        self.scanned: set[Source] = set()
        self.skipped: list[tuple[str, str]] = []
