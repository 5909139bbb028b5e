"""Global Poker's JSON hand records (README.md beside this file): one JSON object per hand, as the room's
web client serves its hand history (its players save them as `.json` files). The format claims such
files whole (`claims_file`: the first bytes, after a byte-order mark, white space and an array's `[`,
open an object, and the head names the record's `tableIntegrationId` and `startTime`) and reads them hand by
hand (reader.py): broken JSON or a record that cannot be read is an unreadable hand with its line and the
reason. The text splitter's header pattern for this format matches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.globalpoker import presets
from omaha_audit.rooms.globalpoker.document import Broken, ShapeError, Values, as_text, show, values
from omaha_audit.rooms.globalpoker.reader import FORMAT_NAME, HandReader
from omaha_audit.rooms.globalpoker.words import WORDS
from omaha_audit.rooms.kit.reader import crashed_at

NEVER: Final = r"(?!)"  # text files never hold a Global Poker header: its files are claimed whole
_OPENS: Final = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:\[\s*)?\{")
_MARKS: Final = (b'"tableIntegrationId"', b'"startTime"')


class GlobalPokerFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__(FORMAT_NAME, "Global Poker (JSON hand records)", Marks(FORMAT_NAME, NEVER))

    def claims_file(self, head: bytes) -> bool:
        return _OPENS.match(head) is not None and all(mark in head for mark in _MARKS)

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        data = self.whole_bytes(path)
        if isinstance(data, UnreadableHand):
            yield data
            return
        yield from read_bytes(data, name)

    def read(self, block: Block) -> Hand | UnreadableHand:
        """A block of text lines (the files are read whole; this reads a block the same way): its first hand."""
        data = "\n".join(block.lines).encode("utf-8", errors="surrogateescape")
        for item in read_bytes(data, block.path, block.first_line - 1):
            return item
        reason = "Global Poker: no hand record"
        return UnreadableHand(block.path, block.first_line, block.first_line, block.last_line, reason, room=self.name)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def words(self, room: str) -> Words | None:
        return WORDS

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA314": "a raise states the player's street total only: no increment to cross-check",
            "OA605": "no summary lines: each `transfers` entry is the award (the players' `totalWin` are checked "
            "by the reader)",
            "OA701": "the record names no button: the reader places it before the blinds, so its moves between "
            "hands are the blinds' moves (OA702 checks those)",
        }


def read_bytes(data: bytes, path: str, line_offset: int = 0) -> Iterator[Hand | UnreadableHand]:
    """Every hand of a file's bytes, in order. Never raises."""
    failed: UnreadableHand | None = None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = line_offset + data[: error.start].count(b"\n") + 1
        reason = f"Global Poker: not UTF-8 text: byte {data[error.start]:#04x} ({error.reason})"
        last = line_offset + data.count(b"\n") + 1
        failed = UnreadableHand(path, line, line_offset + 1, last, reason, room=FORMAT_NAME)
    if failed is not None:  # (given after the handler: see HandSource.read_blocks)
        yield failed
        return
    for item in values(text, line_offset, data):
        if isinstance(item, Broken):
            reason = f"Global Poker: {item.reason}"
            last_line = line_offset + text.count("\n") + 1  # (counted here only: a whole file's count costs)
            yield UnreadableHand(path, item.line, item.line, last_line, reason, room=FORMAT_NAME)
            return
        value, first, last, found = item
        yield _hand(value, path, first, last, found)


def _hand(value: object, path: str, first: int, last: int, found: Values) -> Hand | UnreadableHand:
    hand_id = None
    try:
        if not isinstance(value, dict):
            raise ShapeError(f"{show(value, 60)} where a hand record (a JSON object) was expected")
        if isinstance(value.get("id"), str):
            hand_id = as_text(value["id"], "id")
        return HandReader(value, path, found).read()
    except ShapeError as error:
        reason = f"Global Poker: {error}"
        return UnreadableHand(path, first, first, last, reason, hand_id, FORMAT_NAME)
    except Exception as failure:  # a reader bug (OA104) must not lose the file's other hands
        return crashed_at(path, first, last, failure, hand_id, FORMAT_NAME)


FORMAT: Final[RoomFormat] = GlobalPokerFormat()
