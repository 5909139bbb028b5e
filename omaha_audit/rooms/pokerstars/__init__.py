"""PokerStars text: PokerStars in every era (Zoom, home games, mixed games, capitals re-exports,
converted hands), and the rooms that write the same text under their own name: Run It Once, MPL,
PokerBros, PokerMaster and Full Tilt after its move to the Stars platform. Hands the client wrote in
Portuguese or Russian are put into English line by line and read as English (languages.py); French and
Spanish ones are recognised and reported unreadable. The `*********** # 1 **************` line the
client's archives and hand-history e-mails write above each hand (and their title line) is skipped."""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import REFERENCE_WORDS, Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.pokerstars import presets
from omaha_audit.rooms.pokerstars.languages import (
    CLIENT_LANGUAGE,
    HEADERS,
    SUMMARIES,
    as_printed,
    language_of,
    to_english,
)
from omaha_audit.rooms.pokerstars.reader import StarsReader

HEADER: Final = (
    r"(?:PokerStars|POKERSTARS|Run It Once Poker|MPLPoker|PokerBros|PokerMaster|Full Tilt)"
    r" (?:Zoom |Home Game |Rush )?(?:Hand|Game|GAME) #\d|" + HEADERS
)

# The line above each hand of the client's archives and e-mails, `*********** # 1 **************` (Russian
# `№1`, Spanish `n. 1`), and the title line above the first (`Transcript for tournament #3994841634
# requested by NAME (ADDRESS)`; Russian `Выписка Ваши последние 20 раздач(и) запрошена NAME (ADDRESS)`).
SEPARATOR: Final = (
    r"\*{5,} (?:# |№ ?|n\. )\d+ \*{5,}|Transcript for tournament #\d+ requested by .*|Выписка .* запрошена .*"
)
_SEPARATOR: Final = re.compile(SEPARATOR)

# A whole header line, looked for after a hand cut off mid-line (ROOMS.md 2.1: concatenated partial files).
INLINE_HEADER: Final = (
    r"(?:PokerStars|Run It Once Poker|MPLPoker) (?:Zoom |Home Game )?(?:Hand|Game) #\d+: "
    r"[^\n]*? - \d{4}/\d{1,2}/\d{1,2}[^\n]*"
)


class PokerStarsFormat(RoomFormat):
    def __init__(self) -> None:
        summary = r"\*\*\* SUMMARY \*\*\*|" + SUMMARIES
        notice = r"PokerStars Tournament #\d+"
        marks = Marks("pokerstars", HEADER, summary, notice, INLINE_HEADER, preamble=SEPARATOR)
        super().__init__("pokerstars", "PokerStars", marks)
        self._reader: StarsReader | None = None

    @property
    def reader(self) -> StarsReader:
        if self._reader is None:
            self._reader = StarsReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        block = _without_separators(block)
        found = language_of(block.lines[0]) if block.lines else None
        if found is None:
            return self.reader.read(block)
        language, header = found
        english = to_english(block, language, header)
        if isinstance(english, str):
            line = block.first_line
            return UnreadableHand(block.path, line, line, block.last_line, english, header["hand_id"], block.format)
        hand = self.reader.read(english.block)
        return as_printed(hand, block, english.refused, language.name) if isinstance(hand, Hand) else hand

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def hand_words(self, hand: Hand) -> Words | None:
        """The room's words, but for a hand its client wrote in another language (its descriptions are in
        that language)."""
        if any(event.kind == CLIENT_LANGUAGE for event in hand.events):
            return None
        return self.words(hand.room)

    def words(self, room: str) -> Words | None:
        # Run It Once, PokerBros and PokerMaster print their own words (or none); PokerStars' are checked.
        return REFERENCE_WORDS if room in ("pokerstars", "mpl", "fulltilt") else None

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "hands before 2009 print no `Uncalled bet` line: the excess is checked through the totals",
        }


def _without_separators(block: Block) -> Block:
    """The block from its header on: the separator lines and blank lines above it are no part of the hand."""
    skip = 0
    for line in block.lines:
        text = line.strip()
        if text and not _SEPARATOR.fullmatch(text):
            break
        skip += 1
    if skip == 0 or skip == len(block.lines):
        return block
    return Block(block.kind, block.path, block.first_line + skip, block.lines[skip:], block.format)


FORMAT: Final[RoomFormat] = PokerStarsFormat()
