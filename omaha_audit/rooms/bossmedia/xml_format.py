"""The room format of an XML hand history: it claims its files by their first bytes, streams them hand by
hand (xml_stream.py) and has the room's reader build each hand element; a block of text the splitter cut
at the room's header (a file not claimed: its first bytes hid the XML) is read the same way."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.reader import FileText, read_texts
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bossmedia.xml_hand import unreadable
from omaha_audit.rooms.bossmedia.xml_stream import BrokenHand, ContextElement, HandElement, XmlSpec, head_text, stream
from omaha_audit.rooms.kit.reader import crashed_at


class XmlFormat(RoomFormat):
    """A format read a whole file at a time. Subclasses give `build_hand` (one hand element to a Hand or an
    UnreadableHand, with the context elements read before it) and `read_context`."""

    def __init__(self, name: str, title: str, header: str, claim: str, spec: XmlSpec) -> None:
        super().__init__(name, title, Marks(name, header))
        self.claim = re.compile(claim, re.MULTILINE)
        self.spec = spec

    def claims_file(self, head: bytes) -> bool:
        return self.claim.search(head_text(head)) is not None

    # ---- what subclasses give -------------------------------------------------------------------------
    def build_hand(self, hand: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
        raise NotImplementedError

    def read_context(self, element: ET.Element, context: dict[str, ET.Element]) -> None:
        """Keep a context element for the hands after it (by default the latest of each tag)."""
        context[element.tag] = element

    # ---- reading --------------------------------------------------------------------------------------
    def items(
        self, texts: Iterator[str] | list[str], path: str, first_line: int = 1
    ) -> Iterator[Hand | UnreadableHand]:
        context: dict[str, ET.Element] = {}
        for piece in stream(texts, self.spec, first_line):
            if isinstance(piece, HandElement):
                yield self.safe_build(piece, context, path)
            elif isinstance(piece, BrokenHand):
                yield unreadable(path, piece.first_line, piece.line, piece.line, piece.reason, self.name)
            elif isinstance(piece, ContextElement):
                self.read_context(piece.element, context)

    def safe_build(self, piece: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
        try:
            return self.build_hand(piece, context, path)
        except Exception as error:  # a reader bug (OA104) must not lose the file, nor pass for an unreadable hand
            hand_id = piece.element.get("id") or piece.element.get("ID")
            return crashed_at(path, piece.first_line, piece.last_line, error, hand_id, self.name)

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        info = FileText(name)
        hands = 0
        failed: UnreadableHand | None = None
        try:
            with path.open("rb") as handle:
                for item in self.items(read_texts(handle, info), name):
                    hands += 1
                    yield item
        except OSError as error:
            line = info.lines
            failed = UnreadableHand(name, line, line, line, f"read error: {error.strerror or error}", room=self.name)
        if failed is not None:  # (given after the handler: see HandSource.read_blocks)
            yield failed
            return
        if hands == 0:
            yield FileNotice(name, "empty", f"no {self.title} hand in this XML file")

    def read(self, block: Block) -> Hand | UnreadableHand:
        text = ["\n".join(block.lines) + "\n"] if block.lines else []
        try:
            for item in self.items(text, block.path, block.first_line):
                return item
        except Exception as error:  # (never raises: a failure of ours is OA104)
            return crashed_at(block.path, block.first_line, block.last_line, error, None, self.name)
        reason = f"no complete {self.title} hand element in the block"
        return UnreadableHand(block.path, block.first_line, block.first_line, block.last_line, reason, room=self.name)
