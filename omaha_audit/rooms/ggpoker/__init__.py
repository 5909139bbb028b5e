"""GGPoker (GGNetwork: GGPoker, Natural8, ...) text hand histories: `Poker Hand #OM232657303: PLO ($2/$5)
- 2021/01/21 02:41:55` (ROOMS.md 1). PokerStars-like text read with the PokerStars family's reader."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.ggpoker import presets
from omaha_audit.rooms.ggpoker.reader import GGReader

# Hand number prefixes: OM (Omaha cash), RC (Rush & Cash), TM (tournaments), none (GG's internal export).
HEADER: Final = r"Poker Hand #[A-Z]{0,3}\d+:"


class GGPokerFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("ggpoker", "GGPoker", Marks("ggpoker", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: GGReader | None = None

    @property
    def reader(self) -> GGReader:
        if self._reader is None:
            self._reader = GGReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # GG ranks some hands wrongly in its descriptions (PLO-5 Hold'em-style, a run-twice hand's second board
        # on its own cards): not evidence, so OA507 does not check them (its words: ggpoker/words.py).
        return None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA402": "no main and side pot figures are printed",
            "OA507": "GGPoker's hand descriptions are not evidence (PLO-5 described Hold'em-style)",
        }


FORMAT: Final[RoomFormat] = GGPokerFormat()
