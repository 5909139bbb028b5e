"""Winamax: its text hand histories (ROOMS.md section 5), read with the PokerStars family reader."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.winamax import presets
from omaha_audit.rooms.winamax.reader import WinamaxReader

# The first line of a hand (ROOMS.md appendix A); `Tournament summary` files start otherwise.
HEADER: Final = r'Winamax Poker - (?:CashGame|Go Fast "|HOLD-UP "|ESCAPE "|Tournament ")'
SUMMARY: Final = r"\*\*\* SUMMARY \*\*\*"
NOTICE: Final = r"Winamax Poker - Tournament summary"


class WinamaxFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("winamax", "Winamax", Marks("winamax", HEADER, SUMMARY, NOTICE))
        self._reader: WinamaxReader | None = None

    @property
    def reader(self) -> WinamaxReader:
        if self._reader is None:
            self._reader = WinamaxReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # Winamax's descriptions mix digits and words for ranks and are not evidence (ROOMS.md 28.10);
        # rooms/winamax/words.py writes them for the generator, they are not checked.
        return None

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "no uncalled-bet line: the excess is paid inside `collected`, checked through the totals",
            "OA402": "no main and side pot figures are printed",
            "OA507": "Winamax's words are not consistent enough to check",
        }


FORMAT: Final[RoomFormat] = WinamaxFormat()
