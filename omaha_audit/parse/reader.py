"""Bytes to text lines with their original line numbers, streaming, never raising on content.

Detects per file: UTF-16 LE/BE (BOM, or the tell-tale NUL pattern), else per line: UTF-8 (with a BOM
anywhere, e.g. at the start of every hand), falling back to cp1252 for lines that are not UTF-8. Lines
end in LF, CRLF or a lone CR. Trailing whitespace is removed.

The file is read in chunks of complete lines: a chunk is decoded as UTF-8 in one call and split with
string methods, and only a chunk that is not valid UTF-8 is decoded line by line. Memory does not
grow with the file; a line longer than MAX_LINE_BYTES (binary junk) is cut into pieces of that size.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, Final

MAX_LINE_BYTES = 1 << 20  # a longer "line" is binary junk; it is read in pieces of this size
CHUNK_BYTES: Final = 1 << 18


@dataclass(slots=True)
class FileText:
    """What the reader learnt about a file while streaming it."""

    path: str
    encoding: str = "utf-8"
    fallback_lines: int = 0  # lines that were not UTF-8 and were read as cp1252
    nul_lines: int = 0  # lines holding NUL bytes (a sign of binary content)
    lines: int = 0  # lines read so far
    utf8_lines: bool = False  # some non-ASCII text was valid UTF-8


def looks_utf16(head: bytes) -> str | None:
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


def _normalise(text: str, first: bool) -> str:
    """Decoded text of whole physical lines: BOMs dropped, every CR, LF or CRLF made one LF.

    A BOM is where a file starts: the text's first character, or in files joined end to end the start of
    the line where each one began. Anywhere else U+FEFF is a character of the text (of a player's name,
    say), and so is one at a later line's start that a colon, a space or the line's end follows (the
    lines of a player whose whole name it is, or that name alone where a hand was cut off after it):
    those are kept. `first`: the text is the start of the file."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        if first:
            text = text.lstrip("\ufeff")
        text = _FILE_BOMS.sub("", text)
    return text


_FILE_BOMS: Final = re.compile("^\ufeff+(?![: ]|$)", re.MULTILINE)


def text_lines(text: str) -> list[str]:
    """Normalised text to lines, trailing whitespace removed. A final LF does not start another line."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.rstrip() for line in lines]


def _decode(raw: bytes, info: FileText) -> str:
    """Whole lines of bytes to text: UTF-8 where it is valid, line by line cp1252 where it is not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _decode_mixed(raw, info)
    if not info.utf8_lines and not raw.isascii():
        info.utf8_lines = True
    return text


def _decode_mixed(raw: bytes, info: FileText) -> str:
    """Decode up to each bad line in one call, and each bad line as cp1252."""
    view = memoryview(raw)
    parts: list[str] = []
    position = 0
    while position < len(raw):
        try:
            text, _ = codecs.utf_8_decode(view[position:], "strict", True)
        except UnicodeDecodeError as error:
            bad = position + error.start
            start = max(position, raw.rfind(b"\n", position, bad) + 1)
            end = raw.find(b"\n", bad)
            end = len(raw) if end < 0 else end + 1
            good = raw[position:start]
            parts.append(good.decode("utf-8"))
            if not good.isascii():
                info.utf8_lines = True
            parts.append(raw[start:end].decode("cp1252", errors="replace"))
            info.fallback_lines += 1
            position = end
        else:
            parts.append(text)
            if not raw[position:].isascii():
                info.utf8_lines = True
            break
    return "".join(parts)


def _count_nul_lines(raw: bytes, info: FileText) -> None:
    if b"\x00" in raw:
        info.nul_lines += sum(1 for line in raw.split(b"\n") if b"\x00" in line)


def _pieces(line: bytes) -> Iterator[bytes]:
    for start in range(0, len(line), MAX_LINE_BYTES):
        yield line[start : start + MAX_LINE_BYTES]


def _first_break(data: bytes) -> int:
    """The index of the last byte of the first line end in `data` (an LF, a CRLF's LF, or a lone CR that
    is not the last byte: that may be a CRLF cut in two), or -1."""
    lf = data.find(b"\n")
    cr = data.find(b"\r", 0, len(data) - 1 if lf < 0 else lf)
    if cr < 0 or cr + 1 == lf:
        return lf
    return cr


def _last_break(data: bytes) -> int:
    """The index of the last line end in `data`, or -1. A CR at the very end is not one yet: it may be the
    first half of a CRLF whose LF is in the next read."""
    return max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1))


