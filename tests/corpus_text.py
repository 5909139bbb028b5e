"""The corpus files' text as the tests read it, independently of the reader: decoded the way ROOMS.md's
counts decode it (appendix A)."""

from __future__ import annotations

import codecs
from pathlib import Path


def decoded(path: Path) -> str:
    """A file's text: UTF-16 by its BOM (odd byte counts tolerated), else UTF-8, else cp1252; BOMs
    removed (and Cake's second BOM, `ï»¿`: UTF-8 of a BOM read as cp1252), every line end made LF,
    trailing white space dropped (as the reader drops it)."""
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    text = text.replace("\ufeff", "").replace("\u00ef\u00bb\u00bf", "").replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n"))
