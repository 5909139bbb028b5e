"""Everest Poker XML hand histories (ROOMS.md section 11): a `<SESSION .../>` element, then `<HAND ...>`
elements, with no root. Read a whole file at a time with the Boss Media folder's streaming XML kit (our own
root element around the text); each hand is read with the session before it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bossmedia.xml_format import XmlFormat
from omaha_audit.rooms.bossmedia.xml_stream import HandElement, XmlSpec
from omaha_audit.rooms.everest import presets
from omaha_audit.rooms.everest.reader import read_hand

HEADER: Final = r"<HAND time=\""
CLAIM: Final = r"^\s*(?:<SESSION time=\"|<HAND time=\"\d)"


class EverestFormat(XmlFormat):
    def __init__(self) -> None:
        super().__init__("everest", "Everest Poker", HEADER, CLAIM, XmlSpec("HAND", ("SESSION",)))

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
            "OA315": "no all-in marker is printed (every wager is a BET): a line is all in when it uses up the stack",
            "OA402": "no main and side pot figures are printed",
            "OA507": "no hand descriptions are printed",
        }


FORMAT: Final[RoomFormat] = EverestFormat()
