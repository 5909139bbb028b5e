"""Bytes to text lines with their original line numbers, streaming, never raising on content.

Detects per file: UTF-16 LE/BE (BOM, or the tell-tale NUL pattern), else per line: UTF-8 (with a BOM
anywhere, e.g. at the start of every hand), falling back to cp1252 for lines that are not UTF-8. Lines
end in LF, CRLF or a lone CR. Trailing whitespace is removed. Memory does not grow with the file:
lines are produced one at a time, and an over-long line (binary junk) is cut into pieces.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

MAX_LINE_BYTES = 1 << 20  # a longer "line" is binary junk; it is read in pieces of this size


@dataclass(slots=True)
class FileText:
    """What the reader learnt about a file while streaming it."""

    path: str
    encoding: str = "utf-8"
    fallback_lines: int = 0  # lines that were not UTF-8 and were read as cp1252
    nul_lines: int = 0  # lines holding NUL bytes (a sign of binary content)


def _looks_utf16(head: bytes) -> str | None:
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    # No BOM: ASCII text in UTF-16 has every other byte NUL.
    if len(head) >= 8:
        even, odd = head[0::2], head[1::2]
        if odd.count(0) == len(odd) and even.count(0) == 0:
            return "utf-16-le"
        if even.count(0) == len(even) and odd.count(0) == 0:
            return "utf-16-be"
    return None


def _decode(raw: bytes, info: FileText) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        info.fallback_lines += 1
        return raw.decode("cp1252", errors="replace")


def _split_line(text: str) -> list[str]:
    """One physical line (may hold lone CRs) to logical lines, trailing whitespace removed."""
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    if text.endswith("\n"):
        text = text[:-1]
    if "\r" not in text:
        return [text.rstrip()]
    if text.endswith("\r") and text.count("\r") == 1:
        return [text[:-1].rstrip()]
    parts = text.split("\r")
    if parts and parts[-1] == "":
        parts.pop()
    return [part.rstrip() for part in parts]


def _iter_utf16(stream: BinaryIO, encoding: str, info: FileText) -> Iterator[str]:
    text = io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")
    while True:
        chunk = text.readline(MAX_LINE_BYTES)
        if not chunk:
            return
        yield chunk


def _iter_bytes(stream: BinaryIO, info: FileText) -> Iterator[str]:
    while True:
        raw = stream.readline(MAX_LINE_BYTES)
        if not raw:
            return
        if b"\x00" in raw:
            info.nul_lines += 1
        yield _decode(raw, info)


def read_lines(stream: BinaryIO, info: FileText) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) for every line of a binary stream. Never raises on content."""
    head = stream.read(64)
    rest_source: Iterator[str]
    utf16 = _looks_utf16(head)
    stream.seek(0)
    if utf16:
        info.encoding = utf16
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            stream.read(2)
        rest_source = _iter_utf16(stream, utf16, info)
    else:
        rest_source = _iter_bytes(stream, info)
    number = 0
    for physical in rest_source:
        for line in _split_line(physical):
            number += 1
            yield number, line
    if not utf16 and info.fallback_lines:
        info.encoding = "cp1252" if info.fallback_lines == number else "mixed utf-8/cp1252"
