"""PKR text hand histories, 2009-2015 (ROOMS.md section 17): a keyword block from `Table #39429846 - Montego
Bay` to `End of Hand #1830508295`.

The splitter finds a hand by its table line. fpdb's `partial` sample starts at the hand's second line
(`Starting Hand #`, no table line), and a hand the splitter cannot find would be text outside any hand:
such a file (one that starts with `Starting Hand #`) is claimed here and read whole (`read_path`), a hand
starting at each table line, or at a `Starting Hand #` line with no table line before it.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.reader import FileText, read_texts, text_lines
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.pkr import presets
from omaha_audit.rooms.pkr.reader import PkrReader

HEADER: Final = r"Table #\d+ - "
SUMMARY: Final = r"End [Oo]f Hand #"
_TABLE: Final = re.compile(HEADER)
_STARTING: Final = re.compile(r"Starting Hand #\d+")


class PkrFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("pkr", "PKR", Marks("pkr", HEADER, SUMMARY))
        self._reader: PkrReader | None = None

    @property
    def reader(self) -> PkrReader:
        if self._reader is None:
            self._reader = PkrReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "an uncalled bet is returned by a line only when the hand goes on to a showdown; when all "
            "fold it is left out of the pots silently, checked through the pot figures",
            "OA507": "PKR's words are too few in the corpus to be taken as evidence",
            "OA602": "no total pot is printed (each main and side pot is, checked by OA402)",
            "OA605": "the summary prints each seat's stack after the hand, not its winnings: the reader checks them",
        }

    # ---- a file whose first hand has lost its table line -------------------------------------------------
    def claims_file(self, head: bytes) -> bool:
        text = head.removeprefix(codecs.BOM_UTF8).decode("utf-8", errors="replace").lstrip()
        return _STARTING.match(text) is not None

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        failed: UnreadableHand | None = None
        try:
            with path.open("rb") as stream:
                text = "".join(read_texts(stream, FileText(name)))
        except OSError as error:
            failed = UnreadableHand(name, 0, 0, 0, f"cannot read file: {error.strerror or error}")
        if failed is not None:  # (given after the handler: see HandSource.read_blocks)
            yield failed
            return
        lines = text_lines(text)
        starts = [
            index
            for index, line in enumerate(lines)
            if _TABLE.match(line) or (_STARTING.match(line) and not (index and _TABLE.match(lines[index - 1])))
        ]
        for number, start in enumerate(starts):
            end = starts[number + 1] if number + 1 < len(starts) else len(lines)
            block_lines = lines[start:end]
            while len(block_lines) > 1 and not block_lines[-1]:
                block_lines.pop()
            yield self.read(Block("hand", name, start + 1, block_lines, self.name))


FORMAT: Final[RoomFormat] = PkrFormat()
