"""Reading an iPoker file: one `<session>` document holding many `<game>` elements, in constant memory.

The byte stream is read in chunks and cut where a `<session` or a `<game` tag starts: a session's piece
holds its `<general>` block, a game's piece the game and whatever follows it up to the next tag
(`</session>`, white space). Each piece is decoded and parsed with ElementTree on its own, then dropped:
memory holds one chunk and one game, whatever the size of the file. Why pieces rather than one parse
of the whole document: an XML parser stops for good at the first error, while the pieces keep each
error inside the game it breaks. A game that is not well-formed XML (cut off, a bad entity, a stray `<`)
is one unreadable hand with the line of the error; the games after it are read as usual. Encodings: the
files declare UTF-8 but some write the euro sign in cp1252 (byte 0x80), so each piece is decoded as UTF-8
with every byte that is not UTF-8 read as cp1252, before the parser sees it (which then ignores the
declaration); XML's forbidden control characters are replaced (a defect of the hand). UTF-16 files are
re-encoded on the fly.

Files are often cut short: the fpdb copies end after a game's last `</round>`, without `</game>` and
`</session>`. A game whose elements are all complete is read (and if its betting stops short it is a
truncated hand); one cut inside an element is unreadable; the missing closing tags are a file notice.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO, Final
from xml.etree.ElementTree import Element, ParseError, XMLParser, XMLPullParser

from omaha_audit.model import Defect, Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, Item
from omaha_audit.rooms.ipoker.elements import Place
from omaha_audit.rooms.ipoker.reader import read_game
from omaha_audit.rooms.ipoker.session import NO_SESSION, Session
from omaha_audit.rooms.kit.reader import crashed_at

CHUNK: Final = 1 << 20
MAX_PIECE: Final = 32 << 20  # a piece larger than this is not a game: skipped, reported
_BOUNDARY: Final = re.compile(rb"<(?:game|session)[\s>/]")
_GAME_END: Final = "</game>"
_GAME_CODE: Final = re.compile(r'gamecode="([^"]*)"')
_SESSION_CODE: Final = re.compile(r'sessioncode="([^"]*)"')
_SIMPLE_TAG: Final = re.compile(r"<(\w+)>([^<]*)</\1>")
_CONTROLS: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
# the same characters as bytes: each is that one byte in UTF-8 and in cp1252 alike, so the bytes of a piece
# hold one exactly when its text does
_CONTROL_BYTES: Final = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])
_TAGS: Final = re.compile(r"<(?:player|action|cards|round)[\s/>]")
_LINED: Final = frozenset({"player", "action", "cards", "round"})
# What may stand between games besides them: white space, the session's end, a new document's declaration.
_BETWEEN: Final = re.compile(r"\s+|</session\s*>|<\?xml[^>]*\?>|<!--.*?-->|\ufeff", re.DOTALL)
_FALLBACK: Final = "ipoker-cp1252"


def _cp1252(error: UnicodeError) -> tuple[str, int]:
    """A decoding error handler: the bytes that are not UTF-8, read as cp1252."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("cp1252", errors="replace"), error.end


codecs.register_error(_FALLBACK, _cp1252)


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-8", errors=_FALLBACK)


def has_controls(data: bytes) -> bool:
    """Whether `data` holds a control character XML does not allow: one pass in C over the bytes, about eight
    times as fast as `_CONTROLS` searching the decoded text (a game's 3 KB: 1.8 against 15 µs)."""
    return len(data.translate(None, _CONTROL_BYTES)) != len(data)


def byte_chunks(stream: BinaryIO) -> Iterator[bytes]:
    """The file's bytes in chunks, UTF-8 (or cp1252 bytes within it); UTF-16 files re-encoded as UTF-8."""
    data = stream.read(CHUNK)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
        while data:
            yield decoder.decode(data).encode("utf-8")
            data = stream.read(CHUNK)
        yield decoder.decode(b"", True).encode("utf-8")
        return
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    while data:
        yield data
        data = stream.read(CHUNK)


class Piece:
    """The bytes from one `<session` or `<game` tag to the next (the first piece: what comes before the
    first tag), its first line, and how many lines it spans. `data` is empty for a skipped, oversized one."""

    def __init__(self, data: bytes, first_line: int, lines: int, oversized: bool = False) -> None:
        self.data = data
        self.first_line = first_line
        self.lines = lines
        self.oversized = oversized


