"""Boss Media XML hand histories (ROOMS.md section 8): one `<HISTORY ID=...>` element per hand, alone in a
file or several inside `<ROOT>` (with or without an XML declaration, the closing `</ROOT>` sometimes
missing). The file is read a whole file at a time with a streaming XML parser (xml_stream.py, which the
other XML rooms use too); a hand's text cut out of a file that was not claimed is read the same way.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bossmedia import presets
from omaha_audit.rooms.bossmedia.reader import read_hand
from omaha_audit.rooms.bossmedia.xml_format import XmlFormat
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, XmlSpec

HEADER: Final = r"<HISTORY ID=\""
CLAIM: Final = r"<HISTORY ID=\"\d"


class BossMediaFormat(XmlFormat):
    def __init__(self) -> None:
        super().__init__("bossmedia", "Boss Media", HEADER, CLAIM, XmlSpec("HISTORY"))

    def build_hand(self, hand: HandElement, context: dict[str, ET.Element], path: str) -> Hand | UnreadableHand:
        return read_hand(hand, path)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA401": "no line returns the uncalled part of a bet: it is left out of the pot and the awards",
            "OA402": "no main and side pot figures: MAINPOT repeats the pot and LEFTPOT/RIGHTPOT are always empty",
            "OA507": "hand strengths are localisation tokens ($(STR_G_WIN_TWOPAIR) ...), not descriptions",
        }


FORMAT: Final[RoomFormat] = BossMediaFormat()
