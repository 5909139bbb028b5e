"""Microgaming (MPN) XML hand histories (ROOMS.md section 9): one `<Game>` element per hand, bare or wrapped
as PRIMA.DAT (`----PRIMA.DAT----` before it, `ExtendedTableName: ...` after it: lines that are not XML and
are left out). Files are recognised by their content whatever their name (PRIMA.DAT copies have no `.xml`
suffix) and read with the Boss Media folder's streaming XML kit; the SQLite `GameHistory.dat` of the corpus
is not claimed (it is no hand history).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bossmedia.xml_format import XmlFormat
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, XmlSpec
from omaha_audit.rooms.microgaming import presets
from omaha_audit.rooms.microgaming.reader import read_hand

HEADER: Final = r"<Game (?:hhversion=\"\d+\" )?id=\""
CLAIM: Final = r"^\s*<Game (?:hhversion=\"\d+\" )?id=\"\d"
WRAPPER: Final = r"----.+\.DAT----|ExtendedTableName:"


class MicrogamingFormat(XmlFormat):
    def __init__(self) -> None:
        super().__init__("microgaming", "Microgaming", HEADER, CLAIM, XmlSpec("Game", (), WRAPPER))

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
            "OA602": "no total pot is printed",
            "OA402": "no main and side pot figures are printed",
            "OA507": "no hand descriptions are printed",
        }


FORMAT: Final[RoomFormat] = MicrogamingFormat()
