"""Seals With Clubs (bitcoin poker, 2013) text hand histories (ROOMS.md 24): `Hand #5297786-137 -
2013-04-11 02:08:55`, a `Game:` line, lines without colons, awards per pot with their rake and no summary
block, so a hand runs to the next header."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.sealswithclubs import presets
from omaha_audit.rooms.sealswithclubs.reader import SealsReader

HEADER: Final = r"Hand #\d+-\d+ - \d{4}-"


class SealsFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("sealswithclubs", "Seals With Clubs", Marks("sealswithclubs", HEADER))
        self._reader: SealsReader | None = None

    @property
    def reader(self) -> SealsReader:
        if self._reader is None:
            self._reader = SealsReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "no total pot is printed (the awards and each pot's rake are: OA601 checks them against the "
            "chips put in)",
            "OA402": "no main and side pot figures are printed, only each pot's award",
            "OA507": "Seals With Clubs' words (`Two Pair, Tens and Fives +K`) are not the reference words",
        }


FORMAT: Final[RoomFormat] = SealsFormat()
