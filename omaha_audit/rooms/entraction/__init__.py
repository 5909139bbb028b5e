"""Entraction network text hand histories, 2011-2012, as every skin of the network wrote them (Triobet,
Gamebookers, Expekt...): the text does not name the skin, so the brand is the network, `entraction`
(ROOMS.md section 14). Columnar lines with blank lines inside the hand: a hand runs from its `Game # N - `
header to the next one."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.entraction import presets
from omaha_audit.rooms.entraction.reader import EntractionReader
from omaha_audit.rooms.entraction.words import WORDS

HEADER: Final = r"Game # \d+ - "


class EntractionFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("entraction", "Entraction", Marks("entraction", HEADER))
        self._reader: EntractionReader | None = None

    @property
    def reader(self) -> EntractionReader:
        if self._reader is None:
            self._reader = EntractionReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        return WORDS

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA402": "no main and side pot figures are printed",
            "OA602": "no total pot is printed",
            "OA605": "no summary seat lines",
        }


FORMAT: Final[RoomFormat] = EntractionFormat()