def _byte_chunks(stream: BinaryIO, chunk_size: int) -> Iterator[bytes]:
    """Runs of whole physical lines (each ends in LF, CR or CRLF, except at the end of the file). A line
    longer than MAX_LINE_BYTES comes in pieces of that size, each on its own."""
    carry = b""
    while True:
        data = stream.read(chunk_size)
        if not data:
            break
        if carry:
            if carry.endswith(b"\r"):  # the carried line ended in a CR: an LF right after belongs to it
                take = 1 if data.startswith(b"\n") else 0
            else:
                end = _first_break(data)
                if end < 0:
                    carry += data
                    while len(carry) >= MAX_LINE_BYTES:
                        yield carry[:MAX_LINE_BYTES]
                        carry = carry[MAX_LINE_BYTES:]
                    continue
                take = end + 1
            first, data = carry + data[:take], data[take:]
            carry = b""
            if len(first) > MAX_LINE_BYTES:
                yield from _pieces(first)
            else:
                data = first + data
        cut = _last_break(data) + 1
        if cut:
            if cut > MAX_LINE_BYTES:  # only when chunk_size is larger than a line may be
                for line in data[:cut].splitlines(keepends=True):
                    yield from _pieces(line)
            else:
                yield data[:cut]
        carry = data[cut:]
        while len(carry) >= MAX_LINE_BYTES:
            yield carry[:MAX_LINE_BYTES]
            carry = carry[MAX_LINE_BYTES:]
    if carry:
        yield carry


def _utf16_chunks(stream: BinaryIO, encoding: str, chunk_size: int) -> Iterator[str]:
    """Decoded runs of whole lines (ending in LF or CR, or cut at MAX_LINE_BYTES characters)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    carry = ""
    while True:
        data = stream.read(chunk_size)
        text = carry + decoder.decode(data, final=not data)
        # a CR at the very end may be the first half of a CRLF: keep it for the next chunk
        cut = max(text.rfind("\n"), text.rfind("\r", 0, len(text) - 1)) + 1 if data else len(text)
        if cut:
            yield text[:cut]
        carry = text[cut:]
        while len(carry) >= MAX_LINE_BYTES:
            yield carry[:MAX_LINE_BYTES]
            carry = carry[MAX_LINE_BYTES:]
        if not data:
            return


def _whole_lines(text: str, info: FileText) -> str:
    """End the text with a line end (the end of the file, or a piece of an over-long line), count lines."""
    if text and not text.endswith("\n"):
        text += "\n"
    info.lines += text.count("\n")
    return text


def read_texts(
    stream: BinaryIO, info: FileText, chunk_size: int = CHUNK_BYTES, start_of_file: bool = True
) -> Iterator[str]:
    """Yield the text of a binary stream in pieces of whole lines, normalised: BOMs dropped, every line
    ends in one LF (trailing whitespace is still there). Never raises on content. `start_of_file` False: the
    stream is a piece of a file from one of its line starts on (parse/chunks.py), known to be no UTF-16."""
    utf16 = None
    if start_of_file:
        head = stream.read(64)
        utf16 = looks_utf16(head)
        stream.seek(0)
    if utf16:
        info.encoding = utf16
        for number, piece in enumerate(_utf16_chunks(stream, utf16, chunk_size)):
            yield _whole_lines(_normalise(piece, number == 0), info)
        return
    for number, raw in enumerate(_byte_chunks(stream, chunk_size)):
        _count_nul_lines(raw, info)
        yield _whole_lines(_normalise(_decode(raw, info), start_of_file and number == 0), info)
    if info.fallback_lines:
        info.encoding = "mixed utf-8/cp1252" if info.utf8_lines else "cp1252"


def decoded_lines(raw: bytes) -> str:
    """Whole lines of bytes (not a file's first) as the reader gives them: decoded, normalised."""
    return _normalise(_decode(raw, FileText("")), False)


def read_chunks(stream: BinaryIO, info: FileText, chunk_size: int = CHUNK_BYTES) -> Iterator[list[str]]:
    """Yield the lines of a binary stream in runs (line numbers continue from run to run, from 1),
    trailing whitespace removed. Never raises on content."""
    for text in read_texts(stream, info, chunk_size):
        yield text_lines(text)


def read_lines(stream: BinaryIO, info: FileText, chunk_size: int = CHUNK_BYTES) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) for every line of a binary stream. Never raises on content."""
    number = 0
    for lines in read_chunks(stream, info, chunk_size):
        for line in lines:
            number += 1
            yield number, line
