"""Kings Club (KCP private club software) text hand histories, 2020-2023: `#39969304: Pot Limit Omaha
Hi-Lo - 5/10`, the time and the table on the next lines (ROOMS.md 18). PokerStars-like lines read with the
PokerStars family's reader."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.kingsclub import presets
from omaha_audit.rooms.kingsclub.reader import KingsClubReader

HEADER: Final = r"#\d+: (?:Pot Limit|No Limit|Limit|Fixed Limit) "
# (one hand's summary line is garbled: `*** SUMMARY * **`)
SUMMARY: Final = r"\*\*\* ?SUMMARY"


class KingsClubFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("kingsclub", "Kings Club", Marks("kingsclub", HEADER, SUMMARY))
        self._reader: KingsClubReader | None = None

    @property
    def reader(self) -> KingsClubReader:
        if self._reader is None:
            self._reader = KingsClubReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        return None  # Kings Club prints no hand descriptions

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "no total pot is printed",
            "OA402": "no main and side pot figures are printed",
            "OA401": "no uncalled-bet line is printed",
            "OA605": "only the main pot's award is printed",
            "OA507": "no hand descriptions",
        }


FORMAT: Final[RoomFormat] = KingsClubFormat()
