"""Enet Poker (Spanish-licensed network) text hand histories, 2012: `Game #7732310: Omaha (€0,25/€0,50) -
23:31:54 29.7.2012 - %6` (ROOMS.md 19). PokerStars-like lines read with the PokerStars family's reader."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.enet import presets
from omaha_audit.rooms.enet.reader import EnetReader

# (Unibet's `Game #N: Table ...` is listed before this format: rooms/__init__.py)
HEADER: Final = r"Game #\d+: "


class EnetFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("enet", "Enet Poker", Marks("enet", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: EnetReader | None = None

    @property
    def reader(self) -> EnetReader:
        if self._reader is None:
            self._reader = EnetReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # Enet's own words (`A Pair, Jacks`, `Straight, Queens high`, `Two Pairs, Aces and Twos`): not the
        # reference words, so OA507 does not check them.
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "the printed total is not the pot (usually €0)",
            "OA402": "no main and side pot figures are printed",
            "OA507": "Enet's words are not the reference words",
        }


FORMAT: Final[RoomFormat] = EnetFormat()
