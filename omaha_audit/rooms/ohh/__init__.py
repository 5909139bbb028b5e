"""Open Hand History (OHH, hh-specs.handhistory.org): JSON, one `{"ohh": {...}}` object per hand, one per
line (JSON Lines, as `omaha-audit convert --to ohh` writes it), pretty-printed ones one after another, or a
JSON array of them. The format claims such files whole (`claims_file`: the first bytes, after a byte-order
mark, white space and an array's `[`, are `{"ohh":`) and reads them hand by hand (reader.py): a broken
hand is an unreadable hand with its line, and the hands after it are still read. The text splitter's
header pattern for this format matches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.ohh import presets
from omaha_audit.rooms.ohh.reader import FORMAT_NAME, read_bytes

NEVER: Final = r"(?!)"  # text files never hold an OHH header: OHH files are claimed whole
_CLAIM: Final = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*(?:\[\s*)?\{\s*"ohh"\s*:')


class OhhFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__(FORMAT_NAME, "Open Hand History (OHH)", Marks(FORMAT_NAME, NEVER))

    def claims_file(self, head: bytes) -> bool:
        return _CLAIM.match(head) is not None

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        data = self.whole_bytes(path)
        if isinstance(data, UnreadableHand):
            yield data
            return
        yield from read_bytes(data, name)

    def read(self, block: Block) -> Hand | UnreadableHand:
        """A block of text lines (OHH files are read whole; this reads a block the same way): its first hand."""
        data = "\n".join(block.lines).encode("utf-8", errors="surrogateescape")
        for item in read_bytes(data, block.path, block.first_line - 1):
            return item
        reason = 'OHH: no {"ohh": ...} object'
        return UnreadableHand(block.path, block.first_line, block.first_line, block.last_line, reason, room=self.name)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def own_preset(self, room: str) -> HouseRules | None:
        """PokerNow's house rules for its converted games (the reader names their room `pokernow`). A hand of
        another site is judged by the house rules of the format of ours that reads it, if any
        (omaha_audit/rooms/__init__.py preset_of), else by `preset`'s."""
        return presets.BY_ROOM.get(room)

    def preset(self, room: str) -> HouseRules:
        own = presets.BY_ROOM.get(room)
        return own if own is not None else presets.OHH

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def copies(self) -> bool:
        return True

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA314": "an OHH action states the chips it adds only: a raise states no increment to cross-check",
            "OA401": "OHH has no uncalled-bet return: the audit computes it from the betting",
            "OA507": "OHH has no hand descriptions",
            "OA605": "OHH has no summary lines: each pot's `player_wins` are the award",
        }


FORMAT: Final[RoomFormat] = OhhFormat()
