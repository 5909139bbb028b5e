"""The list of files a run reads (kept out of the compiled modules: mypyc cannot compile a class that
derives from `list`; hatch_build.py's NOT_COMPILED)."""

from __future__ import annotations

from pathlib import Path


class InputFiles(list[Path]):
    """The files to read, in order: those named and those a directory scan found (`scanned`), with the
    files the scan passed over by their suffix (`skipped`)."""

    def __init__(self) -> None:
        super().__init__()
        self.scanned: set[Path] = set()
        self.skipped: list[Path] = []
