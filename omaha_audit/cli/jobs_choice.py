"""Whether `--jobs N` (N other than 1, or 0) starts its worker processes, or the command runs in this one
process because workers could only make it slower.

Worker processes start fresh (each imports the rooms, the engine and polars) and the hands go to them a file
at a time, so they cost a fixed start-up (about 3 s measured on this project's 2-core machine, with every
core busy: docs/PERFORMANCE.md) and can only share whole files. The command runs in one process, saying so
on stderr, when

- the input is a single file that cannot be cut in pieces at hand boundaries (omaha_audit/parse/chunks.py: a
  compressed file, an archive's member, a URL, an XML or JSON history, UTF-16 text): one file is then read
  by one process and a second worker would wait; a big plain-text file is cut and read by all, or
- the input is smaller than `MIN_PARALLEL_BYTES` (16 MiB: at about 1.3 KB a hand, 12,000 hands; the
  measured break-even, where two workers' saving first covers their start-up, was near 5 MiB, doubled and
  more for the spread of the measurements). Files are counted by their size on disk, an archive at
  `ARCHIVE_RATIO` times its size (hand histories compress about 5 to 1), a file named by URL as large
  (its size would cost a request).

`OMAHA_AUDIT_PARALLEL_MIN_BYTES` sets the threshold in bytes; 0 always starts the workers asked for (the
test suite's setting, so that its `--jobs 2` runs test the workers). `--scheduler` is never overridden.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from omaha_audit.parse.archives import ArchiveMember
from omaha_audit.parse.input_files import Source

MIN_PARALLEL_BYTES: Final = 16 << 20
ARCHIVE_RATIO: Final = 5
THRESHOLD_VARIABLE: Final = "OMAHA_AUDIT_PARALLEL_MIN_BYTES"


def threshold() -> int:
    text = os.environ.get(THRESHOLD_VARIABLE, "").strip()
    try:
        return max(int(text), 0) if text else MIN_PARALLEL_BYTES
    except ValueError:
        return MIN_PARALLEL_BYTES


def input_bytes(files: Sequence[Source], enough: int) -> int:
    """The input's size as the choice counts it (see the module's note), counted up to `enough`."""
    total = 0
    archives: set[str] = set()
    for source in files:
        if isinstance(source, ArchiveMember):
            container = source.archive
            if str(container) in archives:
                continue
            archives.add(str(container))
            total += _size(container) * ARCHIVE_RATIO if isinstance(container, Path) else enough
        else:
            total += _size(source) if isinstance(source, Path) else enough
        if total >= enough:
            break
    return total


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def one_process_reason(files: Sequence[Source]) -> str | None:
    """Why the command runs in this process in spite of `--jobs`; None: the workers are started."""
    least = threshold()
    if least == 0:
        return None
    if len(files) == 1:
        from omaha_audit.parse.chunks import whole_reason
        from omaha_audit.rooms import hand_source

        why = whole_reason(files[0], hand_source())
        if why is not None:
            return f"the input is one file, which one process reads: {why}"
    if not files:
        return "the input is one file, which one process reads"
    size = input_bytes(files, least)
    if size < least:
        return f"{_mib(size)} of input, under the {_mib(least)} where workers' start-up pays off"
    return None


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.1f} MiB"
