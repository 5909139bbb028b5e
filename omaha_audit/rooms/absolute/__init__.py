"""Absolute Poker and UltimateBet (the Cereus network) text hand histories, 2007-2011 (ROOMS.md 20):
`Stage #736661180: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)`, `name - Verb amount` lines and a
summary with a gross `Total Pot($165) | Rake ($3)`. Hold'em only in the corpus."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.absolute import presets
from omaha_audit.rooms.absolute.reader import AbsoluteReader
from omaha_audit.rooms.base import RoomFormat

HEADER: Final = r"Stage #C?\d+"


class AbsoluteFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("absolute", "Absolute Poker", Marks("absolute", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: AbsoluteReader | None = None

    @property
    def reader(self) -> AbsoluteReader:
        if self._reader is None:
            self._reader = AbsoluteReader()
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
            "OA507": "Absolute's words (`Straight, ten to ace`, `One pair, threes(ace kicker)`) are not the "
            "reference words",
        }


FORMAT: Final[RoomFormat] = AbsoluteFormat()
