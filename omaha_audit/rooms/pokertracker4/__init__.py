"""PokerTracker 4's re-exports of other rooms' hands (ROOMS.md 26): four dialects of its own, iPoker, Merge,
Microgaming and Everest, each read as its own text shows it (never with the source room's conventions); a
PokerTracker 4 tournament summary holds no hand and is a file notice."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.pokertracker4 import presets
from omaha_audit.rooms.pokertracker4.reader import PokerTrackerReader

HEADER: Final = r"(?:\*\* (?:Game ID|Hand #) ?\d+.* starting|Merge Game #|MERGE_GAME #|GAME #\d+|EverestPoker Game #)"
NOTICE: Final = r"PokerTracker 4 Tournament Summary"
# The summary line stands alone: the exports leave blank lines inside a hand, and a hand ends at the first
# blank line after its summary line, so a player named `*** SUMMARY ***` (`*** SUMMARY *** posted the small
# blind - €0.25`) must not start one.
SUMMARY: Final = r"\*\*\* SUMMARY \*\*\*(?=[^\S\n]*(?:\n|\Z))"


class PokerTrackerFormat(RoomFormat):
    def __init__(self) -> None:
        marks = Marks("pokertracker4", HEADER, SUMMARY, NOTICE)
        super().__init__("pokertracker4", "PokerTracker 4 export", marks)
        self._reader: PokerTrackerReader | None = None

    @property
    def reader(self) -> PokerTrackerReader:
        if self._reader is None:
            self._reader = PokerTrackerReader()
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
            "OA315": "the iPoker and Merge exports mark only some all-ins (`Allin`): the reader marks a line all in "
            "when it uses up the stack",
            "OA507": "the exports' words (`Two Pair, Queens and Tens`, or none) are not the reference words",
        }


FORMAT: Final[RoomFormat] = PokerTrackerFormat()
