"""888poker text hand histories (Pacific Poker / Cassava, 888.ro, 888poker.ca-on): `#Game No : 385494443`,
then `***** 888poker Hand History for Game 385494443 *****` (ROOMS.md section 3). Read by reader.py on the
shared line lexer and LALR checker; numbers and card letters in the player's language (language.py).

A hand starts at its `#Game No` line (which every hand of the corpus prints before its banner) and ends at
the blank line after its summary's last line.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.poker888 import presets
from omaha_audit.rooms.poker888.reader import Poker888Reader

HEADER: Final = r"#Game No ?: ?\d+"
SUMMARY: Final = r"\*\* Summary \*\*"


class Poker888Format(RoomFormat):
    def __init__(self) -> None:
        super().__init__("888poker", "888poker", Marks("888poker", HEADER, SUMMARY))
        self._reader: Poker888Reader | None = None

    @property
    def reader(self) -> Poker888Reader:
        if self._reader is None:
            self._reader = Poker888Reader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, presets.POKER888)

    def words(self, room: str) -> Words | None:
        # 888 prints no words for a hand: its `(Hi: ...)`/`(Lo: ...)` lines list the five cards of the main
        # pot's winning hands only, which OA507's words cannot be compared with.
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA402": "no main and side pot figures are printed (the collected lines name no pot)",
            "OA507": "no hand descriptions are printed (the (Hi:)/(Lo:) lines list the winners' five cards only)",
            "OA602": "no total pot is printed",
            "OA605": "no summary line per seat is printed",
            "OA315": "no all-in marker is printed: the reader marks all-ins from the stacks",
        }


FORMAT: Final[RoomFormat] = Poker888Format()