def split_pieces(chunks: Iterable[bytes]) -> Iterator[Piece]:
    """Cut the stream at every `<session` and `<game` tag, holding no more than a chunk and a piece."""
    buffer = b""
    start = 0  # where the current piece starts in `buffer`
    scan = 1  # where to look for the next tag
    line = 1  # the line the current piece starts on
    skipped = -1  # lines of an oversized piece dropped so far (-1: not skipping)
    for chunk in chunks:
        buffer = buffer[start:] + chunk
        scan -= start
        start = 0
        while True:
            found = _BOUNDARY.search(buffer, max(scan, start + 1))
            if found is None:
                break
            end = found.start()
            if skipped >= 0:
                skipped += buffer.count(b"\n", start, end)
                yield Piece(b"", line, skipped, True)
                line += skipped
                skipped = -1
            else:
                piece = buffer[start:end]
                count = piece.count(b"\n")
                yield Piece(piece, line, count)
                line += count
            start, scan = end, end + 1
        scan = max(start + 1, len(buffer) - 16)  # (a tag may straddle two chunks)
        if len(buffer) - start > MAX_PIECE or skipped >= 0:
            skipped = max(skipped, 0) + buffer.count(b"\n", start, scan)
            start = scan
    if skipped >= 0:
        yield Piece(b"", line, skipped + buffer.count(b"\n", start), True)
    elif len(buffer) > start:
        yield Piece(buffer[start:], line, buffer.count(b"\n", start))


def parse_game(text: str, closed: bool) -> tuple[Element | None, str]:
    """The `<game>` element of a piece and "", or None and the element the text stops inside when one of
    the game's elements is not complete (an unclosed game whose elements are complete comes back whole).
    ParseError for XML that is not well-formed."""
    if closed:
        parser = XMLParser()
        parser.feed(text)
        root: Element = parser.close()
        return root, ""
    pull: XMLPullParser[Element] = XMLPullParser(events=("start", "end"))
    pull.feed(text)
    stack: list[Element] = []
    first: Element | None = None
    for item in pull.read_events():
        element = item[1] if len(item) == 2 else None
        if not isinstance(element, Element):
            continue
        if item[0] == "start":
            stack.append(element)
            if first is None:
                first = element
        elif stack:
            stack.pop()
    if first is None:
        return None, "game"
    if len(stack) > 1:
        return None, stack[-1].tag
    return first, ""


def element_lines(text: str, root: Element, first_line: int) -> dict[Element, int]:
    """The line of each player, round, action and cards element: the start tags found in the text, in
    document order, are the elements in document order (empty when they do not pair up)."""
    elements = [element for element in root.iter() if element.tag in _LINED]
    positions = [found.start() for found in _TAGS.finditer(text)]
    if len(positions) != len(elements):
        return {}
    lines: dict[Element, int] = {}
    line, last = first_line, 0
    for index, element in enumerate(elements):
        position = positions[index]
        line += text.count("\n", last, position)
        last = position
        lines[element] = line
    return lines


def stray_text(text: str) -> str:
    """What in `text` is neither white space nor markup that may stand between games ("" if nothing)."""
    return _BETWEEN.sub("", text)


