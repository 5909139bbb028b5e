"""PartyPoker text hand histories (ROOMS.md section 4), every dialect under the one banner `***** Hand
History for Game N *****`: the "Dealing" text of 2010-2016 (and hands converted into it by hand-history
tools), and the balance-summary text of 2013, 2021 and 2026.

A hand runs from its banner to the next banner (the old text has no summary mark). The old client writes
two lines before every banner, `Game #N starts.` and `#Game No : N`: they belong to the hand that follows,
but the splitter starts a block at a header line only (and `#Game No :` is 888poker's header, earlier in the
detection order), so they end the hand before (read there as notes about the next hand) or, before a file's
first banner, stand on their own as text outside any hand; the reader reads a hand they open all the same,
should the splitter come to attach them.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.partypoker import presets
from omaha_audit.rooms.partypoker.reader import PartyReader
from omaha_audit.rooms.partypoker.words import PARTY_WORDS

HEADER: Final = r"\*{5} Hand History [Ff]or Game \w+ \*{5}"
# The old client's lines before the banner, which belong to the hand after them (`Game #N starts.`; `#Game No :
# N`, which is also the first line of an 888poker hand: before a PartyPoker banner it is PartyPoker's).
PREAMBLE: Final = r"\x00*(?:Game #\d+ starts\.|#Game No : ?\d+)"


class PartyPokerFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("partypoker", "PartyPoker", Marks("partypoker", HEADER, preamble=PREAMBLE))
        self._reader: PartyReader | None = None

    @property
    def reader(self) -> PartyReader:
        if self._reader is None:
            self._reader = PartyReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def words(self, room: str) -> Words | None:
        # the balance-summary text's words; the old text's are not read as descriptions (dealing.py)
        return PARTY_WORDS

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "no uncalled-bet line: the excess is paid inside the award, checked through the totals",
            "OA402": "the 2010-2016 text prints no pots (the balance summaries' Main/Side pots are checked)",
            "OA507": "the 2010-2016 text's words are not read (the balance summaries' are checked)",
            "OA602": "the 2010-2016 text prints no total pot (the balance summaries' pots are checked)",
        }


FORMAT: Final[RoomFormat] = PartyPokerFormat()
