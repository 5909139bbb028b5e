"""XML hand histories read element by element, in constant memory, with the line of every element.

The XML rooms (Boss Media, Microgaming, Merge, Everest) write one element per hand (`<HISTORY>`, `<Game>`,
`<game>`, `<HAND>`), sometimes inside a root, sometimes several top-level elements with no root at all
(Merge's `<description/>` then `<game>`s, Everest's `<SESSION/>` then `<HAND>`s), sometimes with wrappers
that are not XML (Microgaming's `----PRIMA.DAT----` lines). This module gives them all the same stream:

- the file's bytes are decoded as the text reader decodes them (parse/reader.py: BOMs dropped, UTF-8 with
  cp1252 for the lines that are not UTF-8, whatever the declaration says: a "UTF-8" file with cp1252 bytes
  loses nothing), the XML declaration is dropped and the text is wrapped in a root element of ours, so
  that any number of top-level elements is one document;
- `xml.etree.ElementTree.iterparse` reads it from a source of ours that hands out runs of whole lines and
  queues the line and column of every start tag it hands out: the parser reports start events in document
  order, so each element is given the line of its tag, at the cost of a regex scan rather than a parser
  round per line;
- each complete hand element is given out (`HandElement`) and then dropped from the tree, so memory does
  not grow with the file; top-level elements the format names as context (`<description/>`,
  `<SESSION/>`) are given out as `ContextElement`s;
- broken XML loses only the hands it breaks: a parse error inside a hand (a bad entity, a cut-off tag, a
  stray byte) ends that hand (`BrokenHand`, with its first line and the line of the error), and reading
  starts again at the next hand's start tag after the error; a hand whose closing tag is missing, so that
  the next hand starts inside it, is reported when that next start tag is met, and the next hand is read.

Most files are hand elements one after another with white space between (Boss Media's, with no root). Those
hands take a shorter way (`stream`): each is cut from the text at its end tag and parsed alone by the C
parser in one call, and its elements are given the lines of their start tags in document order (the order
of `Element.iter()`); no parser event comes back to Python per element. An element around the hands (Boss
Media's `<ROOT>`) is passed by its start and end tags. The first thing that is not such a hand or tag (a
context element, a comment, a hand that does not parse alone, a hand inside a hand) hands the rest of the
text to the event stream above (`parsed_stream`), which reads everything; the pieces and lines given are the
same either way.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Final

ROOT_TAG: Final = "omaha-audit-root"  # the element of ours around the file's text
_OPEN: Final = f"<{ROOT_TAG}>"
_CLOSE: Final = f"</{ROOT_TAG}>"
_DECLARATION: Final = re.compile(r"<\?xml\b[^>]*\?>")
_POSITION: Final = re.compile(r": line \d+, column \d+$")
# The start of every start tag (an element's `<`, not a closing tag's, a comment's or a declaration's).
_TAG: Final = re.compile(r"<([^/!?\s>][^\s/>]*)")
_SPACE: Final = re.compile(r"[ \t\r\n]*")  # (the white space XML allows between elements)
# the start tag of an element around the hands (`<ROOT>`), and the end tag that closes it
_WRAPPER: Final = re.compile(r"""<([^/!?\s>][^\s/>]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*>""")
_WRAPPER_END: Final = re.compile(r"</([^\s>]+)\s*>")
_MOST_HAND_CHARS: Final = 1 << 22  # (a hand start with no end tag in as much text: the event stream reads on)
CHUNK_CHARS: Final = 16384  # about the size of a run of lines handed to the parser at a time
_EVENTS: Final = ("start", "end")


class XmlSpec:
    """What the stream needs of a format: the tag of its hand element, the top-level elements it needs as
    context for the hands after them, and lines that are not XML (wrappers) to leave out (a regex matched
    at the start of lines)."""

    def __init__(self, hand_tag: str, context_tags: tuple[str, ...] = (), junk: str | None = None) -> None:
        self.hand_tag = hand_tag
        self.start = re.compile(rf"<{re.escape(hand_tag)}[\s>/]")
        self.end = f"</{hand_tag}"
        self.context_tags = frozenset(context_tags)
        # (up to the next tag: a wrapper line may run into the next hand's start tag)
        self.junk = re.compile(rf"^(?:{junk})[^\n<]*", re.MULTILINE) if junk else None


class HandElement:
    """A complete hand element, from its start tag's line to its end tag's, and the line of every element
    inside it (`line(element)`). It is emptied when the next piece of the stream is asked for: read it
    before."""

    def __init__(self, element: ET.Element, first_line: int, last_line: int, lines: dict[ET.Element, int]) -> None:
        self.element = element
        self.first_line = first_line
        self.last_line = last_line
        self.lines = lines

    def line(self, element: ET.Element) -> int:
        return self.lines.get(element, self.first_line)


class BrokenHand:
    """A hand the XML breaks: where it starts, the line where the XML fails, and why."""

    def __init__(self, first_line: int, line: int, reason: str) -> None:
        self.first_line = first_line
        self.line = max(line, first_line)
        self.reason = reason


class ContextElement:
    """A top-level element outside the hands that the format reads the following hands with."""

    def __init__(self, element: ET.Element, line: int) -> None:
        self.element = element
        self.line = line


Piece = HandElement | BrokenHand | ContextElement


class LineFeed:
    """The file's text as the parser reads it: our root's opening tag, then runs of whole lines, then our
    closing tag. Each start tag handed out is queued with its line and column: the parser reports start
    events in document order, so the element of each start event is the next tag of the queue. The queue
    also names the hands an error breaks (their start tags handed out but never reported), and the last
    runs are kept to start reading again after an error."""

    def __init__(self, texts: Iterable[str], spec: XmlSpec, first_line: int = 1) -> None:
        self.texts = iter(texts)
        self.spec = spec
        self.text = ""  # the text piece being handed out (whole lines)
        self.position = 0  # where in it the next run starts
        self.line = first_line  # the file line at `position`
        self.column = 0  # the column of `position` in that line (not 0 only after a start again mid-line)
        self.recent: deque[tuple[int, int, str]] = deque(maxlen=2)  # runs handed out: (line, column, text)
        self.tags: deque[tuple[int, int, str]] = deque()  # start tags handed out, not yet reported
        self.ends: deque[int] = deque()  # the lines of the hand end tags handed out, not yet reported
        self.number = first_line - 1  # the last line handed out
        self.opening = False  # our opening tag is due
        self.closing = False  # our closing tag has been handed out
        self.exhausted = False  # no more texts
        self.session_line = first_line  # the file line the parser counts as its line 1
        self.session_offset = 0  # added to the parser's column on its line 1 to get the file's column
        self.first_of_session = True
        self.restarted_at: tuple[int, int] | None = None  # the hand start tag reading last started again at

    # ---- what iterparse calls ----------------------------------------------------------------------
    def read(self, size: int = -1) -> str:
        if self.opening:
            self.opening = False
            return _OPEN
        if self.closing:
            return ""
        if self.position >= len(self.text) and not self.fill():
            self.closing = True
            return _CLOSE
        text = self.text
        start = self.position
        cut = text.find("\n", start + CHUNK_CHARS)
        end = len(text) if cut < 0 else cut + 1
        run = text[start:end]
        line, column = self.line, self.column
        if self.first_of_session:
            self.first_of_session = False
            self.session_line = line
            self.session_offset = column - len(_OPEN)
        self.scan(run, line, column)
        self.recent.append((line, column, run))
        lines = run.count("\n")
        self.number = line + lines - 1
        self.position = end
        self.line = line + lines
        self.column = 0
        return run

    def scan(self, run: str, line: int, column: int) -> None:
        """Queue the start tags of a run (and its hand end tags) with their lines and columns."""
        tags = self.tags
        at_line = line
        line_start = -column  # the offset in the run where the current line starts
        last = 0
        for match in _TAG.finditer(run):
            offset = match.start()
            newlines = run.count("\n", last, offset)
            if newlines:
                at_line += newlines
                line_start = run.rfind("\n", last, offset) + 1
            last = offset
            tags.append((at_line, offset - line_start, match.group(1)))
        end_tag = self.spec.end
        found = run.find(end_tag)
        if found >= 0:
            at_line, last = line, 0
            while found >= 0:
                at_line += run.count("\n", last, found)
                last = found
                self.ends.append(at_line)
                found = run.find(end_tag, found + 1)

    def fill(self) -> bool:
        """Take the next text piece; False at the end of the texts."""
        if self.exhausted:
            return False
        text = next(self.texts, None)
        if text is None:
            self.exhausted = True
            self.text, self.position = "", 0
            return False
        if "<?" in text:
            text = _DECLARATION.sub(lambda found: " " * len(found.group()), text)
        junk = self.spec.junk
        if junk is not None:
            text = junk.sub("", text)  # (the line stays, empty: the line numbers hold)
        self.text, self.position, self.column = text, 0, 0
        return True

    def take_start(self, tag: str) -> int:
        """The line of the start tag of the element the parser has just reported."""
        tags = self.tags
        while tags:
            line, _, name = tags.popleft()
            if name == tag:
                return line
        return self.number

    def take_end(self) -> int:
        """The line of the hand end tag the parser has just reported."""
        return self.ends.popleft() if self.ends else self.number

    # ---- errors and new starts ---------------------------------------------------------------------
    def file_position(self, position: tuple[int, int]) -> tuple[int, int]:
        """The file's (line, column) of a parser position."""
        line, column = position
        if line <= 1:
            return self.session_line, max(0, column + self.session_offset)
        return self.session_line + line - 1, column

    def unparsed_before(self, line: int, column: int, at_end: bool = False) -> list[int]:
        """The lines of hand start tags before this place (`at_end`: anywhere) that the parser never
        reported: their own tags are broken, or cut off by the end of the file."""
        hand_tag = self.spec.hand_tag
        return [at for at, col, name in self.tags if name == hand_tag and (at_end or (at, col) < (line, column))]

    def restart(self, line: int, column: int) -> bool:
        """Set the feed to start a new document at the first hand start tag at or after this place; False
        when there is none left in the file."""
        hand_tag = self.spec.hand_tag
        found = next(
            ((at, col) for at, col, name in self.tags if name == hand_tag and (at, col) >= (line, column)), None
        )
        self.tags.clear()
        self.ends.clear()
        if found is not None:
            # hand out again, from that tag: the runs handed out after it, then the rest of the piece
            again: list[str] = []
            for run_line, run_column, run in self.recent:
                last_line = run_line + run.count("\n") - 1
                if last_line < found[0]:
                    continue
                if run_line <= found[0]:
                    offset = 0
                    for _ in range(found[0] - run_line):
                        offset = run.find("\n", offset) + 1
                    offset += found[1] - (run_column if found[0] == run_line else 0)
                    again.append(run[offset:])
                else:
                    again.append(run)
            again.append(self.text[self.position :])
            self.recent.clear()
            self.text, self.position = "".join(again), 0
            self.line, self.column = found
            self.restarted_at = found
            self.begin()
            return True
        self.recent.clear()
        while True:
            match = self.spec.start.search(self.text, self.position)
            if match is not None:
                offset = match.start()
                skipped = self.text.count("\n", self.position, offset)
                line_start = self.text.rfind("\n", self.position, offset) + 1 if skipped else self.position
                column = (self.column if not skipped else 0) + offset - line_start
                self.line += skipped
                self.column = column
                self.position = offset
                self.restarted_at = (self.line, column)
                self.begin()
                return True
            self.line += self.text.count("\n", self.position)
            if not self.fill():
                return False

    def begin(self) -> None:
        self.opening = True
        self.closing = False
        self.first_of_session = True


class _Open:
    def __init__(self, element: ET.Element, first_line: int) -> None:
        self.element = element
        self.first_line = first_line
        self.broken = False


def _reason(error: ET.ParseError, at_end: bool) -> str:
    if at_end:
        return "the file ends inside the hand: its closing tag is missing"
    message = _POSITION.sub("", str(error))
    return f"the XML is broken here ({message})"


def stream(texts: Iterable[str], spec: XmlSpec, first_line: int = 1) -> Iterator[Piece]:
    """The hands (and context elements) of a text given in pieces of whole lines (as parse/reader.py's
    `read_texts` gives them), in order; never raises on content. Hand elements one after another, white
    space between, are parsed one at a time; from the first thing that is not such a hand on, the rest of
    the text goes to `parsed_stream`."""
    pieces = iter(texts)
    if spec.junk is not None:  # (wrapper lines to take out first: the event stream does)
        yield from parsed_stream(pieces, spec, first_line)
        return
    text = ""
    position = 0  # where in `text` the next hand may start
    line = first_line  # the file line at `position`
    line_start = 0  # the offset in `text` where that line starts
    quick = True  # every hand so far parsed alone
    around: list[str] = []  # the elements around the hands, open at `position`
    for piece in pieces:
        text = text[line_start:] + piece
        position -= line_start
        line_start = 0
        while True:
            space = _SPACE.match(text, position)
            end_of_space = space.end() if space else position
            newlines = text.count("\n", position, end_of_space)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", position, end_of_space) + 1
            position = end_of_space
            if position == len(text):
                break  # (the next piece, if any)
            if text.startswith("<?xml", position):
                declaration = _DECLARATION.match(text, position)
                if declaration is not None and "\n" not in declaration.group():
                    position = declaration.end()
                    continue
            found = _whole_hand(text, position, line, spec)
            if found is None:
                tag = _wrapper_tag(text, position, around, spec)
                if tag:
                    position += tag
                    continue
                quick = False  # (not a hand on its own: the event stream reads the rest)
                break
            if isinstance(found, int):  # (its end is in the next piece, unless it is more than a hand can be)
                quick = len(text) - position <= _MOST_HAND_CHARS
                break
            hand, cut = found
            yield hand
            newlines = text.count("\n", position, cut)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", position, cut) + 1
            position = cut
        if not quick:
            break
    if quick and position >= len(text):
        return
    # the rest, from the start of the current line (the part of it read before blanked: the columns hold)
    rest = " " * (position - line_start) + text[position:]
    yield from parsed_stream(chain([rest], pieces), spec, line)


def _wrapper_tag(text: str, position: int, around: list[str], spec: XmlSpec) -> int:
    """The length of the start tag of an element around the hands at `position`, or of an end tag (`around`
    kept); 0 for anything else (a tag cut off by the end of the text among them). An end tag that closes no
    open element (concatenated files: a `</ROOT>` whose start tag was in another file) is passed as the event
    stream passes it: the XML breaks there, no hand is open, and reading starts again at the next hand with
    nothing open. Where the format has context elements, the event stream reads on from such a tag: it passes
    over those that stand between the break and the next hand, and so must the stream."""
    if text.startswith("</", position):
        end = _WRAPPER_END.match(text, position)
        if end is None:
            return 0
        if around and end.group(1) == around[-1]:
            around.pop()
        elif spec.context_tags:
            return 0
        else:
            around.clear()
        return end.end() - position
    start = _WRAPPER.match(text, position)
    if start is None or start.group(1) == spec.hand_tag or start.group(1) in spec.context_tags:
        return 0
    around.append(start.group(1))
    return start.end() - position


def _whole_hand(text: str, position: int, line: int, spec: XmlSpec) -> tuple[HandElement, int] | int | None:
    """The hand element that starts at `position` (on the file's line `line`), parsed alone, and the offset
    after its end tag; 0 when its end tag is not in `text` yet; None when what starts there is not a hand
    element that parses on its own (the event stream reads it, and says what is wrong)."""
    if spec.start.match(text, position) is None:
        return None
    end = text.find(spec.end, position)
    close = text.find(">", end) if end >= 0 else -1
    if close < 0:
        return 0
    whole = text[position : close + 1]
    if "<!" in whole or "<?" in whole or spec.start.search(whole, 1) is not None:
        return None  # (a comment, CDATA or instruction has `<`s that open no element; a hand inside a hand)
    try:
        element = ET.fromstring(whole)
    except ET.ParseError:
        return None
    # every `<` not followed by `/` opens an element, and `iter()` gives the elements in the order they open
    lines: list[int] = []
    at = line
    for text_line in whole.split("\n"):
        opened = text_line.count("<") - text_line.count("</")
        if opened == 1:
            lines.append(at)
        elif opened:
            lines.extend([at] * opened)
        at += 1
    elements = list(element.iter())
    if len(elements) != len(lines):
        return None
    last_line = line + whole.count("\n", 0, end - position)
    return HandElement(element, line, last_line, dict(zip(elements, lines, strict=True))), close + 1


def parsed_stream(texts: Iterable[str], spec: XmlSpec, first_line: int = 1) -> Iterator[Piece]:
    """`stream` by the parser's events: any number of top-level elements, context elements, wrappers,
    broken XML."""
    feed = LineFeed(texts, spec, first_line)
    feed.begin()
    hand_tag = spec.hand_tag
    context_tags = spec.context_tags
    while True:
        stack: list[ET.Element] = []
        open_hands: list[_Open] = []
        inside: dict[ET.Element, int] = {}
        failure: ET.ParseError | None = None
        try:
            for event, element in ET.iterparse(feed, events=_EVENTS):
                if event == "start":
                    stack.append(element)
                    line = feed.take_start(element.tag)
                    if element.tag == hand_tag:
                        if open_hands and not open_hands[-1].broken:
                            outer = open_hands[-1]
                            outer.broken = True
                            reason = "the hand's closing tag is missing: the next hand starts inside it"
                            yield BrokenHand(outer.first_line, line, reason)
                            for child in outer.element:  # (a description met before the new hand is its)
                                if child.tag in context_tags:
                                    yield ContextElement(child, line)
                            del outer.element[:]  # (the new hand stays on the parser's stack)
                        open_hands.append(_Open(element, line))
                        inside = {element: line}
                    elif open_hands and not open_hands[-1].broken:
                        inside[element] = line
                    continue
                stack.pop()
                if open_hands and element is open_hands[-1].element:
                    done = open_hands.pop()
                    last = feed.take_end()
                    if not done.broken:
                        yield HandElement(element, done.first_line, last, inside)
                    _drop(stack, element)
                    inside = {}
                elif not open_hands or open_hands[-1].broken:  # (outside any hand that is being read)
                    if element.tag in context_tags:
                        yield ContextElement(element, feed.number)
                        _drop(stack, element, False)  # (the reader keeps it for the hands after it)
                    else:
                        _drop(stack, element)
        except ET.ParseError as error:
            failure = error
        if failure is None:
            return
        # (the hands are given after the handler: a compiled generator that yields inside an `except` block
        # leaves the error as the exception being handled while it waits, and after it if it is dropped there)
        line, column = feed.file_position(failure.position)
        at_end = feed.closing
        if at_end:
            line = min(line, feed.number)
        reason = _reason(failure, at_end)
        for hand in open_hands:
            if not hand.broken:
                yield BrokenHand(hand.first_line, line, reason)
        for first in feed.unparsed_before(line, column, at_end):
            yield BrokenHand(first, line, reason)
        again = feed.restarted_at
        if not at_end and again is not None and again >= (line, column):
            # the error is in the start tag reading started again at (`<HISTORY TABLE:URRENCY=...>`): that
            # hand is broken, and reading goes on after its tag (not from it again, which would loop)
            yield BrokenHand(again[0], max(line, again[0]), reason)
            line, column = again[0], again[1] + 1
        if at_end or not feed.restart(line, column):
            return


def _drop(stack: list[ET.Element], element: ET.Element, empty: bool = True) -> None:
    """Forget a finished element: out of its parent, and (`empty`) emptied."""
    if stack:
        parent = stack[-1]
        for index in range(len(parent) - 1, -1, -1):
            if parent[index] is element:
                del parent[index]
                break
    if empty:
        element.clear()


def block_text(lines: list[str]) -> list[str]:
    """A text block's lines as the stream reads them (one text piece of whole lines)."""
    return ["\n".join(lines) + "\n"] if lines else []


def head_text(head: bytes) -> str:
    """The first bytes of a file as text, good enough to look for tags in: UTF-16 by its BOM or its NUL
    pattern, else Latin-1 (every byte is a character)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return head.decode("utf-16", errors="replace")
    if len(head) >= 8 and head[1::2].count(0) == len(head[1::2]) and head[0::2].count(0) == 0:
        return head.decode("utf-16-le", errors="replace")
    return head.removeprefix(b"\xef\xbb\xbf").decode("latin-1")


def element_text(element: ET.Element) -> str:
    """An element's start tag as text, to quote it (`<ACTION TYPE="ACTION_CALL" VALUE="1.15">`)."""
    parts = [element.tag]
    for key, value in element.attrib.items():
        parts.append(f'{key}="{value}"')
    text = (element.text or "").strip()
    return "<" + " ".join(parts) + (f">{text}" if text else ">")