class DocumentReader:
    """Reads the pieces of one file into hands, unreadable hands and notices."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.session: Session | None = None
        self.games = 0
        self.open_game = False  # the last game had no `</game>`
        self.open_session = False  # a session started and no `</session>` followed yet

    def items(self, chunks: Iterable[bytes]) -> Iterator[Item]:
        pending: Piece | None = None  # each piece is read once the next one is known (is it the last?)
        for piece in split_pieces(chunks):
            if pending is not None:
                yield from self.safely(pending, False)
            pending = piece
        if pending is not None:
            yield from self.safely(pending, True)
        yield from self.end()

    def safely(self, piece: Piece, final: bool) -> Iterator[Item]:
        crash: UnreadableHand | None = None
        try:
            yield from self.piece(piece, final)
        except Exception as error:  # a reader bug (OA104) must not lose the rest of the file
            crash = crashed_at(self.path, piece.first_line, piece.first_line + piece.lines, error, None, "ipoker")
        if crash is not None:  # (given after the handler: see HandSource.read_blocks)
            yield crash

    def piece(self, piece: Piece, final: bool) -> Iterator[Item]:
        data = piece.data
        last = piece.first_line + piece.lines
        if piece.oversized:
            self.games += 1
            reason = f"{piece.lines} lines without a <game> or <session> tag (over {MAX_PIECE >> 20} MiB): not read"
            yield UnreadableHand(self.path, piece.first_line, piece.first_line, last, reason, None, "ipoker")
        elif data.startswith(b"<session"):
            self.read_session(piece)
        elif data.startswith(b"<game"):
            yield from self.read_game(piece, final)
        else:
            yield from self.stray(decode(data), piece.first_line, last)

    def stray(self, text: str, first_line: int, last_line: int) -> Iterator[Item]:
        junk = stray_text(text)
        if junk.strip():
            reason = f"text outside any game: {junk.strip()[:60]!r}"
            yield UnreadableHand(self.path, first_line, first_line, last_line, reason, None, "ipoker")

    def read_session(self, piece: Piece) -> None:
        text = decode(piece.data)
        general: dict[str, str] = {}
        problems: list[str] = []
        code = _SESSION_CODE.search(text[:200])
        pull: XMLPullParser[Element] = XMLPullParser(events=("end",))
        try:
            pull.feed(_CONTROLS.sub("\ufffd", text))
            for item in pull.read_events():
                element = item[1] if len(item) == 2 else None
                if isinstance(element, Element) and len(element) == 0 and element.tag not in ("general", "session"):
                    general.setdefault(element.tag, element.text or "")
        except ParseError as error:
            problems.append(f"the session's <general> block is not well-formed XML ({error}): read by its tags")
            for found in _SIMPLE_TAG.finditer(text):
                general.setdefault(found.group(1), found.group(2))
        self.session = Session(self.path, code.group(1) if code else "", general, piece.first_line)
        self.session.problems.extend(problems)
        self.open_session = "</session" not in text

    def read_game(self, piece: Piece, final: bool) -> Iterator[Item]:
        self.games += 1
        text = decode(piece.data)
        first = piece.first_line
        defects: list[Defect] = []
        control = _CONTROLS.search(text) if has_controls(piece.data) else None
        if control is not None:
            line = first + text.count("\n", 0, control.start())
            defects.append(Defect(line, "", "control characters XML does not allow (replaced)"))
            text = _CONTROLS.sub("\ufffd", text)
        end = text.rfind(_GAME_END)
        closed = end >= 0
        body = text[: end + len(_GAME_END)] if closed else text.rstrip()
        tail = text[end + len(_GAME_END) :] if closed else ""
        last = first + body.count("\n")
        code = _GAME_CODE.search(body[:200])
        hand_id = code.group(1) if code else None
        self.open_game = not closed
        if not closed and not final:  # (at the end of the file it is a notice: fpdb's copies are cut so)
            reason = "the game is not closed (no </game>) before the next tag"
            defects.append(Defect(last, "", reason, inconsistent=True))  # (its elements are read whole)
        if "</session" in tail:
            self.open_session = False
        yield self.game_hand(body, closed, first, last, hand_id, defects)
        if tail:
            yield from self.stray(tail, last, first + piece.lines)

    def game_hand(
        self, body: str, closed: bool, first: int, last: int, hand_id: str | None, defects: list[Defect]
    ) -> Hand | UnreadableHand:
        try:
            root, inside = parse_game(body, closed)
        except ParseError as error:
            line = first + error.position[0] - 1
            return UnreadableHand(self.path, line, first, last, f"not well-formed XML: {error}", hand_id, "ipoker")
        if root is None:
            reason = f"the text stops inside <{inside}> (line {last}): the game is cut off"
            return UnreadableHand(self.path, last, first, last, reason, hand_id, "ipoker")
        if root.tag != "game":
            reason = f"<{root.tag}> where a <game> was expected"
            return UnreadableHand(self.path, first, first, last, reason, hand_id, "ipoker")
        if self.session is None:
            return UnreadableHand(self.path, first, first, last, NO_SESSION, hand_id, "ipoker")
        place = Place(self.path, first, last, element_lines(body, root, first), closed)
        place.defects.extend(defects)
        return read_game(root, self.session, place)

    def end(self) -> Iterator[Item]:
        if self.games == 0:
            yield FileNotice(self.path, "empty", "an iPoker session without games")
            return
        missing = [tag for tag, open_ in (("</game>", self.open_game), ("</session>", self.open_session)) if open_]
        if missing:
            message = f"the XML ends without {' and '.join(missing)}: read as far as it goes"
            yield FileNotice(self.path, "unclosed", message)
