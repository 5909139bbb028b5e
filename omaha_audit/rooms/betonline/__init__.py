"""BetOnline (Chico network) and Gear Poker text hand histories, 2012-2016: `BetOnline Poker Game
#1606125823: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight Time` (ROOMS.md 21).
PokerStars-like lines read with the PokerStars family's reader."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.betonline import presets
from omaha_audit.rooms.betonline.reader import BetOnlineReader

HEADER: Final = r"(?:BetOnline Poker|Gear Poker) Game #\d+"


class BetOnlineFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("betonline", "BetOnline", Marks("betonline", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: BetOnlineReader | None = None

    @property
    def reader(self) -> BetOnlineReader:
        if self._reader is None:
            self._reader = BetOnlineReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        return None  # BetOnline and Gear print no hand descriptions

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA507": "no hand descriptions",
            "OA401": "Gear prints no uncalled-bet line",
        }


FORMAT: Final[RoomFormat] = BetOnlineFormat()
