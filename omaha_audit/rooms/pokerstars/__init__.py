"""PokerStars text: PokerStars in every era (Zoom, home games, mixed games, capitals re-exports,
converted hands), and the rooms that write the same text under their own name: Run It Once, MPL,
PokerBros, PokerMaster and Full Tilt after its move to the Stars platform."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import REFERENCE_WORDS, Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.pokerstars import presets
from omaha_audit.rooms.pokerstars.reader import StarsReader

HEADER: Final = (
    r"(?:PokerStars|POKERSTARS|Run It Once Poker|MPLPoker|PokerBros|PokerMaster|Full Tilt)"
    r" (?:Zoom |Home Game |Rush )?(?:Hand|Game|GAME) #\d"
)

# A whole header line, looked for after a hand cut off mid-line (ROOMS.md 2.1: concatenated partial files).
INLINE_HEADER: Final = (
    r"(?:PokerStars|Run It Once Poker|MPLPoker) (?:Zoom |Home Game )?(?:Hand|Game) #\d+: "
    r"[^\n]*? - \d{4}/\d{1,2}/\d{1,2}[^\n]*"
)


class PokerStarsFormat(RoomFormat):
    def __init__(self) -> None:
        marks = Marks("pokerstars", HEADER, r"\*\*\* SUMMARY \*\*\*", r"PokerStars Tournament #\d+", INLINE_HEADER)
        super().__init__("pokerstars", "PokerStars", marks)
        self._reader: StarsReader | None = None

    @property
    def reader(self) -> StarsReader:
        if self._reader is None:
            self._reader = StarsReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # Run It Once, PokerBros and PokerMaster print their own words (or none); PokerStars' are checked.
        return REFERENCE_WORDS if room in ("pokerstars", "mpl", "fulltilt") else None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "hands before 2009 print no `Uncalled bet` line: the excess is checked through the totals",
        }


FORMAT: Final[RoomFormat] = PokerStarsFormat()
