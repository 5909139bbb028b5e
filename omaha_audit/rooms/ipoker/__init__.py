"""The iPoker network's XML hand histories (ROOMS.md 6): a file is one `<session>` whose `<general>` block
names the game, the stakes and the table, followed by its `<game>` elements. The format claims such files
whole (`claims_file`) and reads them in constant memory (`read_path`, document.py), a game at a time
(reader.py); the text splitter never sees them, and its header pattern for this format matches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.ipoker import presets
from omaha_audit.rooms.ipoker.document import DocumentReader, byte_chunks

# (the text splitter's header: never matches, the format's files are claimed whole)
HEADER: Final = r'<game gamecode="(?!)'
# A file is iPoker's when its first element is a <session> (or a bare <game gamecode=...>), after any
# byte-order mark, XML declaration, comments and white space.
_CLAIM: Final = re.compile(
    rb'\A\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?:session[\s>]|game gamecode=")', re.DOTALL
)


class IpokerFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("ipoker", "iPoker", Marks("ipoker", HEADER))

    def claims_file(self, head: bytes) -> bool:
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            head = head.decode("utf-16", errors="ignore").encode("utf-8")
        return _CLAIM.match(head.removeprefix(b"\xef\xbb\xbf")) is not None

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        reader = DocumentReader(name)
        failed: UnreadableHand | None = None
        try:
            with path.open("rb") as stream:
                yield from reader.items(byte_chunks(stream))
        except OSError as error:
            failed = UnreadableHand(name, 0, 0, 0, f"cannot read file: {error.strerror or error}", None, self.name)
        if failed is not None:  # (given after the handler: see HandSource.read_blocks)
            yield failed

    def read(self, block: Block) -> Hand | UnreadableHand:
        """A block of text lines (iPoker's files are read whole; this reads a block the same way): its
        first game."""
        data = "\n".join(block.lines).encode("utf-8")
        first = None
        for item in DocumentReader(block.path).items([data]):
            if isinstance(item, (Hand, UnreadableHand)):
                first = item
                break
        if first is None:
            return UnreadableHand(
                block.path,
                block.first_line,
                block.first_line,
                block.last_line,
                "no iPoker <game> element",
                None,
                self.name,
            )
        return first

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "no uncalled-bet element: the excess is paid back inside `win` (clients before 20) or left out",
            "OA402": "no main and side pot figures are printed",
            "OA314": "a raise prints one number (type 23 the street total, 6 the chips added): no increment",
            "OA507": "no hand descriptions",
            "OA602": "no total pot is printed",
            "OA605": "no summary lines: each player's `win` is the award",
        }


FORMAT: Final[RoomFormat] = IpokerFormat()
