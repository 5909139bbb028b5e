"""Unibet's own client (Relax Gaming), 2021: `Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em
Banzai - 13:22:50 2021/04/04`, section lines, a `wins` line holding the uncalled part of a bet, and a
summary of each seat's result (ROOMS.md 25; one hand in the corpus)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.unibet import presets
from omaha_audit.rooms.unibet.reader import UnibetReader

HEADER: Final = r"Game #\d+: Table "


class UnibetFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("unibet", "Unibet", Marks("unibet", HEADER, r"\*\*\* Summary \*\*\*"))
        self._reader: UnibetReader | None = None

    @property
    def reader(self) -> UnibetReader:
        if self._reader is None:
            self._reader = UnibetReader()
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
            "OA401": "no uncalled-bet line: the excess is paid inside `wins`, checked through the totals",
            "OA402": "no main and side pot figures are printed",
            "OA507": "no hand descriptions in the corpus's one hand: Unibet's words are not known",
        }


FORMAT: Final[RoomFormat] = UnibetFormat()
