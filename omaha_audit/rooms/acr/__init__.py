"""Americas Cardroom: the Winning Poker Network's PokerStars-like text of 2019 on (`Hand #779379637 - Omaha
H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC`, tournaments `Game Hand #...`). The brand is `acr`;
the network's older text (`Game started at: ...`) is the `wpn` format (ROOMS.md section 7)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.acr import presets
from omaha_audit.rooms.acr.reader import AcrReader
from omaha_audit.rooms.base import RoomFormat

HEADER: Final = r"(?:Game )?Hand #\d+ - "


class AcrFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("acr", "Americas Cardroom (WPN)", Marks("acr", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: AcrReader | None = None

    @property
    def reader(self) -> AcrReader:
        if self._reader is None:
            self._reader = AcrReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # ACR's words (omaha_audit/rooms/acr/words.py) are not reliable enough to check: see that module.
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA507": "ACR's words are not consistent enough to check (the printed best five is checked instead)",
        }


FORMAT: Final[RoomFormat] = AcrFormat()
