"""Merge Gaming (Carbon) hand histories (ROOMS.md section 10): XML-like text with no root element, a
`<description type= stakes=/>` then `<game id=...>` elements (some files repeat the description before each
game). Read a whole file at a time with the Boss Media folder's streaming XML kit (our own root element
around the text); each game is read with the description before it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bossmedia.xml_format import XmlFormat
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, XmlSpec
from omaha_audit.rooms.merge import presets
from omaha_audit.rooms.merge.reader import read_hand

HEADER: Final = r"<game id=\""
CLAIM: Final = r"^\s*(?:<description type=\"|<game id=\"\d)"


class MergeFormat(XmlFormat):
    def __init__(self) -> None:
        super().__init__("merge", "Merge Gaming", HEADER, CLAIM, XmlSpec("game", ("description",)))

    def build_hand(self, hand: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
        return read_hand(hand, context, path)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "no total pot is printed",
            "OA402": "no main and side pot figures are printed (only each award's pot number)",
            "OA507": 'the hand descriptions (`hand="Pair of Nines"`) are not checked: the hole cards\' running '
            "description is not evidence and the winners' words are not in the reference English",
            "OA603": "no rake is printed: only what the pot kept is known",
        }


FORMAT: Final[RoomFormat] = MergeFormat()
