"""Cake Poker network (Cake, Doyle's Room, ...) text hand histories, 2011-2019: `Hand#2999013495000096 -
Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58` (ROOMS.md 16). PokerStars-like
lines read with the PokerStars family's reader; no summary block, so a hand runs to the next header."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.cake import presets
from omaha_audit.rooms.cake.reader import CakeReader

# (a file written with two byte-order marks starts `ï»¿Hand#`: the second mark decoded as text)
HEADER: Final = r"(?:\u00ef\u00bb\u00bf)?Hand#\w+ - "


class CakeFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("cake", "Cake Poker", Marks("cake", HEADER))
        self._reader: CakeReader | None = None

    @property
    def reader(self) -> CakeReader:
        if self._reader is None:
            self._reader = CakeReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # Cake's own words (`Two Pairs Aces and Queens`, `Pair of Aces with King, Jack kickers`): not the
        # reference words, so OA507 does not check them.
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "no total pot is printed",
            "OA402": "no main and side pot figures are printed",
            "OA507": "Cake's words are not the reference words",
        }


FORMAT: Final[RoomFormat] = CakeFormat()
