"""Everleaf Gaming's text (also Concord Gaming's and Grand Poker's), 2009-2019: two header lines, the
"Dealing" text of the Party lineage, raises printed as the chips added, no summary (ROOMS.md section 23).
Read by reader.py on the family builder of dealing.py (which Betfair's reader shares)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.everleaf import presets
from omaha_audit.rooms.everleaf.reader import EverleafReader
from omaha_audit.rooms.everleaf.words import EVERLEAF_WORDS

HEADER: Final = r"(?:Everleaf Gaming(?: - .+?)?|- - Grand Poker -) Game #\d+"


class EverleafFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("everleaf", "Everleaf Gaming", Marks("everleaf", HEADER))
        self._reader: EverleafReader | None = None

    @property
    def reader(self) -> EverleafReader:
        if self._reader is None:
            self._reader = EverleafReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def words(self, room: str) -> Words | None:
        return EVERLEAF_WORDS

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "no uncalled-bet line is printed: the excess is left out of the awards, checked through them",
            "OA402": "no main and side pot figures are printed",
            "OA602": "no total pot is printed",
            "OA605": "no summary is printed",
        }


FORMAT: Final[RoomFormat] = EverleafFormat()
