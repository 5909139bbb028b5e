"""The Big Game (PokerStars' television cash game, 2008-2009; ROOMS.md 27): one hand in two lines, the URL
the show published it at, then a JavaScript object literal `LoadHand({Hand:{...},Plays:[...]})`, read
without evaluating it. The URL line starts the hand: it names the hand (`s1/w2/d1/d2h1`), so it is the
hand's first line, not text outside any hand. No-limit Hold'em only."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.thebiggame import presets
from omaha_audit.rooms.thebiggame.reader import BigGameReader

# `URL: http://thebiggame.pokerstars.net/data/s1/w2/d1/d2h1.js`
HEADER: Final = r"URL: \S*thebiggame\S*"


class BigGameFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("thebiggame", "The Big Game", Marks("thebiggame", HEADER))
        self.reader = BigGameReader()

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
            "OA602": "no total pot is printed (the chips put in are checked against `Wins`: OA601)",
            "OA402": "no main and side pot figures are printed",
            "OA507": "no hand descriptions are printed",
            "OA603": "no rake is taken or printed",
            "OA604": "no rake is taken or printed",
            "OA703": "no posts are printed (the blinds are read from the seats and the order of play): whether a "
            "returning player posted what was missed cannot be seen",
            "OA704": "no posts are printed: whether a new player posted a blind cannot be seen",
        }


FORMAT: Final[RoomFormat] = BigGameFormat()
