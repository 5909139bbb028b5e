"""OnGame network text hand histories, 2009-2014, as every skin of the network wrote them (Bwin, Betsson,
PartyPoker-era OnGame skins...): the text does not name the skin, so the brand is the network, `ongame`
(ROOMS.md section 13). A hand runs from its `***** History for hand R5-...` banner to its `***** End of
hand` line."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.ongame import presets
from omaha_audit.rooms.ongame.reader import OnGameReader
from omaha_audit.rooms.ongame.words import WORDS

HEADER: Final = r"\*{5} History for hand [RT]\d-"
SUMMARY: Final = r"\*{5} End of hand "


class OnGameFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("ongame", "OnGame", Marks("ongame", HEADER, SUMMARY))
        self._reader: OnGameReader | None = None

    @property
    def reader(self) -> OnGameReader:
        if self._reader is None:
            self._reader = OnGameReader()
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
            "OA401": "no uncalled-bet line: the excess is left out of the pots, checked through the pot figures",
            "OA602": "no total pot is printed (each main and side pot is, checked by OA402)",
            "OA605": "the summary prints each seat's stack and net, not its winnings: the reader checks them",
        }


FORMAT: Final[RoomFormat] = OnGameFormat()
