"""Betfair Poker's text: the "Dealing" text of the Party lineage, raises printed as the street total, awards
per pot after `** Hand Conclusion **` (ROOMS.md section 22). Read by reader.py on Everleaf's family builder."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.betfair import presets
from omaha_audit.rooms.betfair.reader import BetfairReader

HEADER: Final = r"\*{5} Betfair Poker Hand History for Game"


class BetfairFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("betfair", "Betfair Poker", Marks("betfair", HEADER, r"\*{5,} +Game \d+ ends"))
        self._reader: BetfairReader | None = None

    @property
    def reader(self) -> BetfairReader:
        if self._reader is None:
            self._reader = BetfairReader()
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
            "OA401": "no uncalled-bet line is printed: the excess is left out of the awards, checked through them",
            "OA402": "no main and side pot figures are printed",
            "OA507": "one hand only: Betfair's words (`a straight, Seven to Three`) cannot be told reliable",
            "OA602": "no total pot is printed",
            "OA605": "no summary seat lines are printed",
        }


FORMAT: Final[RoomFormat] = BetfairFormat()
