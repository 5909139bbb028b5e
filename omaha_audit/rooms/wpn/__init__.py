"""The Winning Poker Network's old text, 2014-2018 (`Game started at: 2016/10/2 21:0:42` then `Game ID:
741631166 40/80 (PRR) Xana (Omaha HiLow)`), written for every skin of the network (Americas Cardroom,
Yatahay, Blitz...): the text does not say which, so the brand is the network, `wpn`. The network's newer,
PokerStars-like text is the `acr` format (ROOMS.md section 7).

A hand runs from its `Game started at:` line to the next one (no summary mark): the damaged fpdb-3 copies
put blank lines between all lines and a stray U+FFFD line after the last hand, which is reported on that
hand rather than lost as text outside any hand.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.wpn import presets
from omaha_audit.rooms.wpn.reader import WpnReader

HEADER: Final = r"Game started at: \d"


class WpnFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("wpn", "Winning Poker Network (old text)", Marks("wpn", HEADER))
        self._reader: WpnReader | None = None

    @property
    def reader(self) -> WpnReader:
        if self._reader is None:
            self._reader = WpnReader()
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
            "OA402": "no main and side pot figures are printed",
            "OA507": "no hand descriptions to check",
        }


FORMAT: Final[RoomFormat] = WpnFormat()
