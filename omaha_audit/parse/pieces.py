"""A piece of a big file, read like a file by the file reader (parse/files.py): what parse/chunks.py cuts a
file into for the workers to read. (Not compiled: it travels to the workers by pickle.)"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO


@dataclass(frozen=True, slots=True)
class FileChunk:
    """Bytes `start` to `end` of the file `path` (a line start to a line start), whose first line is line
    `first_line` of the file. Read like a file; named as the file it is part of."""

    path: Path
    start: int
    end: int
    first_line: int

    def open(self, mode: str = "rb") -> BinaryIO:
        with self.path.open("rb") as stream:
            stream.seek(self.start)
            data = stream.read(self.end - self.start)
        if len(data) != self.end - self.start:
            raise OSError(f"{self.path} changed while it was read (shorter than {self.end:,} bytes)")
        return io.BytesIO(data)

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def suffix(self) -> str:
        return self.path.suffix

    def __str__(self) -> str:
        return str(self.path)
