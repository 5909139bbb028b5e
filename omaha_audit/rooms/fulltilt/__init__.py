"""Full Tilt Poker's own text hand histories (its original client, 2006-2014; ROOMS.md section 12).
Full Tilt hands written after its move onto the PokerStars platform (2016, `Full Tilt Hand #...`) are
PokerStars text, read by the pokerstars format."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.fulltilt import presets
from omaha_audit.rooms.fulltilt.reader import FullTiltReader
from omaha_audit.rooms.fulltilt.words import WORDS

HEADER: Final = r"(?:Full ?Tilt ?Poker|FullTiltPoker) Game #\d+:"
# A file of one tournament's results, no hands: `Full Tilt Poker Tournament Summary Satellite to ... (id) ...`
NOTICE: Final = r"Full ?Tilt ?Poker Tournament Summary "


class FullTiltFormat(RoomFormat):
    def __init__(self) -> None:
        # No summary mark: a hand runs to the next header. Some of Full Tilt's UTF-16 files put a blank
        # line after every line, the summary's too, so a blank line does not end a hand.
        super().__init__("fulltilt", "Full Tilt Poker", Marks("fulltilt", HEADER, None, NOTICE))
        self._reader: FullTiltReader | None = None

    @property
    def reader(self) -> FullTiltReader:
        if self._reader is None:
            self._reader = FullTiltReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return (presets.FULL_TILT,)

    def preset(self, room: str) -> HouseRules:
        return presets.FULL_TILT if room == "fulltilt" else GENERIC

    def words(self, room: str) -> Words | None:
        return WORDS if room == "fulltilt" else None


FORMAT: Final[RoomFormat] = FullTiltFormat()
